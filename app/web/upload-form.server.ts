import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

/**
 * A form that carries a file (a 45 MB catalog, a 25 MB datasheet), read as it arrives: each file
 * goes to a temporary file on disk and comes back as a File read from there, so the body is never
 * held in memory, let alone copied (read whole and handed to `Response.formData()`, a 45 MB catalog
 * took 200 MB of the server's memory: the chunks, their concatenation, undici's copy and the File).
 * The temporary files live until `discardUploads(request)`, which the form's action calls when it
 * has answered. See docs/decisions/0033.
 */

/** Where each request's files wait: removed by discardUploads. */
const uploadDirs = new WeakMap<Request, string>();

/** A body larger than its page allows, found while it streams in (it may not say its length). */
export class UploadTooLarge extends Error {}

/** Passes `body` through, failing once more than `cap` bytes went by. */
function capped(body: ReadableStream<Uint8Array>, cap: number) {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > cap) controller.error(new UploadTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

function uploadDirFor(request: Request) {
  let dir = uploadDirs.get(request);
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-upload-"));
    uploadDirs.set(request, dir);
  }
  return dir;
}

/**
 * Reads a multipart form whose body is at most `cap` bytes: text fields into memory (they share the
 * cap), files to disk. Throws UploadTooLarge past the cap, and the parser's own error for a body
 * that is not multipart.
 */
export async function readUploadForm(request: Request, cap: number): Promise<FormData> {
  if (!request.body) throw new TypeError("This request has no body.");
  const body = capped(request.body, cap);
  let fileCount = 0;
  const handler: UploadHandler = async ({ filename, contentType, data }) => {
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of data) chunks.push(chunk);
      return Buffer.concat(chunks).toString("utf8");
    }
    const file = path.join(uploadDirFor(request), String(fileCount++));
    await pipeline(Readable.from(data), fs.createWriteStream(file));
    return new File([await fs.openAsBlob(file)], browserFileName(filename), { type: contentType });
  };
  // The parser reads nothing of the request but its headers and body.
  const streamed = new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body,
    duplex: "half",
  } as RequestInit);
  return unstable_parseMultipartFormData(streamed, handler);
}

/**
 * A file name as the person's file has it: browsers write `"`, CR and LF in a multipart file name as
 * `%22`, `%0D` and `%0A` (the HTML standard's form encoding), which Remix's parser leaves as sent.
 */
function browserFileName(sent: string) {
  return sent.replace(/%22/g, '"').replace(/%0D/g, "\r").replace(/%0A/g, "\n");
}

/** Removes the files a request's form brought (nothing when it brought none). */
export function discardUploads(request: Request) {
  const dir = uploadDirs.get(request);
  if (!dir) return;
  uploadDirs.delete(request);
  fs.rmSync(dir, { recursive: true, force: true });
}
