// Reading XML that strangers send (cXML punchout and purchase orders), with saxes: a strict,
// non-validating parser that never reads a DTD, so no entity is defined but XML's five and nothing
// is fetched. Every bound is checked while the document is read, before it costs more.
import { SaxesParser } from "saxes";

/** An element as read: its attributes, its child elements and the text directly inside it. */
export type ReadElement = {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: ReadElement[];
  text: string;
};

export const XML_READ_LIMITS = {
  /** cXML's deepest path (OrderRequest › ItemOut › ItemDetail › … › PostalAddress › Street) is about 12. */
  maxDepth: 40,
  /** A 500-line purchase order is about 20,000 elements. */
  maxElements: 40_000,
  maxAttributesPerElement: 40,
  /** Text in one element: a description, a comment. */
  maxTextLength: 100_000,
};

/** Why a document was not read: the sender reads it, so it names the problem and never echoes the input. */
export class XmlRefused extends Error {}

/**
 * Reads `source` into a tree of elements, or throws XmlRefused. A document type declaration is
 * allowed as cXML carries one (`<!DOCTYPE cXML SYSTEM "…cXML.dtd">`, never fetched) but not with
 * declarations of its own: entities are how a few hundred bytes become gigabytes ("billion laughs")
 * or read a file of the server's ("external entities").
 */
export function readXml(source: string, limits = XML_READ_LIMITS): ReadElement {
  const parser = new SaxesParser({ position: false });
  const stack: ReadElement[] = [];
  let root: ReadElement | null = null;
  let elements = 0;
  let refusal: XmlRefused | null = null;
  const refuse = (message: string) => {
    refusal ??= new XmlRefused(message);
    throw refusal;
  };

  parser.on("doctype", (doctype) => {
    if (doctype.includes("[")) refuse("A document type with declarations of its own is not accepted.");
  });
  parser.on("opentag", (tag) => {
    elements += 1;
    if (elements > limits.maxElements) refuse(`The document has more than ${limits.maxElements} elements.`);
    if (stack.length >= limits.maxDepth) refuse(`The document nests deeper than ${limits.maxDepth} elements.`);
    const names = Object.keys(tag.attributes);
    if (names.length > limits.maxAttributesPerElement)
      refuse(`An element has more than ${limits.maxAttributesPerElement} attributes.`);
    const element: ReadElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: "",
    };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  const addText = (text: string) => {
    const current = stack.at(-1);
    if (!current) return;
    current.text += text;
    if (current.text.length > limits.maxTextLength)
      refuse(`An element holds more than ${limits.maxTextLength} characters.`);
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.on("error", (error) => {
    refuse(`The document is not well-formed XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, "").replace(/\.$/, "")}.`);
  });

  try {
    parser.write(source).close();
  } catch (error) {
    if (error instanceof XmlRefused) throw error;
    throw refusal ?? new XmlRefused("The document is not well-formed XML.");
  }
  if (!root) throw new XmlRefused("The document has no root element.");
  return root;
}

/** The first child element called `name`, following a path ("Header/Sender/Credential"). */
export function childAt(element: ReadElement | undefined, path: string): ReadElement | undefined {
  let current = element;
  for (const name of path.split("/")) {
    current = current?.children.find((child) => child.name === name);
    if (!current) return undefined;
  }
  return current;
}

/** Every child element called `name`. */
export function childrenNamed(element: ReadElement | undefined, name: string) {
  return element?.children.filter((child) => child.name === name) ?? [];
}

/** The trimmed text at a path, or "" when there is none. */
export function textAt(element: ReadElement | undefined, path: string) {
  return childAt(element, path)?.text.trim() ?? "";
}
