import { invoiceFileName, renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { getInvoiceDocument } from "~/models/invoice.server";

/**
 * An issued invoice or credit note as a mail attachment, made from its row when the message goes:
 * the outbox keeps a reference, not the bytes, and the document never changes after it is issued.
 */
export async function invoiceAttachment(invoiceId: number) {
  const invoice = await getInvoiceDocument({ id: invoiceId });
  if (!invoice) throw new Error(`Invoice ${invoiceId} is missing`);
  return {
    filename: invoiceFileName(invoice),
    content: await renderInvoicePdf(invoice),
    contentType: "application/pdf",
  };
}
