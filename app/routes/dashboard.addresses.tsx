import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { AddressForm } from "~/components/addresses/address-form";
import { ReplyErrors, StatusButton } from "~/components/forms";
import { COUNTRIES } from "~/lib/addresses";
import { deleteAddress, listAddresses, MAX_ADDRESSES, saveAddress, setDefaultAddress } from "~/models/address.server";
import { AddressActionSchema } from "~/validation/address";
import { parseId } from "~/validation/common";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Addresses")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const addresses = await listAddresses(user.id);
  const editId = parseId(new URL(request.url).searchParams.get("edit") ?? undefined);
  return { addresses, editing: addresses.find((address) => address.id === editId) ?? null };
}

const BACK = "/dashboard/addresses";
const NOT_YOURS = "That address is not in your address book.";

export const action = formAction({
  guard: requireUser,
  schema: AddressActionSchema,
  async run({ user, value }) {
    if (value.intent === "save") {
      const { intent: _intent, addressId, defaultBilling, defaultDelivery, ...fields } = value;
      const saved = await saveAddress(user.id, addressId, fields as Parameters<typeof saveAddress>[2], {
        defaultBilling,
        defaultDelivery,
      });
      if (!saved.ok) {
        return saved.reason === "too-many"
          ? refuse(409, `An address book holds at most ${MAX_ADDRESSES} addresses: remove one first.`)
          : refuse(404, NOT_YOURS);
      }
      return redirectWithFlash(BACK, addressId ? "Address saved." : "Address added.");
    }
    if (value.intent === "delete") {
      if (!(await deleteAddress(user.id, value.addressId))) return refuse(404, NOT_YOURS);
      return redirectWithFlash(BACK, "Address removed.");
    }
    const kind = value.intent === "default-billing" ? "billing" : "delivery";
    if (!(await setDefaultAddress(user.id, value.addressId, kind))) return refuse(404, NOT_YOURS);
    return redirectWithFlash(BACK, `Default ${kind} address changed.`);
  },
});

export default function Addresses() {
  const { addresses, editing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Addresses</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">
        Checkout offers these for delivery and billing; your defaults are chosen first. An order keeps the address it
        was sent to, whatever you change here later.
      </p>
      {/* The address form shows its own messages beside its fields; these are the buttons'. */}
      <ReplyErrors reply={(reply?.initialValue as { intent?: string } | undefined)?.intent === "save" ? null : reply} />
      {addresses.length ? (
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
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Link
                  to={`/dashboard/addresses?edit=${address.id}`}
                  className="text-sm font-medium text-orange-800 underline"
                  aria-label={`Edit the address of ${address.name}, ${address.line1}`}
                >
                  Edit
                </Link>
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="addressId" value={address.id} />
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
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">No addresses yet.</p>
      )}
      <h2 className="mt-10 text-xl font-semibold">{editing ? "Edit address" : "Add an address"}</h2>
      {/* A new key after each save empties the form again (with JavaScript the page is not reloaded). */}
      <AddressForm key={editing ? `edit-${editing.id}` : `new-${addresses.length}`} editing={editing} reply={reply} />
    </section>
  );
}
