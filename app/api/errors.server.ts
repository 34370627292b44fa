import { RequestRefused } from "~/web/request.server";

/**
 * JSON answers for the API (app/routes/api.*): every outcome, errors included, is `application/json`,
 * never the HTML error page.
 */

/** A refusal with its status: the API's routes throw these and the dispatcher turns them into JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
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

/** Whatever a handler threw, as a JSON error; anything unexpected is logged and answered with a 500. */
export function apiErrorResponse(thrown: unknown) {
  if (thrown instanceof ApiError) {
    return apiJson({ error: thrown.message, ...thrown.details }, { status: thrown.status, headers: thrown.headers });
  }
  // Refused before the call looked at the body: another site's cookie write, too large, not JSON.
  if (thrown instanceof RequestRefused) return apiJson({ error: thrown.message }, { status: thrown.status });
  console.error("An API call failed:", thrown);
  return apiJson({ error: "Something went wrong on our side. Please try again." }, { status: 500 });
}
