import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, test } from "vitest";

import { getCurrentUser } from "~/auth/session.server";
import { storeToday } from "~/config/env.server";
import { DEFAULT_MONEY_FORMAT } from "~/lib/money";
import { addLinesToCart } from "~/models/cart";
import { getQuote } from "~/models/quote";
import * as items from "~/routes/api.item";
import * as openapi from "~/routes/api.openapi[.]json";
import * as orders from "~/routes/api.order";
import * as quoteOne from "~/routes/api.quote.$id";
import * as reviews from "~/routes/api.review";
import { requestQuote, sendQuote } from "~/services/quotes.server";
import { productSchemas } from "~/validation/product";

import { apiRequest, callApi } from "../support/api";
import { newItem } from "../support/builders";
import { BASE_URL } from "../support/http";
import { createSignedInUser } from "../support/users";

// /api/openapi.json is generated from the schemas the routes use; these tests hold it to the real answers.

/** A quote asked for and sent, as GET /api/quote/:id answers it. */
async function sentQuoteOf(cookie: string) {
  const buyer = (await getCurrentUser(new Request(BASE_URL, { headers: { Cookie: cookie } })))!;
  await addLinesToCart(buyer.id, [{ itemId: (await newItem()).id, quantity: 2 }]);
  const created = await requestQuote(buyer.id, "Soon, please");
  if (!created.ok) throw new Error(created.reason);
  const { version, lines } = (await getQuote(created.quoteId))!;
  await sendQuote(created.quoteId, {
    version,
    validUntil: storeToday(),
    prices: new Map([[lines[0].lineId, 999]]),
  });
  const answer = await callApi(quoteOne, apiRequest("GET", `/api/quote/${created.quoteId}`, { cookie }), {
    id: String(created.quoteId),
  });
  return answer.data;
}

async function fetchDocument() {
  const outcome = await callApi(openapi, apiRequest("GET", "/api/openapi.json"));
  expect(outcome.status).toBe(200);
  return outcome.data;
}

describe("the OpenAPI document", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    expect(document.servers).toEqual([{ url: "http://localhost:3000" }]);
  });

  test("lists every call", async () => {
    const { paths } = await fetchDocument();
    const calls = Object.entries(paths as Record<string, object>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls.sort()).toEqual(
      [
        "GET /api/item",
        "POST /api/item",
        "GET /api/item/{id}",
        "PUT /api/item/{id}",
        "DELETE /api/item/{id}",
        "GET /api/review",
        "POST /api/review",
        "GET /api/review/{id}",
        "GET /api/order",
        "POST /api/order",
        "GET /api/order/{id}",
        "GET /api/cart",
        "GET /api/quote",
        "GET /api/quote/{id}",
        "POST /api/quote/{id}/accept",
        "GET /api/invoice",
        "GET /api/invoice/{number}",
        "GET /api/invoice/{number}.xml",
        "GET /api/openapi.json",
      ].sort(),
    );
    expect(paths["/api/order"].post.responses["409"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/OrderRefused",
    );
    expect(paths["/api/item"].post.security).toEqual([{ apiKey: [] }, { session: [] }]);
    const accept = paths["/api/quote/{id}/accept"].post;
    for (const status of ["409", "410"]) {
      expect(accept.responses[status].content["application/json"].schema.$ref).toBe(
        "#/components/schemas/QuoteRefused",
      );
    }
    expect(accept.responses["201"].content["application/json"].schema.$ref).toBe("#/components/schemas/Order");
  });

  test("describes the fields the answers really have", async () => {
    const { components } = await fetchDocument();
    const { cookie } = await createSignedInUser();
    const item = await newItem();
    const order = await callApi(
      orders,
      apiRequest("POST", "/api/order", {
        cookie,
        body: { itemId: item.id, quantity: 1, address: "1 Way", phone: "+1 555 0100" },
      }),
    );
    const review = await callApi(
      reviews,
      apiRequest("POST", "/api/review", { cookie, body: { name: "A", rating: 5, review: "B" } }),
    );
    // Signed in: an item then carries every field, the caller's own price among them.
    const list = await callApi(items, apiRequest("GET", "/api/item?limit=1", { cookie }));

    const quote = await sentQuoteOf(cookie);

    const documented = (name: string) => Object.keys(components.schemas[name].properties).sort();
    expect(documented("Quote")).toEqual(Object.keys(quote).sort());
    expect(documented("QuoteLine")).toEqual(Object.keys(quote.lines[0]).sort());
    expect(documented("Item")).toEqual(Object.keys(list.data[0]).sort());
    expect(documented("Order")).toEqual(Object.keys(order.data).sort());
    expect(documented("Review")).toEqual(Object.keys(review.data).sort());
    expect(components.schemas.Item.properties.price.type).toBe("number");
  });

  test("documents PUT's version rule (version or If-Match, else 428; stale 409) and GET /api/item's Link paging", async () => {
    const { paths, components } = await fetchDocument();
    const put = paths["/api/item/{id}"].put;
    expect(put.parameters).toContainEqual(expect.objectContaining({ name: "If-Match", in: "header", required: false }));
    expect(components.schemas.ItemChanges.properties.version.description).toMatch(/If-Match/);
    expect(put.description).toMatch(/428/);
    expect(put.responses["428"].description).toMatch(/version/);
    expect(put.responses["409"].content["application/json"].schema.$ref).toBe("#/components/schemas/Stale");
    expect(JSON.stringify(components.schemas.Stale)).toContain('"current"');
    expect(paths["/api/item/{id}"].get.responses["200"].headers.ETag).toBeDefined();

    const list = paths["/api/item"].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toContain("cursor");
    expect(list.responses["200"].headers.Link.description).toMatch(/rel="next"/);
    expect(list.description).toMatch(/Link/);
    expect(paths["/api/review"].post.responses["429"].headers["Retry-After"]).toBeDefined();
    expect(paths["/api/item"].post.responses["401"].description).toMatch(/another site/);
  });

  test("takes the item body from the add-product rules, with numbers or strings", async () => {
    const { components } = await fetchDocument();
    const input = components.schemas.ItemInput;
    expect(input.required.sort()).toEqual(Object.keys(productSchemas(DEFAULT_MONEY_FORMAT).product.shape).sort());
    expect(input.properties.price.type).toEqual(["number", "string"]);
    expect(input.properties.name.maxLength).toBe(120);
    // An order is `lines` or the original's itemId + quantity: neither is required on its own.
    expect(components.schemas.OrderInput.required ?? []).toEqual([]);
    expect(Object.keys(components.schemas.OrderInput.properties)).toEqual(
      expect.arrayContaining(["lines", "itemId", "quantity", "poNumber", "expectedTotal"]),
    );
    expect(components.schemas.OrderLineInput.required).toEqual(["quantity"]);
  });
});

describe("the document, as standard tools read it", () => {
  test("Redocly's recommended rules find no error (operationIds, security on every call, a licence, 4xx answers)", async () => {
    const { createConfig, lint } = await import("@redocly/openapi-core");
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")), "openapi.json");
    fs.writeFileSync(file, JSON.stringify(await fetchDocument()));
    const problems = await lint({ ref: file, config: await createConfig({ extends: ["recommended"] }) });
    const errors = problems
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
    // The warnings left are the document's server being localhost here, and the 405 answer kept as a
    // shared component (a method an address lacks has no operation to list it under).
    expect(
      problems
        .filter((problem) => problem.severity === "warn")
        .map((problem) => problem.ruleId)
        .sort(),
    ).toEqual(["no-server-example.com", "no-unused-components"]);
  });

  test("a nullable enum lists null among its values, so a strict validator takes a healthy cart's lines", async () => {
    const { components } = await fetchDocument();
    expect(components.schemas.CartLine.properties.problem.enum).toContain(null);
    expect(JSON.stringify(components.schemas.OrderRefused)).toContain('"enum":["short","below-minimum",null]');
  });

  test("every call has an operationId, and every public one says `security: []`", async () => {
    const { paths } = await fetchDocument();
    for (const [path, operations] of Object.entries(
      paths as Record<string, Record<string, { operationId?: string; security?: unknown[] }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operation.security, `${method} ${path}`).toBeDefined();
      }
    }
    expect(paths["/api/item"].get.security).toEqual([]);
    expect(paths["/api/order"].post.responses["429"].headers.RateLimit).toBeDefined();
    expect(paths["/api/item/{id}"].get.responses["304"]).toBeDefined();
  });
});
