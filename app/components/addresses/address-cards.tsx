// An address book's addresses as cards: each with its defaults, and, for whoever may change the book,
// Edit, the default buttons and Remove (posted to /dashboard/addresses).
import { Form } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { StatusButton } from "~/components/forms";
import { COUNTRIES } from "~/lib/addresses";
import type { SavedAddress } from "~/models/address.server";
import type { AddressBookName } from "~/validation/address";

export function AddressCards({
  addresses,
  book,
  canEdit,
}: {
  addresses: SavedAddress[];
  book: AddressBookName;
  canEdit: boolean;
}) {
  if (!addresses.length) return <p className="mt-6 text-slate-600">No addresses yet.</p>;
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2">
      {addresses.map((address) => (
        <li key={address.id} className="rounded-md border border-slate-200 bg-white p-4" data-testid="address">
          <address className="not-italic">
            <span className="font-semibold">{address.name}</span>
            {[
              address.company,
              address.line1,
              address.line2,
              `${address.town} ${address.postcode}`,
              COUNTRIES[address.country],
            ]
              .filter(Boolean)
              .map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            {address.phone ? <span className="block text-slate-700">{address.phone}</span> : null}
          </address>
          <p className="mt-2 flex flex-wrap gap-2 text-xs font-semibold">
            {address.default_delivery ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-green-900">Default delivery</span>
            ) : null}
            {address.default_billing ? (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-sky-900">Default billing</span>
            ) : null}
          </p>
          {canEdit ? (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <AppLink
                // The book rides along, so a save refused (the address removed meanwhile) stays in it.
                to={`/dashboard/addresses?edit=${address.id}${book === "company" ? "&book=company" : ""}#address-form`}
                className="text-sm font-medium text-orange-800 underline"
                aria-label={`Edit the address of ${address.name}, ${address.line1}`}
              >
                Edit
              </AppLink>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="addressId" value={address.id} />
                <input type="hidden" name="book" value={book} />
                {address.default_delivery ? null : (
                  <StatusButton name="intent" value="default-delivery" variant="secondary" className="px-2 py-1">
                    Deliver here by default
                  </StatusButton>
                )}
                {address.default_billing ? null : (
                  <StatusButton name="intent" value="default-billing" variant="secondary" className="px-2 py-1">
                    Bill here by default
                  </StatusButton>
                )}
                <StatusButton name="intent" value="delete" variant="secondary" className="px-2 py-1">
                  Remove
                </StatusButton>
              </Form>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
