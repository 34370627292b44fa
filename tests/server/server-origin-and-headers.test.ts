import http from "node:http";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createApiKey } from "~/models/api-key.server";
import { MAX_FORM_BYTES } from "~/web/request.server";

import { STRICT_TRANSPORT_SECURITY } from "../../server/config";
import { REFUSED_BODY_LINGER } from "../../server/refusals";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueEmail } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The production server over real HTTP (issue 22): a Host or Origin that Remix's own origin check
// would throw on is refused before Remix with the refusal page; HSTS when APP_URL is https; nosniff
// on static files. The server is addressed as 127.0.0.1:port while APP_URL says shop.test.

const CROSS_SITE_REFUSED = "This form was sent from another site and was refused.";
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { APP_URL: "http://shop.test" } });
});

afterAll(async () => {
  await server?.stop();
});

const signIn = () => ({ email: uniqueEmail("origin"), password: "wrong-password" });

/** A sign-in post with the Host given (fetch sends its own), answered as a fetch Response. */
function signInWithHost(host: string, headers: Record<string, string>) {
  const body = new URLSearchParams(signIn()).toString();
  return new Promise<Response>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/sign-in",
        headers: {
          Host: host,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          "Sec-Fetch-Site": "same-origin",
          ...headers,
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            for (const one of [value ?? []].flat()) headers.append(name, one);
          }
          resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers }));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function expectRefusalPage(response: Response, status: number, text: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  const html = await response.text();
  expect(html).toContain(text);
  expect(html).toContain('href="/"');
}

describe("an Origin that does not match the Host the request was sent to", () => {
  test.each<[string, string, Record<string, string>]>([
    ["Origin is APP_URL, Host is the server's own address", "/sign-in", { Origin: "http://shop.test" }],
    ["Origin is APP_URL, posted as single-fetch data", "/sign-in.data", { Origin: "http://shop.test" }],
    ["Sec-Fetch-Site: same-origin with a foreign Origin", "/sign-in", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: same-origin with Origin: null", "/contact", { Origin: "null" }],
    ["X-Forwarded-Host names another site", "/contact", { "X-Forwarded-Host": "evil.example" }],
  ])("%s: 403 with the refusal page and its security headers, not Remix's bare 500", async (_, path, headers) => {
    const response = await postForm(server.origin, path, signIn(), { headers });
    await expectRefusalPage(response, 403, CROSS_SITE_REFUSED);
  });

  test("Host names APP_URL's host, Origin the server's address: 403, not a 500", async () => {
    const response = await signInWithHost("shop.test", { Origin: server.origin });
    await expectRefusalPage(response, 403, CROSS_SITE_REFUSED);
  });

  test.each(["garbage", "http://"])("Origin %j is not an address: a 400 page, not a 500", async (origin) => {
    const response = await postForm(server.origin, "/sign-in", signIn(), { headers: { Origin: origin } });
    await expectRefusalPage(response, 400, "The Origin this request carries is not a web address.");
  });

  test("single-fetch calls Remix checks whatever their method are refused too: HEAD, OPTIONS, and /api's in JSON", async () => {
    for (const method of ["HEAD", "OPTIONS"]) {
      const response = await fetch(`${server.origin}/items.data`, {
        method,
        headers: { Origin: "https://evil.example" },
      });
      expect(response.status, method).toBe(403);
      expect(response.headers.get("X-Frame-Options"), method).toBe("DENY");
    }
    const api = await postForm(server.origin, "/api/item.data", {}, { headers: { Origin: "https://evil.example" } });
    expect(api.status).toBe(403);
    expect(api.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await api.json()).toEqual({ error: CROSS_SITE_REFUSED, code: "forbidden" });
  });

  test("behind a proxy that passes the browser's host on, in Host or in X-Forwarded-Host, the shop's forms work", async () => {
    const answers = [
      await signInWithHost("shop.test", { Origin: "http://shop.test" }),
      await signInWithHost(`127.0.0.1:${server.port}`, { "X-Forwarded-Host": "shop.test", Origin: "http://shop.test" }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Invalid email or password");
    }
  });

  test("the API still takes a key's write from another origin (Remix does not check its resource routes)", async () => {
    const { user } = await createSignedInUser();
    const { key } = await createApiKey({ userId: user.id, name: "SPA" });
    const response = await fetch(`${server.origin}/api/review`, {
      method: "POST",
      headers: { Origin: "https://spa.example", Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ada", rating: 5, review: "Through the API." }),
    });
    expect(response.status).toBe(201);
  });
});

describe("transport and content-type headers", () => {
  async function stylesheetOf(origin: string) {
    const home = await (await fetch(`${origin}/`)).text();
    return /href="(\/assets\/[^"]+\.css)"/.exec(home)![1];
  }

  test("with an https APP_URL every answer carries Strict-Transport-Security", async () => {
    const secure = await startServer({ env: { APP_URL: "https://shop.test", PAGE_CACHE_SECONDS: "600" } });
    try {
      const answers = [
        await fetch(`${secure.origin}/`),
        await fetch(`${secure.origin}/`),
        await fetch(`${secure.origin}/`, { method: "HEAD" }),
        await fetch(`${secure.origin}${await stylesheetOf(secure.origin)}`),
        await fetch(`${secure.origin}/images/items/spur-gear.svg`),
        await fetch(`${secure.origin}/no/such/page`),
        await fetch(`${secure.origin}/api/item?limit=1`),
        await fetch(`${secure.origin}/healthz`),
        await fetch(`${secure.origin}/`, { method: "PATCH" }),
        await postForm(secure.origin, "/sign-in", signIn(), { headers: { Origin: "https://evil.example" } }),
        await postForm(secure.origin, "/sign-in", signIn(), { headers: { Origin: "https://shop.test" } }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 404, 200, 200, 405, 403, 403]);
      expect(answers[1].headers.get("X-Cache")).toBe("HIT");
      for (const answer of answers) {
        expect(answer.headers.get("Strict-Transport-Security"), answer.url).toBe(STRICT_TRANSPORT_SECURITY);
        await answer.arrayBuffer();
      }
      // CONNECT is answered on the socket, before Express.
      const connect = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(secure.port, "127.0.0.1", () =>
          socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"),
        );
        let answer = "";
        socket.on("data", (chunk) => (answer += chunk));
        socket.on("close", () => resolve(answer));
        socket.on("error", reject);
      });
      expect(connect).toMatch(/^HTTP\/1\.1 405 /);
      expect(connect).toContain(`\r\nStrict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}\r\n`);
    } finally {
      await secure.stop();
    }
  });

  test("with an http APP_URL no answer carries it", async () => {
    for (const path of ["/", await stylesheetOf(server.origin), "/no/such/page"]) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.headers.get("Strict-Transport-Security"), path).toBeNull();
      await response.arrayBuffer();
    }
  });

  test("/assets and public/ files are sent with nosniff", async () => {
    for (const path of [await stylesheetOf(server.origin), "/images/items/spur-gear.svg", "/favicon.svg"]) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      await response.arrayBuffer();
    }
  });
});

describe("a body declared larger than its page takes", () => {
  /** A POST to /contact declaring `length` bytes, of which `sent` are sent; resolves with all the server sent back. */
  function postDeclaring(length: number, sent: number, then = "") {
    return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const started = Date.now();
      let answer = "";
      const socket = net.connect(server.port, "127.0.0.1", () => {
        socket.write(
          `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: http://shop.test\r\n` +
            `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`,
        );
        socket.write(Buffer.alloc(sent, "a"));
        if (then) socket.write(then);
      });
      socket.on("data", (chunk) => {
        answer += chunk;
        // The next request's answer too, when one was sent: then the connection has served it.
        if (then && answer.includes("HTTP/1.1 200")) socket.end();
      });
      socket.on("error", (error) => (answer += `\n[${error.message}]`));
      socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
    });
  }

  test("a little over the limit is taken in whole: its sender reads the 413 and the connection serves the next request", async () => {
    const length = MAX_FORM_BYTES + 1024 * 1024;
    expect(length - MAX_FORM_BYTES).toBeLessThanOrEqual(REFUSED_BODY_LINGER.bytes);
    const { answer } = await postDeclaring(length, length, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).not.toContain("connection: close");
    expect(answer).not.toMatch(/\[(write )?(EPIPE|ECONNRESET)/);
    // The answer to GET /healthz follows the 413's, on the same connection.
    expect(answer.indexOf("HTTP/1.1 200 OK")).toBeGreaterThan(answer.indexOf("HTTP/1.1 413"));
  });

  test("a sender that stops partway is cut off once the server has waited REFUSED_BODY_LINGER.ms", async () => {
    const { answer, closedAfterMs } = await postDeclaring(MAX_FORM_BYTES + 1024, 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REFUSED_BODY_LINGER.ms - 100);
    expect(closedAfterMs).toBeLessThan(REFUSED_BODY_LINGER.ms + 3_000);
  });

  test("far over the limit, the 413 ends the connection without reading the body", async () => {
    const { answer, closedAfterMs } = await postDeclaring(MAX_FORM_BYTES + REFUSED_BODY_LINGER.bytes + 1, 0);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(closedAfterMs).toBeLessThan(REFUSED_BODY_LINGER.ms);
  });
});
