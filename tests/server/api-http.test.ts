import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { browseCatalog, CATALOG_PAGE_SIZE } from "~/models/catalog";
import { getItem } from "~/models/item";
import { MAX_FORM_BYTES } from "~/web/request.server";

import { createKeyThroughDashboard } from "../support/api";
import { newCategory, newItem } from "../support/builders";
import { expectDocumented } from "../support/openapi-conformance";
import { type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The API as the original's single-page client meets it: over HTTP, from a page on another origin,
// against the built server (build/start.js). Issue 22: writes without a credential, CORS on every
// answer, and GET /api/item's pages. Which origins CORS lets in is tested here too, where
// API_CORS_ORIGINS is the server's, read once at its start.

const PARTNER = "https://partner.example";
/** API_CORS_ORIGINS lists a second origin; the partner's is written with a trailing slash, as people do. */
const OTHER_PARTNER = "https://other.example";
const STRANGER = "https://spa.example";
const APP_URL = "http://shop.test";

let server: ServerProcess;
let adminKey: string;
let customerKey: string;
let adminCookie: string;

beforeAll(async () => {
  server = await startServer({
    env: {
      API_CORS_ORIGINS: `${PARTNER}/, ${OTHER_PARTNER}`,
      APP_URL,
      RATE_LIMIT_POINTS: "3",
      RATE_LIMIT_WINDOW_SECONDS: "600",
    },
  });
  const admin = await createSignedInUser({ role: "admin" });
  adminCookie = admin.cookie;
  adminKey = await createKeyThroughDashboard(admin.cookie, "http test");
  // A key whose owner is a customer now (an admin demoted after making it).
  const demoted = await createSignedInUser({ role: "admin" });
  customerKey = await createKeyThroughDashboard(demoted.cookie, "demoted");
  await db.updateTable("users").set({ role: "user" }).where("id", "=", demoted.user.id).execute();
});

afterAll(async () => {
  await server?.stop();
});

type Call = { key?: string; cookie?: string; origin?: string; body?: unknown; headers?: Record<string, string> };

/**
 * A call as a page on `origin` makes it (Sec-Fetch-Site cross-site), or as a program when no origin
 * is given; its answer held to the OpenAPI document (tests/support/openapi-conformance.ts).
 */
async function api(method: string, path: string, call: Call = {}) {
  const response = await send(method, path, call);
  if (method !== "OPTIONS") {
    const text = await response.clone().text();
    const json = text && response.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : undefined;
    expectDocumented(method, path, response.status, json);
  }
  return response;
}

function send(method: string, path: string, { key, cookie, origin, body, headers = {} }: Call = {}) {
  return fetch(`${server.origin}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(origin ? { Origin: origin, "Sec-Fetch-Site": "cross-site" } : {}),
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const exposed = (response: Response) => response.headers.get("Access-Control-Expose-Headers")?.split(/\s*,\s*/) ?? [];

describe("a write with no cookie and no key", () => {
  test.each([
    ["a listed origin", { origin: PARTNER }],
    ["another origin", { origin: STRANGER }],
    ["another origin, without Sec-Fetch-Site", { headers: { Origin: STRANGER } }],
  ])("from %s is a 401 that asks for an API key, and changes nothing", async (_label, from) => {
    const item = await newItem({ quantity: 10 });
    const calls: [string, string, unknown][] = [
      ["POST", "/api/item", {}],
      ["PUT", `/api/item/${item.id}`, { quantity: 0, version: item.version }],
      ["DELETE", `/api/item/${item.id}`, undefined],
      ["POST", "/api/review", { name: "A", rating: 5, review: "B" }],
      ["POST", "/api/order", { itemId: item.id, quantity: 1, address: "1 Way", phone: "+1 555 0100" }],
    ];
    for (const [method, path, body] of calls) {
      const response = await api(method, path, { ...from, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe("Bearer");
      expect(await response.json()).toEqual({
        error: expect.stringMatching(/API key.*Authorization: Bearer/),
        code: "unauthenticated",
      });
    }
    expect(await getItem(item.id)).toMatchObject({ quantity: 10 });
  });

  test("signed in with a cookie, from another site, is still a 403", async () => {
    const item = await newItem({ quantity: 10 });
    for (const origin of [PARTNER, STRANGER]) {
      const response = await api("PUT", `/api/item/${item.id}`, {
        origin,
        cookie: adminCookie,
        body: { quantity: 0, version: item.version },
      });
      expect(response.status).toBe(403);
      expect((await response.json()).error).toMatch(/must come from this site/);
    }
    expect(await getItem(item.id)).toMatchObject({ quantity: 10 });
  });
});

describe("every answer to a listed origin carries CORS headers, errors included", () => {
  const readable = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(exposed(response)).toEqual(expect.arrayContaining(["ETag", "Link", "Retry-After", "X-Request-Id"]));
    expect(response.headers.get("Vary")).toMatch(/Origin/);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    return response.json();
  };

  const from = { origin: PARTNER };
  const product = { name: "CORS gear", img: "/x.png", description: "d", price: 1, quantity: 1, supplierName: "s" };
  const anItem = () => newItem({ quantity: 5 });
  const answers: [string, number, () => Promise<Response>][] = [
    ["a read with a key", 200, async () => api("GET", `/api/item/${(await anItem()).id}`, { ...from, key: adminKey })],
    ["a new item", 201, () => api("POST", "/api/item", { ...from, key: adminKey, body: product })],
    ["a body that breaks the rules", 400, () => api("POST", "/api/item", { ...from, key: adminKey, body: {} })],
    ["a write without a key", 401, () => api("POST", "/api/item", { ...from, body: {} })],
    ["a key that is not one", 401, () => api("POST", "/api/item", { ...from, key: "gwk_revoked" })],
    [
      "a customer's key on an admin call",
      403,
      () => api("POST", "/api/item", { ...from, key: customerKey, body: product }),
    ],
    ["a write with the cookie", 403, () => api("POST", "/api/item", { ...from, cookie: adminCookie, body: product })],
    ["an unknown item", 404, () => api("GET", "/api/item/987654321", from)],
    ["a method the call lacks", 405, () => api("DELETE", "/api/review", { ...from, key: adminKey })],
    ["a method the server refuses before the app", 405, () => api("PATCH", "/api/item", { ...from, key: adminKey })],
    [
      "a stale version",
      409,
      async () => {
        const item = await anItem();
        return api("PUT", `/api/item/${item.id}`, { ...from, key: adminKey, body: { quantity: 1, version: 99 } });
      },
    ],
    [
      "a body the server refuses for its declared size",
      413,
      () => {
        const body = JSON.stringify({ ...product, description: "x".repeat(MAX_FORM_BYTES) });
        return api("POST", "/api/item", { ...from, key: adminKey, body });
      },
    ],
    [
      "a body that is not JSON",
      415,
      () => api("POST", "/api/item", { ...from, key: adminKey, body: "{}", headers: { "Content-Type": "text/plain" } }),
    ],
    [
      "stock without a version",
      428,
      async () => api("PUT", `/api/item/${(await anItem()).id}`, { ...from, key: adminKey, body: { quantity: 1 } }),
    ],
  ];

  test.each(answers)("%s: %i", async (_label, status, send) => {
    await readable(await send(), status);
  });

  test("429, with Retry-After readable by the page", async () => {
    // RATE_LIMIT_POINTS is 3 on this server: the fourth review within the window is refused.
    const review = { name: "Marta Keller", rating: 5, review: "Quiet gears." };
    const statuses = [];
    let response: Response | undefined;
    for (let attempt = 0; attempt < 4; attempt++) {
      response = await api("POST", "/api/review", { origin: PARTNER, key: customerKey, body: review });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const body = await readable(response!, 429);
    expect(body.error).toEqual(expect.any(String));
    expect(Number(response!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("500, when the database fails under the call", async () => {
    await sql`alter table reviews rename to reviews_away`.execute(db);
    try {
      const body = await readable(await api("GET", "/api/review", { origin: PARTNER }), 500);
      expect(body).toEqual({ error: "Something went wrong on our side. Please try again.", code: "internal_error" });
    } finally {
      await sql`alter table reviews_away rename to reviews`.execute(db);
    }
  });

  test("preflight allows the headers a write sends: its key, JSON, If-Match and Idempotency-Key", async () => {
    const response = await api("OPTIONS", "/api/item/1", {
      origin: PARTNER,
      headers: { "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "authorization,if-match" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("PUT");
    const allowed = response.headers
      .get("Access-Control-Allow-Headers")!
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type", "if-match", "idempotency-key"]));
  });

  test("public reads stay open to any origin, and expose Link and ETag; a stranger's write gets no CORS", async () => {
    const item = await newItem();
    const list = await api("GET", "/api/item?limit=1", { origin: STRANGER });
    expect(list.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(exposed(list)).toEqual(expect.arrayContaining(["Link", "ETag"]));
    const one = await api("GET", `/api/item/${item.id}`, { origin: STRANGER });
    expect(one.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const write = await api("POST", "/api/item", { origin: STRANGER, body: {} });
    expect(write.status).toBe(401);
    expect(write.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("which origins CORS lets in", () => {
  const product = { name: "Key Test Gear", img: "/x.png", description: "d", price: 1, quantity: 1, supplierName: "s" };

  test("public reads are open to every origin, never with credentials; reads with a key and writes are not", async () => {
    const read = await api("GET", "/api/item", { origin: STRANGER });
    expect(read.status).toBe(200);
    expect(read.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(read.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    const withKey = await api("GET", "/api/item", { origin: STRANGER, key: adminKey });
    expect(withKey.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await api("OPTIONS", "/api/item", {
      origin: STRANGER,
      headers: { "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  test.each([PARTNER, OTHER_PARTNER])(
    "a listed origin (%s) may read and preflight, never with credentials",
    async (origin) => {
      const read = await api("GET", "/api/item", { origin });
      expect(read.headers.get("Access-Control-Allow-Origin")).toBe(origin);
      expect(read.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(read.headers.get("Vary")).toContain("Origin");

      const preflight = await api("OPTIONS", "/api/item", {
        origin,
        headers: {
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(origin);
      expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST, HEAD, OPTIONS");
      expect(preflight.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/);
      expect(preflight.headers.get("Access-Control-Allow-Credentials")).toBeNull();

      const stranger = await api("OPTIONS", "/api/item", {
        origin: STRANGER,
        headers: { "Access-Control-Request-Method": "POST" },
      });
      expect(stranger.headers.get("Access-Control-Allow-Origin")).toBeNull();
      const strangerRead = await api("GET", "/api/item", { origin: STRANGER });
      expect(strangerRead.headers.get("Access-Control-Allow-Origin")).toBe("*");
    },
  );

  test("a listed origin may write with a key, but not with a cookie; both answers are readable there", async () => {
    const withKey = await api("POST", "/api/item", { origin: PARTNER, key: adminKey, body: product });
    expect(withKey.status).toBe(201);
    expect(withKey.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
    expect(exposed(withKey)).toContain("Location");

    const withCookie = await api("POST", "/api/item", { origin: PARTNER, cookie: adminCookie, body: product });
    expect(withCookie.status).toBe(403);
    // The page may read why it was refused; never with credentials, so the cookie's answer stays unreadable
    // to a page that sent it (a browser needs Access-Control-Allow-Credentials for that).
    expect(withCookie.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
    expect(withCookie.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });
});

type ApiItemRow = { _id: number };

/** Every page of a list, by following `Link: <…>; rel="next"` from `path` (the Link's own host is APP_URL). */
async function walk(path: string, between: (page: number) => Promise<unknown> = async () => {}) {
  const pages: number[][] = [];
  let next: string | null = path;
  while (next) {
    const response = await api("GET", next);
    expect(response.status).toBe(200);
    pages.push(((await response.json()) as ApiItemRow[]).map((row) => row._id));
    const link = response.headers.get("Link");
    const target = link && /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    if (link) expect(target?.startsWith(`${APP_URL}/api/item?`)).toBe(true);
    next = target ? target.slice(APP_URL.length) : null;
    expect(pages.length).toBeLessThan(50);
    if (next) await between(pages.length);
  }
  return pages;
}

describe("GET /api/item pages, with a Link to the next", () => {
  test("a plain GET answers the first 100 as before, and the Link leads to the rest, each part once", async () => {
    const category = await newCategory();
    for (let index = 0; index < 101; index++) await newItem({ category_id: category.id });
    const first = await api("GET", "/api/item");
    const items = (await first.json()) as Record<string, unknown>[];
    expect(items).toHaveLength(100);
    expect(Object.keys(items[0]).sort()).toEqual(
      ["_id", "category", "description", "img", "name", "partNumber", "price", "quantity", "specs"]
        .concat([
          "supplierName",
          "version",
          "pictures",
          "documents",
          "allowBackorder",
          "leadTimeDays",
          "minOrderQuantity",
        ])
        .sort(),
    );
    expect(first.headers.get("Link")).toMatch(/^<http:\/\/shop\.test\/api\/item\?cursor=[\w-]+>; rel="next"$/);

    const all = (await walk("/api/item")).flat();
    const { count } = await db
      .selectFrom("items")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(count));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...all].sort((a, b) => b - a));

    const ours = (await walk(`/api/item?category=${category.slug}&limit=40`)).map((page) => page.length);
    expect(ours).toEqual([40, 40, 21]);
  });

  test("newest first: parts added between pages move nothing (each part once, none skipped)", async () => {
    const category = await newCategory();
    const made = [];
    for (let index = 0; index < 7; index++) made.push((await newItem({ category_id: category.id })).id);
    const pages = await walk(`/api/item?category=${category.slug}&limit=3`, async () => {
      await newItem({ category_id: category.id });
      await newItem({ category_id: category.id });
    });
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(made.reverse());
  });

  test("a search: the catalog page's order, and parts added between pages move nothing", async () => {
    const tag = uniqueToken();
    // The word once, twice or three times in names of one length: the ranking is by how often
    // (newest first among equals), whatever else the catalog holds, on both databases.
    for (let index = 0; index < 9; index++) {
      const times = 1 + (index % 3);
      await newItem({ name: `Bushing ${`${tag} `.repeat(times)}${"part ".repeat(3 - times)}${index}` });
    }
    const catalog = await browseCatalog({ query: tag }, { page: 1 });
    expect(catalog.total).toBeLessThanOrEqual(CATALOG_PAGE_SIZE);
    const catalogOrder = catalog.items.map((item) => item.id);
    expect(catalogOrder).toHaveLength(9);
    const pages = await walk(`/api/item?q=${tag}&limit=4`, async () => {
      await newItem({ name: `Bushing ${tag} ${tag} ${tag} new` });
    });
    expect(pages.map((page) => page.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual(catalogOrder);
  });

  test("?offset works as before and its Link goes on from there; a made-up cursor is a 400", async () => {
    const category = await newCategory();
    const made = [];
    for (let index = 0; index < 5; index++) made.push((await newItem({ category_id: category.id })).id);
    const newestFirst = made.reverse();
    const pages = await walk(`/api/item?category=${category.slug}&limit=2&offset=1`);
    expect(pages).toEqual([newestFirst.slice(1, 3), newestFirst.slice(3, 5)]);

    for (const query of ["cursor=abc", `cursor=${Buffer.from('{"skip":-1}').toString("base64url")}`]) {
      const response = await api("GET", `/api/item?${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).issues.cursor).toEqual([expect.stringMatching(/Link/)]);
    }
    const link = new URL(/^<([^>]+)>/.exec((await api("GET", "/api/item?limit=1")).headers.get("Link")!)![1]);
    link.searchParams.set("offset", "1");
    const both = await api("GET", `${link.pathname}${link.search}`);
    expect(both.status).toBe(400);
    expect((await both.json()).issues.offset).toEqual(["Send cursor or offset, not both"]);
  });
});
