import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { type ApiCaller, authenticateApiCall, requireApiAdmin, requireApiUser } from "~/auth/api-auth.server";
import { ApiError, apiErrorResponse } from "./api-response.server";
import { applyCors, hasAuthorization } from "./cors.server";
import { MAX_FORM_BYTES, readCappedBody, requireSameSite } from "./request.server";

export { ApiError, apiJson } from "./api-response.server";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiContext = {
  request: Request;
  url: URL;
  params: LoaderFunctionArgs["params"];
  /** The caller, or null when signed out (looked up once, on first use). */
  caller: () => Promise<ApiCaller | null>;
  /** The caller; a 401 when signed out. */
  requireUser: () => Promise<ApiCaller>;
  /** The caller; a 401 when signed out, a 403 when not an admin. */
  requireAdmin: () => Promise<ApiCaller>;
};

type Handler = (context: ApiContext) => Promise<Response>;

/**
 * One API route's calls, by HTTP method, as a function to export as both `loader` and `action`
 * (Remix sends GET, HEAD and OPTIONS to the loader, everything else to the action). Around every
 * call: OPTIONS is answered, a cookie write from another site is refused exactly as a form post
 * is, a method the route lacks is a 405, an Authorization header must hold a live key, every
 * error is JSON, and a listed origin gets its CORS headers.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>) {
  const methods = Object.keys(handlers) as Method[];
  const allow = [...methods, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");

  async function dispatch({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) {
    const method = request.method.toUpperCase();
    if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
    // Writes signed in with a cookie follow the forms' cross-site rule; a key is no ambient
    // credential a browser would attach on another site's behalf, so key writes need no Origin.
    if (!hasAuthorization(request)) requireSameSiteWrite(request);
    const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
    if (!handler) throw new ApiError(405, `This call takes ${allow}.`, {}, { Allow: allow });

    let caller: Promise<ApiCaller | null> | undefined;
    const context: ApiContext = {
      request,
      url: new URL(request.url),
      params,
      caller: () => (caller ??= authenticateApiCall(request)),
      requireUser: async () => requireApiUser(await context.caller()),
      requireAdmin: async () => requireApiAdmin(await context.caller()),
    };
    if (hasAuthorization(request)) await context.caller();
    return handler(context);
  }

  return async function handleApiCall(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    const response = await dispatch(args).catch(apiErrorResponse);
    return applyCors(args.request, response, allow);
  };
}

function requireSameSiteWrite(request: Request) {
  try {
    requireSameSite(request);
  } catch {
    throw new ApiError(403, "A write signed in with a cookie must come from this site. Machine clients send an API key instead.");
  }
}

/** The body as a JSON object, read up to the forms' size cap: too big is a 413, anything else not an object a 400. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  let bytes: Uint8Array;
  try {
    bytes = await readCappedBody(request);
  } catch (thrown) {
    if ((thrown as { init?: ResponseInit })?.init?.status === 413) {
      throw new ApiError(413, `The body is larger than the ${MAX_FORM_BYTES} bytes accepted.`);
    }
    throw thrown;
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError(400, "The body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(400, "The body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** Parses with a schema; a failure is a 400 with zod's messages per field in `issues`. */
export function parseWith<Schema extends z.ZodTypeAny>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { formErrors, fieldErrors } = result.error.flatten();
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  throw new ApiError(
    400,
    formErrors[0] ?? "Some fields are not valid: see issues.",
    hasFieldErrors ? { issues: fieldErrors } : {},
  );
}

export function parseQuery<Schema extends z.ZodTypeAny>(schema: Schema, url: URL): z.output<Schema> {
  return parseWith(schema, Object.fromEntries(url.searchParams));
}
