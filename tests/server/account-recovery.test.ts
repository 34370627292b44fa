import fs from "node:fs";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { createApiKey } from "~/models/api-key.server";
import { shipReadyParts } from "~/services/order-status.server";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";
import { COMMON_PASSWORD, PERSONAL_PASSWORD, SIMPLE_PASSWORD } from "~/validation/password-policy.server";

import { newItem } from "../support/builders";
import { CookieJar } from "../support/cookie-jar";
import { type FakeGoogle, freePort, googleRoundTrip, startFakeGoogle } from "../support/fake-google";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { type ReceivedMail, startSmtpServer } from "../support/smtp";
import { uniqueEmail } from "../support/unique";
import { createSignedInUser, TEST_PASSWORD } from "../support/users";

// Issue 57, round five of the outside findings: every way back into an account, played as the thief
// and then as the owner, through the built server over HTTP, with a real SMTP server and the fake
// Google on loopback. Runs on SQLite and on PostgreSQL (npm test runs the server suite on both).

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let google: FakeGoogle;
let server: ServerProcess;
let shop: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  google = await startFakeGoogle();
  const port = await freePort();
  shop = `http://127.0.0.1:${port}`;
  server = await startServer({
    port,
    env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: "50", APP_URL: shop, ...google.env },
  });
});

afterAll(async () => {
  await server?.stop();
  google?.stop();
  await smtp?.close();
});

const STRONG = "tangerine-lathe-1987";

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return postForm(shop, path, fields, { cookie });
}

function get(path: string, cookie?: string) {
  return fetch(`${shop}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** The session cookie a sign-in answer set. */
function sessionFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith("__session="))
    ?.split(";")[0];
}

async function signIn(email: string, password: string) {
  const response = await post("/sign-in", { email, password });
  await response.text(); // read whole, as resetWith explains
  return { status: response.status, cookie: sessionFrom(response) };
}

/** Whether the cookie still opens the account's pages. */
async function signedIn(cookie: string) {
  return (await get("/dashboard/my-profile", cookie)).status === 200;
}

/** Whose account a cookie opens (by the email My Profile shows), or null. */
async function accountOf(cookie: string) {
  const page = await get("/dashboard/my-profile", cookie);
  if (page.status !== 200) return null;
  return /id="profile-email"[^>]*value="([^"]+)"/.exec(await page.text())?.[1] ?? null;
}

async function keyWorks(key: string) {
  return (await fetch(`${shop}/api/order`, { headers: { Authorization: `Bearer ${key}` } })).status === 200;
}

/** The newest message to `email` whose subject holds `subject`, waiting for it to arrive. */
async function mailTo(email: string, subject: string) {
  const matches = (mail: ReceivedMail) => mail.to === email && mail.subject.includes(subject);
  await smtp.waitFor((received) => received.some(matches));
  return smtp.received.filter(matches).at(-1)!;
}

/** How many messages to `email` with `subject` arrived so far. */
function countMail(email: string, subject: string) {
  return smtp.received.filter((mail) => mail.to === email && mail.subject.includes(subject)).length;
}

/** The one-time link a message carries (its path and query). */
function linkIn(mail: ReceivedMail, path: string) {
  const found = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`);
  const url = new URL(found[0]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token")! };
}

/** "Forgot password?" for `email`, and the token of the link it mails (the newest one). */
async function resetLinkFor(email: string) {
  const before = countMail(email, "reset your password");
  expect((await post("/forgot-password", { email })).status).toBe(200);
  await smtp.waitFor(() => countMail(email, "reset your password") > before);
  return linkIn(await mailTo(email, "reset your password"), "/reset-password").token;
}

/**
 * Chooses a new password with a reset link; answers the response, its page and this browser's new
 * session. The page is read whole, as a browser would: an answer left unread stays in flight, and the
 * server lets only two credential posts per client be in flight at once.
 */
async function resetWith(token: string, password = STRONG) {
  const response = await post("/reset-password", { token, password });
  const body = await response.text();
  return { status: response.status, cookie: sessionFrom(response), response, body };
}

/** The flash message a redirect set, as the page it lands on shows it. */
async function flashAfter(response: Response) {
  const jar = new CookieJar();
  jar.take(response);
  const page = await get(response.headers.get("Location")!, jar.header);
  return page.text();
}

/** A proven account with TEST_PASSWORD whose mail reaches the test's SMTP server. */
async function owner() {
  return createSignedInUser({ displayName: "Olive Owner" });
}

describe("1. linking Google asks for the password; a reset removes a Google link to another address", () => {
  test("a stolen cookie alone cannot link its thief's Google: no password, or a wrong one, is refused before Google", async () => {
    const { user, cookie: stolen } = await owner();
    const thief = new CookieJar(stolen);
    const withoutPassword = await googleRoundTrip(shop, google, thief, {
      fields: { intent: "link" },
      email: "thief@evil.test",
    });
    expect(withoutPassword.response.status).toBe(400);
    expect(withoutPassword.callbackUrl).toBeNull();
    const wrong = await googleRoundTrip(shop, google, thief, {
      fields: { intent: "link", currentPassword: "guessed-password" },
      email: "thief@evil.test",
    });
    expect(wrong.response.status).toBe(400);
    expect(wrong.callbackUrl).toBeNull();
    expect(await wrong.response.text()).toContain("Current password is not right");
    const row = await db.selectFrom("users").select("google_sub").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();
  });

  test("a link made with the password is named on My Profile and mailed; the owner's reset removes it and says so", async () => {
    const { user, cookie } = await owner();
    const thiefGoogle = uniqueEmail("thief");
    // The thief had the password too (phished): the link goes through, and the owner hears of it.
    const linked = await googleRoundTrip(shop, google, new CookieJar(cookie), {
      fields: { intent: "link", currentPassword: TEST_PASSWORD },
      email: thiefGoogle,
    });
    expect(linked.response.status).toBe(302);
    expect(linked.response.headers.get("Location")).toBe("/dashboard/my-profile");
    const profile = await (await get("/dashboard/my-profile", cookie)).text();
    expect(profile).toContain(thiefGoogle);
    expect(profile).toContain("Unlink Google");
    const notice = await mailTo(user.email, "Google sign-in was linked");
    expect(notice.text).toContain(thiefGoogle);

    // The thief signs in with Google: into the owner's account, for now.
    const before = new CookieJar();
    expect((await googleRoundTrip(shop, google, before, { email: thiefGoogle })).response.status).toBe(302);
    expect(await accountOf(before.header)).toBe(user.email);

    // The owner resets the password: the thief's Google link goes with every session.
    const reset = await resetWith(await resetLinkFor(user.email));
    expect(reset.status).toBe(302);
    expect(await flashAfter(reset.response)).toContain(`the Google account ${thiefGoogle} was unlinked`);
    expect(await signedIn(before.header)).toBe(false);
    const after = new CookieJar();
    await googleRoundTrip(shop, google, after, { email: thiefGoogle });
    expect(await accountOf(after.header)).not.toBe(user.email);
    const row = await db
      .selectFrom("users")
      .select(["google_sub", "google_email"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ google_sub: null, google_email: null });
  });

  test("a reset keeps the account's own Google; Unlink needs the password and is mailed; without a password there is none", async () => {
    const { user, cookie } = await owner();
    await googleRoundTrip(shop, google, new CookieJar(cookie), {
      fields: { intent: "link", currentPassword: TEST_PASSWORD },
      email: user.email,
    });
    const reset = await resetWith(await resetLinkFor(user.email));
    expect(reset.status).toBe(302);
    expect(await flashAfter(reset.response)).not.toContain("was unlinked");
    const own = new CookieJar();
    await googleRoundTrip(shop, google, own, { email: user.email });
    expect(await accountOf(own.header)).toBe(user.email);

    const wrong = await post(
      "/dashboard/my-profile",
      { intent: "unlink-google", currentPassword: "nope-nope" },
      reset.cookie,
    );
    expect(wrong.status).toBe(400);
    const unlinked = await post(
      "/dashboard/my-profile",
      { intent: "unlink-google", currentPassword: STRONG },
      reset.cookie,
    );
    expect(unlinked.status).toBe(302);
    expect((await mailTo(user.email, "Google sign-in was removed")).text).toContain(user.email);
    expect(
      (await db.selectFrom("users").select("google_sub").where("id", "=", user.id).executeTakeFirstOrThrow())
        .google_sub,
    ).toBeNull();

    // An account made by Google has no password: nothing to fall back on, so no Unlink.
    const googleOnly = new CookieJar();
    const made = uniqueEmail("google-only");
    await googleRoundTrip(shop, google, googleOnly, { email: made });
    const page = await (await get("/dashboard/my-profile", googleOnly.header)).text();
    expect(page).toContain(made);
    expect(page).not.toContain("Unlink Google");
    const refused = await post(
      "/dashboard/my-profile",
      { intent: "unlink-google", currentPassword: "anything" },
      googleOnly.header,
    );
    expect(refused.status).toBe(400);
  });
});

describe("2. a pending change of email address ends with recovery", () => {
  /** Asks to move the account to `to`, and waits for the warning to its current address. */
  async function askToMove(cookie: string, to: string, password = TEST_PASSWORD) {
    const from = (await accountOf(cookie))!;
    const warned = countMail(from, "a change of your email address was asked for");
    const response = await post(
      "/dashboard/my-profile",
      { intent: "email", email: to, currentPassword: password },
      cookie,
    );
    if (response.status === 302) {
      await smtp.waitFor(() => countMail(from, "a change of your email address was asked for") > warned);
    }
    return response;
  }
  async function changeLink(to: string) {
    return linkIn(await mailTo(to, "confirm your email address"), "/verify-email").token;
  }
  const confirm = (token: string, cookie?: string) => post("/verify-email", { intent: "confirm", token }, cookie);
  const emailOf = async (id: number) =>
    (await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;

  test("the thief's change, asked with the password, dies with the owner's reset; the owner was told, with a cancel link", async () => {
    const { user, cookie: thiefCookie } = await owner();
    const thiefAddress = uniqueEmail("thief");
    expect((await askToMove(thiefCookie, thiefAddress)).status).toBe(302);
    const warning = await mailTo(user.email, "a change of your email address was asked for");
    expect(warning.text).toContain(thiefAddress);
    expect(linkIn(warning, "/cancel-email-change").token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const thiefLink = await changeLink(thiefAddress);

    const reset = await resetWith(await resetLinkFor(user.email));
    expect(reset.status).toBe(302);
    expect(await signedIn(thiefCookie)).toBe(false);
    // Signed out, the thief presses Confirm: the link is dead.
    expect((await confirm(thiefLink)).status).toBe(400);
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await signIn(user.email, STRONG)).status).toBe(302);
  });

  test("a password change, sign out everywhere and a newer request each void the earlier ones; the cancel link voids too", async () => {
    const { user, cookie } = await owner();
    const first = uniqueEmail("first");
    await askToMove(cookie, first);
    const firstLink = await changeLink(first);
    const second = uniqueEmail("second");
    await askToMove(cookie, second);
    const secondLink = await changeLink(second);
    expect((await confirm(firstLink, cookie)).status).toBe(400);

    const changed = await post(
      "/dashboard/my-profile",
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: STRONG },
      cookie,
    );
    expect(changed.status).toBe(302);
    const fresh = sessionFrom(changed)!;
    expect((await confirm(secondLink, fresh)).status).toBe(400);

    const third = uniqueEmail("third");
    await askToMove(fresh, third, STRONG);
    const thirdLink = await changeLink(third);
    expect((await post("/dashboard/my-profile", { intent: "sign-out-everywhere" }, fresh)).status).toBe(302);
    expect((await confirm(thirdLink)).status).toBe(400);

    const { cookie: again } = await signIn(user.email, STRONG);
    const fourth = uniqueEmail("fourth");
    await askToMove(again!, fourth, STRONG);
    const fourthLink = await changeLink(fourth);
    const cancel = linkIn(
      await mailTo(user.email, "a change of your email address was asked for"),
      "/cancel-email-change",
    );
    expect((await get(cancel.path)).status).toBe(200);
    const cancelled = await post("/cancel-email-change", { token: cancel.token });
    expect(cancelled.status).toBe(302);
    expect((await confirm(fourthLink, again)).status).toBe(400);
    expect((await post("/cancel-email-change", { token: cancel.token })).status).toBe(400);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  test("a change confirmed by the account itself moves it, keeps its password and tells the old address", async () => {
    const { user, cookie } = await owner();
    const moved = uniqueEmail("moved");
    await askToMove(cookie, moved);
    expect((await confirm(await changeLink(moved), cookie)).status).toBe(302);
    expect(await emailOf(user.id)).toBe(moved);
    const told = await mailTo(user.email, "your email address was changed");
    expect(told.text).toContain(moved);
    expect((await signIn(moved, TEST_PASSWORD)).status).toBe(302);
  });
});

describe("3. the owner of an address takes back an account someone made on it", () => {
  async function signUpAs(email: string, password = STRONG) {
    const response = await post("/sign-up", { name: "Mallory Maker", email, password });
    expect(response.status).toBe(302);
    return sessionFrom(response)!;
  }

  test("Confirm pressed signed out ends the maker's session, keys and password; the owner chooses one; Google then lands in an account the maker cannot reach", async () => {
    const victim = uniqueEmail("victim");
    const attacker = await signUpAs(victim);
    const account = await db.selectFrom("users").select("id").where("email", "=", victim).executeTakeFirstOrThrow();
    const { key } = await createApiKey({ userId: account.id, name: "maker's key" });
    expect(await keyWorks(key)).toBe(true);

    const proof = linkIn(await mailTo(victim, "confirm your email address"), "/verify-email");
    const page = await (await get(proof.path)).text();
    expect(page).toContain("You are not signed in to this account");
    const confirmed = await post("/verify-email", { intent: "confirm", token: proof.token });
    expect(confirmed.status).toBe(302);
    const next = confirmed.headers.get("Location")!;
    expect(next).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(await flashAfter(confirmed)).toContain("removed its password");

    expect(await signedIn(attacker)).toBe(false);
    expect(await keyWorks(key)).toBe(false);
    expect((await signIn(victim, STRONG)).status).toBe(401);

    const chosen = await resetWith(new URL(next, shop).searchParams.get("token")!, "marmalade-spindle-42");
    expect(chosen.status).toBe(302);
    const viaGoogle = new CookieJar();
    await googleRoundTrip(shop, google, viaGoogle, { email: victim });
    expect(await accountOf(viaGoogle.header)).toBe(victim);
    // What the owner saves now, the maker cannot read: its session and password are gone.
    await post(
      "/dashboard/my-profile",
      { intent: "profile", displayName: "Vera Victim", address: "1 Private Lane" },
      viaGoogle.header,
    );
    expect(await signedIn(attacker)).toBe(false);
    expect((await signIn(victim, STRONG)).status).toBe(401);
  });

  test("a verified Google sign-in on an account whose address was never proven ends the maker's way in and says so", async () => {
    const victim = uniqueEmail("victim");
    const attacker = await signUpAs(victim);
    const jar = new CookieJar();
    const { response } = await googleRoundTrip(shop, google, jar, { email: victim });
    expect(response.status).toBe(302);
    expect(await flashAfter(response)).toContain("removed its password");
    expect(await accountOf(jar.header)).toBe(victim);
    expect(await signedIn(attacker)).toBe(false);
    expect((await signIn(victim, STRONG)).status).toBe(401);
    const row = await db
      .selectFrom("users")
      .select(["password_hash", "email_verified_at", "google_email"])
      .where("email", "=", victim)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
    expect(row.google_email).toBe(victim);
  });

  test("Confirm pressed by the account itself (signed in) keeps its session and password", async () => {
    const email = uniqueEmail("self");
    const cookie = await signUpAs(email);
    const proof = linkIn(await mailTo(email, "confirm your email address"), "/verify-email");
    expect(await (await get(proof.path, cookie)).text()).not.toContain("You are not signed in to this account");
    const confirmed = await post("/verify-email", { intent: "confirm", token: proof.token }, cookie);
    expect(confirmed.headers.get("Location")).toBe("/dashboard/my-profile");
    expect(await signedIn(cookie)).toBe(true);
    expect((await signIn(email, STRONG)).status).toBe(302);
  });
});

describe("4. common passwords, and passwords made of the account's name or address, are refused", () => {
  const name = "Priya Fitzgerald";
  const refusals: [string, (email: string) => string, string][] = [
    ["123456", () => "123456", COMMON_PASSWORD],
    ["password", () => "password", COMMON_PASSWORD],
    ["qwerty1", () => "qwerty1", COMMON_PASSWORD],
    ["aaaaaa", () => "aaaaaa", SIMPLE_PASSWORD],
    ["abcdefgh", () => "abcdefgh", SIMPLE_PASSWORD],
    ["the email itself", (email) => email, PERSONAL_PASSWORD],
    ["the email's local part and digits", (email) => `${email.split("@")[0]}99`, PERSONAL_PASSWORD],
    ["a word of the name", () => "Fitzgerald#2026", PERSONAL_PASSWORD],
  ];

  test.each(refusals)("at sign-up: %s", async (_label, password, message) => {
    const email = uniqueEmail("priya");
    const response = await post("/sign-up", { name, email, password: password(email) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message.replace(/'/g, "&#x27;").slice(0, 40));
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  test("at reset and at change too; a good one passes both", async () => {
    const { user, cookie } = await owner();
    const changed = await post(
      "/dashboard/my-profile",
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "qwerty123" },
      cookie,
    );
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain("one of the most common");
    const token = await resetLinkFor(user.email);
    const reset = await resetWith(token, "Olive-and-Owner");
    expect(reset.status).toBe(400);
    expect(reset.body).toContain("must not contain your name");
    expect((await resetWith(token, STRONG)).status).toBe(302);
  });

  test("PASSWORD_MIN_LENGTH sets the minimum; below the original six the text is the original's", async () => {
    const strict = await startServer({ env: { PASSWORD_MIN_LENGTH: "12", SMTP_URL: "" } });
    try {
      const signUpPage = await (await fetch(`${strict.origin}/sign-up`)).text();
      expect(signUpPage).toContain("At least 12 characters");
      const short = await postForm(strict.origin, "/sign-up", { name, email: uniqueEmail(), password: "lathe-1987" });
      expect(short.status).toBe(400);
      expect(await short.text()).toContain("Password must be at least 12 characters");
      const enough = await postForm(strict.origin, "/sign-up", {
        name,
        email: uniqueEmail(),
        password: "tangerine-lathe",
      });
      expect(enough.status).toBe(302);
    } finally {
      await strict.stop();
    }
    const tooShort = await post("/sign-up", { name, email: uniqueEmail(), password: "abc" });
    expect(await tooShort.text()).toContain("Password must be at least 6 characters");
  });
});

describe("5. security changes are mailed to the account, without secrets", () => {
  test("a password change and a new API key", async () => {
    const admin = await createSignedInUser({ role: "admin", displayName: "Ada Admin" });
    const created = await post("/dashboard/api-keys", { intent: "create", name: "Warehouse sync" }, admin.cookie);
    expect(created.status).toBe(200);
    const key = /gwk_[A-Za-z0-9_-]{43}/.exec(await created.text())![0];
    const keyNotice = await mailTo(admin.user.email, "a new API key was made");
    expect(keyNotice.text).toContain("Warehouse sync");
    expect(keyNotice.text).toContain(key.slice(0, 12));
    expect(keyNotice.text + keyNotice.html).not.toContain(key);

    const changed = await post(
      "/dashboard/my-profile",
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: STRONG },
      admin.cookie,
    );
    expect(changed.status).toBe(302);
    const notice = await mailTo(admin.user.email, "your password was changed");
    expect(notice.text).not.toContain(STRONG);
    // A password change ends the account's keys too (issue 55, finding 2).
    expect(await keyWorks(key)).toBe(false);
  });
});

describe("6. only the newest reset link works, until a password change or a sign-in ends it", () => {
  test("three requests give one working link", async () => {
    const { user } = await owner();
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    const third = await resetLinkFor(user.email);
    expect((await resetWith(first)).status).toBe(400);
    expect((await resetWith(second)).status).toBe(400);
    expect((await resetWith(third)).status).toBe(302);
  });

  test("a link sent before a password change, or before a sign-in by password, no longer works", async () => {
    const { user, cookie } = await owner();
    const beforeChange = await resetLinkFor(user.email);
    await post(
      "/dashboard/my-profile",
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: STRONG },
      cookie,
    );
    expect((await resetWith(beforeChange, "marmalade-spindle-42")).status).toBe(400);
    const beforeSignIn = await resetLinkFor(user.email);
    expect((await signIn(user.email, STRONG)).status).toBe(302);
    expect((await resetWith(beforeSignIn, "marmalade-spindle-42")).status).toBe(400);
  });
});

describe("7. the outbox keeps no usable one-time link", () => {
  test("neither the message's row nor the database file holds the token the mail carried; sent, the sealed copy goes", async () => {
    const { user } = await owner();
    const token = await resetLinkFor(user.email);
    const rows = await db.selectFrom("outbox").selectAll().where("recipient", "=", user.email).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    const reset = rows.find((row) => row.kind === "password-reset")!;
    expect(reset.text_body).toContain("token=~one-time-token~");
    await expect
      .poll(
        async () =>
          (await db.selectFrom("outbox").select("link_token").where("id", "=", reset.id).executeTakeFirstOrThrow())
            .link_token,
      )
      .toBeNull();
    const file = process.env.DATABASE_URL?.startsWith("file:") ? process.env.DATABASE_URL.slice("file:".length) : null;
    if (file) {
      for (const part of [file, `${file}-wal`].filter((path) => fs.existsSync(path))) {
        expect(fs.readFileSync(part).includes(Buffer.from(token))).toBe(false);
      }
    }
    // And the token works: the mail carried the real link.
    expect((await resetWith(token)).status).toBe(302);
  });
});

describe("8. the OAuth state cookie ends with its callback", () => {
  test("the callback clears __oauth_state; replayed with the old cookies it signs no one in", async () => {
    const jar = new CookieJar();
    const start = jar.take(await post("/auth/google", { redirectTo: "/" }));
    expect(jar.has("__oauth_state")).toBe(true);
    const beforeCallback = jar.header;
    const authorize = new URL(start.headers.get("Location")!);
    const consent = await fetch(`${google.origin}/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        redirect_uri: authorize.searchParams.get("redirect_uri")!,
        state: authorize.searchParams.get("state")!,
        email: uniqueEmail("state"),
        email_verified: "true",
      }),
    });
    const callback = consent.headers.get("Location")!;
    const back = await fetch(callback, { redirect: "manual", headers: { Cookie: beforeCallback } });
    expect(back.status).toBe(302);
    const cleared = back.headers.getSetCookie().find((value) => value.startsWith("__oauth_state="))!;
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    jar.take(back);
    expect(jar.has("__oauth_state")).toBe(false);
    const replayed = await fetch(callback, { redirect: "manual", headers: { Cookie: beforeCallback } });
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("Location")).toBe("/sign-in");
    expect(sessionFrom(replayed)).toBeUndefined();
  });
});

describe("11. a malformed percent-escape in a path is a 400, never a 500", () => {
  test.each(["/items/%FF", "/blog/%FF", "/dashboard/manage-order/%FF", "/items/%", "/%E0%A4%A"])("%s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("malformed percent-escape");
  });

  test("under /api in the API's error shape", async () => {
    const response = await get("/api/item/%");
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect((await response.json()).error).toContain("malformed percent-escape");
  });
});

describe("12. the API refuses a search it would not make", () => {
  test("q over 100 characters is a 400 naming it; the catalog page shows everything and says why", async () => {
    const long = "bearing ".repeat(13).trim() + "s";
    expect(long.length).toBeGreaterThan(100);
    const refused = await get(`/api/item?q=${encodeURIComponent(long)}`);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("q must be at most 100 characters");
    expect((await get(`/api/item?q=${encodeURIComponent(long.slice(0, 100))}`)).status).toBe(200);
    const page = await get(`/items?q=${encodeURIComponent(long)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("longer than 100 characters, so it was not searched");
  });
});

describe("9. an order invoiced in parts says what its invoices come to", () => {
  test("its page shows the invoices' £28.40 beside the order's £28.39, and why; the shipped mail says it too", async () => {
    const { user, cookie } = await owner();
    const plenty = await newItem({ price_cents: 251, quantity: 10 });
    const short = await newItem({ price_cents: 103, quantity: 3 });
    const placed = await placeTestOrder(user.id, [
      { itemId: plenty.id, quantity: 4 },
      { itemId: short.id, quantity: 4 },
    ]);
    if (!placed.ok) throw new Error(placed.reason);
    expect((await shipReadyParts(placed.orderId, TEST_SHIPMENT)).ok).toBe(true);
    await adjustStockAndFill(short.id, { change: 1, reason: "goods in", userId: null });
    expect((await shipReadyParts(placed.orderId, TEST_SHIPMENT)).ok).toBe(true);
    const page = await (await get(`/dashboard/my-order/${placed.orderId}`, cookie)).text();
    expect(page).toContain("£28.39");
    expect(page).toContain('Invoiced: <strong data-testid="invoiced-total">£28.40</strong> in 2 invoices');
    expect(page).toContain("each works out its own VAT to the penny, so together they are £0.01 more");
    const shipped = await mailTo(user.email, `order #${placed.orderId} shipped`);
    expect(shipped.text).toContain("Your invoices come to £28.40");
  });
});
