import { z } from "zod";

// The kinds of value an environment variable holds, each a zod schema from the text as written to
// what the code uses. A refusal's message is the predicate only ("must be a whole number of
// milliseconds, at least 10"): the schema's reader puts the variable's name before it and what was
// given after it (app/config/schema.server.ts).

/**
 * A variable as written: surrounding spaces dropped, and empty means unset, so `SMTP_URL=` in a
 * .env file, or an empty value passed to a child process, turns it off as leaving it out does.
 */
function setting<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((raw) => {
    const trimmed = typeof raw === "string" ? raw.trim() : raw;
    return trimmed === "" ? undefined : trimmed;
  }, schema);
}

/** A variable whose absence means `fallback` (a value in the code's own units: cents, milliseconds). */
export function withDefault<T extends z.ZodTypeAny>(schema: T, fallback: z.output<T>) {
  return setting(schema.optional().transform((value): z.output<T> => value ?? fallback));
}

/** A variable that may be unset. */
export function optional<T extends z.ZodTypeAny>(schema: T) {
  return setting(schema.optional());
}

class Refusal {
  constructor(readonly message: string) {}
}

/** A schema from a reader that returns the value, or a `Refusal` saying what is wanted instead. */
function readWith<T>(read: (raw: string) => T | Refusal) {
  return z.string().transform((raw, ctx) => {
    const value = read(raw);
    if (!(value instanceof Refusal)) return value;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: value.message });
    return z.NEVER;
  });
}

export const text = () => z.string();

/** A value `read` understands, or the refusal `wanted` ("must be a time such as 14:00"). */
export function readable<T>(read: (raw: string) => T | null, wanted: string) {
  return readWith((raw) => read(raw) ?? new Refusal(wanted));
}

/** `what` names the unit ("a whole number of milliseconds"); `min` and `max` bound it. */
export function wholeNumber({ what, min = 0, max }: { what: string; min?: number; max?: number }) {
  const bounds = max === undefined ? (min > 0 ? `, at least ${min}` : "") : ` from ${min} to ${max}`;
  return readWith((raw) => {
    const value = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    return value >= min && value <= (max ?? Infinity) ? value : new Refusal(`must be ${what}${bounds}`);
  });
}

/** A decimal with at most two places, as hundredths: minor units ("9.50" → 950), or a percent's basis points. */
export function hundredths({ what, max }: { what: string; max?: number }) {
  return readWith((raw) => {
    const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(raw);
    const value = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
    return value <= (max ?? Infinity) ? value : new Refusal(`must be ${what}`);
  });
}

/** An absolute URL with one of `protocols` ("https:"); `example` shows one. */
export function url({ protocols, example }: { protocols: string[]; example: string }) {
  const schemes = protocols.map((protocol) => `${protocol}//`);
  const wanted = `${schemes.slice(0, -1).join(", ")}${schemes.length > 1 ? " or " : ""}${schemes.at(-1)}`;
  return readWith((raw) => {
    const parsed = URL.canParse(raw) ? new URL(raw) : null;
    return parsed && protocols.includes(parsed.protocol) && parsed.host
      ? raw
      : new Refusal(`must be an absolute ${wanted} URL such as ${example}`);
  });
}

/** An email address, loosely: something@somewhere. The mail server has the last word. */
export function email() {
  return readWith((raw) => (/^[^\s@<>]+@[^\s@<>]+$/.test(raw) ? raw : new Refusal("must be an email address")));
}

/** One of `choices`. */
export function oneOf<const T extends string>(choices: readonly T[]) {
  const wanted = `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}`;
  return readWith((raw) => (choices.includes(raw as T) ? (raw as T) : new Refusal(`must be ${wanted}`)));
}

/** A comma-separated list, each entry trimmed and checked by `read` (which may also normalise it). */
export function list<T>(read: (entry: string) => T | null, { what }: { what: string }) {
  return readWith((raw) => {
    const entries = raw
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const values = entries.map(read);
    const bad = entries.filter((_, index) => values[index] === null);
    if (bad.length) return new Refusal(`must list ${what}, comma-separated; "${bad.join('", "')}" is not one`);
    return values as T[];
  });
}

/** A browser origin as the Origin header sends it: scheme, host and port, no path ("https://partner.example/" is read as one). */
export function originOf(entry: string) {
  const parsed = URL.canParse(entry) ? new URL(entry) : null;
  const isOrigin = parsed && /^https?:$/.test(parsed.protocol) && parsed.pathname === "/" && !parsed.search;
  return isOrigin ? parsed.origin : null;
}
