import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

import type { CookieJar } from "./cookie-jar";
import { postForm } from "./server";

/** A port nothing listens on now. */
export async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The fake Google of tests/support/fake-oauth-server.mjs on a loopback port, with the variables that
 * point the shop's Google sign-in at it. Its identities' `sub` is `fake-<email>`.
 */
export async function startFakeGoogle() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["tests/support/fake-oauth-server.mjs"], {
    env: { ...process.env, FAKE_OAUTH_PORT: String(port) },
    stdio: "ignore",
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      if (tries > 100) throw new Error("the fake OAuth server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    origin,
    env: {
      GOOGLE_CLIENT_ID: "e2e-client",
      GOOGLE_CLIENT_SECRET: "e2e-secret",
      GOOGLE_AUTH_URL: `${origin}/authorize`,
      GOOGLE_TOKEN_URL: `${origin}/token`,
      GOOGLE_USERINFO_URL: `${origin}/userinfo`,
    },
    stop: () => child.kill("SIGTERM"),
  };
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

/**
 * A whole Google round trip in `jar`'s browser: the shop's /auth/google with `fields` (a sign-in, or
 * `intent=link` with the password), the fake provider's consent as `email`, and the callback. Answers
 * the shop's first answer when it did not send the browser to Google, else the callback's answer,
 * with the callback's URL for a replay.
 */
export async function googleRoundTrip(
  shop: string,
  google: FakeGoogle,
  jar: CookieJar,
  { fields = {}, email, verified = true }: { fields?: Record<string, string>; email: string; verified?: boolean },
) {
  const start = jar.take(await postForm(shop, "/auth/google", fields, { cookie: jar.header }));
  const location = start.headers.get("Location") ?? "";
  if (start.status !== 302 || !location.startsWith(google.origin)) return { response: start, callbackUrl: null };
  const authorize = new URL(location);
  const consent = await fetch(`${google.origin}/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      redirect_uri: authorize.searchParams.get("redirect_uri")!,
      state: authorize.searchParams.get("state")!,
      email,
      name: "Google Person",
      ...(verified ? { email_verified: "true" } : {}),
    }),
  });
  const callback = new URL(consent.headers.get("Location")!);
  const callbackUrl = `${shop}${callback.pathname}${callback.search}`;
  const response = jar.take(await fetch(callbackUrl, { redirect: "manual", headers: { Cookie: jar.header } }));
  return { response, callbackUrl };
}
