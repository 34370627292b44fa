import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { issueEmailToken } from "~/models/email-tokens.server";
import { RESET_TOKEN_LIFETIME_MS } from "~/models/password-reset.server";

import { newItem } from "../support/builders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueEmail } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The production server (build/start.js) over real HTTP: what happens before Remix, and the headers
// and statuses Remix's answers get on their way out.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { APP_URL: "http://shop.test" } });
});

/** A token shaped like a reset link's, which no link has. */
function madeUpToken() {
  return randomBytes(32).toString("base64url");
}

/** Rate-limit counters live in the shared test database: each limit test starts from none. */
async function forgetRateLimits() {
  await db.deleteFrom("rate_limits" as never).execute();
}

afterAll(async () => {
  await server?.stop();
});

/** GETs a path with one Accept-Encoding and keeps the body's bytes as sent, undecoded. */
function rawBody(port: number, path: string, encoding: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { ...headers, "Accept-Encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Sends raw bytes and collects the raw answer (for methods and timings fetch will not do). */
function rawRequest(port: number, text: string, { endAfterMs = 5_000 }: { endAfterMs?: number } = {}) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, endAfterMs);
  });
}

describe("cross-site form posts to pages", () => {
  test.each(["/sign-in", "/sign-up", "/contact", "/dashboard/add-review"])(
    "%s: 403 with the refusal page and its security headers, not a 500",
    async (path) => {
      const response = await postForm(
        server.origin,
        path,
        { email: "a@b.co", password: "secret1", name: "x" },
        {
          headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        },
      );
      expect(response.status).toBe(403);
      expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const html = await response.text();
      expect(html).toContain("This form was sent from another site and was refused.");
      expect(html).toContain('href="/"');
    },
  );

  test("a sibling origin (another port) is refused too, with or without Sec-Fetch-Site", async () => {
    const sibling = await postForm(
      server.origin,
      "/contact",
      { name: "x" },
      { headers: { Origin: "http://127.0.0.1:3111", "Sec-Fetch-Site": "same-site" } },
    );
    expect(sibling.status).toBe(403);
    const noFetchSite = await postForm(
      server.origin,
      "/contact",
      { name: "x" },
      { headers: { Origin: "http://127.0.0.1:3111", "Sec-Fetch-Site": "" } },
    );
    expect(noFetchSite.status).toBe(403);
  });

  test("the same form from the site itself is not refused", async () => {
    const response = await postForm(server.origin, "/contact", { name: "", email: "", message: "" });
    expect(response.status).toBe(400);
  });
});

describe("methods the shop does not take", () => {
  test.each(["TRACE", "PATCH", "PROPFIND"])(
    "%s is a 405 with Allow, as a page or as JSON under /api",
    async (method) => {
      for (const path of ["/", "/items", "/api/item"]) {
        const answer = await rawRequest(
          server.port,
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        );
        expect(answer).toMatch(/^HTTP\/1\.1 405 /);
        // A page's answer names the methods the shop takes; an API call's, its own (issue 48).
        expect(answer).toMatch(
          path.startsWith("/api")
            ? /\r\nallow: GET, POST, HEAD, OPTIONS\r\n/i
            : /\r\nallow: GET, HEAD, POST, PUT, DELETE, OPTIONS\r\n/i,
        );
        if (path.startsWith("/api")) expect(answer).toMatch(/content-type: application\/json/i);
        else expect(answer).toMatch(/content-type: text\/html/i);
      }
    },
  );

  test("CONNECT is a 405, not a tunnel and not a 500", async () => {
    const answer = await rawRequest(server.port, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/Allow: GET, HEAD, POST, PUT, DELETE, OPTIONS/);
  });
});

describe("request id and access log", () => {
  test("every answer carries X-Request-Id, and the log has one JSON line for it without cookies or query", async () => {
    const { cookie } = await createSignedInUser();
    const response = await fetch(`${server.origin}/items?q=secret-query`, { headers: { Cookie: cookie } });
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await response.arrayBuffer();
    await expect.poll(() => server.output().includes(requestId!)).toBe(true);
    const line = server
      .output()
      .split("\n")
      .find((entry) => entry.includes(requestId!))!;
    expect(JSON.parse(line)).toMatchObject({
      requestId,
      method: "GET",
      path: "/items",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(line).not.toContain("secret-query");
    expect(line).not.toContain(cookie.split("=")[1].slice(0, 20));
  });
});

describe("compression and static files", () => {
  test("pages are compressed with brotli or gzip as the client asks", async () => {
    for (const encoding of ["br", "gzip"]) {
      const answer = await rawRequest(
        server.port,
        `GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${encoding}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(new RegExp(`\\r\\ncontent-encoding: ${encoding}\\r\\n`, "i"));
    }
  });

  test("a streamed page is compressed as a whole, not a block for each piece the renderer hands over", async () => {
    // Signed in, the catalog is rendered for this request and streamed: nothing is kept to send whole.
    const { cookie } = await createSignedInUser();
    const plain = await rawBody(server.port, "/items", "identity", { Cookie: cookie });
    const gzipped = await rawBody(server.port, "/items", "gzip", { Cookie: cookie });
    expect(gzipped.headers).toMatchObject({ "content-encoding": "gzip", "x-cache": "MISS" });
    expect(plain.body.length).toBeGreaterThan(10_000);
    const page = zlib.gunzipSync(gzipped.body).toString();
    expect(page).toContain("</html>");
    // Flushed after every 2 KB piece, this page came to 1.5 times what gzip makes of it at once
    // (the 100,000-part catalog's first page, 2.6 times); flushed once per turn, 1.03 times.
    const whole = zlib.gzipSync(Buffer.from(page)).length;
    expect(gzipped.body.length).toBeLessThan(whole * 1.2);
  });

  test("/assets sends the build's compressed copy the client accepts, the same script once decoded", async () => {
    const home = await (await fetch(`${server.origin}/`)).text();
    const scripts = [...home.matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    const answers = await Promise.all(scripts.map((path) => rawBody(server.port, path, "identity")));
    const largest = answers.reduce(
      (most, answer, index) => (answer.body.length > answers[most].body.length ? index : most),
      0,
    );
    const [script, plain] = [scripts[largest], answers[largest]];
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(100_000);
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;
    for (const encoding of ["br", "gzip"] as const) {
      const answer = await rawBody(server.port, script, encoding);
      expect(answer.headers).toMatchObject({
        "content-encoding": encoding,
        "content-type": expect.stringMatching(/^text\/javascript/),
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        vary: expect.stringMatching(/Accept-Encoding/i),
      });
      // The copy was written at build time: its length is known before a byte is sent.
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(plain.body.length / 2);
      expect(decoders[encoding](answer.body).equals(plain.body)).toBe(true);
    }
  });

  test("/assets is immutable for a year, public/ files are kept for an hour", async () => {
    const home = await (await fetch(`${server.origin}/`)).text();
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home)![1];
    expect((await fetch(`${server.origin}${stylesheet}`)).headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await fetch(`${server.origin}/images/items/spur-gear.svg`)).headers.get("Cache-Control")).toBe(
      "public, max-age=3600",
    );
  });
});

describe("liveness and readiness", () => {
  test("/healthz answers without the database; /readyz checks it", async () => {
    expect(await (await fetch(`${server.origin}/healthz`)).text()).toBe("ok");
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe("ready");
  });
});

describe("headers reach the browser through the real build", () => {
  test("single-fetch data for signed-in pages is no-store, also when the root loader does not run", async () => {
    const { cookie } = await createSignedInUser();
    for (const path of ["/dashboard/my-profile.data", "/dashboard/my-order.data?_routes=routes%2Fdashboard.my-order"]) {
      const response = await fetch(`${server.origin}${path}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const document = await fetch(`${server.origin}/dashboard/my-profile`, { headers: { Cookie: cookie } });
    expect(document.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("a 429 carries Retry-After, as a document and as single-fetch data", async () => {
    await forgetRateLimits();
    const limited = await startServer({ env: { RATE_LIMIT_POINTS: "1" } });
    try {
      const email = uniqueEmail("limited");
      const first = await postForm(limited.origin, "/sign-in", { email, password: "wrong-password" });
      expect(first.status).toBe(401);
      const document = await postForm(limited.origin, "/sign-in", { email, password: "wrong-password" });
      expect(document.status).toBe(429);
      expect(document.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await document.text()).toContain("Too many attempts.");
      const data = await postForm(limited.origin, "/sign-in.data", { email, password: "wrong-password" });
      expect(data.status).toBe(429);
      expect(data.headers.get("Retry-After")).toMatch(/^\d+$/);
    } finally {
      await limited.stop();
    }
  });

  test("the API keys page and the answer that shows a new key are no-store", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    expect(
      (await fetch(`${server.origin}/dashboard/api-keys`, { headers: { Cookie: cookie } })).headers.get(
        "Cache-Control",
      ),
    ).toBe("private, no-store");
    const created = await postForm(
      server.origin,
      "/dashboard/api-keys",
      { intent: "create", name: "header test" },
      { cookie },
    );
    expect(created.status).toBe(200);
    expect(created.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await created.text()).toContain("gwk_");
  });

  test("a cookie that points at no session is removed on the next page", async () => {
    const { user, cookie } = await createSignedInUser();
    await db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    const response = await fetch(`${server.origin}/`, { headers: { Cookie: cookie } });
    expect(response.headers.getSetCookie().some((header) => /^__session=;/.test(header))).toBe(true);
  });

  test("/api/openapi.json names APP_URL as its server, whatever Host the request carried", async () => {
    const response = await fetch(`${server.origin}/api/openapi.json`, { headers: { Host: "attacker.example" } });
    const document = await response.json();
    expect(document.servers).toEqual([{ url: "http://shop.test" }]);
  });
});

describe("per-client limits", () => {
  test("without a proxy, the socket's address is the client: a flood of sign-ins with made-up emails is cut off", async () => {
    await forgetRateLimits();
    const limited = await startServer({ env: { RATE_LIMIT_POINTS: "2" } });
    try {
      // Per client: 3 × RATE_LIMIT_POINTS sign-in attempts a window, whatever the emails and headers say.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        const response = await postForm(
          limited.origin,
          "/sign-in",
          { email: uniqueEmail("spray"), password: "wrong-password" },
          { headers: { "X-Forwarded-For": `198.51.100.${attempt}` } },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await limited.stop();
    }
  });

  test("with TRUST_PROXY=1, X-Forwarded-For names the client: each address has its own count", async () => {
    await forgetRateLimits();
    const proxied = await startServer({ env: { RATE_LIMIT_POINTS: "2", TRUST_PROXY: "1" } });
    try {
      const fromOne = [];
      for (let attempt = 0; attempt < 7; attempt++) {
        fromOne.push(
          (
            await postForm(
              proxied.origin,
              "/sign-in",
              { email: uniqueEmail("spray"), password: "wrong-password" },
              { headers: { "X-Forwarded-For": "203.0.113.7" } },
            )
          ).status,
        );
      }
      expect(fromOne.at(-1)).toBe(429);
      const fromAnother = await postForm(
        proxied.origin,
        "/sign-in",
        { email: uniqueEmail("spray"), password: "wrong-password" },
        { headers: { "X-Forwarded-For": "203.0.113.8" } },
      );
      expect(fromAnother.status).toBe(401);
      // The session row records the client the proxy named.
      const { user } = await createSignedInUser();
      const signIn = await postForm(
        proxied.origin,
        "/sign-in",
        { email: user.email, password: "correct-horse-battery" },
        { headers: { "X-Forwarded-For": "203.0.113.9" } },
      );
      expect(signIn.status).toBe(302);
      const rows = await db.selectFrom("sessions").select("ip").where("user_id", "=", user.id).execute();
      expect(rows.map((row) => row.ip)).toContain("203.0.113.9");
    } finally {
      await proxied.stop();
    }
  });

  test("concurrent sign-ins from one client: two reach the app, the rest wait a second for a small 429", async () => {
    await forgetRateLimits();
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        postForm(server.origin, "/sign-in", { email: uniqueEmail("burst"), password: "wrong-password" }),
      ),
    );
    const answers = await Promise.all(
      responses.map(async (response) => ({
        status: response.status,
        body: await response.text(),
        retry: response.headers.get("Retry-After"),
      })),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(2);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.retry).toBe("1");
      expect(answer.body).toContain("Too many attempts at once");
      expect(answer.body.length).toBeLessThan(10_000);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // Once those are answered, the same client is served again.
    const after = await postForm(server.origin, "/sign-in", {
      email: uniqueEmail("burst"),
      password: "wrong-password",
    });
    expect(after.status).toBe(401);
    // Other pages' posts are not capped: twelve concurrent contact messages are all judged by the app.
    const contact = await Promise.all(
      Array.from({ length: 12 }, () => postForm(server.origin, "/contact", { name: "", email: "x", message: "" })),
    );
    expect(contact.map((response) => response.status)).toEqual(Array(12).fill(400));
  });

  test("concurrent new passwords from reset links: two reach the app, the rest wait a second for a small 429", async () => {
    await forgetRateLimits();
    // Good links, so that the two let in each hash a password, as a flood's would.
    const { user } = await createSignedInUser();
    const tokens = await Promise.all(
      Array.from({ length: 12 }, () =>
        issueEmailToken({ userId: user.id, purpose: "reset", lifetimeMs: RESET_TOKEN_LIFETIME_MS }),
      ),
    );
    const responses = await Promise.all(
      tokens.map((token) => postForm(server.origin, "/reset-password", { token, password: "a-new-password" })),
    );
    const answers = await Promise.all(
      responses.map(async (response) => ({ status: response.status, body: await response.text() })),
    );
    // One sets the password; it ends the account's other links, so the other one let in is refused.
    expect(
      answers
        .map((answer) => answer.status)
        .filter((status) => status !== 429)
        .sort(),
    ).toEqual([302, 400]);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    for (const answer of refused) expect(answer.body).toContain("Too many attempts at once");
  });

  test("new passwords from reset links and sign-ins share one per-client count", async () => {
    await forgetRateLimits();
    const limited = await startServer({ env: { RATE_LIMIT_POINTS: "2" } });
    // Each answer is read to its end, so that the server is done with it before the next post (the
    // two-at-once gate counts a post until its answer is sent).
    const statusOf = async (posted: Promise<Response>) => {
      const response = await posted;
      await response.text();
      return response.status;
    };
    const signIn = () =>
      statusOf(postForm(limited.origin, "/sign-in", { email: uniqueEmail("spray"), password: "wrong-password" }));
    const reset = () =>
      statusOf(postForm(limited.origin, "/reset-password", { token: madeUpToken(), password: "a-new-password" }));
    try {
      // Per client: 3 × RATE_LIMIT_POINTS posts a window, whichever of the two forms they go to.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) statuses.push(await signIn(), await reset());
      expect(statuses).toEqual([401, 400, 401, 400, 401, 400]);
      expect([await signIn(), await reset()]).toEqual([429, 429]);
    } finally {
      await limited.stop();
    }
  });

  test("a guesser from one client cannot lock the owner out from another", async () => {
    await forgetRateLimits();
    const proxied = await startServer({ env: { RATE_LIMIT_POINTS: "3", TRUST_PROXY: "1" } });
    try {
      const { user } = await createSignedInUser();
      for (let attempt = 0; attempt < 6; attempt++) {
        await postForm(
          proxied.origin,
          "/sign-in",
          { email: user.email, password: "wrong-password" },
          { headers: { "X-Forwarded-For": "192.0.2.66" } },
        );
      }
      const attacker = await postForm(
        proxied.origin,
        "/sign-in",
        { email: user.email, password: "correct-horse-battery" },
        { headers: { "X-Forwarded-For": "192.0.2.66" } },
      );
      expect(attacker.status).toBe(429);
      const owner = await postForm(
        proxied.origin,
        "/sign-in",
        { email: user.email, password: "correct-horse-battery" },
        { headers: { "X-Forwarded-For": "192.0.2.10" } },
      );
      expect(owner.status).toBe(302);
    } finally {
      await proxied.stop();
    }
  });
});

describe("form bodies shaped to blow up", () => {
  test.each([
    "name=&x[10000000]=1",
    "x[5000000]&y[5000000]",
    `${Array.from({ length: 500 }, (_, index) => `f${index}=1`).join("&")}`,
  ])("%s: a 4xx under 10 KB in well under a second", async (body) => {
    for (const path of ["/contact", "/sign-in", "/sign-up"]) {
      const started = Date.now();
      const response = await fetch(`${server.origin}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.origin,
          "Sec-Fetch-Site": "same-origin",
        },
        body,
      });
      const text = await response.text();
      expect(response.status).toBe(400);
      expect(text.length).toBeLessThan(10_000);
      expect(Date.now() - started).toBeLessThan(500);
    }
  });
});

describe("anonymous page cache", () => {
  test("a cached answer is served again, and never to or from a signed-in visitor", async () => {
    const { cookie } = await createSignedInUser({ displayName: "Zebedee Quartermain" });
    await fetch(`${server.origin}/about`).then((response) => response.arrayBuffer());
    const again = await fetch(`${server.origin}/about`);
    expect(again.headers.get("X-Cache")).toBe("HIT");
    await again.arrayBuffer();
    for (let visit = 0; visit < 3; visit++) {
      const personal = await fetch(`${server.origin}/about`, { headers: { Cookie: cookie } });
      expect(personal.headers.get("X-Cache")).toBe("MISS");
      expect(await personal.text()).toContain("Zebedee Quartermain");
    }
    const anonymous = await fetch(`${server.origin}/about`);
    expect(await anonymous.text()).not.toContain("Zebedee Quartermain");
  });

  test("an admin's price change is visible to anonymous visitors at once in the same process", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const item = await newItem({ name: `Cache Probe ${Date.now()}`, price_cents: 1111 });
    const search = `/items?q=${encodeURIComponent(item.name)}`;
    expect(await (await fetch(`${server.origin}${search}`)).text()).toContain("11.11");
    expect((await fetch(`${server.origin}${search}`)).headers.get("X-Cache")).toBe("HIT");
    const saved = await postForm(
      server.origin,
      `/dashboard/manage-product/${item.id}`,
      {
        intent: "update",
        version: String(item.version),
        name: item.name,
        img: item.img,
        description: item.description,
        price: "22.22",
        quantity: String(item.quantity),
        supplierName: item.supplier_name,
      },
      { cookie },
    );
    expect(saved.status).toBe(302);
    const after = await fetch(`${server.origin}${search}`);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).toContain("22.22");
  });

  test("another process sees a change within PAGE_CACHE_SECONDS", async () => {
    const other = await startServer({ env: { PAGE_CACHE_SECONDS: "1" } });
    try {
      const item = await newItem({
        name: `Other Process ${Date.now()}`,
        img: "/images/items/spur-gear.svg",
        description: "Probe.",
        price_cents: 3333,
        quantity: 3,
        supplier_name: "Probe Works",
      });
      const search = `/items?q=${encodeURIComponent(item.name)}`;
      expect(await (await fetch(`${other.origin}${search}`)).text()).toContain("33.33");
      // Written by this test process: the server's process never hears of it.
      await db.updateTable("items").set({ price_cents: 4444 }).where("id", "=", item.id).execute();
      expect(await (await fetch(`${other.origin}${search}`)).text()).toContain("33.33");
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await (await fetch(`${other.origin}${search}`)).text()).toContain("44.44");
    } finally {
      await other.stop();
    }
  });

  test("a search answer another process keeps follows a change made here at once", async () => {
    const other = await startServer({ env: { PAGE_CACHE_SECONDS: "0" } });
    try {
      const word = `Keptsearch${Date.now()}`;
      const item = await newItem({
        name: `${word} collar`,
        img: "/images/items/spur-gear.svg",
        description: "Probe.",
        price_cents: 3333,
        quantity: 3,
        supplier_name: "Probe Works",
      });
      const search = `/items?q=${word}`;
      for (let visit = 0; visit < 2; visit++)
        expect(await (await fetch(`${other.origin}${search}`)).text()).toContain(`1 part matching “${word}”`);
      // Written by this test process: the server's process learns of it from the catalog generation.
      await db.updateTable("items").set({ name: "Shaft collar" }).where("id", "=", item.id).execute();
      expect(await (await fetch(`${other.origin}${search}`)).text()).toContain(`No parts match “${word}”`);
    } finally {
      await other.stop();
    }
  });

  test("PAGE_CACHE_SECONDS=0 turns it off", async () => {
    const uncached = await startServer({ env: { PAGE_CACHE_SECONDS: "0" } });
    try {
      for (let visit = 0; visit < 2; visit++)
        expect((await fetch(`${uncached.origin}/about`)).headers.get("X-Cache")).toBe("MISS");
    } finally {
      await uncached.stop();
    }
  });

  test("concurrent requests for a cold page render it once", async () => {
    const fresh = await startServer();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${fresh.origin}/portfolio`)));
      const misses = answers.filter((response) => response.headers.get("X-Cache") === "MISS").length;
      expect(misses).toBe(1);
      await Promise.all(answers.map((response) => response.arrayBuffer()));
    } finally {
      await fresh.stop();
    }
  });
});

describe("graceful shutdown", () => {
  /** A keep-alive connection the server has already accepted and served once. */
  async function acceptedConnection(port: number) {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => undefined);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    // The answer is chunked: "ok" is its one chunk, and "0" ends it.
    await expect.poll(() => /\r\n\r\n(2\r\n)?ok(\r\n0\r\n\r\n)?$/.test(received), { timeout: 10_000 }).toBe(true);
    received = "";
    return {
      /** Sends a request on it and resolves with everything that comes back until the server closes it. */
      send(request: string) {
        return new Promise<string>((resolve) => {
          socket.once("close", () => resolve(received));
          socket.write(request);
        });
      },
    };
  }

  const SORTS = ["newest", "price-asc", "name"];

  test("SIGTERM under load: every request the server has received is answered in full, then the process exits 0", async () => {
    const victim = await startServer({ env: { PAGE_CACHE_SECONDS: "0" } });
    const connections = await Promise.all(Array.from({ length: 40 }, () => acceptedConnection(victim.port)));
    const answers = connections.map((connection, index) =>
      connection.send(`GET /items?sort=${SORTS[index % SORTS.length]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    );
    // Rendering 40 catalog pages takes far longer than this: most are still in flight at the signal.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const exitCode = victim.stop();
    const complete = (await Promise.all(answers)).filter(
      (answer) => /^HTTP\/1\.1 200 /.test(answer) && answer.includes("</html>"),
    );
    expect(complete.length).toBe(40);
    expect(await exitCode).toBe(0);
    const output = victim.output();
    expect(output).toContain('"msg":"stopped"');
    // The signal really came while pages were being rendered.
    const signalAt = output.indexOf('"msg":"shutting down');
    expect(output.slice(signalAt).match(/"path":"\/items"/g)?.length ?? 0).toBeGreaterThan(0);
  });
});

describe("timeouts", () => {
  // The limits are the server's real ones (headers 10 s, whole request 30 s), so this takes about 30 s;
  // it runs on SQLite only: the server's sockets are the same whatever the database.
  test.skipIf(process.env.TEST_DATABASE === "postgres")(
    "a body trickled slower than the limit is cut at about 30 s, and slow headers at about 10 s",
    { timeout: 60_000 },
    async () => {
      const started = Date.now();
      /** Sends `head` at once, then `rest` one byte per `everyMs`; resolves when the server closes the socket. */
      const trickle = (head: string, rest: string, everyMs: number) =>
        new Promise<{ answer: string; afterMs: number }>((resolve) => {
          const socket = net.connect(server.port, "127.0.0.1", () => socket.write(head));
          let answer = "";
          let offset = 0;
          const timer = setInterval(() => {
            if (offset < rest.length && !socket.destroyed) socket.write(rest[offset++]);
          }, everyMs);
          socket.on("data", (chunk) => (answer += chunk));
          socket.on("close", () => {
            clearInterval(timer);
            resolve({ answer, afterMs: Date.now() - started });
          });
          socket.on("error", () => undefined);
        });
      const body = `name=${"x".repeat(200)}`;
      const slowBody = trickle(
        `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
        500,
      );
      const slowHeaders = trickle("GET / HTTP/1.1\r\n", `Host: 127.0.0.1\r\nX-Slow: ${"y".repeat(400)}\r\n\r\n`, 100);
      const [bodyResult, headersResult] = await Promise.all([slowBody, slowHeaders]);
      expect(headersResult.afterMs).toBeGreaterThan(9_000);
      expect(headersResult.afterMs).toBeLessThan(13_000);
      expect(bodyResult.afterMs).toBeGreaterThan(29_000);
      expect(bodyResult.afterMs).toBeLessThan(34_000);
      for (const { answer } of [bodyResult, headersResult])
        expect(answer.split("\r\n")[0]).toMatch(/^(HTTP\/1\.1 408 Request Timeout)?$/);
    },
  );
});

describe("Google sign-in", () => {
  const pages = ["/sign-in", "/sign-up"];
  const pageText = async (origin: string, path: string) => (await fetch(`${origin}${path}`)).text();

  test("without configuration the sign-in and sign-up pages show no Google button and say nothing of it", async () => {
    for (const path of pages) {
      const html = await pageText(server.origin, path);
      expect(html).toContain("<h1");
      expect(html).not.toContain("Sign in with Google");
      expect(html).not.toContain("Google sign-in needs server configuration");
    }
  });

  test("configured, both pages offer it", async () => {
    const configured = await startServer({ env: { GOOGLE_CLIENT_ID: "test-client", GOOGLE_CLIENT_SECRET: "secret" } });
    try {
      for (const path of pages) {
        const html = await pageText(configured.origin, path);
        expect(html).toContain("Sign in with Google");
        expect(html).toContain('action="/auth/google"');
      }
    } finally {
      await configured.stop();
    }
  });
});

describe("the store's name", () => {
  test("every public page's title names STORE_NAME, never the demo name", async () => {
    const renamed = await startServer({ env: { STORE_NAME: "Acme Spares", PAGE_CACHE_SECONDS: "0" } });
    try {
      for (const path of [
        "/",
        "/items",
        "/items?q=gear",
        "/about",
        "/contact",
        "/blog",
        "/blog/what-are-unit-tests",
        "/blog/no-such-post",
        "/portfolio",
        "/sign-in",
        "/sign-up",
        "/no/such/page",
      ]) {
        const html = await (await fetch(`${renamed.origin}${path}`)).text();
        const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
        expect(title, path).toContain("Acme Spares");
        expect(title, path).not.toContain("Gearwright");
      }
    } finally {
      await renamed.stop();
    }
  });
});

describe("error pages", () => {
  test("an error inside the dashboard keeps its side menu; an unknown path gets the shop's 404 page", async () => {
    const { cookie } = await createSignedInUser();
    const refused = await fetch(`${server.origin}/dashboard/messages`, { headers: { cookie } });
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain('aria-label="Dashboard"');
    expect(html).toContain("Not allowed");
    expect(html.match(/<h1/g)).toHaveLength(1);

    const missing = await fetch(`${server.origin}/no/such/page`);
    expect(missing.status).toBe(404);
    const page = await missing.text();
    expect(page).toContain("The page you are looking for is not valid!");
    expect(page).toContain('aria-label="Main"');
  });
});

describe("the store's currency and locale", () => {
  const post = "/blog/progressive-enhancement-in-this-store";

  test("dates are written in STORE_LOCALE, en-GB by default: 7 Oct 2026, never Oct 7, 2026", async () => {
    const html = await (await fetch(`${server.origin}${post}`)).text();
    expect(html).toContain('<time dateTime="2026-10-07">7 Oct 2026</time>');
    expect(html).not.toContain("Oct 7, 2026");
  });

  test("prices and dates are shown in STORE_CURRENCY and STORE_LOCALE; a currency without two decimals stops the start", async () => {
    await newItem({ name: `Euro Priced Gear ${Date.now()}`, price_cents: 123456 });
    const euro = await startServer({ env: { STORE_CURRENCY: "EUR", STORE_LOCALE: "de-DE", PAGE_CACHE_SECONDS: "0" } });
    try {
      const html = await (await fetch(`${euro.origin}/items`)).text();
      expect(html).toContain("1.234,56\u00a0€");
      expect(html).not.toMatch(/£\d/);
      const page = await (await fetch(`${euro.origin}${post}`)).text();
      expect(page).toContain('<time dateTime="2026-10-07">7. Okt. 2026</time>');
    } finally {
      await euro.stop();
    }
    await expect(startServer({ env: { STORE_CURRENCY: "JPY" } })).rejects.toThrow(/JPY has 0 decimals/);
  });
});

describe("for search engines and other sites", () => {
  test("/sitemap.xml lists every part and content page at APP_URL; /robots.txt points at it", async () => {
    const part = await newItem();
    const sitemap = await fetch(`${server.origin}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    for (const path of ["/", "/items", "/about", "/contact", "/blog", "/portfolio", `/items/${part.id}`]) {
      expect(xml).toContain(`<loc>http://shop.test${path}</loc>`);
    }
    expect(xml).toMatch(/<loc>http:\/\/shop\.test\/blog\/[a-z0-9-]+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
    expect((await fetch(`${server.origin}/sitemap.xml?page=9`)).status).toBe(404);

    const robots = await fetch(`${server.origin}/robots.txt`);
    expect(robots.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Sitemap: http://shop.test/sitemap.xml");
  });

  test("a page on another origin may read the catalog through the API, without cookies", async () => {
    const response = await fetch(`${server.origin}/api/item?limit=1`, { headers: { Origin: "https://spa.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });
});
