import { formatStoreDate } from "~/config/env.server";
import type { PackingSlip } from "~/models/order";

import {
  CONTENT_WIDTH,
  drawHeading,
  drawNote,
  drawParties,
  drawTable,
  finishDocument,
  startDocument,
} from "./pdf-layout.server";

// A shipment's packing slip: what is in the parcel and what is still to come, without prices (it
// travels with the goods, and the goods are often opened by a stores clerk, not the buyer).

export function renderPackingSlipPdf({ order, shipment, lines }: PackingSlip): Promise<Buffer> {
  const name = `Packing slip, order #${order.id}, shipment ${shipment.number}`;
  const { doc, bytes } = startDocument({ title: name, subject: `Order #${order.id}`, createdAt: shipment.createdAt });
  drawHeading(doc, {
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
  });
  drawParties(doc, [
    { heading: "Deliver to", lines: [order.customer_name, ...order.address.split(/\r?\n/), order.phone] },
  ]);
  drawTable(
    doc,
    [
      { heading: "Part number", x: 0, width: 95, align: "left" },
      { heading: "Description", x: 100, width: 200, align: "left" },
      { heading: "Ordered", x: 305, width: 55, align: "right" },
      { heading: "In this parcel", x: 365, width: 65, align: "right" },
      { heading: "To come", x: 435, width: CONTENT_WIDTH - 435, align: "right" },
    ],
    lines.map((line) => [
      line.partNumber,
      line.name,
      String(line.ordered),
      String(line.inThisParcel),
      String(line.toCome),
    ]),
    1,
  );
  const toCome = lines.reduce((sum, line) => sum + line.toCome, 0);
  drawNote(
    doc,
    (toCome
      ? `${toCome} more ${toCome === 1 ? "unit follows" : "units follow"} in a later shipment. `
      : "This parcel completes the order. ") +
      "Please check the parts against this slip when they arrive and tell us of anything missing or damaged within 5 working days.",
  );
  return finishDocument(doc, bytes, name);
}
