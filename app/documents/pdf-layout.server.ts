import PDFDocument from "pdfkit";

import { formatPrice, storeName } from "~/config/env.server";
import { company } from "~/content/company";
import { formatGbVatNumber } from "~/lib/vat-number";

// The shop's documents share one A4 layout (docs/decisions/0034-invoices.md): the seller and the
// document's particulars at the top, the parties, a table of lines whose heading repeats on every
// page, totals kept together, a note, and "Page 1 of N" with the document's number on every page.
// The standard Helvetica: no font file to ship or load.

const MARGIN = 50;
const PAGE_HEIGHT = 841.89;
export const CONTENT_WIDTH = 595.28 - 2 * MARGIN;
/** Where rows stop and the next page starts: room for the footer below. */
const LAST_ROW_Y = PAGE_HEIGHT - MARGIN - 60;

type PdfDocument = InstanceType<typeof PDFDocument>;

/** A column of a document's table: where it starts (from the margin), how wide, which way it aligns. */
export type TableColumn = { heading: string; x: number; width: number; align: "left" | "right" };

/** A new A4 document and the promise of its bytes once `finishDocument` ends it. */
function startDocument({ title, subject, createdAt }: { title: string; subject: string; createdAt: string }) {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: company.legalName, Subject: subject, CreationDate: new Date(createdAt) },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

/** The seller (with its VAT number, when the document carries one) left; the title and particulars right. */
function drawHeading(
  doc: PdfDocument,
  {
    title,
    particulars,
    sellerVatNumber,
  }: { title: string; particulars: [string, string][]; sellerVatNumber?: string | null },
) {
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(16).fillColor("#000000").text(company.legalName, MARGIN, top, { width: 260 });
  doc.font("Helvetica").fontSize(9);
  for (const line of [...company.address, company.phone, company.email]) doc.text(line, { width: 260 });
  if (sellerVatNumber) doc.text(`VAT registration number: ${formatGbVatNumber(sellerVatNumber)}`, { width: 260 });
  const sellerBottom = doc.y;

  const right = MARGIN + 290;
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(title.toUpperCase(), right, top, { width: CONTENT_WIDTH - 290, align: "right" });
  doc.fontSize(9).moveDown(0.4);
  for (const [label, value] of particulars) {
    const y = doc.y;
    doc.font("Helvetica").text(label, right, y, { width: 110 });
    doc.font("Helvetica-Bold").text(value, right + 110, y, { width: CONTENT_WIDTH - 400, align: "right" });
  }
  doc.y = Math.max(sellerBottom, doc.y) + 20;
}

/** Side by side: whom the document is for, where the goods go. */
function drawParties(doc: PdfDocument, parties: { heading: string; lines: string[] }[]) {
  const top = doc.y;
  let bottom = top;
  parties.forEach(({ heading, lines }, index) => {
    const x = MARGIN + index * 260;
    doc.font("Helvetica-Bold").fontSize(9).text(heading, x, top, { width: 230 });
    doc.font("Helvetica");
    for (const line of lines) doc.text(line, x, doc.y, { width: 230 });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 20;
}

/** The document's lines, each a cell per column; the heading again on every page the table runs onto. */
function drawTable(doc: PdfDocument, columns: TableColumn[], rows: string[][], wrapColumn: number) {
  const cell = (column: TableColumn, text: string, y: number) =>
    doc.text(text, MARGIN + column.x, y, { width: column.width, align: column.align });
  const heading = () => {
    const y = doc.y;
    doc.font("Helvetica-Bold").fontSize(9);
    for (const column of columns) cell(column, column.heading, y);
    const below = Math.max(doc.y, y + doc.currentLineHeight()) + 4;
    doc
      .moveTo(MARGIN, below)
      .lineTo(MARGIN + CONTENT_WIDTH, below)
      .lineWidth(0.5)
      .stroke();
    doc.y = below + 6;
    doc.font("Helvetica");
  };
  heading();
  for (const row of rows) {
    const height = doc.heightOfString(row[wrapColumn], { width: columns[wrapColumn].width });
    if (doc.y + height > LAST_ROW_Y) {
      doc.addPage();
      heading();
    }
    const y = doc.y;
    columns.forEach((column, index) => cell(column, row[index], y));
    doc.y = y + Math.max(height, doc.currentLineHeight()) + 5;
  }
}

/** Label and amount rows under the table, on the right, kept on one page; the last one is the total. */
function drawTotals(doc: PdfDocument, rows: [label: string, amount: string][]) {
  if (doc.y + 20 * rows.length > LAST_ROW_Y) doc.addPage();
  const ruleY = doc.y + 2;
  doc
    .moveTo(MARGIN + 290, ruleY)
    .lineTo(MARGIN + CONTENT_WIDTH, ruleY)
    .lineWidth(0.5)
    .stroke();
  doc.y = ruleY + 8;
  rows.forEach(([label, amount], index) => {
    const strong = index === rows.length - 1;
    const y = doc.y;
    doc.font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 11 : 9);
    doc.text(label, MARGIN + 290, y, { width: 130 });
    doc.text(amount, MARGIN + 420, y, { width: CONTENT_WIDTH - 420, align: "right" });
  });
}

/** A paragraph after the table (payment terms, how to accept, what to check on arrival). */
function drawNote(doc: PdfDocument, text: string) {
  doc.moveDown(2);
  doc.font("Helvetica").fontSize(9).fillColor("#333333").text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor("#000000");
}

/** "Page 1 of 2" and what the document is on every page, once all pages exist; then its bytes. */
function finishDocument(doc: PdfDocument, bytes: Promise<Buffer>, footer: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    // Below the bottom margin, where text would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#555555")
      .text(`${storeName()} · ${footer} · Page ${page - start + 1} of ${count}`, MARGIN, PAGE_HEIGHT - MARGIN - 10, {
        width: CONTENT_WIDTH,
        align: "center",
        lineBreak: false,
      });
  }
  doc.end();
  return bytes;
}

/** A block of the parties row: its heading and its lines. */
export type Party = { heading: string; lines: string[] };

/** Everything one of the shop's documents prints, top to bottom, in the order it prints it. */
export type DocumentContent = {
  /** The PDF's title. */
  name: string;
  /** What every page's footer names, when it is not the title. */
  footer?: string;
  subject: string;
  createdAt: string;
  heading: Parameters<typeof drawHeading>[1];
  parties: Party[];
  table: { columns: TableColumn[]; rows: string[][] };
  totals?: [label: string, amount: string][];
  note: string;
};

/** A document as PDF bytes: every document the shop issues is this one layout filled in. */
export function renderDocument(content: DocumentContent): Promise<Buffer> {
  const { doc, bytes } = startDocument({ title: content.name, subject: content.subject, createdAt: content.createdAt });
  drawHeading(doc, content.heading);
  drawParties(doc, content.parties);
  // The description (column 1) is the one that wraps.
  drawTable(doc, content.table.columns, content.table.rows, 1);
  if (content.totals) drawTotals(doc, content.totals);
  drawNote(doc, content.note);
  return finishDocument(doc, bytes, content.footer ?? content.name);
}

/**
 * Whom a priced document is for: the company and, under it, the person (or the person alone), the
 * billing address when there is one, the email (none on an erased account's kept invoice), and the
 * buyer's VAT number when they gave one.
 */
export function billTo(buyer: {
  companyName: string | null;
  personName: string;
  email: string;
  address?: string;
  vatNumber: string | null;
}): Party {
  return {
    heading: "Bill to",
    lines: [
      ...(buyer.companyName ? [buyer.companyName, `For ${buyer.personName}`] : [buyer.personName]),
      ...(buyer.address ? addressLines(buyer.address) : []),
      ...(buyer.email ? [buyer.email] : []),
      ...(buyer.vatNumber ? [`VAT number ${formatGbVatNumber(buyer.vatNumber)}`] : []),
    ],
  };
}

/** An address as stored (one line per line) as the documents print it. */
export function addressLines(address: string) {
  return address.split(/\r?\n/);
}

/** A priced line as the documents print it. */
export type PricedLine = {
  partNumber: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
};

/** The rows of a priced table, in pricedColumns' order; `amount` prints a line's total (a credit as negative). */
function pricedRows(lines: readonly PricedLine[], amount: (cents: number) => string = formatPrice) {
  return lines.map((line) => [
    line.partNumber,
    line.name,
    String(line.quantity),
    formatPrice(line.unitPriceCents),
    amount(line.totalCents),
  ]);
}

/** A priced table: its columns (the total's heading names the tax it is net of) and its rows. */
export function pricedTable(
  lines: readonly PricedLine[],
  totalHeading: string,
  amount: (cents: number) => string = formatPrice,
): DocumentContent["table"] {
  return { columns: pricedColumns(totalHeading), rows: pricedRows(lines, amount) };
}

/** The usual columns of a priced table: part number, description (wraps), quantity, unit price, total. */
function pricedColumns(totalHeading: string): TableColumn[] {
  return [
    { heading: "Part number", x: 0, width: 95, align: "left" },
    { heading: "Description", x: 100, width: 185, align: "left" },
    { heading: "Qty", x: 290, width: 40, align: "right" },
    { heading: "Unit price", x: 335, width: 80, align: "right" },
    { heading: totalHeading, x: 420, width: CONTENT_WIDTH - 420, align: "right" },
  ];
}
