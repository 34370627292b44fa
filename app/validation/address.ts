import { z } from "zod";

import { cleanUkPostcode, COUNTRY_CODES } from "~/lib/addresses";

import { idField, optionalText, phoneField, requiredText } from "./common";

// The address book's forms (issue 27): an address in parts, a UK postcode checked and written the
// way Royal Mail writes it, and the buttons that make one the default or remove it.

/** A checkbox: conform reads a ticked one ("on") as true. */
const checkbox = z
  .boolean()
  .optional()
  .transform((ticked) => ticked ?? false);

const blankToNull = (text: string | undefined) => (text ? text : null);

/** An address's parts, as the address book and checkout ask for them. */
export const postalAddressFields = {
  name: requiredText("the name of whom it is for", 120),
  company: optionalText("company", 120).transform(blankToNull),
  line1: requiredText("the first line of the address", 120),
  line2: optionalText("address line 2", 120).transform(blankToNull),
  town: requiredText("a town or city", 80),
  postcode: requiredText("a postcode", 16),
  country: z.enum(COUNTRY_CODES as [string, ...string[]], {
    errorMap: () => ({ message: "Choose a country we deliver to" }),
  }),
};

const addressFields = {
  ...postalAddressFields,
  phone: phoneField.optional().transform((phone) => phone ?? null),
};

/** A UK address's postcode checked and written as Royal Mail writes it; other countries' as typed. */
export function withUkPostcode<Address extends { country: string; postcode: string }>(
  address: Address,
  context: z.RefinementCtx,
) {
  if (address.country !== "GB") return address;
  const postcode = cleanUkPostcode(address.postcode);
  if (!postcode) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["postcode"],
      message: "Enter a UK postcode such as S3 8RA",
    });
    return z.NEVER;
  }
  return { ...address, postcode };
}

export const AddressFieldsSchema = z.object(addressFields).transform(withUkPostcode);

/** An address in its parts, without a phone: where checkout sends an order, or whom it bills. */
export const PostalAddressSchema = z.object(postalAddressFields).transform(withUkPostcode);

/** Which book a form changes: the account's own (the default) or its company's. */
export const ADDRESS_BOOKS = ["own", "company"] as const;
export type AddressBookName = (typeof ADDRESS_BOOKS)[number];
const bookField = z
  .enum(ADDRESS_BOOKS, { errorMap: () => ({ message: "Choose your own address book or your company's" }) })
  .optional()
  .transform((book) => book ?? "own");

/** Add an address (no `addressId`) or change one, and whether it becomes a default. */
const SaveAddressFields = z.object({
  intent: z.literal("save"),
  book: bookField,
  addressId: idField.optional(),
  defaultBilling: checkbox,
  defaultDelivery: checkbox,
  ...addressFields,
});

export const SaveAddressSchema = SaveAddressFields.transform(withUkPostcode);

/**
 * Told apart by `intent` (a discriminated union, so a refused save answers each field's message
 * rather than a plain union's "Invalid input").
 */
export const AddressActionSchema = z
  .discriminatedUnion("intent", [
    SaveAddressFields,
    z.object({
      intent: z.enum(["delete", "default-billing", "default-delivery"]),
      book: bookField,
      addressId: idField,
    }),
  ])
  .transform((value, context) => (value.intent === "save" ? withUkPostcode(value, context) : value));
