import { appUrl } from "~/config/env.server";
import { MAX_CATALOG_FILE_BYTES } from "~/validation/catalog-import";
import { MAX_DOCUMENT_BYTES, MAX_PICTURE_BYTES } from "~/validation/media";
import { MAX_PRICE_LIST_FILE_BYTES } from "~/validation/price-lists";
import { discardUploads, readUploadForm, UploadTooLarge } from "~/web/upload-form.server";

/** Forms are small; 2 MiB leaves room for a 1 MB field to be refused with a message, not a 413. */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;

/** The largest picture and document an upload takes (app/validation/media.ts); a catalog file's is its schema's. */
export { MAX_DOCUMENT_BYTES, MAX_PICTURE_BYTES };
/** Room beside a file for the form's other fields and the multipart framing. */
const UPLOAD_FORM_SLACK = 1024 * 1024;

/**
 * The pages whose forms carry a file, and the most their body may hold: every other form keeps
 * MAX_FORM_BYTES. Read by the server before the body arrives (a larger declared body is a 413) and
 * by readForm while it reads (a body that says less and sends more is cut off at the same bound).
 * Each of these pages is for staff, whose guard runs before the body is read.
 */
const UPLOAD_PAGES: { path: RegExp; bytes: number }[] = [
  // A form posted with JavaScript goes to the page's single-fetch address, `….data`.
  { path: /^\/dashboard\/manage-product\/\d{1,10}(\.data|\/)?$/, bytes: MAX_DOCUMENT_BYTES + UPLOAD_FORM_SLACK },
  { path: /^\/dashboard\/import(\.data|\/)?$/, bytes: MAX_CATALOG_FILE_BYTES + UPLOAD_FORM_SLACK },
  { path: /^\/dashboard\/price-lists\/\d{1,10}(\.data|\/)?$/, bytes: MAX_PRICE_LIST_FILE_BYTES + UPLOAD_FORM_SLACK },
];

/** The largest cXML document a procurement system may send: a 500-line purchase order is about 400 KB. */
export const MAX_CXML_BYTES = 1024 * 1024;

/**
 * The addresses a procurement system (not a signed-in browser) posts to: its server's cXML, and SAP's
 * OCI entry, which arrives as a form from SAP's own site. They prove themselves by the connection's
 * secret, never by a cookie, so the cross-site refusal leaves them alone (docs/decisions/0051-punchout.md).
 */
export function isProcurementEndpoint(pathname: string) {
  return /^\/punchout\/(cxml\/(setup|order)|oci)$/.test(pathname);
}

/** The most a request's body to `pathname` may hold. */
export function bodyLimitFor(pathname: string) {
  if (isProcurementEndpoint(pathname)) return MAX_CXML_BYTES;
  return uploadPageLimit(pathname) ?? MAX_FORM_BYTES;
}

function uploadPageLimit(pathname: string) {
  return UPLOAD_PAGES.find((page) => page.path.test(pathname))?.bytes;
}
/** More fields than any form of ours has (the product form with every spec row is about 100). */
export const MAX_FORM_FIELDS = 400;
/** conform turns `x[N]` into an array of N slots: an index past any repeatable row is refused. */
export const MAX_FIELD_INDEX = 199;
const MAX_FIELD_NAME_LENGTH = 100;
const MAX_FIELD_NAME_DEPTH = 4;

/**
 * A request refused before its action runs: from another site, too large, not a form, not JSON.
 * Pages answer it with a short refusal page (app/entry.server.tsx), the API with its JSON error.
 */
export class RequestRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export const CROSS_SITE_REFUSED = "This form was sent from another site and was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** This site's own origins: the one the request was addressed to, and APP_URL's. */
export function ownOrigins(request: Request) {
  return new Set([new URL(request.url).origin, new URL(appUrl()).origin]);
}

/**
 * Refuses a state-changing request another origin made the browser send. Browsers say where a
 * request comes from in `Sec-Fetch-Site`; only `same-origin` (and `none`, a request the person made
 * themselves) pass, so a sibling origin (another port, another subdomain) is refused too. Browsers
 * that do not send it are judged by `Origin`. Clients that send neither are not browsers acting on
 * someone's behalf, and are judged by their credentials alone.
 */
export function requireSameOrigin(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) {
    if (fetchSite !== "same-origin" && fetchSite !== "none") throw new RequestRefused(403, CROSS_SITE_REFUSED);
    return;
  }
  const origin = request.headers.get("Origin");
  if (origin !== null && !ownOrigins(request).has(origin)) throw new RequestRefused(403, CROSS_SITE_REFUSED);
}

function tooLarge() {
  return new RequestRefused(413, "This form is too large to be accepted.");
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

const INDEX = /\[(\d+)\]/g;

/** A field name no form of ours uses, shaped to make conform build something huge or deep. */
function unreasonableFieldName(name: string) {
  if (name.length > MAX_FIELD_NAME_LENGTH) return true;
  if ((name.match(/[.[]/g)?.length ?? 0) > MAX_FIELD_NAME_DEPTH) return true;
  for (const [, index] of name.matchAll(INDEX)) {
    if (index.length > 3 || Number(index) > MAX_FIELD_INDEX) return true;
  }
  return false;
}

/**
 * Checks a parsed form's shape before anything builds on it: conform turns `x[10000000]` into an
 * array of ten million slots, so a 19-byte body could make a 30 MB answer. Nothing our forms send
 * comes near these bounds.
 */
export function requireReasonableFields(formData: FormData) {
  let count = 0;
  for (const name of formData.keys()) {
    count += 1;
    if (count > MAX_FORM_FIELDS) throw new RequestRefused(400, "This form has more fields than any form of ours.");
    if (unreasonableFieldName(name)) throw new RequestRefused(400, "This form has a field no form of ours has.");
  }
}

/**
 * Every action's body: refuse another origin's post, cap the body, parse the form and check its
 * shape. A body that is not a form at all is a 400, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  requireSameOrigin(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  const pathname = new URL(request.url).pathname;
  const uploadLimit = uploadPageLimit(pathname);
  let formData: FormData;
  if (uploadLimit !== undefined && /^multipart\/form-data\s*;/i.test(contentType)) {
    // A page that takes a file streams it to disk (app/web/upload-form.server.ts).
    if (Number(request.headers.get("Content-Length") ?? 0) > uploadLimit) throw tooLarge();
    try {
      formData = await readUploadForm(request, uploadLimit);
    } catch (error) {
      discardUploads(request);
      if (error instanceof UploadTooLarge) throw tooLarge();
      throw new RequestRefused(400, "This request did not carry a form.");
    }
  } else {
    const body = await readCappedBody(request, bodyLimitFor(pathname));
    try {
      formData = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      throw new RequestRefused(400, "This request did not carry a form.");
    }
  }
  requireReasonableFields(formData);
  return formData;
}
