import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

import { createRequestHandler } from "@remix-run/node";
import { describe, expect, test } from "vitest";

import * as signIn from "~/routes/sign-in";

import { call, postRequest } from "../support/http";
import { createSignedInUser, sessionCookieFor, TEST_PASSWORD } from "../support/users";

const execFileAsync = promisify(execFile);
const buildUrl = pathToFileURL(path.resolve("build/server/index.js")).href;

/** Runs a snippet against the production build in a fresh Node process with the given environment. */
async function inProductionProcess(code: string, env: Record<string, string | undefined>) {
  const script = `const build = await import(${JSON.stringify(buildUrl)}); const { createRequestHandler } = await import("@remix-run/node"); const handle = createRequestHandler(build, "production"); ${code}`;
  const cleanEnv: Record<string, string | undefined> = { ...process.env, NODE_ENV: "production", ...env };
  for (const [key, value] of Object.entries(cleanEnv)) if (value === undefined) delete cleanEnv[key];
  return execFileAsync(process.execPath, ["--input-type=module", "-e", script], { env: cleanEnv as NodeJS.ProcessEnv });
}

describe("session cookie", () => {
  test("is HttpOnly, SameSite=Lax and, in production, Secure", async () => {
    const { user } = await createSignedInUser();
    const outcome = await call(signIn.action, postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }));
    const setCookie = outcome.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const { stdout } = await inProductionProcess(
      `const response = await handle(new Request("https://shop.example/sign-up", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.example", Host: "shop.example" }, body: "name=Prod&email=prod-${Date.now()}@example.com&password=lathe-and-mill-42" })); console.log(response.status, response.headers.get("set-cookie"));`,
      { SESSION_SECRET: "production-secret", DATABASE_URL: process.env.DATABASE_URL },
    );
    expect(stdout).toMatch(/^302 __session=.*; Secure/m);
    expect(stdout).toMatch(/HttpOnly/);
  });

  test("the app refuses to start in production without SESSION_SECRET", async () => {
    const attempt = inProductionProcess("console.log('started');", {
      SESSION_SECRET: undefined,
      DATABASE_URL: process.env.DATABASE_URL,
    });
    await expect(attempt).rejects.toMatchObject({
      stderr: expect.stringContaining("SESSION_SECRET must be set in production"),
    });
  });

  test("secrets rotate: a cookie signed with the previous secret still works while it is listed", async () => {
    const { user } = await createSignedInUser();
    const oldCookie = await sessionCookieFor(user); // signed with this process's secret
    const secret = process.env.SESSION_SECRET!;
    const probe = `const response = await handle(new Request("http://localhost/dashboard/my-order", { headers: { Cookie: ${JSON.stringify(oldCookie)} } })); console.log(response.status);`;
    const rotated = await inProductionProcess(probe, {
      SESSION_SECRET: `a-brand-new-secret,${secret}`,
      DATABASE_URL: process.env.DATABASE_URL,
    });
    expect(rotated.stdout.trim()).toBe("200");
    const dropped = await inProductionProcess(probe, {
      SESSION_SECRET: "a-brand-new-secret",
      DATABASE_URL: process.env.DATABASE_URL,
    });
    expect(dropped.stdout.trim()).toBe("302");
  });
});

describe("security headers on documents", () => {
  test.each(["/", "/sign-in", "/no-such-page"])(
    "%s carries an enforced CSP whose nonce is on every script",
    async (pathname) => {
      const build = await import(buildUrl);
      const handle = createRequestHandler(build, "production");
      const response = await handle(new Request(`http://localhost:3000${pathname}`));
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(response.headers.get("Content-Security-Policy-Report-Only")).toBeNull();
      const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(csp).toContain(directive);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toMatch(/camera=\(\)/);

      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

      // Every response gets its own nonce.
      const again = await handle(new Request(`http://localhost:3000${pathname}`));
      expect(again.headers.get("Content-Security-Policy")).not.toContain(nonce!);
    },
  );
});
