import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/permissions.server";
import { invoiceFileName, renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { getInvoiceDocument } from "~/models/invoice.server";

// GET /dashboard/invoices/INV-2026-000123.pdf: an issued invoice or credit note, drawn from its row
// for the buyer it bills (and staff). Another buyer's number is a 404, as a number never issued is:
// the answer does not say which numbers exist.

const DOCUMENT_FILE = /^((?:INV|CN)-\d{4}-\d{6,9})\.pdf$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const number = DOCUMENT_FILE.exec(params.file ?? "")?.[1];
  const invoice = number ? await getInvoiceDocument({ number, reader: user }) : undefined;
  if (!invoice) {
    return new Response("There is no such invoice or credit note.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const pdf = await renderInvoicePdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `inline; filename="${invoiceFileName(invoice)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
