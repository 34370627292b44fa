import { readMediaAddress } from "~/lib/media";
import { readDocumentFile, readPictureVariant } from "~/models/media-reads.server";

// The answer to GET or HEAD /media/<hash>-<variant>.<ext>: a stored file, cached for a year by
// anyone (its address changes when its content does), or a 404. The production server answers
// these before Remix (server/app.ts, measured in docs/benchmarks.md); the resource route
// app/routes/media.$file.ts gives the same answer in development and to the in-process tests.

export type MediaAnswer = { status: number; headers: Record<string, string>; body: Buffer | null };

const IMMUTABLE = "public, max-age=31536000, immutable";

/** What every /media answer carries: the type is the stored one, never sniffed, and nothing runs in it. */
const FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

const NOT_FOUND: MediaAnswer = {
  status: 404,
  headers: { ...FILE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  body: Buffer.from("There is no file at this address.\n"),
};

/** `attachment` with the name as it is (RFC 6266 and RFC 5987) and a plain-ASCII fallback for old clients. */
export function attachmentDisposition(fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matches(ifNoneMatch: string | null | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

export async function mediaAnswer(
  fileName: string,
  { method, ifNoneMatch }: { method: string; ifNoneMatch?: string | null },
): Promise<MediaAnswer> {
  const address = readMediaAddress(fileName);
  if (!address) return NOT_FOUND;
  const head = method === "HEAD";
  const conditional = matches(ifNoneMatch, `"${fileName}"`);
  const withBytes = !head && !conditional;
  const file =
    address.kind === "picture"
      ? await readPictureVariant(address.hash, address.width, address.format, { withBytes })
      : await readDocumentFile(address.hash, address.type, { withBytes });
  if (!file) return NOT_FOUND;
  // The address names the content: the same address always holds the same bytes.
  const headers: Record<string, string> = { ...FILE_HEADERS, "Cache-Control": IMMUTABLE, ETag: `"${fileName}"` };
  if (conditional) return { status: 304, headers, body: null };
  headers["Content-Type"] = file.contentType;
  headers["Content-Length"] = String(file.byteSize);
  if (address.kind === "document") headers["Content-Disposition"] = attachmentDisposition(file.fileName ?? fileName);
  return { status: 200, headers, body: file.bytes };
}
