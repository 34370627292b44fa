import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { newItem } from "../support/builders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The anonymous page cache of the production server over real HTTP (issue 22): a HEAD never makes
// or replaces an entry, and only a committed change to what anonymous pages show empties it
// (decision 19). Entries live ten minutes here, so an expiry is never what a test sees. (fetch asks
// for brotli: a Content-Length is the compressed body's.)

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { PAGE_CACHE_SECONDS: "600" } });
});

afterAll(async () => {
  await server?.stop();
});

async function visit(origin: string, path: string, method: "GET" | "HEAD" = "GET") {
  const response = await fetch(`${origin}${path}`, { method });
  const body = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    length: response.headers.get("Content-Length"),
    body,
  };
}

describe("HEAD requests and the page cache", () => {
  test.each(["/", "/items", "/about"])(
    "%s: a HEAD first passes through, and the GET after it gets the whole page",
    async (page) => {
      const path = `${page}?head=${uniqueToken()}`;
      for (let time = 0; time < 2; time++) {
        const head = await visit(server.origin, path, "HEAD");
        expect(head).toMatchObject({ status: 200, cache: "MISS", body: "" });
      }
      const first = await visit(server.origin, path);
      expect(first.status).toBe(200);
      expect(first.body).toContain("</html>");
      expect(Number(first.length)).toBeGreaterThan(1_000);
      // Now a HEAD is answered from the GET's entry: its headers, its length, no body.
      const head = await visit(server.origin, path, "HEAD");
      expect(head).toMatchObject({ status: 200, cache: "HIT", length: first.length, body: "" });
      const again = await visit(server.origin, path);
      expect(again).toMatchObject({ status: 200, cache: "HIT", length: first.length });
      expect(again.body).toContain("</html>");
    },
  );

  test("a HEAD of a stale page does not refresh it: the next GET renders the page", async () => {
    const shortLived = await startServer({ env: { PAGE_CACHE_SECONDS: "1" } });
    try {
      const path = `/about?stale=${uniqueToken()}`;
      expect((await visit(shortLived.origin, path)).body).toContain("</html>");
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await visit(shortLived.origin, path, "HEAD")).toMatchObject({ status: 200, cache: "MISS", body: "" });
      const after = await visit(shortLived.origin, path);
      expect(after.status).toBe(200);
      expect(after.body).toContain("</html>");
    } finally {
      await shortLived.stop();
    }
  });
});

describe("what empties the page cache", () => {
  test("a fresh process's first write that changes nothing public leaves its cache warm", async () => {
    // Its own process: the first write this process sees. The version is taken when the first entry is made.
    const fresh = await startServer({ env: { PAGE_CACHE_SECONDS: "600" } });
    try {
      const path = `/about?first=${uniqueToken()}`;
      expect((await visit(fresh.origin, path)).cache).toBe("MISS");
      expect((await visit(fresh.origin, path)).cache).toBe("HIT");
      expect((await postForm(fresh.origin, "/sign-out", {})).status).toBe(302);
      expect((await visit(fresh.origin, path)).cache).toBe("HIT");
    } finally {
      await fresh.stop();
    }
  });

  test("posts that change nothing an anonymous page shows leave it warm", async () => {
    const item = await newItem();
    const { cookie } = await createSignedInUser();
    const path = `/about?warm=${uniqueToken()}`;
    expect((await visit(server.origin, path)).cache).toBe("MISS");
    expect((await visit(server.origin, path)).cache).toBe("HIT");

    const cartLine = { intent: "add", itemId: String(item.id), quantity: "1" };
    const posts = [
      // Sign-out without a session, and a visitor's Add to Cart (a cart of their own, which no
      // anonymous page shows): anyone can send these, as often as they like.
      await postForm(server.origin, "/sign-out", {}),
      await postForm(server.origin, "/cart", cartLine),
      // Real writes, but nothing an anonymous page shows: a contact message, a customer's cart line.
      await postForm(server.origin, "/contact", { name: "Ada", email: "ada@example.com", message: "Hello there." }),
      await postForm(server.origin, "/cart", cartLine, { cookie }),
    ];
    expect(posts.map((response) => response.status)).toEqual([302, 302, 302, 302]);
    expect((await visit(server.origin, path)).cache).toBe("HIT");
  });

  test("a review posted through this process is on the next home page", async () => {
    const { cookie } = await createSignedInUser();
    await postForm(server.origin, "/sign-out", {});
    await visit(server.origin, "/");
    expect((await visit(server.origin, "/")).cache).toBe("HIT");
    const text = `Quiet bearings ${uniqueToken()}`;
    const posted = await postForm(
      server.origin,
      "/dashboard/add-review",
      { name: "Ada", rating: "5", review: text },
      {
        cookie,
      },
    );
    expect(posted.status).toBe(302);
    const home = await visit(server.origin, "/");
    expect(home.cache).toBe("MISS");
    expect(home.body).toContain(text);
  });

  test("an order placed through this process shows the stock it left on the next product page", async () => {
    const item = await newItem({ quantity: 10 });
    const { cookie } = await createSignedInUser();
    await postForm(server.origin, "/sign-out", {});
    const path = `/items/${item.id}`;
    expect((await visit(server.origin, path)).body).toContain("In stock: 10");
    expect((await visit(server.origin, path)).cache).toBe("HIT");
    const ordered = await postForm(
      server.origin,
      `/order/${item.id}`,
      { quantity: "3", address: "1 Mill Road, Sheffield", phone: "+44 114 496 0000", checkoutToken: randomUUID() },
      { cookie },
    );
    expect(ordered.status).toBe(302);
    const after = await visit(server.origin, path);
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("In stock: 7");
  });
});
