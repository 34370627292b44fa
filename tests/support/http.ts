import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const BASE_URL = "http://localhost:3000";
// Remix's own origin check compares Origin with Host, which a Request made in a test lacks.
const BASE_HOST = new URL(BASE_URL).host;

type Fields = Record<string, string | string[] | boolean | undefined>;

export function getRequest(pathname: string, { cookie }: { cookie?: string } = {}) {
  return new Request(new URL(pathname, BASE_URL), {
    headers: { Host: BASE_HOST, ...(cookie ? { Cookie: cookie } : {}), "Sec-Fetch-Site": "same-origin" },
  });
}

/**
 * The body a browser sends for these fields. URLSearchParams writes the same (lone surrogates as
 * U+FFFD, space as "+"), but one character at a time in JavaScript: the fuzz's megabyte values made
 * it a tenth of that suite's time. encodeURIComponent leaves a few more characters as they are
 * (`!'()~`), which a form decoder reads back the same.
 */
function formUrlEncoded(pairs: [string, string][]) {
  return pairs.map(([key, value]) => `${formEncoded(key)}=${formEncoded(value)}`).join("&");
}

/** The fuzz sends the same megabyte string thousands of times: encoded once. */
const encodedLongValues = new Map<string, string>();
const LONG_VALUE = 64 * 1024;

function formEncoded(text: string) {
  const known = encodedLongValues.get(text);
  if (known !== undefined) return known;
  // UTF-8 and back turns a lone surrogate into U+FFFD, which encodeURIComponent would throw on.
  const encoded = encodeURIComponent(Buffer.from(text).toString()).replaceAll("%20", "+");
  if (text.length >= LONG_VALUE && encodedLongValues.size < 8) encodedLongValues.set(text, encoded);
  return encoded;
}

/** A form POST as a browser sends it, from this site. */
export function postRequest(pathname: string, fields: Fields | FormData, { cookie }: { cookie?: string } = {}) {
  const pairs: [string, string][] = [];
  if (fields instanceof FormData) {
    for (const [key, value] of fields) pairs.push([key, String(value)]);
  } else {
    for (const [key, value] of Object.entries(fields)) {
      // A checkbox as a browser sends it: "on" when ticked, nothing when not.
      if (value === undefined || value === false) continue;
      if (value === true) {
        pairs.push([key, "on"]);
        continue;
      }
      // Written as URLSearchParams would: a number a test passes as it is becomes its text.
      for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, String(item)]);
    }
  }
  return new Request(new URL(pathname, BASE_URL), {
    method: "POST",
    body: formUrlEncoded(pairs),
    headers: {
      Host: BASE_HOST,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: BASE_URL,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

/** A page request of either method, as a browser on this site sends it (the reliability suites' walker). */
export function documentRequest(
  pathname: string,
  { method = "GET", cookie, body }: { method?: "GET" | "POST"; cookie?: string; body?: URLSearchParams } = {},
) {
  if (method === "GET") return getRequest(pathname, { cookie });
  const fields = new FormData();
  for (const [key, value] of body ?? []) fields.append(key, value);
  return postRequest(pathname, fields, { cookie });
}

export type Outcome = {
  status: number;
  headers: Headers;
  data: any;
  location: string | null;
  thrown: boolean;
};

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

async function toOutcome(value: unknown, thrown: boolean): Promise<Outcome> {
  if (value instanceof Response) {
    const text = await value.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: value.status, headers: value.headers, data, location: value.headers.get("Location"), thrown };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, headers, data: value.data, location: headers.get("Location"), thrown };
  }
  if (thrown) throw value;
  return { status: 200, headers: new Headers(), data: value, location: null, thrown };
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** Calls a loader or action the way Remix does and reports what came back or was thrown. */
export async function call(
  handler: Handler | undefined,
  request: Request,
  params: Record<string, string> = {},
): Promise<Outcome> {
  if (!handler) throw new Error("route has no such handler");
  try {
    return await toOutcome(await handler({ request, params, context: {} }), false);
  } catch (error) {
    return toOutcome(error, true);
  }
}

/** The cookie a response set, in the form a browser sends back. */
export function cookieFrom(outcome: Outcome) {
  return outcome.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The one-time message the next page would show after this response (read by the root loader). */
export async function flashOf(outcome: Outcome) {
  const root = await import("~/root");
  const page = await call(root.loader as Handler, getRequest("/", { cookie: cookieFrom(outcome) }));
  return page.data.flash;
}

/** The field messages of a conform reply (the form's own under ""). */
export function fieldErrors(outcome: Pick<Outcome, "data">) {
  return (outcome.data?.error ?? {}) as Record<string, string[] | null>;
}

/** The messages of a conform reply that belong to the whole form (not one field). */
export function formErrors(outcome: Pick<Outcome, "data">) {
  return fieldErrors(outcome)[""] ?? [];
}

/** A multipart form POST, as a browser sends a form with a file in it, from this site. */
export function multipartRequest(pathname: string, fields: FormData, { cookie }: { cookie?: string } = {}) {
  return new Request(new URL(pathname, BASE_URL), {
    method: "POST",
    body: fields,
    headers: {
      Host: BASE_HOST,
      Origin: BASE_URL,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}
