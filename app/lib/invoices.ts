// What kinds of numbered billing documents there are, and what each is called on pages and PDFs.

export const INVOICE_KINDS = ["invoice", "credit note"] as const;

export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** "VAT invoice" or "Credit note": a document's name on its page, in its PDF and its mail. */
export function invoiceTitle(kind: InvoiceKind) {
  return kind === "invoice" ? "VAT invoice" : "Credit note";
}

/** Where an issued document is downloaded: its PDF, or its e-invoice (UBL 2.1 XML). */
export function invoiceFileHref(number: string, format: "pdf" | "xml") {
  return `/dashboard/invoices/${number}.${format}`;
}

/** An order with no documents yet. */
export const NOTHING_INVOICED = { invoiceCount: 0, invoicedCents: 0, creditNoteCount: 0, creditedCents: 0 };

/** What an order's documents came to: its invoices, and the credit notes against them. */
export type InvoicedAmounts = typeof NOTHING_INVOICED;

/** An order whose every unit has left (what did not was cancelled): its invoices are all it will bill. */
export function isFullyInvoiced(status: string, amounts: InvoicedAmounts) {
  return amounts.invoiceCount > 0 && (status === "shipped" || status === "delivered");
}

/**
 * How far a fully invoiced order's invoices are from its total at ordering, in cents (0 otherwise).
 * Each invoice works out its own VAT, rounded to the penny, as UK VAT and EN 16931 (BR-CO-17) ask,
 * while the order rounded once: shipped in parts, the sum can be a penny or two off (decision 44).
 */
export function invoicingDifference(order: { status: string; totalCents: number }, amounts: InvoicedAmounts) {
  return isFullyInvoiced(order.status, amounts) ? amounts.invoicedCents - order.totalCents : 0;
}

/** What the order page and the shipped mail say when the invoices differ from the order's total. */
export function invoicingDifferenceNote(invoiced: string, differenceCents: number, difference: string) {
  return (
    `Your invoices come to ${invoiced}: each works out its own VAT to the penny, so together they are ` +
    `${difference} ${differenceCents > 0 ? "more" : "less"} than the order's total. The invoices are what is owed.`
  );
}
