import { InvoiceListQuerySchema } from "~/api/openapi-invoices.server";
import { newestFirstPage, pageJson } from "~/api/paging.server";
import { ApiError, apiRoute, parseQuery } from "~/api/route.server";
import { toApiInvoiceSummary } from "~/api/shapes.server";
import { invoiceReaderOf, listInvoicesPage } from "~/models/invoice";

// GET /api/invoice: the invoices and credit notes the caller may read (their own and their company's),
// newest first, each with the addresses of its JSON, its e-invoice and its PDF; every buyer's for an
// administrator who asks with ?all=1.
const handleApiCall = apiRoute({
  async GET({ request, url, requireCaller }) {
    const user = await requireCaller();
    const { all, limit, offset, cursor } = parseQuery(InvoiceListQuerySchema, url);
    if (all && user.role !== "admin") throw new ApiError(403, "Only an administrator can list every invoice.");
    const reader = await invoiceReaderOf(user);
    const { rows, next } = await newestFirstPage(
      (ask) => listInvoicesPage({ ...ask, reader, everyone: Boolean(all) }),
      { limit, offset, cursor },
    );
    const documents = rows.map((row) => toApiInvoiceSummary({ ...row, creditsNumber: row.credits_number ?? null }));
    return pageJson(request, url, documents, next);
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
