import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWithCompany } from "~/auth/company.server";
import { eInvoiceFileName, writeEInvoice } from "~/documents/e-invoice.server";
import { invoiceFileName, renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { getInvoiceDocument } from "~/models/invoice";
import { noDocument, pdfResponse, xmlResponse } from "~/web/document-response.server";

// GET /dashboard/invoices/INV-2026-000123.pdf, and .xml for its e-invoice (UBL 2.1, Peppol BIS
// Billing 3.0): an issued invoice or credit note, drawn from its row for the buyer it bills (and
// staff). Another buyer's number is a 404, as a number never issued is: the answer does not say which
// numbers exist.

const DOCUMENT_FILE = /^((?:INV|CN)-\d{4}-\d{6,9})\.(pdf|xml)$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const [, number, format] = DOCUMENT_FILE.exec(params.file ?? "") ?? [];
  const invoice = number ? await getInvoiceDocument({ number, reader: user }) : undefined;
  if (!invoice) return noDocument("invoice or credit note");
  return format === "xml"
    ? xmlResponse(writeEInvoice(invoice), eInvoiceFileName(invoice))
    : pdfResponse(await renderInvoicePdf(invoice), invoiceFileName(invoice));
}
