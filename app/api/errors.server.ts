import { createHash } from "node:crypto";

import { RequestRefused } from "~/web/request.server";

/**
 * JSON answers for the API (app/routes/api.*): every outcome, errors included, is `application/json`,
 * never the HTML error page.
 */

/**
 * The machine-readable `code` every error body carries beside its `error` sentence, by status: a
 * client branches on the code, never on the wording (docs/api.md, "Errors"; decision 45). A refusal
 * with a more particular reason names its own (`idempotency_key_reused`).
 */
export const ERROR_CODES: Record<number, string> = {
  400: "invalid_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  410: "gone",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  428: "precondition_required",
  429: "rate_limited",
  500: "internal_error",
};

export function errorCodeFor(status: number) {
  return ERROR_CODES[status] ?? (status >= 500 ? "internal_error" : "invalid_request");
}

/** A refusal with its status: the API's routes throw these and the dispatcher turns them into JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    readonly code: string = errorCodeFor(status),
  ) {
    super(message);
  }
}

export function apiJson(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  // Stock and orders change all the time, and some answers are personal: nothing is cached.
  headers.set("Cache-Control", "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  return Response.json(body, { status: init.status ?? 200, headers });
}

/**
 * Whether the client's `If-None-Match` already holds `etag` (weak comparison, as RFC 9110 has it for
 * this header; `*` matches anything).
 */
export function noneMatch(request: Request, etag: string) {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** 304: what the client holds is current; its ETag, and no body. */
export function notModified(etag: string) {
  return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "no-cache" } });
}

/**
 * A list read's answer with a strong ETag made from its body, or a 304 when the client's
 * `If-None-Match` holds it: a client polling a page that has not changed gets no body.
 */
export function apiJsonWithTag(request: Request, body: unknown, init: { headers?: HeadersInit } = {}) {
  const json = JSON.stringify(body);
  const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers(init.headers);
  if (noneMatch(request, etag)) return notModified(etag);
  headers.set("ETag", etag);
  return apiJson(body, { headers });
}

/** Whatever a handler threw, as a JSON error; anything unexpected is logged and answered with a 500. */
export function apiErrorResponse(thrown: unknown) {
  if (thrown instanceof ApiError) {
    return apiJson(
      { error: thrown.message, code: thrown.code, ...thrown.details },
      { status: thrown.status, headers: thrown.headers },
    );
  }
  // Refused before the call looked at the body: another site's cookie write, too large, not JSON.
  if (thrown instanceof RequestRefused) {
    return apiJson({ error: thrown.message, code: errorCodeFor(thrown.status) }, { status: thrown.status });
  }
  console.error("An API call failed:", thrown);
  return apiJson(
    { error: "Something went wrong on our side. Please try again.", code: "internal_error" },
    { status: 500 },
  );
}
