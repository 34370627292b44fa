import { describe, expect, test } from "vitest";

import { childAt, readXml, textAt, XmlRefused } from "./xml-reader";

describe("readXml", () => {
  test("reads elements, attributes, text and CDATA, with cXML's DOCTYPE naming a DTD it never fetches", () => {
    const root = readXml(
      '<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">' +
        '<cXML payloadID="1@x"><Header><From><Credential domain="DUNS"><Identity> 123 </Identity></Credential></From></Header>' +
        "<Note>A &amp; B <![CDATA[<raw>]]></Note></cXML>",
    );
    expect(root.attributes.payloadID).toBe("1@x");
    expect(childAt(root, "Header/From/Credential")?.attributes.domain).toBe("DUNS");
    expect(textAt(root, "Header/From/Credential/Identity")).toBe("123");
    expect(textAt(root, "Note")).toBe("A & B <raw>");
    expect(textAt(root, "Header/Missing")).toBe("");
  });

  const refused = (source: string) => {
    try {
      readXml(source);
    } catch (error) {
      expect(error).toBeInstanceOf(XmlRefused);
      return (error as Error).message;
    }
    throw new Error("not refused");
  };

  test("a document type with declarations of its own is refused before any entity is expanded", () => {
    const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, index) => `<!ENTITY lol${index + 1} "${`&lol${index || ""};`.repeat(10)}">`,
    ).join("")}]><lolz>&lol9;</lolz>`;
    expect(refused(laughs)).toBe("A document type with declarations of its own is not accepted.");
    expect(refused('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toBe(
      "A document type with declarations of its own is not accepted.",
    );
  });

  test("an entity never declared is refused, never looked up", () => {
    expect(refused('<!DOCTYPE x SYSTEM "file:///etc/passwd"><x>&xxe;</x>')).toContain("undefined entity");
  });

  test("depth, element count, attribute count and text length are bounded as the document is read", () => {
    const limits = { maxDepth: 5, maxElements: 10, maxAttributesPerElement: 2, maxTextLength: 20 };
    expect(() => readXml("<a><b><c><d><e>x</e></d></c></b></a>", limits)).not.toThrow();
    expect(() => readXml("<a><b><c><d><e><f/></e></d></c></b></a>", limits)).toThrow("deeper than 5");
    expect(() => readXml(`<a>${"<b/>".repeat(10)}</a>`, limits)).toThrow("more than 10 elements");
    expect(() => readXml('<a x="1" y="2" z="3"/>', limits)).toThrow("more than 2 attributes");
    expect(() => readXml(`<a>${"x".repeat(21)}</a>`, limits)).toThrow("more than 20 characters");
  });

  test("what is not well-formed says so", () => {
    for (const source of ["", "text", "<a><b></a>", "<a>", "<a/><b/>"]) {
      expect(refused(source)).toMatch(/^The document is not well-formed XML: .+\.$/);
    }
  });
});
