import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/permissions.server";
import { renderPackingSlipPdf } from "~/documents/packing-slip-pdf.server";
import { getPackingSlip } from "~/models/order";
import { parseId } from "~/validation/common";
import { noDocument, pdfResponse } from "~/web/document-response.server";

// GET /dashboard/manage-order/:id/shipments/:shipmentId/packing-slip.pdf: staff print the slip that
// goes in the parcel.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const orderId = parseId(params.id);
  const shipmentId = parseId(params.shipmentId);
  const slip = orderId && shipmentId ? await getPackingSlip(orderId, shipmentId) : undefined;
  if (!slip) return noDocument("shipment");
  return pdfResponse(await renderPackingSlipPdf(slip), `packing-slip-${slip.order.id}-${slip.shipment.number}.pdf`);
}
