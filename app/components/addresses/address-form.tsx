import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { CheckboxField, Field, FormErrors, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import type { SavedAddress } from "~/models/address.server";
import { type AddressBookName, SaveAddressSchema } from "~/validation/address";
import type { FormReply } from "~/web/form-action.server";

import { PostalAddressFields } from "./postal-address-fields";

/** The address book's form: a new address, or the one being edited, one field per part of it. */
export function AddressForm({
  editing,
  book,
  reply,
}: {
  editing: SavedAddress | null;
  /** Whose book it adds to or changes: the account's own or its company's. */
  book: AddressBookName;
  reply: FormReply | undefined;
}) {
  const [form, fields] = useZodForm(SaveAddressSchema, {
    id: editing ? `address-${editing.id}` : `address-new-${book}`,
    lastResult: (reply?.initialValue as { intent?: string } | undefined)?.intent === "save" ? reply : undefined,
    defaultValue: editing
      ? {
          addressId: String(editing.id),
          name: editing.name,
          company: editing.company ?? undefined,
          line1: editing.line1,
          line2: editing.line2 ?? undefined,
          town: editing.town,
          postcode: editing.postcode,
          country: editing.country,
          phone: editing.phone ?? undefined,
          defaultBilling: editing.default_billing === 1,
          defaultDelivery: editing.default_delivery === 1,
        }
      : { country: "GB" },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid max-w-2xl gap-3 md:grid-cols-2">
      {editing ? <input type="hidden" name="addressId" value={editing.id} /> : null}
      <input type="hidden" name="book" value={book} />
      <PostalAddressFields fields={fields} />
      <Field label="Phone (optional)" meta={fields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
      <CheckboxField label="Default billing address" meta={fields.defaultBilling} />
      <CheckboxField label="Default delivery address" meta={fields.defaultDelivery} />
      <div className="flex flex-wrap items-center gap-4 md:col-span-2">
        <FormErrors form={form} />
        <StatusButton name="intent" value="save" pendingText="Saving…">
          {editing ? "Save address" : "Add address"}
        </StatusButton>
        {editing ? (
          <AppLink to="/dashboard/addresses" className="text-sm font-medium text-orange-800 underline">
            Cancel
          </AppLink>
        ) : null}
      </div>
    </Form>
  );
}
