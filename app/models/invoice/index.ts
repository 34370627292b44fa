// VAT invoices and credit notes (issue 27, docs/decisions/0034-invoices.md). Its entry points, each
// from the file that holds it:
//   issue.server.ts     issuing an invoice per shipment and the credit notes of a return
//   reading.server.ts   who reads which, the lists, an order's invoices, one document for its PDF
//   export.server.ts    the accounting export
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export { INVOICE_CSV_COLUMNS, invoiceCsvBatches } from "./export.server";
export type { IssuedCreditNote, IssuedInvoice } from "./issue.server";
export { issueCreditNotes, issueShipmentInvoice } from "./issue.server";
export type { InvoiceDocument, InvoiceReader, InvoiceSummary } from "./reading.server";
export {
  getInvoiceDocument,
  invoicedAmountsOf,
  invoiceReaderOf,
  INVOICES_PER_PAGE,
  invoicesOfOrder,
  listInvoices,
  listInvoicesPage,
} from "./reading.server";
