import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { LEGACY_PATHS } from "~/lib/legacy-paths";
import { contentHash } from "~/lib/media";
import { addLinesToCart } from "~/models/cart";
import { setCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { uploadPicture } from "~/services/media-upload.server";

import { documentRequest } from "../support/http";
import { samplePhoto } from "../support/media-samples";
import { cookieFor, makeShop, ORIGIN } from "./fixtures";
import { inProcessHandler, recordStats } from "./support";

type Shop = Awaited<ReturnType<typeof makeShop>> & { pictureHash: string };
type Answers = [signedOut: number, customer: number, admin: number];
type Row = { path: (shop: Shop) => string; get: Answers; post: Answers; json?: boolean };

// Every route of the build × {signed out, customer, admin} × {GET, POST}. A POST carries an empty
// form from the site itself: the answer shows who may act (302 to sign-in, 403) before validation (400).
// 405 is Remix refusing a POST to a route without an action.
const SIGN_IN = 302;
const matrix: Record<string, Row> = {
  "routes/_index": { path: () => "/", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/items_.$id": { path: (shop) => `/items/${shop.item.id}`, get: [200, 200, 200], post: [405, 405, 405] },
  "routes/items": { path: () => "/items?q=gear&page=1", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/order.$id": { path: (shop) => `/order/${shop.item.id}`, get: [SIGN_IN, 200, 200], post: [SIGN_IN, 400, 400] },
  // /dashboard opens My Orders: the layout sends a visitor to sign in, the index redirects everyone else.
  "routes/dashboard": { path: () => "/dashboard", get: [SIGN_IN, 302, 200], post: [405, 405, 405] },
  // The admin home for admins; customers are sent to My Orders.
  "routes/dashboard._index": { path: () => "/dashboard?index", get: [SIGN_IN, 302, 200], post: [405, 405, 405] },
  "routes/dashboard.my-order": {
    path: () => "/dashboard/my-order",
    get: [SIGN_IN, 200, 200],
    post: [SIGN_IN, 400, 400],
  },
  "routes/dashboard.my-review": {
    path: () => "/dashboard/my-review",
    get: [SIGN_IN, 200, 200],
    post: [SIGN_IN, 400, 400],
  },
  "routes/dashboard.add-review": {
    path: () => "/dashboard/add-review",
    get: [SIGN_IN, 200, 200],
    post: [SIGN_IN, 400, 400],
  },
  "routes/dashboard.my-profile": {
    path: () => "/dashboard/my-profile",
    get: [SIGN_IN, 200, 200],
    post: [SIGN_IN, 400, 400],
  },
  // Everyone signed in downloads their own data, and only their own.
  "routes/dashboard.my-profile_.data[.]json": {
    path: () => "/dashboard/my-profile/data.json",
    get: [SIGN_IN, 200, 200],
    post: [405, 405, 405],
  },
  // The matrix's customer is Bob and the order is Alice's: another customer's order is not found,
  // for an admin too (admins read orders on Manage Orders).
  "routes/dashboard.my-order_.$id": {
    path: (shop) => `/dashboard/my-order/${shop.aliceOrderId}`,
    get: [SIGN_IN, 404, 404],
    post: [SIGN_IN, 400, 400],
  },
  "routes/dashboard.manage-order_.$id": {
    path: (shop) => `/dashboard/manage-order/${shop.aliceOrderId}`,
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  // Quotes: the buyer's own (the matrix's customer is Bob and the quote is Alice's, so it is not
  // found, for an admin too, who prices quotes on Manage Quotes); an empty post is refused before
  // the quote is looked up.
  "routes/dashboard.quotes": { path: () => "/dashboard/quotes", get: [SIGN_IN, 200, 200], post: [405, 405, 405] },
  "routes/dashboard.quotes_.$id": {
    path: (shop) => `/dashboard/quotes/${shop.aliceQuoteId}`,
    get: [SIGN_IN, 404, 404],
    post: [SIGN_IN, 400, 400],
  },
  // Parts lists: the buyer's own (the list is Alice's, so it is not found for Bob, nor for an admin).
  // Invoices: the list is everyone's own (staff see all); a PDF is its buyer's (Alice's), not found for
  // another customer, and staff's.
  "routes/dashboard.invoices": { path: () => "/dashboard/invoices", get: [SIGN_IN, 200, 200], post: [405, 405, 405] },
  "routes/dashboard.invoices_.$file": {
    path: (shop) => `/dashboard/invoices/${shop.aliceInvoiceNumber}.pdf`,
    get: [SIGN_IN, 404, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.quotes_.$id_.quote[.]pdf": {
    path: (shop) => `/dashboard/quotes/${shop.aliceQuoteId}/quote.pdf`,
    get: [SIGN_IN, 404, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.manage-order_.$id_.shipments.$shipmentId.packing-slip[.]pdf": {
    path: (shop) =>
      `/dashboard/manage-order/${shop.aliceShippedOrderId}/shipments/${shop.aliceShipmentId}/packing-slip.pdf`,
    get: [SIGN_IN, 403, 200],
    post: [405, 405, 405],
  },
  // Companies: Bob and the admin belong to none. The company page explains that; the approvals page
  // and the member forms are for the company's approvers and admins (403); an invitation link that
  // is not one is a 404. Staff manage companies; a pro-forma invoice exists only for a pro-forma order.
  "routes/dashboard.company": { path: () => "/dashboard/company", get: [SIGN_IN, 200, 200], post: [SIGN_IN, 403, 403] },
  "routes/dashboard.company_.join": {
    path: () => "/dashboard/company/join?token=not-an-invitation",
    get: [SIGN_IN, 404, 404],
    post: [SIGN_IN, 400, 400],
  },
  "routes/dashboard.approvals": {
    path: () => "/dashboard/approvals",
    get: [SIGN_IN, 403, 403],
    post: [SIGN_IN, 403, 403],
  },
  "routes/dashboard.manage-companies": {
    path: () => "/dashboard/manage-companies",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.manage-companies_.$id": {
    path: (shop) => `/dashboard/manage-companies/${shop.companyId}`,
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  // Price lists are staff's: a customer is refused before the form is read.
  "routes/dashboard.price-lists": {
    path: () => "/dashboard/price-lists",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.price-lists_.$id": {
    path: (shop) => `/dashboard/price-lists/${shop.priceListId}`,
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.price-lists_.$id.rules[.]csv": {
    path: (shop) => `/dashboard/price-lists/${shop.priceListId}/rules.csv`,
    get: [SIGN_IN, 403, 200],
    post: [405, 405, 405],
  },
  // Reports are staff's, the page and its files alike.
  "routes/dashboard.reports": { path: () => "/dashboard/reports", get: [SIGN_IN, 403, 200], post: [405, 405, 405] },
  "routes/dashboard.reports_.$file": {
    path: () => "/dashboard/reports/vat.csv",
    get: [SIGN_IN, 403, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.my-order_.$id_.pro-forma[.]pdf": {
    path: (shop) => `/dashboard/my-order/${shop.aliceOrderId}/pro-forma.pdf`,
    get: [SIGN_IN, 404, 404],
    post: [405, 405, 405],
  },
  // The address book is everyone's own.
  "routes/dashboard.addresses": {
    path: () => "/dashboard/addresses",
    get: [SIGN_IN, 200, 200],
    post: [SIGN_IN, 400, 400],
  },
  "routes/dashboard.lists": { path: () => "/dashboard/lists", get: [SIGN_IN, 200, 200], post: [SIGN_IN, 400, 400] },
  "routes/dashboard.lists_.$id": {
    path: (shop) => `/dashboard/lists/${shop.aliceListId}`,
    get: [SIGN_IN, 404, 404],
    post: [SIGN_IN, 400, 400],
  },
  "routes/dashboard.manage-quotes": {
    path: () => "/dashboard/manage-quotes",
    get: [SIGN_IN, 403, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.manage-quotes_.$id": {
    path: (shop) => `/dashboard/manage-quotes/${shop.aliceQuoteId}`,
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  // Anyone fills a cart (a visitor's is held by its own cookie); checking out needs an account.
  "routes/cart": { path: () => "/cart", get: [200, 200, 200], post: [400, 400, 400] },
  // An empty cart's checkout sends its owner back to the cart, also when the page renders again
  // after an invalid post.
  "routes/checkout": { path: () => "/checkout", get: [SIGN_IN, 302, 302], post: [SIGN_IN, 302, 302] },
  // Pasting a bill of materials is an account's work: a visitor is sent to sign in first.
  "routes/quick-order": { path: () => "/quick-order", get: [SIGN_IN, 200, 200], post: [SIGN_IN, 400, 400] },
  "routes/dashboard.manage-order": {
    path: () => "/dashboard/manage-order",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.add-product": {
    path: () => "/dashboard/add-product",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.manage-product": {
    path: () => "/dashboard/manage-product",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.manage-product_.$id": {
    path: (shop) => `/dashboard/manage-product/${shop.item.id}`,
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.spec-templates": {
    path: () => "/dashboard/spec-templates",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  // The catalog export: a file for admins; a resource route without an action answers POST with 405.
  // Everyone signed in exports their own orders and invoices (staff: everyone's).
  "routes/dashboard.export.orders[.]csv": {
    path: () => "/dashboard/export/orders.csv",
    get: [SIGN_IN, 200, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.export.invoices[.]csv": {
    path: () => "/dashboard/export/invoices.csv",
    get: [SIGN_IN, 200, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.export.catalog[.]csv": {
    path: () => "/dashboard/export/catalog.csv",
    get: [SIGN_IN, 403, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.import": {
    path: () => "/dashboard/import",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.import_.$id": {
    path: (shop) => `/dashboard/import/${shop.importId}`,
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  // Staff download a customer's data for one who asks by mail; customers download only their own.
  "routes/dashboard.customer-data": {
    path: () => "/dashboard/customer-data",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  "routes/dashboard.customer-data_.$userId.data[.]json": {
    path: (shop) => `/dashboard/customer-data/${shop.alice.id}/data.json`,
    get: [SIGN_IN, 403, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.make-admin": {
    path: () => "/dashboard/make-admin",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  // Remix answers a POST to a route without an action with 405 before any loader runs, and renders
  // the dashboard's error page (without the side menu when it does not know who is asking).
  "routes/dashboard.messages": {
    path: () => "/dashboard/messages",
    get: [SIGN_IN, 403, 200],
    post: [405, 405, 405],
  },
  "routes/dashboard.outbox": {
    path: () => "/dashboard/outbox",
    get: [SIGN_IN, 403, 200],
    post: [SIGN_IN, 403, 400],
  },
  // Customers keep keys of their own (with their rights only).
  "routes/dashboard.api-keys": {
    path: () => "/dashboard/api-keys",
    get: [SIGN_IN, 200, 200],
    post: [SIGN_IN, 400, 400],
  },
  // After an invalid post the page renders again, and its loader sends a signed-in visitor home.
  "routes/sign-in": { path: () => "/sign-in", get: [200, 302, 302], post: [400, 302, 302] },
  "routes/sign-up": { path: () => "/sign-up", get: [200, 302, 302], post: [400, 302, 302] },
  "routes/forgot-password": { path: () => "/forgot-password", get: [200, 200, 200], post: [400, 400, 400] },
  "routes/reset-password": { path: () => "/reset-password?token=x", get: [200, 200, 200], post: [400, 400, 400] },
  // Without a token the link is "expired or used" (400) for everyone, and an empty form is refused
  // for everyone: anyone holding a link may press Confirm (mail.test.ts: only an account can ask
  // for the link again).
  "routes/verify-email": { path: () => "/verify-email", get: [400, 400, 400], post: [400, 400, 400] },
  "routes/sign-out": { path: () => "/sign-out", get: [302, 302, 302], post: [302, 302, 302] },
  // Signed in, GET is the Google link form (where a refused password comes back).
  "routes/auth.google": { path: () => "/auth/google", get: [302, 200, 200], post: [302, 302, 302] },
  "routes/cancel-email-change": { path: () => "/cancel-email-change", get: [400, 400, 400], post: [400, 400, 400] },
  "routes/auth.google.callback": { path: () => "/auth/google/callback", get: [302, 302, 302], post: [405, 405, 405] },
  "routes/about": { path: () => "/about", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/contact": { path: () => "/contact", get: [200, 200, 200], post: [400, 400, 400] },
  "routes/blog._index": { path: () => "/blog", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/blog.$slug": { path: () => "/blog/what-are-unit-tests", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/portfolio": { path: () => "/portfolio", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/healthz": { path: () => "/healthz", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/readyz": { path: () => "/readyz", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/sitemap[.]xml": { path: () => "/sitemap.xml", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/robots[.]txt": { path: () => "/robots.txt", get: [200, 200, 200], post: [405, 405, 405] },
  "routes/$": { path: () => "/no/such/page", get: [404, 404, 404], post: [405, 405, 405] },
  // The old site's addresses are answered by the same route: a permanent redirect, whoever asks.
  ...Object.fromEntries(
    Object.keys(LEGACY_PATHS).map((path) => [
      `routes/$ ${path}`,
      { path: () => path, get: [301, 301, 301], post: [405, 405, 405] } satisfies Row,
    ]),
  ),
  "routes/api.item": { path: () => "/api/item", json: true, get: [200, 200, 200], post: [401, 403, 400] },
  "routes/api.item.$id": {
    path: (shop) => `/api/item/${shop.item.id}`,
    json: true,
    get: [200, 200, 200],
    post: [405, 405, 405],
  },
  "routes/api.review": { path: () => "/api/review", json: true, get: [200, 200, 200], post: [401, 400, 400] },
  "routes/api.review.$id": {
    path: () => "/api/review/987654321",
    json: true,
    get: [404, 404, 404],
    post: [405, 405, 405],
  },
  "routes/api.order": { path: () => "/api/order", json: true, get: [401, 200, 200], post: [401, 400, 400] },
  "routes/api.order.$id": {
    path: (shop) => `/api/order/${shop.aliceOrderId}`,
    json: true,
    get: [401, 404, 200],
    post: [405, 405, 405],
  },
  // The caller's own cart, read only (it is filled on the pages).
  "routes/api.cart": { path: () => "/api/cart", json: true, get: [401, 200, 200], post: [405, 405, 405] },
  "routes/api.quote": { path: () => "/api/quote", json: true, get: [401, 200, 200], post: [405, 405, 405] },
  // Invoices as the pages' rules have them: the buyer's own (Alice's), not found for another, and staff's.
  "routes/api.invoice": { path: () => "/api/invoice", json: true, get: [401, 200, 200], post: [405, 405, 405] },
  "routes/api.invoice.$number": {
    path: (shop) => `/api/invoice/${shop.aliceInvoiceNumber}.xml`,
    json: true,
    get: [401, 404, 200],
    post: [405, 405, 405],
  },
  "routes/api.quote.$id": {
    path: (shop) => `/api/quote/${shop.aliceQuoteId}`,
    json: true,
    get: [401, 404, 200],
    post: [405, 405, 405],
  },
  // An empty body is refused (no address or phone) before the quote is looked up, whoever owns it.
  "routes/api.quote.$id.accept": {
    path: (shop) => `/api/quote/${shop.aliceQuoteId}/accept`,
    json: true,
    get: [405, 405, 405],
    post: [401, 400, 400],
  },
  // A procurement system's addresses answer in their own terms: cXML or a refusal page, never a
  // sign-in (no cookie counts there). An empty form is no cXML document and no OCI entry: 400.
  "routes/punchout.cxml.setup": { path: () => "/punchout/cxml/setup", get: [405, 405, 405], post: [400, 400, 400] },
  "routes/punchout.cxml.order": { path: () => "/punchout/cxml/order", get: [405, 405, 405], post: [400, 400, 400] },
  "routes/punchout.oci": { path: () => "/punchout/oci", get: [400, 400, 400], post: [400, 400, 400] },
  // A start link that is not one (or was used, or expired) is gone for everyone.
  "routes/punchout.start.$token": {
    path: () => "/punchout/start/not-a-start-link",
    get: [410, 410, 410],
    post: [405, 405, 405],
  },
  // Only a punchout session transfers its cart: anyone else signed in is told so.
  "routes/punchout.transfer": { path: () => "/punchout/transfer", get: [405, 405, 405], post: [SIGN_IN, 400, 400] },
  "routes/api.openapi[.]json": {
    path: () => "/api/openapi.json",
    json: true,
    get: [200, 200, 200],
    post: [405, 405, 405],
  },
  "routes/api.$": { path: () => "/api/no-such-call", json: true, get: [404, 404, 404], post: [404, 404, 404] },
  // Uploaded files: public, as the pages that show them; a resource route without an action.
  "routes/media.$file": {
    path: (shop) => `/media/${shop.pictureHash}-160.jpg`,
    get: [200, 200, 200],
    post: [405, 405, 405],
  },
  // The header's search suggestions: a public read, answered as the API's are.
  "routes/search.suggest": {
    path: () => "/search/suggest?q=gear",
    json: true,
    get: [200, 200, 200],
    post: [405, 405, 405],
  },
};

const roles = ["signed out", "customer", "admin"] as const;

describe("access matrix", async () => {
  const { build, handle } = await inProcessHandler();
  const routeIds = Object.keys(build.routes).filter((id) => id !== "root");
  let shop: Shop;
  let requests = 0;
  let serverErrors = 0;
  let failures = 0;

  beforeAll(async () => {
    const made = await makeShop();
    const photo = await samplePhoto({ width: 320, height: 240 });
    const uploaded = await uploadPicture(made.item.id, new File([photo], "gear.jpg"), "Fixture gear");
    if (!uploaded.ok) throw new Error("the fixture picture was refused");
    shop = { ...made, pictureHash: await contentHash(photo) };
  });

  test("every route of the build has a row (a new route must state who may use it)", () => {
    expect(routeIds.filter((id) => !matrix[id]).sort()).toEqual([]);
  });

  const cases = Object.entries(matrix).flatMap(([id, row]) =>
    (["GET", "POST"] as const).flatMap((method) =>
      roles.map((role, index) => ({ id, row, method, role, expected: (method === "GET" ? row.get : row.post)[index] })),
    ),
  );

  test.each(cases)("$method $id as $role → $expected", async ({ row, method, role, expected }) => {
    const cookie =
      role === "signed out" ? undefined : (await cookieFor(role === "admin" ? shop.admin.id : shop.bob.id)).cookie;
    const request = row.json
      ? new Request(new URL(row.path(shop), ORIGIN), {
          method,
          headers: {
            Host: new URL(ORIGIN).host,
            Origin: ORIGIN,
            "Sec-Fetch-Site": "same-origin",
            ...(method === "POST" ? { "Content-Type": "application/json" } : {}),
            ...(cookie ? { Cookie: cookie } : {}),
          },
          body: method === "POST" ? "{}" : undefined,
        })
      : documentRequest(row.path(shop), { method, cookie });
    const response = await handle(request);
    await response.arrayBuffer();
    requests++;
    if (response.status >= 500) serverErrors++;
    if (response.status !== expected) failures++;
    expect(response.status).toBe(expected);
  });

  describe("object-level checks: one customer cannot reach another's things", () => {
    test("Bob cannot see Alice's order, cancel it, or get a confirmation for it", async () => {
      const { cookie: bob } = await cookieFor(shop.bob.id);
      const page = await handle(documentRequest(`/dashboard/my-order?cancel=${shop.aliceOrderId}`, { cookie: bob }));
      const html = await page.text();
      expect(html).not.toContain("1 Alice Road");
      expect(html).not.toContain(`Cancel order #${shop.aliceOrderId} (`);
      const cancel = await handle(
        documentRequest("/dashboard/my-order", {
          method: "POST",
          cookie: bob,
          body: new URLSearchParams({ intent: "cancel", orderId: String(shop.aliceOrderId) }),
        }),
      );
      expect(cancel.status).toBe(404);
      const order = await db
        .selectFrom("orders")
        .select("status")
        .where("id", "=", shop.aliceOrderId)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe("pending");
      requests += 2;
    });

    test("Bob cannot see or accept Alice's quote, on the page or through the API; it stays as it was", async () => {
      const { cookie: bob } = await cookieFor(shop.bob.id);
      const accept = { intent: "accept", address: "1 Bob Street", phone: "+1 555 0102", expectedTotal: "1" };
      const page = await handle(documentRequest(`/dashboard/quotes/${shop.aliceQuoteId}`, { cookie: bob }));
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("Fixture quote");
      const posted = await handle(
        documentRequest(`/dashboard/quotes/${shop.aliceQuoteId}`, {
          method: "POST",
          cookie: bob,
          body: new URLSearchParams(accept),
        }),
      );
      expect(posted.status).toBe(404);
      const headers = { Host: new URL(ORIGIN).host, Cookie: bob, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };
      const read = await handle(new Request(new URL(`/api/quote/${shop.aliceQuoteId}`, ORIGIN), { headers }));
      expect(read.status).toBe(404);
      const api = await handle(
        new Request(new URL(`/api/quote/${shop.aliceQuoteId}/accept`, ORIGIN), {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify({ address: "1 Bob Street", phone: "+1 555 0102" }),
        }),
      );
      expect(api.status).toBe(404);
      const list = await handle(new Request(new URL("/api/quote", ORIGIN), { headers }));
      expect(((await list.json()) as { _id: number }[]).map((quote) => quote._id)).not.toContain(shop.aliceQuoteId);
      const quote = await db
        .selectFrom("quotes")
        .select(["status", "order_id"])
        .where("id", "=", shop.aliceQuoteId)
        .executeTakeFirstOrThrow();
      expect(quote).toEqual({ status: "sent", order_id: null });
      requests += 5;
    });

    test("Alice sees her parts list rendered; Bob can neither see nor change nor delete it", async () => {
      const { cookie: alice } = await cookieFor(shop.alice.id);
      const own = await handle(documentRequest(`/dashboard/lists/${shop.aliceListId}`, { cookie: alice }));
      expect(own.status).toBe(200);
      const html = await own.text();
      expect(html).toContain("Fixture kit");
      expect(html).toContain(shop.item.part_number);
      const { cookie: bob } = await cookieFor(shop.bob.id);
      const page = await handle(documentRequest(`/dashboard/lists/${shop.aliceListId}`, { cookie: bob }));
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("Fixture kit");
      for (const fields of <Record<string, string>[]>[{ intent: "rename", name: "Bob's now" }, { intent: "delete" }]) {
        const posted = await handle(
          documentRequest(`/dashboard/lists/${shop.aliceListId}`, {
            method: "POST",
            cookie: bob,
            body: new URLSearchParams(fields),
          }),
        );
        expect(posted.status).toBe(404);
      }
      const list = await db
        .selectFrom("parts_lists")
        .select("name")
        .where("id", "=", shop.aliceListId)
        .executeTakeFirstOrThrow();
      expect(list.name).toBe("Fixture kit");
      // Her cart renders her own part number and the form that saves it as a list; then it is emptied again.
      await addLinesToCart(shop.alice.id, [{ itemId: shop.item.id, quantity: 2 }]);
      await setCustomerPartNumber(shop.alice.id, shop.item.id, "AL-77");
      const cart = await (await handle(documentRequest("/cart", { cookie: alice }))).text();
      expect(cart).toContain("Your no. AL-77");
      expect(cart).toContain("Save as a parts list");
      await setCustomerPartNumber(shop.alice.id, shop.item.id, null);
      await db.deleteFrom("carts").where("user_id", "=", shop.alice.id).execute();
      requests += 5;
    });

    test("Bob cannot delete Alice's review", async () => {
      const { cookie: bob } = await cookieFor(shop.bob.id);
      const response = await handle(
        documentRequest("/dashboard/my-review", {
          method: "POST",
          cookie: bob,
          body: new URLSearchParams({ intent: "delete", reviewId: String(shop.aliceReviewId) }),
        }),
      );
      expect(response.status).toBe(404);
      expect(
        await db.selectFrom("reviews").select("id").where("id", "=", shop.aliceReviewId).executeTakeFirst(),
      ).toBeDefined();
      requests++;
    });

    test("a visitor's cart cookie opens no account: checkout and the dashboard still send to sign in", async () => {
      const added = await handle(
        documentRequest("/cart", {
          method: "POST",
          body: new URLSearchParams({ intent: "add", itemId: String(shop.item.id), quantity: "1" }),
        }),
      );
      expect(added.status).toBe(302);
      const cartCookie = added.headers
        .getSetCookie()
        .find((header) => header.startsWith("__cart="))!
        .split(";")[0];
      for (const path of ["/checkout", "/dashboard/my-order", "/order/" + shop.item.id]) {
        const page = await handle(documentRequest(path, { cookie: cartCookie }));
        expect(page.status, path).toBe(302);
        expect(page.headers.get("Location"), path).toMatch(/^\/sign-in\?redirectTo=/);
      }
      const api = await handle(
        new Request(new URL("/api/order", ORIGIN), { headers: { Host: new URL(ORIGIN).host, Cookie: cartCookie } }),
      );
      expect(api.status).toBe(401);
      requests += 5;
    });

    test("Bob's order list through the API holds only his orders, and ?all=1 is refused", async () => {
      const { cookie: bob } = await cookieFor(shop.bob.id);
      const headers = { Host: new URL(ORIGIN).host, Cookie: bob };
      const own = await handle(new Request(new URL("/api/order", ORIGIN), { headers }));
      expect(own.status).toBe(200);
      const orders = (await own.json()) as { _id: number }[];
      expect(orders.map((order) => order._id)).not.toContain(shop.aliceOrderId);
      const all = await handle(new Request(new URL("/api/order?all=1", ORIGIN), { headers }));
      expect(all.status).toBe(403);
      requests += 2;
    });
  });

  test("summary", () => {
    recordStats({ suite: "access-matrix", requests, failures, serverErrors, oversells: 0, ordersLost: 0 });
  });
});
