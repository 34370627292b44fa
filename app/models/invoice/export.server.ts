// The invoices export for an accounting import: one row per line billed, in batches.
import type { Selectable } from "kysely";

import { appUrl, storeToday } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";
import type { InvoiceLinesTable, InvoicesTable } from "~/db/schema";
import { csvAmount } from "~/lib/csv";
import { invoiceFileHref } from "~/lib/invoices";
import { formatTaxRate, taxOn } from "~/lib/pricing";

import { type InvoiceReader, readableInvoices } from "./reading.server";

/**
 * An accounting import's columns: one row per line billed (the shipping charge its own row), each
 * with its net, VAT and gross. A credit note's amounts are negative, and `credits_invoice` names the
 * one invoice it credits, so the import matches it against that invoice.
 */
export const INVOICE_CSV_COLUMNS = [
  "document",
  "kind",
  "issued_on",
  "order",
  "customer",
  "po_number",
  "part_number",
  "description",
  "quantity",
  "unit_price",
  "net",
  "vat_rate",
  "vat",
  "gross",
  "e_invoice",
  "credits_invoice",
] as const;

/**
 * The documents a reader may see (narrowed by `search`), oldest first, as accounting rows. Each
 * row's VAT is its own net's, rounded half up, except the document's last row, which takes what is
 * left of the document's VAT: so the rows of a document add up to its totals to the penny.
 */
export async function* invoiceCsvBatches(
  reader: InvoiceReader,
  { search, executor = db, batch = 500 }: DbOptions & { search?: string; batch?: number } = {},
): AsyncGenerator<(string | number | null)[][], void, undefined> {
  let after = 0;
  for (;;) {
    const invoices = await readableInvoices(executor, reader, search)
      .leftJoin("invoices as credited", "credited.id", "invoices.credits_invoice_id")
      .selectAll("invoices")
      .select("credited.number as credits_number")
      .where("invoices.id", ">", after)
      .orderBy("invoices.id")
      .limit(batch)
      .execute();
    if (!invoices.length) return;
    after = invoices.at(-1)!.id;
    const lines = await executor
      .selectFrom("invoice_lines")
      .select(["invoice_id", "part_number", "item_name", "quantity", "unit_price_cents", "line_total_cents"])
      .where(
        "invoice_id",
        "in",
        invoices.map((invoice) => invoice.id),
      )
      .orderBy("invoice_id")
      .orderBy("position")
      .execute();
    yield invoices.flatMap((invoice) =>
      accountingRows(
        invoice,
        lines.filter((line) => line.invoice_id === invoice.id),
      ),
    );
  }
}

type InvoiceRow = Selectable<InvoicesTable> & { credits_number: string | null };
type InvoiceLineRow = Pick<
  Selectable<InvoiceLinesTable>,
  "part_number" | "item_name" | "quantity" | "unit_price_cents" | "line_total_cents"
>;

function accountingRows(invoice: InvoiceRow, lines: InvoiceLineRow[]) {
  const charges = [
    ...lines.map((line) => ({
      partNumber: line.part_number,
      description: line.item_name,
      quantity: line.quantity as number | null,
      unitCents: Number(line.unit_price_cents) as number | null,
      netCents: Number(line.line_total_cents),
    })),
    ...(Number(invoice.shipping_cents) > 0
      ? [
          {
            partNumber: "",
            description: "Shipping",
            quantity: null,
            unitCents: null,
            netCents: Number(invoice.shipping_cents),
          },
        ]
      : []),
  ];
  const sign = invoice.kind === "credit note" ? -1 : 1;
  let vatLeft = Number(invoice.tax_cents);
  return charges.map((charge, index) => {
    const vatCents = index === charges.length - 1 ? vatLeft : taxOn(charge.netCents, invoice.tax_rate_basis_points);
    vatLeft -= vatCents;
    return [
      invoice.number,
      invoice.kind,
      // The tax point's day where the shop is: what a VAT period is counted by.
      storeToday(new Date(invoice.issued_at)),
      invoice.order_id,
      invoice.customer_name,
      invoice.po_number,
      charge.partNumber,
      charge.description,
      charge.quantity,
      charge.unitCents === null ? null : csvAmount(charge.unitCents),
      csvAmount(sign * charge.netCents),
      formatTaxRate(invoice.tax_rate_basis_points),
      csvAmount(sign * vatCents),
      csvAmount(sign * (charge.netCents + vatCents)),
      // The document's e-invoice (UBL 2.1), for an accounts system that reads XML rather than rows.
      `${appUrl()}${invoiceFileHref(invoice.number, "xml")}`,
      invoice.credits_number,
    ];
  });
}
