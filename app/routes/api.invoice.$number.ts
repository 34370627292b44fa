import { ApiError, apiJson, apiRoute } from "~/api/route.server";
import { toApiInvoice } from "~/api/shapes.server";
import { eInvoiceFileName, writeEInvoice } from "~/documents/e-invoice.server";
import { getInvoiceDocument, invoiceReaderOf } from "~/models/invoice";
import { xmlResponse } from "~/web/document-response.server";

// GET /api/invoice/INV-2026-000123: one document the caller may read, with its lines and totals;
// …/INV-2026-000123.xml: its e-invoice (UBL 2.1, Peppol BIS Billing 3.0). Anyone else's is a 404.

const DOCUMENT = /^((?:INV|CN)-\d{4}-\d{6,9})(\.xml)?$/;

const handleApiCall = apiRoute({
  async GET({ params, requireCaller }) {
    const user = await requireCaller();
    const [, number, asXml] = DOCUMENT.exec(params.number ?? "") ?? [];
    const reader = await invoiceReaderOf(user);
    const invoice = number ? await getInvoiceDocument({ number, reader }) : undefined;
    if (!invoice) throw new ApiError(404, "No invoice or credit note of yours has this number.");
    return asXml ? xmlResponse(writeEInvoice(invoice), eInvoiceFileName(invoice)) : apiJson(toApiInvoice(invoice));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
