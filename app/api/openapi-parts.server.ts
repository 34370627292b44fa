import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";

import { MAX_FORM_BYTES } from "~/web/request.server";

import { ApiErrorSchema } from "./responses.server";

// The answers the API's calls share, as the OpenAPI document describes them.

export function json(description: string, schema: z.ZodTypeAny, extra: Partial<ResponseConfig> = {}): ResponseConfig {
  return { description, content: { "application/json": { schema } }, ...extra };
}

export function body(schema: z.ZodTypeAny) {
  return { required: true, content: { "application/json": { schema } } };
}

export const error = (description: string, extra: Partial<ResponseConfig> = {}) =>
  json(description, ApiErrorSchema, extra);
export const invalid = error("Not valid: `issues` holds the messages per field, or the body is not a JSON object.");
export const tooLarge = error(`The body is larger than ${MAX_FORM_BYTES} bytes.`);
export const signedOut = error(
  "Signed out, or the API key is not valid or has been revoked; from another site, a write without a key. " +
    "Comes with `WWW-Authenticate: Bearer`.",
);
export const notAdmin = error(
  "The caller is not an administrator (a cookie write from another site is refused with 403 too).",
);
export const noSuchItem = error("No item has this id.");
export const notJson = error("The body is not sent as `Content-Type: application/json`.");
export const header = (description: string) => ({ description, schema: { type: "string" as const } });
