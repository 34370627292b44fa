// Writing XML documents (the e-invoices): elements as nested arrays, escaped once where they are
// serialised. An element is left out by giving null, false or "" in its place, so a document's optional
// parts read as conditions beside the mandatory ones.

export type XmlAttributes = Record<string, string | number | null | undefined>;
export type XmlNode = XmlElement | string | number | null | undefined | false;
export type XmlElement = { name: string; attributes: XmlAttributes; children: XmlNode[]; empty?: true };

/** Nothing to write: left out, as an element with no content is. */
const isNothing = (node: XmlNode) => node === null || node === undefined || node === false || node === "";

/** `element("cbc:ID", "INV-2026-000001")`; with attributes, `element("cbc:Amount", { currencyID: "GBP" }, "9.50")`. */
export function element(name: string, ...content: [XmlAttributes, ...XmlNode[]] | XmlNode[]): XmlElement {
  const [first, ...rest] = content;
  const hasAttributes = typeof first === "object" && first !== null && !("children" in first);
  return hasAttributes
    ? { name, attributes: first as XmlAttributes, children: rest as XmlNode[] }
    : { name, attributes: {}, children: content as XmlNode[] };
}

/** An element that says what it says in attributes alone (cXML's `<Status code="200" text="OK"/>`): never left out. */
export function emptyElement(name: string, attributes: XmlAttributes): XmlElement {
  return { name, attributes, children: [], empty: true };
}

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Text as XML carries it: markup characters escaped, and the control characters XML 1.0 cannot hold
 * at all (a part name pasted from a spreadsheet may carry one) dropped.
 */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const NOT_IN_XML = new RegExp("[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]", "g");

export function escapeXml(text: string) {
  return text.replace(NOT_IN_XML, "").replace(/[&<>"]/g, (c) => TEXT_ESCAPES[c]);
}

function write(node: XmlNode, depth: number, out: string[]) {
  if (isNothing(node)) return;
  const indent = "  ".repeat(depth);
  if (typeof node !== "object") {
    out.push(`${indent}${escapeXml(String(node))}\n`);
    return;
  }
  const attributes = Object.entries(node.attributes)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");
  const children = node.children.filter((child) => !isNothing(child));
  if (node.empty) {
    out.push(`${indent}<${node.name}${attributes}/>\n`);
    return;
  }
  if (!children.length) return;
  if (children.every((child) => typeof child !== "object")) {
    out.push(
      `${indent}<${node.name}${attributes}>${children.map((child) => escapeXml(String(child))).join("")}</${node.name}>\n`,
    );
    return;
  }
  out.push(`${indent}<${node.name}${attributes}>\n`);
  for (const child of children) write(child, depth + 1, out);
  out.push(`${indent}</${node.name}>\n`);
}

/**
 * The document with its XML declaration. An element with nothing in it is left out whole: every
 * element of ours carries a value, so an empty one is a value we did not have.
 */
export function xmlDocument(root: XmlElement, { doctype }: { doctype?: string } = {}) {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  if (doctype) out.push(`<!DOCTYPE ${doctype}>\n`);
  write(root, 0, out);
  return out.join("");
}
