import { data } from "@remix-run/node";
import { appUrl } from "./env.server";

/** Forms are small; 2 MiB leaves room for a 1 MB field to be refused with a message, not a 413. */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that another site made the browser send: `Sec-Fetch-Site:
 * cross-site`, or, from browsers that do not send that header, an Origin that is not this site.
 * (Non-browser clients send neither and are judged by their credentials alone.)
 */
export function requireSameSite(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) {
    if (fetchSite === "cross-site") throw crossSite();
    return;
  }
  const origin = request.headers.get("Origin");
  if (origin === null) return;
  const allowed = new Set([new URL(request.url).origin, new URL(appUrl()).origin]);
  if (!allowed.has(origin)) throw crossSite();
}

function crossSite() {
  return data("This form was sent from another site and was refused.", { status: 403 });
}

function tooLarge() {
  return data("This form is too large to be accepted.", { status: 413 });
}

/** Reads the body up to the cap, whatever Content-Length claims (it may be absent or false). */
export async function readCappedBody(request: Request, cap = MAX_FORM_BYTES) {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > cap) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Every action's first step: refuse cross-site posts, cap the body, and parse the form. A body
 * that is not a form at all is a 400, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  requireSameSite(request);
  const body = await readCappedBody(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  try {
    return await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw data("This request did not carry a form.", { status: 400 });
  }
}
