import { z } from "zod";

import type { PostalAddress } from "~/lib/addresses";
import { childAt, childrenNamed, type ReadElement, readXml, textAt, XmlRefused } from "~/lib/xml-reader";

import { PostalAddressSchema } from "./address";

// What a procurement system sends (cXML 1.2, PunchOut Level 1 and OrderRequest), read from the XML
// tree into the few fields the shop acts on. Each problem is a CxmlProblem with the status cXML
// gives it and a text the sender's administrator can act on; none repeats the request's own text.

/** A refusal in cXML's terms: its status code (400, 401, 403, 409…) and a readable text. */
export class CxmlProblem extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500,
    message: string,
  ) {
    super(message);
  }
}

export type CxmlCredential = { domain: string; identity: string };

export type CxmlHeader = {
  payloadId: string;
  from: CxmlCredential[];
  to: CxmlCredential[];
  senderSecret: string;
  userAgent: string;
};

export type SetupItem = { supplierPartId: string; auxiliaryId: string; quantity: number };

export type SetupRequest = {
  header: CxmlHeader;
  operation: "create" | "edit";
  buyerCookie: string;
  browserFormPost: string;
  /** Who is shopping, when the request says (Contact's Email, or the UserEmail extrinsic). */
  email: string | null;
  name: string | null;
  /** "edit": the lines the requisition holds, to be put back in the cart. */
  items: SetupItem[];
};

export type OrderLine = {
  lineNumber: number;
  quantity: number;
  supplierPartId: string;
  auxiliaryId: string;
  unitPriceCents: number;
};

export type PurchaseOrder = {
  header: CxmlHeader;
  orderId: string;
  currency: string;
  totalCents: number | null;
  shipTo: PostalAddress;
  phone: string;
  lines: OrderLine[];
};

/** The most a PunchOutSetupRequest "edit" or an OrderRequest may hold; a larger one is refused whole. */
export const MAX_PURCHASE_ORDER_LINES = 500;
const MAX_FIELD = 300;

function read(source: string) {
  try {
    const root = readXml(source);
    if (root.name !== "cXML") throw new CxmlProblem(400, "The document is not cXML: its root element is not cXML.");
    return root;
  } catch (error) {
    if (error instanceof XmlRefused) throw new CxmlProblem(400, error.message);
    throw error;
  }
}

function bounded(value: string, what: string) {
  if (value.length > MAX_FIELD) throw new CxmlProblem(400, `${what} is longer than ${MAX_FIELD} characters.`);
  return value;
}

function credentialsOf(element: ReadElement | undefined): CxmlCredential[] {
  return childrenNamed(element, "Credential").map((credential) => ({
    domain: bounded(credential.attributes.domain?.trim() ?? "", "A credential's domain"),
    identity: bounded(textAt(credential, "Identity"), "A credential's identity"),
  }));
}

function headerOf(root: ReadElement): CxmlHeader {
  const header = childAt(root, "Header");
  if (!header) throw new CxmlProblem(400, "The cXML document has no Header.");
  const senderCredential = childAt(header, "Sender/Credential");
  return {
    payloadId: bounded(root.attributes.payloadID?.trim() ?? "", "The payloadID"),
    from: credentialsOf(childAt(header, "From")),
    to: credentialsOf(childAt(header, "To")),
    senderSecret: bounded(textAt(senderCredential, "SharedSecret"), "The SharedSecret"),
    userAgent: bounded(textAt(header, "Sender/UserAgent"), "The UserAgent"),
  };
}

/** The request element under Request (PunchOutSetupRequest, OrderRequest), or a 400 naming what was expected. */
function requestOf(root: ReadElement, name: string) {
  const request = childAt(root, `Request/${name}`);
  if (!request) throw new CxmlProblem(400, `The cXML document carries no ${name}.`);
  return request;
}

const positiveQuantity = z.coerce.number().int().positive().max(1_000_000);

function quantityOf(value: string | undefined, where: string) {
  const parsed = positiveQuantity.safeParse(value ?? "");
  if (!parsed.success) throw new CxmlProblem(400, `${where}: the quantity must be a whole number of at least 1.`);
  return parsed.data;
}

function webAddress(value: string, what: string) {
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
  } catch {
    /* refused below */
  }
  throw new CxmlProblem(400, `${what} must be an http or https address.`);
}

/** Reads a PunchOutSetupRequest (operation create or edit). */
export function readSetupRequest(source: string): SetupRequest {
  const root = read(source);
  const header = headerOf(root);
  const request = requestOf(root, "PunchOutSetupRequest");
  const operation = request.attributes.operation ?? "create";
  if (operation !== "create" && operation !== "edit") {
    throw new CxmlProblem(
      400,
      `PunchOut operation "${operation === "inspect" ? "inspect" : "other"}" is not offered: use create or edit.`,
    );
  }
  const extrinsic = (name: string) =>
    childrenNamed(request, "Extrinsic")
      .find((element) => element.attributes.name === name)
      ?.text.trim() || null;
  const contact = childAt(request, "Contact");
  const email = textAt(contact, "Email") || extrinsic("UserEmail");
  const itemOuts = childrenNamed(request, "ItemOut");
  if (itemOuts.length > MAX_PURCHASE_ORDER_LINES) {
    throw new CxmlProblem(400, `A setup request may carry at most ${MAX_PURCHASE_ORDER_LINES} items.`);
  }
  return {
    header,
    operation,
    buyerCookie: bounded(textAt(request, "BuyerCookie"), "The BuyerCookie"),
    browserFormPost: webAddress(textAt(request, "BrowserFormPost/URL"), "BrowserFormPost's URL"),
    email: email ? bounded(email.toLowerCase(), "The user's email") : null,
    name:
      bounded(
        textAt(contact, "Name") || [extrinsic("FirstName"), extrinsic("LastName")].filter(Boolean).join(" "),
        "The user's name",
      ) || null,
    items: itemOuts.map((item, index) => ({
      supplierPartId: bounded(textAt(item, "ItemID/SupplierPartID"), "A SupplierPartID"),
      auxiliaryId: bounded(textAt(item, "ItemID/SupplierPartAuxiliaryID"), "A SupplierPartAuxiliaryID"),
      quantity: quantityOf(item.attributes.quantity, `Item ${index + 1}`),
    })),
  };
}

/** "12.50" in the currency's minor units; null when it is not an amount with at most two decimals. */
function centsOf(value: string) {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

function shipToOf(request: ReadElement) {
  const address = childAt(request, "OrderRequestHeader/ShipTo/Address");
  if (!address) throw new CxmlProblem(400, "The order has no ShipTo address.");
  const postal = childAt(address, "PostalAddress");
  const streets = childrenNamed(postal, "Street").map((street) => street.text.trim());
  const deliverTo = textAt(postal, "DeliverTo");
  const parsed = PostalAddressSchema.safeParse({
    name: deliverTo || textAt(address, "Name"),
    company: deliverTo ? textAt(address, "Name") || undefined : undefined,
    line1: streets[0] ?? "",
    line2: streets.slice(1).join(", ") || undefined,
    town: textAt(postal, "City"),
    postcode: textAt(postal, "PostalCode"),
    country: childAt(postal, "Country")?.attributes.isoCountryCode ?? "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CxmlProblem(
      400,
      `The ShipTo address is not one we deliver to: ${issue.path.join(".")}: ${issue.message}.`,
    );
  }
  const phone = childAt(address, "Phone/TelephoneNumber");
  const country = textAt(phone, "CountryCode");
  const number = [country && `+${country}`, textAt(phone, "AreaOrCityCode"), textAt(phone, "Number")]
    .filter(Boolean)
    .join(" ");
  return { shipTo: parsed.data as PostalAddress, phone: bounded(number, "The ShipTo phone") };
}

/** Reads an OrderRequest: a purchase order for parts by our part numbers. */
export function readPurchaseOrder(source: string): PurchaseOrder {
  const root = read(source);
  const header = headerOf(root);
  const request = requestOf(root, "OrderRequest");
  const orderHeader = childAt(request, "OrderRequestHeader");
  const orderId = bounded(orderHeader?.attributes.orderID?.trim() ?? "", "The orderID");
  if (!orderId) throw new CxmlProblem(400, "The OrderRequestHeader has no orderID.");
  const type = orderHeader?.attributes.type ?? "new";
  if (type !== "new")
    throw new CxmlProblem(400, 'Only new orders (type="new") are taken; to change an order, contact us.');
  if (!header.payloadId) throw new CxmlProblem(400, "The cXML document has no payloadID.");
  const total = childAt(orderHeader, "Total/Money");
  const items = childrenNamed(request, "ItemOut");
  if (!items.length) throw new CxmlProblem(400, "The order has no ItemOut lines.");
  if (items.length > MAX_PURCHASE_ORDER_LINES) {
    throw new CxmlProblem(400, `An order may carry at most ${MAX_PURCHASE_ORDER_LINES} lines.`);
  }
  const currencies = new Set<string>([total?.attributes.currency ?? ""].filter(Boolean));
  const lines = items.map((item, index): OrderLine => {
    const lineNumber = Number(item.attributes.lineNumber ?? index + 1);
    const where = `Line ${Number.isSafeInteger(lineNumber) ? lineNumber : index + 1}`;
    const money = childAt(item, "ItemDetail/UnitPrice/Money");
    const unitPriceCents = money ? centsOf(money.text) : null;
    if (unitPriceCents === null) throw new CxmlProblem(400, `${where}: the unit price is not an amount such as 12.50.`);
    if (money?.attributes.currency) currencies.add(money.attributes.currency);
    const supplierPartId = bounded(textAt(item, "ItemID/SupplierPartID"), `${where}'s SupplierPartID`);
    if (!supplierPartId) throw new CxmlProblem(400, `${where} has no SupplierPartID.`);
    return {
      lineNumber: Number.isSafeInteger(lineNumber) ? lineNumber : index + 1,
      quantity: quantityOf(item.attributes.quantity, where),
      supplierPartId,
      auxiliaryId: bounded(textAt(item, "ItemID/SupplierPartAuxiliaryID"), `${where}'s SupplierPartAuxiliaryID`),
      unitPriceCents,
    };
  });
  if (currencies.size > 1) throw new CxmlProblem(400, "The order mixes currencies.");
  const { shipTo, phone } = shipToOf(request);
  return {
    header,
    orderId,
    currency: [...currencies][0] ?? "",
    totalCents: total ? centsOf(total.text) : null,
    shipTo,
    phone,
    lines,
  };
}
