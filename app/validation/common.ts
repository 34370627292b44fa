import { z } from "zod";

export const MAX_ID = 2_147_483_647;

/** A database id from a form or URL: a positive whole number that fits an INTEGER column. */
export const idField = z
  .number({ required_error: "Missing id", invalid_type_error: "Not a valid id" })
  .int("Not a valid id")
  .positive("Not a valid id")
  .max(MAX_ID, "Not a valid id");

/** A page number from a link or bookmark: anything odd is the first page, never an error. */
export function pageNumberField(max = 100_000) {
  return z.coerce.number().int().min(1).max(max).catch(1).default(1);
}

export function parseId(value: string | undefined) {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const result = idField.safeParse(Number(value));
  return result.success ? result.data : null;
}

// C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL cannot
// store NUL in text at all, and none of them belongs in a name, an address or a review.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasNoControlCharacters(value: string) {
  return !CONTROL_CHARACTERS.test(value);
}

// Unicode format characters (category Cf): bidirectional overrides that make "nimdA erotS" read as
// "Store Admin", zero-width spaces and joiners that make two names look alike. Long texts (a
// review, a description) may need a joiner inside an emoji; a name or a short field never does.
const FORMAT_CHARACTERS = /\p{Cf}/u;

/** Short texts (names, addresses, labels): no control characters and no invisible formatting. */
export function isPlainText(value: string) {
  return hasNoControlCharacters(value) && !FORMAT_CHARACTERS.test(value);
}

/** Texts up to this length are names and labels: they must be plain text (see isPlainText). */
const SHORT_TEXT_MAX = 300;

function allowedCharacters(max: number) {
  return max <= SHORT_TEXT_MAX ? isPlainText : hasNoControlCharacters;
}

function capitalized(label: string) {
  return `${label[0].toUpperCase()}${label.slice(1)}`;
}

/** A checkbox: conform reads a ticked one ("on") as true, and an unticked one is not sent at all. */
export const checkboxField = z
  .boolean()
  .optional()
  .transform((ticked) => ticked === true);

export function requiredText(label: string, max: number) {
  return z
    .string({ required_error: `Enter ${label}`, invalid_type_error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `${capitalized(label)} must be at most ${max} characters`)
    .refine(allowedCharacters(max), `${capitalized(label)} contains characters that are not allowed`);
}

export function optionalText(label: string, max: number) {
  return z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${capitalized(label)} must be at most ${max} characters`)
    .refine(allowedCharacters(max), `${capitalized(label)} contains characters that are not allowed`)
    .optional();
}

// Digits with the usual separators and an optional leading +, 6 to 25 characters.
export const phoneField = z
  .string({ required_error: "Enter your phone number", invalid_type_error: "Enter your phone number" })
  .trim()
  .min(1, "Enter your phone number")
  .max(25, "Phone number must be at most 25 characters")
  .regex(/^\+?[0-9 ()\-.]{6,24}$/, "Enter a phone number with digits, spaces, dashes or brackets");

/**
 * Text that is a whole number written in decimal digits ("20", " 20 ", "+20", "-3") becomes that
 * number; other text becomes NaN, which the number rule refuses as not a whole number. Conform reads
 * a form's numbers with Number(), and so would a plain z.coerce: Number("0x10") is 16, Number("1e3")
 * is 1000 and Number("0b11") is 3. Numbers (from JSON) pass as they are; blank text is "missing".
 */
function decimalDigitsOnly(value: unknown) {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
}

type WholeNumberRules = {
  min: number;
  max: number;
  /** Shown when the field is missing or blank. */
  required?: string;
  /** Shown for text that is not decimal digits, or a number with a fraction. */
  notWhole?: string;
  tooFew?: string;
  tooMany?: string;
};

/**
 * The one definition of a quantity (and of every other count a person types): the cart, orders,
 * checkout, quick order, a product's stock and its adjustments, and the JSON API all use it, so
 * "0x10" or "1e3" is refused everywhere alike. The same rule reads form text and JSON numbers.
 */
export function wholeNumberField({
  min,
  max,
  required = "Enter a quantity",
  notWhole = "Quantity must be a whole number",
  tooFew = `Quantity must be at least ${min}`,
  tooMany = `Quantity must be at most ${max}`,
}: WholeNumberRules) {
  const field = z.preprocess(
    decimalDigitsOnly,
    z
      .number({ required_error: required, invalid_type_error: notWhole })
      .int(notWhole)
      .min(min, tooFew)
      .max(max, tooMany),
  );
  // Typed as taking a number, as a plain z.number() field is: forms type their fields by it.
  return field as z.ZodEffects<z.ZodNumber, number, number>;
}

/** The first message for each of `fields` in a failed parse: what a GET form shows beside each field. */
export function firstIssueByField<Field extends string>(error: z.ZodError, fields: readonly Field[]) {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as Field;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
