import { randomBytes } from "node:crypto";

import { appUrl, storeMoneyFormat, storeName } from "~/config/env.server";
import { decimalAmount } from "~/lib/money";
import { element, emptyElement, xmlDocument, type XmlElement } from "~/lib/xml";

// The cXML documents the shop sends (cXML 1.2, PunchOut Level 1): the answer to every request (a
// Status, with a PunchOutSetupResponse when a session was made) and the cart going back to the
// procurement system (PunchOutOrderMessage). docs/decisions/0051-punchout.md says which fields
// come from where.

const CXML_VERSION = "1.2.063";
const DOCTYPE = `cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd"`;

/** Parts are sold by the piece: UN/ECE Recommendation 20's "each", which cXML and SAP both read. */
export const UNIT_OF_MEASURE = "EA";

/** cXML's texts for the status codes the shop answers with. */
const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Request Entity Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

/** A payloadID as cXML asks for one: unique, with the sender's host after an @. */
function payloadId() {
  return `${Date.now()}.${randomBytes(8).toString("hex")}@${new URL(appUrl()).hostname}`;
}

function envelope(...children: XmlElement[]) {
  return xmlDocument(
    element(
      "cXML",
      { payloadID: payloadId(), timestamp: new Date().toISOString(), "xml:lang": storeMoneyFormat().locale },
      ...children,
    ),
    { doctype: DOCTYPE },
  );
}

/**
 * The answer to a request: its status code and text, and a detail the sender's administrator can
 * read (never the request's own text: an answer is no place to reflect what a stranger sent).
 */
export function cxmlStatusResponse(code: number, detail?: string, ...content: XmlElement[]) {
  const status = detail
    ? element("Status", { code, text: STATUS_TEXT[code] ?? "Error" }, detail)
    : emptyElement("Status", { code, text: STATUS_TEXT[code] ?? "Error" });
  return envelope(element("Response", status, ...content));
}

/** A PunchOutSetupRequest answered: the one-time address the buyer's browser opens. */
export function cxmlSetupResponse(startUrl: string) {
  return cxmlStatusResponse(
    200,
    undefined,
    element("PunchOutSetupResponse", element("StartPage", element("URL", startUrl))),
  );
}

export type TransferredLine = {
  partNumber: string;
  buyerPartNumber: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  unspsc: string | null;
  leadTimeDays: number;
};

export type CartTransfer = {
  /** Our reference for this session, carried on every line as SupplierPartAuxiliaryID. */
  sessionReference: string;
  buyerCookie: string;
  buyer: { domain: string; identity: string };
  lines: readonly TransferredLine[];
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  taxLabel: string;
};

/**
 * The cart going back as a PunchOutOrderMessage: the BuyerCookie, each line with its quantity, our
 * part number (and this session's reference, so a purchase order can be priced as transferred), the
 * buyer's own part number, description, net unit price, unit of measure, UNSPSC class and lead time
 * in days, and the goods' total, with shipping and tax as the cart shows them.
 */
export function cxmlOrderMessage(transfer: CartTransfer) {
  const { currency } = storeMoneyFormat();
  const money = (cents: number) => element("Money", { currency }, decimalAmount(cents));
  const store = storeName();
  const items = transfer.lines.map((line) =>
    element(
      "ItemIn",
      { quantity: line.quantity },
      element(
        "ItemID",
        element("SupplierPartID", line.partNumber),
        element("SupplierPartAuxiliaryID", transfer.sessionReference),
        line.buyerPartNumber && element("BuyerPartID", line.buyerPartNumber),
      ),
      element(
        "ItemDetail",
        element("UnitPrice", money(line.unitPriceCents)),
        element("Description", { "xml:lang": storeMoneyFormat().locale }, line.name),
        element("UnitOfMeasure", UNIT_OF_MEASURE),
        line.unspsc
          ? element("Classification", { domain: "UNSPSC" }, line.unspsc)
          : emptyElement("Classification", { domain: "UNSPSC" }),
        element("ManufacturerPartID", line.partNumber),
        element("ManufacturerName", store),
        element("LeadTime", line.leadTimeDays),
      ),
    ),
  );
  return envelope(
    element(
      "Header",
      element("From", element("Credential", { domain: "NetworkId" }, element("Identity", store))),
      element(
        "To",
        element("Credential", { domain: transfer.buyer.domain }, element("Identity", transfer.buyer.identity)),
      ),
      element(
        "Sender",
        element("Credential", { domain: "NetworkId" }, element("Identity", store)),
        element("UserAgent", store),
      ),
    ),
    element(
      "Message",
      element(
        "PunchOutOrderMessage",
        transfer.buyerCookie ? element("BuyerCookie", transfer.buyerCookie) : emptyElement("BuyerCookie", {}),
        element(
          "PunchOutOrderMessageHeader",
          { operationAllowed: "edit" },
          element("Total", money(transfer.goodsCents)),
          transfer.shippingCents > 0 &&
            element(
              "Shipping",
              money(transfer.shippingCents),
              element("Description", { "xml:lang": "en" }, "Shipping"),
            ),
          element("Tax", money(transfer.taxCents), element("Description", { "xml:lang": "en" }, transfer.taxLabel)),
        ),
        ...items,
      ),
    ),
  );
}
