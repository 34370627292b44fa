import PDFDocument from "pdfkit";

import { formatPrice, formatStoreDate, storeName } from "~/config/env.server";
import { company } from "~/content/company";
import { invoiceTitle } from "~/lib/invoices";
import { formatTaxRate } from "~/lib/pricing";
import { formatGbVatNumber } from "~/lib/vat-number";
import type { InvoiceDocument } from "~/models/invoice.server";

// An issued invoice or credit note as a PDF (docs/decisions/0034-invoices.md): A4, the standard
// Helvetica (no font file to ship or load), everything it prints read from the issued row.

const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Where rows stop and the next page starts: room for the footer below. */
const LAST_ROW_Y = PAGE.height - MARGIN - 60;

/** The line table's columns: x offset from the margin, width, alignment. */
const COLUMNS = {
  part: { x: 0, width: 95, align: "left" },
  description: { x: 100, width: 185, align: "left" },
  quantity: { x: 290, width: 40, align: "right" },
  unit: { x: 335, width: 80, align: "right" },
  total: { x: 420, width: CONTENT_WIDTH - 420, align: "right" },
} as const;

type Column = keyof typeof COLUMNS;

function vatNumberText(clean: string | null) {
  return clean ? formatGbVatNumber(clean) : null;
}

/** A credit note's amounts print as the credits they are. */
function signed(kind: InvoiceDocument["kind"], cents: number) {
  return formatPrice(kind === "credit note" ? -cents : cents);
}

/** The document as PDF bytes. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const title = invoiceTitle(invoice.kind);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${title} ${invoice.number}`,
      Author: company.legalName,
      Subject: `Order #${invoice.order_id}`,
      CreationDate: new Date(invoice.issued_at),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // The seller, left; the document's own particulars, right.
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(16).text(company.legalName, MARGIN, top, { width: 260 });
  doc.font("Helvetica").fontSize(9);
  for (const line of [...company.address, company.phone, company.email]) doc.text(line, { width: 260 });
  const sellerVat = vatNumberText(invoice.seller_vat_number);
  if (sellerVat) doc.text(`VAT registration number: ${sellerVat}`, { width: 260 });
  const sellerBottom = doc.y;

  const right = MARGIN + 290;
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(title.toUpperCase(), right, top, { width: CONTENT_WIDTH - 290, align: "right" });
  doc.fontSize(9);
  const particulars: [string, string][] = [
    [invoice.kind === "invoice" ? "Invoice number" : "Credit note number", invoice.number],
    [invoice.kind === "invoice" ? "Date (tax point)" : "Date", formatStoreDate(invoice.issued_at)],
    ...(invoice.creditsNumber ? ([["Credits invoice", invoice.creditsNumber]] as [string, string][]) : []),
    ["Order", `#${invoice.order_id}`],
    ["Your PO number", invoice.po_number ?? "none given"],
  ];
  doc.moveDown(0.4);
  for (const [label, value] of particulars) {
    const y = doc.y;
    doc.font("Helvetica").text(label, right, y, { width: 110 });
    doc.font("Helvetica-Bold").text(value, right + 110, y, { width: CONTENT_WIDTH - 400, align: "right" });
  }
  doc.y = Math.max(sellerBottom, doc.y) + 20;

  // Whom it bills and where the goods went.
  const partiesTop = doc.y;
  const party = (x: number, heading: string, lines: string[]) => {
    doc.font("Helvetica-Bold").fontSize(9).text(heading, x, partiesTop, { width: 230 });
    doc.font("Helvetica");
    for (const line of lines) doc.text(line, x, doc.y, { width: 230 });
    return doc.y;
  };
  const billBottom = party(MARGIN, "Bill to", [
    invoice.customer_name,
    ...invoice.billing_address.split(/\r?\n/),
    invoice.customer_email,
  ]);
  const deliverBottom = party(MARGIN + 260, "Delivered to", invoice.delivery_address.split(/\r?\n/));
  doc.y = Math.max(billBottom, deliverBottom) + 20;

  // The lines, their heading repeated on every page they run onto.
  const cell = (column: Column, text: string, y: number) => {
    const { x, width, align } = COLUMNS[column];
    doc.text(text, MARGIN + x, y, { width, align });
  };
  const tableHeading = () => {
    const y = doc.y;
    doc.font("Helvetica-Bold").fontSize(9);
    cell("part", "Part number", y);
    cell("description", "Description", y);
    cell("quantity", "Qty", y);
    cell("unit", "Unit price", y);
    cell("total", `Net (excl. ${invoice.tax_label})`, y);
    const below = doc.y + 4;
    doc
      .moveTo(MARGIN, below)
      .lineTo(MARGIN + CONTENT_WIDTH, below)
      .lineWidth(0.5)
      .stroke();
    doc.y = below + 6;
    doc.font("Helvetica");
  };
  tableHeading();
  for (const line of invoice.lines) {
    const height = doc.heightOfString(line.item_name, { width: COLUMNS.description.width });
    if (doc.y + height > LAST_ROW_Y) {
      doc.addPage();
      tableHeading();
    }
    const y = doc.y;
    cell("part", line.part_number, y);
    cell("description", line.item_name, y);
    cell("quantity", String(line.quantity), y);
    cell("unit", formatPrice(line.unit_price_cents), y);
    cell("total", signed(invoice.kind, line.line_total_cents), y);
    doc.y = y + Math.max(height, doc.currentLineHeight()) + 5;
  }

  // The totals, kept together.
  if (doc.y + 90 > LAST_ROW_Y) doc.addPage();
  const ruleY = doc.y + 2;
  doc
    .moveTo(MARGIN + 290, ruleY)
    .lineTo(MARGIN + CONTENT_WIDTH, ruleY)
    .lineWidth(0.5)
    .stroke();
  doc.y = ruleY + 8;
  const totals: [string, number, boolean][] = [
    ["Goods", invoice.goods_cents, false],
    ["Shipping", invoice.shipping_cents, false],
    [`Total excl. ${invoice.tax_label}`, invoice.goods_cents + invoice.shipping_cents, false],
    [`${invoice.tax_label} at ${formatTaxRate(invoice.tax_rate_basis_points)}%`, invoice.tax_cents, false],
    [invoice.kind === "invoice" ? "Total due" : "Total credited", invoice.total_cents, true],
  ];
  for (const [label, cents, strong] of totals) {
    const y = doc.y;
    doc.font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 11 : 9);
    doc.text(label, MARGIN + 290, y, { width: 130 });
    doc.text(signed(invoice.kind, cents), MARGIN + 420, y, { width: CONTENT_WIDTH - 420, align: "right" });
  }

  doc.moveDown(2);
  doc.font("Helvetica").fontSize(9).fillColor("#333333");
  doc.text(
    invoice.kind === "invoice"
      ? `Payment is due on receipt of this invoice. Please quote ${invoice.number} with your payment.`
      : `This credit note reduces what is owed on invoice ${invoice.creditsNumber ?? ""}.`,
    MARGIN,
    doc.y,
    { width: CONTENT_WIDTH },
  );

  // "Page 1 of 2" and the number on every page, once all pages exist.
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    // Below the bottom margin, where text would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(8).fillColor("#555555");
    doc.text(
      `${storeName()} · ${title} ${invoice.number} · Page ${page - start + 1} of ${count}`,
      MARGIN,
      PAGE.height - MARGIN - 10,
      { width: CONTENT_WIDTH, align: "center", lineBreak: false },
    );
  }
  doc.end();
  return done;
}

/** The file name a download and a mail attachment carry. */
export function invoiceFileName(invoice: Pick<InvoiceDocument, "number">) {
  return `${invoice.number}.pdf`;
}
