// Checks an e-invoice or credit note against the official rules, in three layers, as a Peppol access
// point does: the UBL 2.1 schema (xmllint-wasm), the CEN EN 16931 rules and the Peppol BIS Billing
// 3.0 rules (SaxonJS running the stylesheets compiled from vendor/einvoicing/). No Java.
import fs from "node:fs";
import path from "node:path";

import SaxonJS from "saxon-js";
import { expect } from "vitest";
import xmllint from "xmllint-wasm";

import { compiledRules } from "../../scripts/einvoicing/compile-rules.mjs";
import { ALLOWED_WARNINGS } from "./e-invoice-allowed-warnings";

const UBL = path.resolve(import.meta.dirname, "..", "..", "vendor", "einvoicing", "ubl-2.1");

/** A rule a document broke, as SVRL reports it. */
export type FailedAssert = { layer: "cen" | "peppol"; id: string; flag: string; text: string; location: string };

export type EInvoiceReport = {
  /** What the schema refused, each with its line ("line 7: Element 'cbc:IssueDate': …"). */
  schemaErrors: string[];
  failedAsserts: FailedAssert[];
};

type XsdFile = { fileName: string; contents: Buffer };
let schemaFiles: XsdFile[] | undefined;

/** The schema's files, each named by its path under ubl-2.1/ so that their relative imports resolve. */
function ublSchemaFiles() {
  schemaFiles ??= ["common", "maindoc"].flatMap((folder) =>
    fs
      .readdirSync(path.join(UBL, folder))
      .filter((file) => file.endsWith(".xsd"))
      .map((file) => ({ fileName: `${folder}/${file}`, contents: fs.readFileSync(path.join(UBL, folder, file)) })),
  );
  return schemaFiles;
}

const NAMESPACE_PREFIXES: Record<string, string> = {
  "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2": "cbc:",
  "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2": "cac:",
};

/** The UBL schema's errors for each document, in one run of xmllint per kind of root element. */
async function schemaErrorsOf(documents: string[]): Promise<string[][]> {
  const errors: string[][] = documents.map(() => []);
  for (const root of ["Invoice", "CreditNote"]) {
    const indexes = documents.flatMap((xml, index) => (rootElementOf(xml) === root ? [index] : []));
    if (!indexes.length) continue;
    const main = `maindoc/UBL-${root}-2.1.xsd`;
    const files = ublSchemaFiles();
    const result = await xmllint.validateXML({
      xml: indexes.map((index) => ({ fileName: `document-${index}.xml`, contents: documents[index] })),
      schema: files.find((file) => file.fileName === main)!,
      preload: files.filter((file) => file.fileName !== main),
    });
    for (const error of result.errors) {
      // The closing summary of each failing file ("document-0.xml fails to validate") says nothing new.
      if (/fails to validate$/.test(error.message.trim())) continue;
      const index = Number(/^document-(\d+)\.xml$/.exec(error.loc?.fileName ?? "")?.[1]);
      const message = error.message
        .replace(/^Schemas validity error : /, "")
        .trim()
        .replace(/\{([^}]+)\}/g, (whole, uri: string) => NAMESPACE_PREFIXES[uri] ?? whole);
      (Number.isInteger(index) ? errors[index] : errors[0]).push(`line ${error.loc?.lineNumber ?? "?"}: ${message}`);
    }
  }
  documents.forEach((xml, index) => {
    const root = rootElementOf(xml);
    if (root !== "Invoice" && root !== "CreditNote") errors[index].push(`the root element is ${root}, not a UBL one`);
  });
  return errors;
}

function rootElementOf(xml: string) {
  return /<(?:[\w-]+:)?(\w+)[\s>]/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ""))?.[1];
}

// Compiled (or found compiled) as the file that checks documents loads, outside any test's time limit:
// `npm test` compiles them beside the build, a first run of one file takes about 20 s more.
const rulePaths: { peppol: string; cen: string } = await compiledRules();
let stylesheets: { peppol: unknown; cen: unknown } | undefined;

function ruleStylesheets() {
  stylesheets ??= {
    peppol: JSON.parse(fs.readFileSync(rulePaths.peppol, "utf8")),
    cen: JSON.parse(fs.readFileSync(rulePaths.cen, "utf8")),
  };
  return stylesheets;
}

/** The failed asserts of an SVRL report. */
function failedAssertsOf(svrl: string, layer: FailedAssert["layer"]): FailedAssert[] {
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(([, tag, body]) => {
    const attributes = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
    );
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? "";
    return {
      layer,
      id: attributes.id ?? "",
      flag: attributes.flag ?? "",
      text: text.replace(/\s+/g, " ").trim(),
      location: attributes.location ?? "",
    };
  });
}

function businessRuleFailures(xml: string): FailedAssert[] {
  const rules = ruleStylesheets();
  return (["cen", "peppol"] as const).flatMap((layer) => {
    const { principalResult } = SaxonJS.transform(
      { stylesheetInternal: rules[layer], sourceText: xml, destination: "serialized" },
      "sync",
    );
    return failedAssertsOf(String(principalResult), layer);
  });
}

/** Every layer's findings for each document. */
export async function checkEInvoices(documents: string[]): Promise<EInvoiceReport[]> {
  const schemaErrors = await schemaErrorsOf(documents);
  const reports: EInvoiceReport[] = [];
  for (const [index, xml] of documents.entries()) {
    reports.push({ schemaErrors: schemaErrors[index], failedAsserts: businessRuleFailures(xml) });
  }
  return reports;
}

export async function checkEInvoice(xml: string): Promise<EInvoiceReport> {
  return (await checkEInvoices([xml]))[0];
}

/** What a report holds that a valid document may not: schema errors, fatal asserts, and warnings not allowed. */
export function problemsOf(report: EInvoiceReport) {
  return [
    ...report.schemaErrors.map((error) => `schema: ${error}`),
    ...report.failedAsserts
      .filter((failed) => failed.flag !== "warning" || !(failed.id in ALLOWED_WARNINGS))
      .map((failed) => `${failed.layer} ${failed.id} (${failed.flag}) at ${failed.location}: ${failed.text}`),
  ];
}

/** Asserts that each document passes every layer: no schema error, no fatal assert, only allowed warnings. */
export async function expectValidEInvoices(documents: string[]) {
  const reports = await checkEInvoices(documents);
  expect(reports.map(problemsOf)).toEqual(documents.map(() => []));
}
