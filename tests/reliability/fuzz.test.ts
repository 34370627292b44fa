import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";

import { storeToday } from "~/config/env.server";
import { addCalendarDays } from "~/lib/quotes";

import { documentRequest } from "../support/http";
import { SHIP_FIELDS } from "../support/orders";
import { type BuildRoute, urlPathOf } from "../support/routes";
import { cookieFor, databaseFingerprint, makeShop, ORIGIN } from "./fixtures";
import { inProcessHandler, recordStats } from "./support";

const RUNS_PER_ACTION = 300;
const MEGABYTE = "x".repeat(1024 * 1024);

type Shop = Awaited<ReturnType<typeof makeShop>>;
type Target = { path: string; sample: Record<string, string> };

/** Where each action lives and what a well-formed submission to it looks like. */
function targetFor(routeId: string, routes: Record<string, BuildRoute>, shop: Shop): Target {
  const product = {
    name: "Fuzz Gear",
    img: "/images/items/spur-gear.svg",
    description: "Made by the fuzzer.",
    price: "12.50",
    quantity: "5",
    supplierName: "Fuzz Supply",
  };
  const known: Record<string, Target> = {
    "routes/sign-in": {
      path: "/sign-in",
      sample: { email: shop.alice.email, password: "alice-password", redirectTo: "/" },
    },
    "routes/sign-up": {
      path: "/sign-up",
      sample: { name: "Fuzzy", email: "fuzzy@example.com", password: "fuzzy-password" },
    },
    "routes/order.$id": {
      path: `/order/${shop.item.id}`,
      sample: { quantity: "1", address: "1 Fuzz Street", phone: "+1 555 0199" },
    },
    "routes/dashboard._index": {
      path: "/dashboard?index",
      sample: { intent: "cancel", orderId: String(shop.aliceOrderId) },
    },
    "routes/dashboard.my-order": {
      path: "/dashboard/my-order",
      sample: { intent: "cancel", orderId: String(shop.aliceOrderId) },
    },
    "routes/dashboard.my-review": {
      path: "/dashboard/my-review",
      sample: { intent: "delete", reviewId: String(shop.aliceReviewId) },
    },
    "routes/dashboard.add-review": {
      path: "/dashboard/add-review",
      sample: { name: "Fuzzy", rating: "4", review: "Fine." },
    },
    "routes/dashboard.my-profile": {
      path: "/dashboard/my-profile",
      sample: { intent: "profile", displayName: "Admin", phone: "+1 555 0100", address: "1 Way", company: "" },
    },
    "routes/dashboard.manage-order": {
      path: "/dashboard/manage-order",
      sample: { intent: "ship", orderId: String(shop.aliceOrderId), ...SHIP_FIELDS },
    },
    "routes/dashboard.add-product": { path: "/dashboard/add-product", sample: product },
    "routes/dashboard.manage-product": {
      path: "/dashboard/manage-product",
      sample: { intent: "delete", itemId: String(shop.item.id) },
    },
    "routes/dashboard.manage-product_.$id": { path: `/dashboard/manage-product/${shop.item.id}`, sample: product },
    // A form without a file is all the fuzzer sends: the upload itself is tested in catalog-import.test.ts.
    "routes/dashboard.import": { path: "/dashboard/import", sample: { intent: "upload" } },
    "routes/dashboard.import_.$id": { path: `/dashboard/import/${shop.importId}`, sample: { intent: "apply" } },
    "routes/dashboard.make-admin": {
      path: "/dashboard/make-admin",
      sample: { intent: "promote", email: shop.bob.email },
    },
    "routes/dashboard.api-keys": { path: "/dashboard/api-keys", sample: { intent: "create", name: "Fuzz key" } },
    "routes/contact": { path: "/contact", sample: { name: "Fuzzy", email: "fuzzy@example.com", message: "Hello" } },
    // The fuzzer posts as the admin, so the quotes are the admin's own: refusals past the owner check.
    "routes/cart": { path: "/cart", sample: { intent: "request-quote", note: "Fuzz note" } },
    "routes/dashboard.quotes_.$id": {
      path: `/dashboard/quotes/${shop.adminQuoteId}`,
      sample: {
        intent: "accept",
        address: "1 Fuzz Street",
        phone: "+1 555 0199",
        poNumber: "PO-1",
        expectedTotal: "1",
      },
    },
    // The admin's own list: refusals past the owner check.
    "routes/dashboard.lists": {
      path: "/dashboard/lists",
      sample: { intent: "add-to-cart", listId: String(shop.adminListId) },
    },
    "routes/dashboard.lists_.$id": {
      path: `/dashboard/lists/${shop.adminListId}`,
      sample: { intent: "part-number", itemId: String(shop.item.id), customerPartNumber: "FUZZ-1" },
    },
    "routes/dashboard.manage-quotes_.$id": {
      path: `/dashboard/manage-quotes/${shop.adminQuoteId}`,
      sample: {
        intent: "send",
        version: "2",
        validUntil: addCalendarDays(storeToday(), 20),
        "lines[0].lineId": String(shop.adminQuoteLineId),
        "lines[0].unitPrice": "9.50",
      },
    },
    "routes/dashboard.price-lists": {
      path: "/dashboard/price-lists",
      sample: { intent: "create", name: "Fuzz prices", validFrom: "2027-01-01", validUntil: "2027-12-31" },
    },
    "routes/dashboard.price-lists_.$id": {
      path: `/dashboard/price-lists/${shop.priceListId}`,
      sample: { intent: "add-rule", partNumber: shop.item.part_number, unitPrice: "9.50", breaks: "20:9.00" },
    },
    "routes/api.quote.$id.accept": {
      path: `/api/quote/${shop.adminQuoteId}/accept`,
      sample: { address: "1 Fuzz Street", phone: "+1 555 0199", expectedTotal: "1" },
    },
  };
  if (known[routeId]) return known[routeId];
  return { path: urlPathOf(routes, routeId, String(shop.item.id)), sample: {} };
}

/** A POST to the JSON API from the store's own pages, with the admin's cookie. */
function sameOriginApiPost(path: string, cookie: string, contentType: string, body: string) {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: {
      Host: new URL(ORIGIN).host,
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": contentType,
      Cookie: cookie,
    },
    body,
  });
}

const nastyValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\t\n",
      "0",
      "-1",
      "1.5",
      "1e309",
      "NaN",
      "Infinity",
      "-0",
      "0x1F",
      "99999999999999999999",
      "2147483648",
      "1.005",
      "true",
      "null",
      "[]",
      "{}",
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "' OR '1'='1",
      "'; DROP TABLE users; --",
      '" OR ""="',
      "1; SELECT pg_sleep(1)",
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "javascript:alert(1)",
      "//evil.example",
      "../../etc/passwd",
      "{{7*7}}",
      "%00",
      "\u0000\u0001\u001f\u007f",
      "\u202e\ufeff",
      "😀".repeat(50),
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.string({ minLength: 2001, maxLength: 5000 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);

const fieldNames = [
  "name",
  "email",
  "password",
  "redirectTo",
  "quantity",
  "address",
  "phone",
  "rating",
  "review",
  "img",
  "description",
  "price",
  "supplierName",
  "displayName",
  "company",
  "currentPassword",
  "newPassword",
  "message",
  "website",
  "intent",
  "orderId",
  "itemId",
  "reviewId",
  "keyId",
  "note",
  "validUntil",
  "version",
  "expectedTotal",
  "poNumber",
  "lines[0].unitPrice",
  "partNumber",
  "unitPrice",
  "breaks",
  "category",
  "percentOff",
  "priority",
  "validFrom",
  "validUntil",
  "__proto__",
  "constructor",
  "",
];

/** Names conform turns into huge or deep structures: `x[10000000]` is an array of ten million slots. */
const explosiveName = fc.oneof(
  fc.integer({ min: 0, max: 20_000_000 }).map((index) => `x[${index}]`),
  fc
    .tuple(fc.constantFrom(...fieldNames), fc.integer({ min: 0, max: 10_000_000 }))
    .map(([name, index]) => `${name}[${index}]`),
  fc.integer({ min: 1, max: 40 }).map((depth) => Array.from({ length: depth }, (_, level) => `a${level}`).join(".")),
  fc.integer({ min: 1, max: 30 }).map((depth) => `x${"[0]".repeat(depth)}`),
);

/** Field/value pairs; repeated names become arrays on the server. */
const randomBag = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 }), explosiveName), nastyValue),
  { maxLength: 10 },
);

/** More fields than any form has: hundreds of names, or one name hundreds of times. */
const manyFields = fc.oneof(
  fc
    .integer({ min: 300, max: 900 })
    .map((count) => Array.from({ length: count }, (_, index): [string, string] => [`f${index}`, "1"])),
  fc
    .integer({ min: 300, max: 900 })
    .map((count) => Array.from({ length: count }, (): [string, string] => ["name", "x"])),
);

/** A well-formed submission with some fields removed, replaced by nasty values, doubled, or added. */
function mutatedSample(sample: Record<string, string>) {
  const keys = Object.keys(sample);
  const perField = keys.map((key) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<[string, string][]>([[key, sample[key]]]) },
      { weight: 2, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 4, arbitrary: nastyValue.map((value): [string, string][] => [[key, value]]) },
      {
        weight: 1,
        arbitrary: fc.tuple(nastyValue, nastyValue).map(([a, b]): [string, string][] => [
          [key, a],
          [key, b],
        ]),
      },
    ),
  );
  return fc
    .tuple(fc.tuple(...perField), fc.array(fc.tuple(fc.constantFrom(...fieldNames), nastyValue), { maxLength: 3 }))
    .map(([fields, extra]) => [...fields.flat(), ...extra]);
}

function submission(sample: Record<string, string>) {
  const odd = fc.oneof({ weight: 4, arbitrary: randomBag }, { weight: 1, arbitrary: manyFields });
  return Object.keys(sample).length
    ? fc.oneof({ weight: 3, arbitrary: mutatedSample(sample) }, { weight: 1, arbitrary: odd })
    : odd;
}

/**
 * On SQLite each submission is a document POST, as a browser without JavaScript sends it, so the page
 * rendered after a refused submission is exercised too. On PostgreSQL the same submissions go to the
 * action as single-fetch data requests (what the browser sends with JavaScript): the database path is
 * what differs there, and skipping the HTML render halves the suite's time.
 */
const asDataRequests = process.env.TEST_DATABASE === "postgres";

function dataPath(path: string) {
  const url = new URL(path, ORIGIN);
  url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname}.data`;
  return `${url.pathname}${url.search}`;
}

describe("fuzzing every action", async () => {
  const { build, handle } = await inProcessHandler();
  const actionRoutes = Object.values(
    build.routes as Record<string, BuildRoute & { module: { action?: unknown } }>,
  ).filter((route) => typeof route.module.action === "function");
  let shop: Shop;
  const totals = { requests: 0, failures: 0, serverErrors: 0 };
  // Pages for a company's admins and approvers are posted by one (Carol), so the fuzz reaches their
  // forms instead of stopping at the 403 every other account gets; every other action by the admin.
  const COMPANY_ROUTES = new Set(["routes/dashboard.company", "routes/dashboard.approvals"]);
  const actorFor = (routeId: string, fixture: Shop) =>
    COMPANY_ROUTES.has(routeId) ? fixture.companyAdmin.id : fixture.admin.id;

  beforeAll(async () => {
    shop = await makeShop();
  });

  test.each(actionRoutes.map((route) => [route.id] as const))(
    `%s: ${RUNS_PER_ACTION} bad submissions, never a 5xx, never a change on a 4xx`,
    async (routeId) => {
      const target = targetFor(routeId, build.routes, shop);
      const isJson = routeId.startsWith("routes/api.");
      const problems: string[] = [];
      let before = await databaseFingerprint();
      await fc
        .assert(
          fc.asyncProperty(submission(target.sample), async (pairs) => {
            try {
              const { cookie, created } = await cookieFor(actorFor(routeId, shop));
              // A new session row for the fuzzer's own cookie is not the action's doing.
              if (created) before = await databaseFingerprint();
              const request = isJson
                ? sameOriginApiPost(target.path, cookie, "application/json", JSON.stringify(Object.fromEntries(pairs)))
                : documentRequest(asDataRequests ? dataPath(target.path) : target.path, {
                    method: "POST",
                    cookie,
                    body: new URLSearchParams(pairs),
                  });
              const response = await handle(request);
              await response.arrayBuffer();
              totals.requests++;
              const after = await databaseFingerprint();
              const changed = after !== before;
              before = after;
              if (response.status >= 500) {
                totals.serverErrors++;
                problems.push(`${response.status} for ${JSON.stringify(pairs).slice(0, 300)}`);
              } else if (response.status >= 400 && changed) {
                totals.failures++;
                problems.push(
                  `${response.status} but the database changed, for ${JSON.stringify(pairs).slice(0, 300)}`,
                );
              }
            } catch (error) {
              problems.push(`the request threw: ${String(error)}`);
            }
            return problems.length === 0;
          }),
          { numRuns: RUNS_PER_ACTION, seed: 20261122, endOnFailure: true },
        )
        .catch(() => undefined);
      expect(problems).toEqual([]);
    },
  );

  // The bodies an outside attack sent (issue 10): each is refused, small and fast, on every action.
  const explosiveBodies = [
    "name=&x[10000000]=1",
    "x[5000000]&y[5000000]",
    Array.from({ length: 500 }, (_, index) => `f${index}=1`).join("&"),
  ];
  test.each(actionRoutes.map((route) => [route.id] as const))(
    "%s: explosive field names get a 4xx under 10 KB in well under a second",
    async (routeId) => {
      const target = targetFor(routeId, build.routes, shop);
      const isJson = routeId.startsWith("routes/api.");
      for (const body of explosiveBodies) {
        const { cookie } = await cookieFor(actorFor(routeId, shop));
        const before = await databaseFingerprint();
        const started = performance.now();
        const request = isJson
          ? sameOriginApiPost(target.path, cookie, "application/x-www-form-urlencoded", body)
          : documentRequest(target.path, { method: "POST", cookie, body: new URLSearchParams(body) });
        const response = await handle(request);
        const text = await response.text();
        const elapsed = performance.now() - started;
        totals.requests++;
        expect(response.status).toBeLessThan(500);
        expect(text.length, `${routeId} at ${target.path}`).toBeLessThan(10_000);
        expect(elapsed).toBeLessThan(500);
        // Sign-out reads no body at all: whatever is sent, it signs out (and that is its change).
        if (routeId === "routes/sign-out") continue;
        expect(response.status, `${routeId} with ${body.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(await databaseFingerprint()).toBe(before);
      }
    },
  );

  test("summary", () => {
    recordStats({ suite: "fuzz", ...totals, oversells: 0, ordersLost: 0 });
    expect(totals.requests).toBeGreaterThanOrEqual((RUNS_PER_ACTION + explosiveBodies.length) * actionRoutes.length);
  });
});
