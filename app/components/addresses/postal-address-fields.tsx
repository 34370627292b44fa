import type { FieldMetadata } from "@conform-to/react";

import { Field, SelectField } from "~/components/forms";
import { COUNTRIES, COUNTRY_CODES } from "~/lib/addresses";

const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRIES[code] }));

type PostalAddressPart = "name" | "company" | "line1" | "line2" | "town" | "postcode" | "country";

/**
 * An address's parts as the address book asks for them: its own form and checkout's (issue 48).
 * `section` tells a browser's autofill which of a page's two addresses a field belongs to.
 */
export function PostalAddressFields({
  fields,
  section,
}: {
  fields: Record<PostalAddressPart, FieldMetadata<string | null | undefined>>;
  section?: "shipping" | "billing";
}) {
  const autoComplete = (token: string) => ({ autoComplete: section ? `${section} ${token}` : token });
  return (
    <>
      <Field label="Name" meta={fields.name} inputProps={autoComplete("name")} />
      <Field label="Company (optional)" meta={fields.company} inputProps={autoComplete("organization")} />
      <Field label="Address line 1" meta={fields.line1} inputProps={autoComplete("address-line1")} />
      <Field label="Address line 2 (optional)" meta={fields.line2} inputProps={autoComplete("address-line2")} />
      <Field label="Town or city" meta={fields.town} inputProps={autoComplete("address-level2")} />
      <Field label="Postcode" meta={fields.postcode} inputProps={autoComplete("postal-code")} />
      <SelectField label="Country" meta={fields.country} options={COUNTRY_OPTIONS} placeholder="Choose a country…" />
    </>
  );
}
