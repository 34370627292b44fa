import { eInvoiceFileName, writeEInvoice } from "~/documents/e-invoice.server";
import { invoiceFileName, renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { renderProformaPdf } from "~/documents/proforma-pdf.server";
import type { Attachment, MessageDocuments } from "~/mail/sender.server";
import { getInvoiceDocument } from "~/models/invoice";
import { getOrder } from "~/models/order";

/**
 * The documents a message carries, made when it goes: the outbox keeps references, not bytes. An
 * issued invoice or credit note never changes after it is issued; a pro-forma order's confirmation
 * carries its pro-forma invoice.
 */
export async function messageAttachments(message: MessageDocuments): Promise<Attachment[]> {
  if (message.invoiceId !== null) return invoiceAttachments(message.invoiceId);
  if (message.kind === "order-placed" && message.orderId !== null) {
    const order = await getOrder(message.orderId);
    if (order?.payment_method === "proforma") {
      return [
        {
          filename: `pro-forma-order-${order.id}.pdf`,
          content: await renderProformaPdf(order),
          contentType: "application/pdf",
        },
      ];
    }
  }
  return [];
}

/**
 * An issued invoice or credit note as mail attachments, made from its row: its PDF, and beside it its
 * e-invoice when the buyer's company asked for that.
 */
async function invoiceAttachments(invoiceId: number): Promise<Attachment[]> {
  const invoice = await getInvoiceDocument({ id: invoiceId });
  if (!invoice) throw new Error(`Invoice ${invoiceId} is missing`);
  const pdf = {
    filename: invoiceFileName(invoice),
    content: await renderInvoicePdf(invoice),
    contentType: "application/pdf",
  };
  if (!invoice.buyer_wants_e_invoice_by_mail) return [pdf];
  const xml = {
    filename: eInvoiceFileName(invoice),
    content: Buffer.from(writeEInvoice(invoice)),
    contentType: "application/xml",
  };
  return [pdf, xml];
}
