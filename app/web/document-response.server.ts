/** A document for the browser to show (or save as `fileName`): never cached, its type never sniffed. */
export function pdfResponse(pdf: Buffer, fileName: string) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** No such document for this reader: a plain 404 that does not say whether it exists for anyone else. */
export function noDocument(what: string) {
  return new Response(`There is no such ${what}.\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** An e-invoice to save (`fileName`) and hand to an accounts system: XML, never cached, never sniffed. */
export function xmlResponse(xml: string, fileName: string) {
  const bytes = Buffer.from(xml, "utf8");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
