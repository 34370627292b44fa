/**
 * A file the shop made, never cached and its type never sniffed: shown (`inline`) or saved
 * (`attachment`); whole, or written as it is read (a stream, its length unknown).
 */
function documentResponse(
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
  type: string,
  disposition: "inline" | "attachment",
  fileName: string,
) {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      ...(body instanceof Uint8Array ? { "Content-Length": String(body.byteLength) } : {}),
      "Content-Disposition": `${disposition}; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A document for the browser to show (or save as `fileName`). */
export function pdfResponse(pdf: Buffer, fileName: string) {
  return documentResponse(new Uint8Array(pdf), "application/pdf", "inline", fileName);
}

/** No such document for this reader: a plain 404 that does not say whether it exists for anyone else. */
export function noDocument(what: string) {
  return new Response(`There is no such ${what}.\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** An e-invoice to save (`fileName`) and hand to an accounts system. */
export function xmlResponse(xml: string, fileName: string) {
  return documentResponse(new TextEncoder().encode(xml), "application/xml; charset=utf-8", "attachment", fileName);
}

/** A JSON document to save (`fileName`), written as it is read. */
export function jsonDownload(body: ReadableStream<Uint8Array>, fileName: string) {
  return documentResponse(body, "application/json; charset=utf-8", "attachment", fileName);
}
