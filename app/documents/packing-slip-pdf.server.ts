import { formatStoreDate } from "~/config/env.server";
import type { PackingSlip } from "~/models/order";

import { addressLines, CONTENT_WIDTH, renderDocument } from "./pdf-layout.server";

// A shipment's packing slip: what is in the parcel and what is still to come, without prices (it
// travels with the goods, and the goods are often opened by a stores clerk, not the buyer).

export function renderPackingSlipPdf({ order, shipment, lines }: PackingSlip): Promise<Buffer> {
  const toCome = lines.reduce((sum, line) => sum + line.toCome, 0);
  return renderDocument({
    name: `Packing slip, order #${order.id}, shipment ${shipment.number}`,
    subject: `Order #${order.id}`,
    createdAt: shipment.createdAt,
    heading: {
      title: "Packing slip",
      particulars: [
        ["Order", `#${order.id}`],
        ["Shipment", `${shipment.number} of ${shipment.of}`],
        ["Date", formatStoreDate(shipment.createdAt)],
        ["Your PO number", order.po_number ?? "none given"],
        ...(shipment.tracking
          ? ([
              ["Carrier", shipment.tracking.carrier],
              ...(shipment.tracking.trackingNumber ? [["Tracking number", shipment.tracking.trackingNumber]] : []),
            ] as [string, string][])
          : []),
      ],
    },
    parties: [{ heading: "Deliver to", lines: [order.customer_name, ...addressLines(order.address), order.phone] }],
    table: {
      columns: [
        { heading: "Part number", x: 0, width: 95, align: "left" },
        { heading: "Description", x: 100, width: 200, align: "left" },
        { heading: "Ordered", x: 305, width: 55, align: "right" },
        { heading: "In this parcel", x: 365, width: 65, align: "right" },
        { heading: "To come", x: 435, width: CONTENT_WIDTH - 435, align: "right" },
      ],
      rows: lines.map((line) => [
        line.partNumber,
        line.name,
        String(line.ordered),
        String(line.inThisParcel),
        String(line.toCome),
      ]),
    },
    note:
      (toCome
        ? `${toCome} more ${toCome === 1 ? "unit follows" : "units follow"} in a later shipment. `
        : "This parcel completes the order. ") +
      "Please check the parts against this slip when they arrive and tell us of anything missing or damaged within 5 working days.",
  });
}
