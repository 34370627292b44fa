import { storeMoneyFormat, storeToday } from "~/config/env.server";
import { company } from "~/content/company";
import { agreedPricesNote } from "~/lib/contract-prices";
import { decimalAmount } from "~/lib/money";
import { element, xmlDocument } from "~/lib/xml";
import type { InvoiceDocument } from "~/models/invoice";

import { buyerParty, delivery, sellerParty } from "./e-invoice-parties.server";

// An issued invoice or credit note as a UBL 2.1 e-invoice conforming to Peppol BIS Billing 3.0
// (docs/decisions/0050-e-invoices.md): written from the same issued row as its PDF, so both agree to
// the penny. What each business term is filled from is in the decision; element order is the schema's.

const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
const NAMESPACES = {
  Invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  CreditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};
/** UN/ECE Recommendation 20: one piece. Every part is sold by the piece. */
const PIECE = "H87";

/** An amount in the store's currency as UBL writes it: "1234.50". */
const money = decimalAmount;

/** A VAT rate in percent: 2000 basis points → "20.00". */
const percent = (basisPoints: number) => money(basisPoints);

/** The day a timestamp falls on in the store's zone: what every date of the document is. */
const storeDay = (iso: string) => storeToday(new Date(iso));

/** VAT categories (UNCL 5305): standard-rated when the shop charges VAT, zero-rated when its rate is 0. */
function vatCategory(rateBasisPoints: number, name = "cac:TaxCategory") {
  return element(
    name,
    element("cbc:ID", rateBasisPoints > 0 ? "S" : "Z"),
    element("cbc:Percent", percent(rateBasisPoints)),
    element("cac:TaxScheme", element("cbc:ID", "VAT")),
  );
}

/** Paid by bank transfer, quoting the document's number, to the account the PDFs print. */
function paymentMeans(invoice: InvoiceDocument) {
  const { bank } = company;
  return element(
    "cac:PaymentMeans",
    element("cbc:PaymentMeansCode", { name: "Credit transfer" }, "30"),
    element("cbc:PaymentID", invoice.number),
    element(
      "cac:PayeeFinancialAccount",
      element("cbc:ID", bank.accountNumber),
      element("cbc:Name", bank.accountName),
      element("cac:FinancialInstitutionBranch", element("cbc:ID", bank.sortCode)),
    ),
  );
}

function paymentTerms(invoice: InvoiceDocument) {
  if (invoice.kind !== "invoice") return null;
  const note = invoice.due_on
    ? `On account: payment is due by ${invoice.due_on}. Please quote ${invoice.number}.`
    : `Payment is due on receipt. Please quote ${invoice.number}.`;
  return element("cac:PaymentTerms", element("cbc:Note", note));
}

/** Our shipping charge, billed on an order's first invoice: a document-level charge (UNCL 7161 FC, freight). */
function shippingCharge(invoice: InvoiceDocument, currency: string) {
  if (invoice.shipping_cents === 0) return null;
  return element(
    "cac:AllowanceCharge",
    element("cbc:ChargeIndicator", "true"),
    element("cbc:AllowanceChargeReasonCode", "FC"),
    element("cbc:AllowanceChargeReason", "Shipping"),
    element("cbc:Amount", { currencyID: currency }, money(invoice.shipping_cents)),
    vatCategory(invoice.tax_rate_basis_points),
  );
}

function taxTotal(invoice: InvoiceDocument, currency: string) {
  return element(
    "cac:TaxTotal",
    element("cbc:TaxAmount", { currencyID: currency }, money(invoice.tax_cents)),
    element(
      "cac:TaxSubtotal",
      element("cbc:TaxableAmount", { currencyID: currency }, money(invoice.goods_cents + invoice.shipping_cents)),
      element("cbc:TaxAmount", { currencyID: currency }, money(invoice.tax_cents)),
      vatCategory(invoice.tax_rate_basis_points),
    ),
  );
}

/** A pro-forma order's invoice is paid when it is issued: what it asks for is then nothing. */
function paidAtIssue(invoice: InvoiceDocument) {
  return invoice.kind === "invoice" && invoice.paid_at !== null && invoice.paid_at <= invoice.issued_at;
}

function monetaryTotal(invoice: InvoiceDocument, currency: string) {
  const amount = (name: string, cents: number) => element(name, { currencyID: currency }, money(cents));
  const prepaid = paidAtIssue(invoice) ? invoice.total_cents : 0;
  return element(
    "cac:LegalMonetaryTotal",
    amount("cbc:LineExtensionAmount", invoice.goods_cents),
    amount("cbc:TaxExclusiveAmount", invoice.goods_cents + invoice.shipping_cents),
    amount("cbc:TaxInclusiveAmount", invoice.total_cents),
    invoice.shipping_cents > 0 && amount("cbc:ChargeTotalAmount", invoice.shipping_cents),
    prepaid > 0 && amount("cbc:PrepaidAmount", prepaid),
    amount("cbc:PayableAmount", invoice.total_cents - prepaid),
  );
}

function documentLine(invoice: InvoiceDocument, line: InvoiceDocument["lines"][number], currency: string) {
  const isInvoice = invoice.kind === "invoice";
  return element(
    isInvoice ? "cac:InvoiceLine" : "cac:CreditNoteLine",
    element("cbc:ID", line.position),
    line.price_list_name && element("cbc:Note", `Price as agreed in ${line.price_list_name}`),
    element(isInvoice ? "cbc:InvoicedQuantity" : "cbc:CreditedQuantity", { unitCode: PIECE }, line.quantity),
    element("cbc:LineExtensionAmount", { currencyID: currency }, money(line.line_total_cents)),
    element(
      "cac:Item",
      element("cbc:Name", line.item_name),
      line.customer_part_number &&
        element("cac:BuyersItemIdentification", element("cbc:ID", line.customer_part_number)),
      element("cac:SellersItemIdentification", element("cbc:ID", line.part_number)),
      vatCategory(invoice.tax_rate_basis_points, "cac:ClassifiedTaxCategory"),
    ),
    element("cac:Price", element("cbc:PriceAmount", { currencyID: currency }, money(line.unit_price_cents))),
  );
}

/** The document as UBL 2.1 XML: an Invoice (type 380) or a CreditNote (type 381). */
export function writeEInvoice(invoice: InvoiceDocument): string {
  const currency = storeMoneyFormat().currency;
  const isInvoice = invoice.kind === "invoice";
  const root = isInvoice ? "Invoice" : "CreditNote";
  const notes = agreedPricesNote(invoice.lines);
  return xmlDocument(
    element(
      root,
      { xmlns: NAMESPACES[root], "xmlns:cac": NAMESPACES.cac, "xmlns:cbc": NAMESPACES.cbc },
      element("cbc:CustomizationID", CUSTOMIZATION_ID),
      element("cbc:ProfileID", PROFILE_ID),
      element("cbc:ID", invoice.number),
      element("cbc:IssueDate", storeDay(invoice.issued_at)),
      isInvoice && element("cbc:DueDate", invoice.due_on),
      element(isInvoice ? "cbc:InvoiceTypeCode" : "cbc:CreditNoteTypeCode", isInvoice ? "380" : "381"),
      notes && element("cbc:Note", notes),
      element("cbc:DocumentCurrencyCode", currency),
      // BT-10: what the buyer's accounts match the document to, their PO number or else our order's.
      element("cbc:BuyerReference", invoice.po_number ?? `Order ${invoice.order_id}`),
      isInvoice &&
        element(
          "cac:InvoicePeriod",
          element("cbc:StartDate", storeDay(invoice.order_placed_at)),
          element("cbc:EndDate", storeDay(invoice.issued_at)),
        ),
      element(
        "cac:OrderReference",
        // BT-13 is the buyer's purchase order; "NA" where they gave none, as Peppol asks beside BT-14.
        element("cbc:ID", invoice.po_number ?? "NA"),
        element("cbc:SalesOrderID", String(invoice.order_id)),
      ),
      invoice.creditsNumber &&
        element(
          "cac:BillingReference",
          element(
            "cac:InvoiceDocumentReference",
            element("cbc:ID", invoice.creditsNumber),
            invoice.creditsIssuedAt && element("cbc:IssueDate", storeDay(invoice.creditsIssuedAt)),
          ),
        ),
      sellerParty(invoice.seller_vat_number),
      buyerParty(invoice),
      delivery(invoice),
      isInvoice && paymentMeans(invoice),
      paymentTerms(invoice),
      shippingCharge(invoice, currency),
      taxTotal(invoice, currency),
      monetaryTotal(invoice, currency),
      ...invoice.lines.map((line) => documentLine(invoice, line, currency)),
    ),
  );
}

/** The file name a download and a mail attachment carry: INV-2026-000123.xml. */
export function eInvoiceFileName(invoice: Pick<InvoiceDocument, "number">) {
  return `${invoice.number}.xml`;
}
