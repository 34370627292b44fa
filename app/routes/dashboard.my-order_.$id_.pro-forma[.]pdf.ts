import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWithCompany } from "~/auth/company.server";
import { renderProformaPdf } from "~/documents/proforma-pdf.server";
import { getOrder } from "~/models/order";
import { parseId } from "~/validation/common";
import { noDocument, pdfResponse } from "~/web/document-response.server";

// GET /dashboard/my-order/:id/pro-forma.pdf: the pro-forma invoice of a company order paid before
// dispatch, for its company's members (and staff). Any other order, or anyone else's, is a 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const id = parseId(params.id);
  const reader = user.role === "admin" ? {} : { ownerId: user.id, companyId: user.companyId };
  const order = id ? await getOrder(id, reader) : undefined;
  if (!order || order.payment_method !== "proforma") return noDocument("pro-forma invoice");
  return pdfResponse(await renderProformaPdf(order), `pro-forma-order-${order.id}.pdf`);
}
