import { storePeppolId, storeToday } from "~/config/env.server";
import { company } from "~/content/company";
import { type PostalAddress, splitOneLineAddress } from "~/lib/addresses";
import { type PeppolId, readPeppolId } from "~/lib/peppol-id";
import { element } from "~/lib/xml";
import type { InvoiceDocument } from "~/models/invoice";

// The parties of an e-invoice (docs/decisions/0050-e-invoices.md): the seller, the buyer and where the
// goods went, each with its address in parts and, for seller and buyer, its Peppol address.

/** An address's parts: the order's own (checkout since migration 0042), else read back from its one line. */
function addressParts(parts: string | null, oneLine: string): PostalAddress {
  if (parts) return JSON.parse(parts) as PostalAddress;
  const read = splitOneLineAddress(oneLine);
  // An address of old, before the address book: the shop's own country, as it then sold only at home.
  return { name: "", company: null, ...read, country: "GB" };
}

function postalAddress(name: "cac:PostalAddress" | "cac:Address", address: PostalAddress) {
  return element(
    name,
    element("cbc:StreetName", address.line1),
    element("cbc:AdditionalStreetName", address.line2),
    element("cbc:CityName", address.town),
    element("cbc:PostalZone", address.postcode),
    element("cac:Country", element("cbc:IdentificationCode", address.country)),
  );
}

function endpoint(id: PeppolId | null) {
  return id && element("cbc:EndpointID", { schemeID: id.scheme }, id.value);
}

function vatRegistration(vatNumber: string | null) {
  return (
    vatNumber &&
    element(
      "cac:PartyTaxScheme",
      element("cbc:CompanyID", vatNumber),
      element("cac:TaxScheme", element("cbc:ID", "VAT")),
    )
  );
}

/** The shop's address in its parts, from the lines the PDFs print ("Sheffield S3 8RT"). */
function sellerAddress(): PostalAddress {
  const [line1, line2, townAndPostcode] = company.address;
  const read = splitOneLineAddress(townAndPostcode);
  return {
    name: company.legalName,
    company: null,
    line1,
    line2,
    town: read.line1,
    postcode: read.postcode,
    country: "GB",
  };
}

export function sellerParty(sellerVatNumber: string | null) {
  return element(
    "cac:AccountingSupplierParty",
    element(
      "cac:Party",
      endpoint(storePeppolId()),
      element("cac:PartyName", element("cbc:Name", company.legalName)),
      postalAddress("cac:PostalAddress", sellerAddress()),
      vatRegistration(sellerVatNumber),
      element("cac:PartyLegalEntity", element("cbc:RegistrationName", company.legalName)),
      element("cac:Contact", element("cbc:Telephone", company.phone), element("cbc:ElectronicMail", company.email)),
    ),
  );
}

/**
 * Where the buyer takes e-invoices: its company's Peppol ID, else its UK VAT number under the UK's
 * VAT scheme (9932), else the shop's own: a buyer off the network (a private customer) still gets a
 * document the rules accept, and an access point handed it would bring it back to us, not to a stranger.
 */
export function buyerEndpoint(invoice: Pick<InvoiceDocument, "buyer_peppol_id" | "buyer_vat_number">) {
  const own = invoice.buyer_peppol_id ? readPeppolId(invoice.buyer_peppol_id) : null;
  if (own?.ok) return { id: own.id, own: true };
  if (invoice.buyer_vat_number) return { id: { scheme: "9932", value: invoice.buyer_vat_number }, own: true };
  return { id: storePeppolId(), own: false };
}

export function buyerParty(invoice: InvoiceDocument) {
  const name = invoice.buyer_company ?? invoice.customer_name;
  return element(
    "cac:AccountingCustomerParty",
    element(
      "cac:Party",
      endpoint(buyerEndpoint(invoice).id),
      element("cac:PartyName", element("cbc:Name", name)),
      postalAddress("cac:PostalAddress", addressParts(invoice.billing_parts, invoice.billing_address)),
      vatRegistration(invoice.buyer_vat_number),
      element("cac:PartyLegalEntity", element("cbc:RegistrationName", name)),
      element(
        "cac:Contact",
        element("cbc:Name", invoice.customer_name),
        element("cbc:ElectronicMail", invoice.customer_email),
      ),
    ),
  );
}

export function delivery(invoice: InvoiceDocument) {
  const address = addressParts(invoice.delivery_parts, invoice.delivery_address);
  return element(
    "cac:Delivery",
    // The tax point: the day the goods left (an invoice is issued as its shipment is made).
    invoice.kind === "invoice" && element("cbc:ActualDeliveryDate", storeToday(new Date(invoice.issued_at))),
    element("cac:DeliveryLocation", postalAddress("cac:Address", address)),
    address.name && element("cac:DeliveryParty", element("cac:PartyName", element("cbc:Name", address.name))),
  );
}

type DocumentFacts = Pick<InvoiceDocument, "seller_vat_number" | "tax_rate_basis_points">;

/**
 * Why a document's e-invoice would not pass the Peppol rules, in words staff can act on; none when
 * it would. What the shop's own data can lack: the seller's VAT number when it charged VAT (frozen on
 * the document when it was issued) and the seller's Peppol address. A buyer's address always has the
 * country the rules ask for (checkout asks for it; one of old is read as the shop's own).
 */
export function eInvoiceProblems(invoice: DocumentFacts): string[] {
  const problems: string[] = [];
  if (invoice.tax_rate_basis_points > 0 && !invoice.seller_vat_number) {
    problems.push("it charges VAT, but the shop had no VAT number (STORE_VAT_NUMBER) when it was issued");
  }
  if (!storePeppolId()) problems.push("the shop has no Peppol ID (STORE_PEPPOL_ID or STORE_VAT_NUMBER)");
  return problems;
}

/** Documents as a list shows them: each with its e-invoice's problems when `checked` (for staff). */
export function withEInvoiceProblems<Row extends DocumentFacts>(rows: Row[], { checked }: { checked: boolean }) {
  return rows.map(({ seller_vat_number, tax_rate_basis_points, ...row }) => ({
    ...row,
    eInvoiceProblems: checked ? eInvoiceProblems({ seller_vat_number, tax_rate_basis_points }) : [],
  }));
}
