import { z } from "zod";

export const MAX_ID = 2_147_483_647;

/** A database id from a form or URL: a positive whole number that fits an INTEGER column. */
export const idField = z
  .number({ required_error: "Missing id", invalid_type_error: "Not a valid id" })
  .int("Not a valid id")
  .positive("Not a valid id")
  .max(MAX_ID, "Not a valid id");

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
