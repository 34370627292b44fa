import type { OpenAPIRegistry, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

import { INVOICE_KINDS } from "~/lib/invoices";

import { error, invalid, json, notAdmin, signedOut } from "./openapi-parts.server";
import { OrderListQuerySchema } from "./schemas.server";

extendZodWithOpenApi(z);

// The invoice calls of the OpenAPI document (issue 51): the caller's invoices and credit notes, one
// with its lines, and each one's e-invoice (UBL 2.1, Peppol BIS Billing 3.0) as XML.

const money = (description: string) => z.number().openapi({ description: `${description}, in currency units.` });
const absoluteUrl = (description: string) => z.string().url().openapi({ description });

export const ApiInvoiceSummarySchema = z
  .object({
    number: z.string().openapi({ example: "INV-2026-000123", description: "INV-… an invoice, CN-… a credit note." }),
    kind: z.enum(INVOICE_KINDS),
    orderId: z.number().int(),
    issuedAt: z.string().datetime().openapi({ description: "The tax point, UTC, ISO 8601." }),
    dueOn: z.string().nullable().openapi({ description: "For an invoice on account: the day it is due (YYYY-MM-DD)." }),
    paid: z.boolean().openapi({ description: "Whether staff have recorded its payment." }),
    creditsNumber: z.string().nullable().openapi({ description: "A credit note's invoice." }),
    poNumber: z.string().nullable(),
    total: money("What it asks (an invoice) or credits (a credit note), VAT included"),
    links: z
      .object({
        self: absoluteUrl("This document in the API."),
        xml: absoluteUrl("Its e-invoice, UBL 2.1 XML conforming to Peppol BIS Billing 3.0, with the same key."),
        pdf: absoluteUrl("Its PDF, for a signed-in person (a browser's cookie)."),
      })
      .openapi({ description: "Absolute, from APP_URL." }),
  })
  .openapi("InvoiceSummary");

export const ApiInvoiceSchema = ApiInvoiceSummarySchema.extend({
  currency: z.string().openapi({ example: "GBP" }),
  goods: money("The lines' total"),
  shipping: money("Shipping (on an order's first invoice)"),
  taxRate: z.number().openapi({ description: "The VAT rate in percent.", example: 20 }),
  tax: money("VAT"),
  lines: z.array(
    z.object({
      partNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: money("The price charged for one, as the order froze it"),
      lineTotal: money("quantity × unitPrice"),
      priceList: z.string().nullable().openapi({ description: "The price list the price was agreed in, if any." }),
    }),
  ),
}).openapi("Invoice");

export type ApiInvoiceSummary = z.infer<typeof ApiInvoiceSummarySchema>;
export type ApiInvoice = z.infer<typeof ApiInvoiceSchema>;

export const InvoiceListQuerySchema = OrderListQuerySchema;

export function registerInvoiceCalls(registry: OpenAPIRegistry, signedIn: RouteConfig["security"]) {
  const number = z.object({
    number: z.string().openapi({ description: "The document's number.", example: "INV-2026-000123" }),
  });
  const missing = error("No invoice or credit note of the caller's has this number.");
  registry.registerPath({
    method: "get",
    path: "/api/invoice",
    tags: ["Invoices"],
    summary:
      "The caller's invoices and credit notes, newest first (their company's too); every one for an admin with ?all=1",
    security: signedIn,
    request: { query: InvoiceListQuerySchema },
    responses: {
      200: json("The documents.", z.array(ApiInvoiceSummarySchema)),
      400: invalid,
      401: signedOut,
      403: notAdmin,
    },
  });
  // The XML's path first: a path is matched in the document's order, and {number} would take it too.
  registry.registerPath({
    method: "get",
    path: "/api/invoice/{number}.xml",
    tags: ["Invoices"],
    summary: "One document's e-invoice: UBL 2.1, conforming to EN 16931 and Peppol BIS Billing 3.0",
    description:
      "The same figures as its PDF, to the penny. The file an accounts-payable system or a Peppol access point takes.",
    security: signedIn,
    request: { params: number },
    responses: {
      200: {
        description: "The UBL Invoice or CreditNote, as an attachment named after the number.",
        content: { "application/xml": { schema: { type: "string" } } },
      },
      401: signedOut,
      404: missing,
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/invoice/{number}",
    tags: ["Invoices"],
    summary: "One of the caller's invoices or credit notes, with its lines and totals",
    security: signedIn,
    request: { params: number },
    responses: { 200: json("The document.", ApiInvoiceSchema), 401: signedOut, 404: missing },
  });
}
