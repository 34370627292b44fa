import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { sourcesHash } from "../../scripts/einvoicing/compile-rules.mjs";
import { checkEInvoices, problemsOf } from "../support/e-invoice-validator";

// The validator the e-invoice tests rely on, shown to work: OpenPEPPOL's own examples pass every
// layer, and the broken one in the same folder fails with exactly the rules its faults break.

const EXAMPLES = path.resolve(import.meta.dirname, "..", "..", "vendor", "einvoicing", "examples");
const read = (file: string) => fs.readFileSync(path.join(EXAMPLES, file), "utf8");

describe("the e-invoice validator", () => {
  test("the committed compiled rules are those of the vendored sources (else: compile-rules.mjs --commit)", () => {
    const committed = fs.readdirSync(path.join("vendor", "einvoicing", "compiled"));
    expect(committed).toEqual([sourcesHash()]);
  });

  test("OpenPEPPOL's valid examples pass the schema, the CEN rules and the Peppol rules", async () => {
    const files = fs.readdirSync(EXAMPLES).filter((file) => file.endsWith(".xml") && !file.startsWith("broken-"));
    expect(files.length).toBeGreaterThanOrEqual(9);
    const reports = await checkEInvoices(files.map(read));
    expect(Object.fromEntries(files.map((file, index) => [file, problemsOf(reports[index])]))).toEqual(
      Object.fromEntries(files.map((file) => [file, []])),
    );
  });

  test("the broken example fails: no buyer reference (PEPPOL-EN16931-R003) and a wrong payable amount (BR-CO-16)", async () => {
    const [report] = await checkEInvoices([read("broken-no-buyer-reference-wrong-payable.xml")]);
    expect(report.schemaErrors).toEqual([]);
    const fatal = report.failedAsserts.filter((failed) => failed.flag === "fatal");
    expect(fatal.map((failed) => `${failed.layer} ${failed.id}`).sort()).toEqual([
      "cen BR-CO-16",
      "peppol PEPPOL-EN16931-R003",
    ]);
  });

  test("the schema layer finds what the rules take for granted: an element out of order, a date in the wrong shape", async () => {
    const base = read("base-example.xml");
    const moved = base.replace(/(<cbc:ID>Snippet1<\/cbc:ID>)(\s*)(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/, "$3$2$1");
    const badDate = base.replace(/<cbc:IssueDate>[^<]*</, "<cbc:IssueDate>13.11.2017<");
    const unknown = base.replace(
      "</cbc:BuyerReference>",
      "</cbc:BuyerReference><cbc:ShopOrderNumber>42</cbc:ShopOrderNumber>",
    );
    const reports = await checkEInvoices([moved, badDate, unknown]);
    expect(reports[0].schemaErrors).toEqual([
      "line 7: Element 'cbc:IssueDate': This element is not expected. Expected is one of ( cbc:ProfileExecutionID, cbc:ID ).",
    ]);
    expect(reports[1].schemaErrors.join("\n")).toMatch(
      /'13\.11\.2017' is not a valid value of the atomic type 'xs:date'/,
    );
    expect(reports[2].schemaErrors.join("\n")).toMatch(/cbc:ShopOrderNumber': This element is not expected/);
  });
});
