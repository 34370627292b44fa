import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler } from "@remix-run/node";
import { beforeAll, describe, expect, test } from "vitest";

import { newItem } from "../support/builders";
import { createSignedInUser } from "../support/users";

// Through the production build and Remix's own request handler: the API answers in JSON whatever
// it is asked, where a page route would answer with HTML. (npm test builds first.)

let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const build = await import(pathToFileURL(path.resolve("build/server/index.js")).href);
  handle = createRequestHandler(build, "production");
});

function send(method: string, pathname: string, headers: Record<string, string> = {}) {
  return handle(new Request(new URL(pathname, "http://localhost:3000"), { method, headers }));
}

describe("the API through the real request handler", () => {
  test("an item, and a list of items, as JSON", async () => {
    const item = await newItem();
    const one = await send("GET", `/api/item/${item.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await one.json()).toMatchObject({ _id: item.id, price: 12.5 });
    const list = await send("GET", "/api/item?limit=1");
    expect(await list.json()).toHaveLength(1);
  });

  test.each([
    ["GET", "/api/item/abc", 404],
    ["GET", "/api/item/987654", 404],
    ["GET", "/api/nothing-here", 404],
    ["GET", "/api/item/1/extra", 404],
    ["PATCH", "/api/item", 405],
    ["POST", "/api/openapi.json", 405],
    ["DELETE", "/api/review", 405],
    ["POST", "/api/item", 401],
    ["GET", "/api/item?limit=1000", 400],
  ])("%s %s is a JSON %i, never HTML", async (method, pathname, status) => {
    const response = await send(method, pathname, method === "GET" ? {} : { "Content-Type": "application/json" });
    expect(response.status).toBe(status);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });

  test("OPTIONS and HEAD are answered", async () => {
    const options = await send("OPTIONS", "/api/order");
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, POST, HEAD, OPTIONS");
    const head = await send("HEAD", "/api/openapi.json");
    expect(head.status).toBe(200);
  });
});

describe("the API keys page through the real request handler", () => {
  test("with JavaScript off, the form's answer is the page with the new key on it, once", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const response = await handle(
      new Request("http://localhost:3000/dashboard/api-keys", {
        method: "POST",
        body: new URLSearchParams({ intent: "create", name: "no-js key" }),
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "same-origin",
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    const shown = /<code[^>]*>(gwk_[A-Za-z0-9_-]{43})<\/code>/.exec(html);
    expect(shown).not.toBeNull();

    const later = await handle(
      new Request("http://localhost:3000/dashboard/api-keys", { headers: { Cookie: cookie } }),
    );
    const listed = await later.text();
    expect(listed).toContain("no-js key");
    expect(listed).not.toContain(shown![1]);
  });
});
