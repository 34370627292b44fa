// What kinds of numbered billing documents there are, and what each is called on pages and PDFs.

export const INVOICE_KINDS = ["invoice", "credit note"] as const;

export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** "VAT invoice" or "Credit note": a document's name on its page, in its PDF and its mail. */
export function invoiceTitle(kind: InvoiceKind) {
  return kind === "invoice" ? "VAT invoice" : "Credit note";
}
