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
  if (message.invoiceId !== null) return [await invoiceAttachment(message.invoiceId)];
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

/** An issued invoice or credit note as a mail attachment, made from its row. */
export async function invoiceAttachment(invoiceId: number): Promise<Attachment> {
  const invoice = await getInvoiceDocument({ id: invoiceId });
  if (!invoice) throw new Error(`Invoice ${invoiceId} is missing`);
  return {
    filename: invoiceFileName(invoice),
    content: await renderInvoicePdf(invoice),
    contentType: "application/pdf",
  };
}
