// Checkout's addresses: a choice from the buyer's book (and their company's) when they have one, and
// the parts of a new delivery address, and of an invoice address when it is another (issue 48).
import type { useForm } from "@conform-to/react";
import type { z } from "zod";

import { PostalAddressFields } from "~/components/addresses/postal-address-fields";
import { AppLink } from "~/components/app-link";
import { SelectField } from "~/components/forms";
import type { CheckoutSchema } from "~/validation/cart";

type CheckoutFields = ReturnType<typeof useForm<z.input<typeof CheckoutSchema>>>[1];
/** An address of the buyer's book, or (shared) of their company's, as checkout offers it. */
type BookAddress = { id: number; text: string; shared: boolean };

/** `book`: the addresses to choose from, none for a buyer without a book. */
export function CheckoutAddressFields({ fields, book }: { fields: CheckoutFields; book: BookAddress[] }) {
  const sharedAddresses = book.some((option) => option.shared);
  const addressOptions = book.length
    ? book.map((option) => ({
        value: String(option.id),
        label: option.text,
        group: sharedAddresses ? (option.shared ? "Your company's addresses" : "Your addresses") : undefined,
      }))
    : null;
  const billingFields = fields.billing.getFieldset();
  // Opened again after a refusal when it holds what the buyer typed, or what is wrong with it.
  // (The fieldset is a proxy with no keys of its own: its parts are named.)
  const billingTyped = (["name", "company", "line1", "line2", "town", "postcode", "country"] as const).some(
    (part) => billingFields[part].errors?.length || (part !== "country" && billingFields[part].value),
  );
  return (
    <>
      {addressOptions ? (
        <>
          <SelectField
            label="Deliver to"
            meta={fields.deliveryAddressId}
            options={addressOptions}
            placeholder="A new address (type it below)"
          />
          <SelectField
            label="Bill to"
            meta={fields.billingAddressId}
            options={addressOptions}
            placeholder="The delivery address"
          />
        </>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold">
          {addressOptions ? "A new delivery address" : "Delivery address"}
        </legend>
        <p className="text-sm text-slate-600">
          {addressOptions ? (
            <>
              Only when none is chosen above. It is kept in your{" "}
              <AppLink to="/dashboard/addresses" className="underline">
                address book
              </AppLink>{" "}
              once the order is placed.
            </>
          ) : (
            "Kept in your address book once the order is placed, for the next order."
          )}
        </p>
        <div className="grid gap-3 md:grid-cols-2">
          <PostalAddressFields fields={fields} section="shipping" />
        </div>
      </fieldset>
      <details open={billingTyped || undefined} className="rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer font-medium text-slate-800">Send the invoice to another address</summary>
        <fieldset className="mt-3 space-y-2">
          <legend className="font-semibold">Invoice address</legend>
          <p className="text-sm text-slate-600">
            {addressOptions
              ? "Only when Bill to is the delivery address. Leave it empty to bill where the order goes."
              : "Leave it empty to bill where the order goes."}
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            <PostalAddressFields fields={billingFields} section="billing" />
          </div>
        </fieldset>
      </details>
    </>
  );
}
