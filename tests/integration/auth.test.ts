import { describe, expect, test } from "vitest";

import { getCurrentUser } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { getUserByEmail } from "~/models/user.server";
import * as googleStart from "~/routes/auth.google";
import * as dashboard from "~/routes/dashboard.my-order";
import * as profile from "~/routes/dashboard.my-profile";
import * as signIn from "~/routes/sign-in";
import * as signOut from "~/routes/sign-out";
import * as signUp from "~/routes/sign-up";

import { call, cookieFrom, fieldErrors, getRequest, postRequest } from "../support/http";
import { uniqueEmail } from "../support/unique";
import { createSignedInUser, sessionCookieFor, sessionCount, TEST_PASSWORD } from "../support/users";

async function userCount() {
  const { count } = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe("sign-up", () => {
  test("creates the account with a hashed password, sets the display name, signs in and goes home", async () => {
    const email = uniqueEmail("new");
    const outcome = await call(
      signUp.action,
      postRequest("/sign-up", { name: "Ada Fitter", email: email.toUpperCase(), password: "s3cret-pass" }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/");

    const user = await getUserByEmail(email);
    expect(user?.display_name).toBe("Ada Fitter");
    expect(user?.email).toBe(email.toLowerCase());
    expect(user?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(user?.password_hash).not.toContain("s3cret-pass");

    const signedIn = await getCurrentUser(getRequest("/", { cookie: cookieFrom(outcome) }));
    expect(signedIn?.email).toBe(email.toLowerCase());
  });

  test("refuses an email that already has an account, whatever its case", async () => {
    const { user } = await createSignedInUser();
    const before = await userCount();
    const outcome = await call(
      signUp.action,
      postRequest("/sign-up", { name: "Copy", email: user.email.toUpperCase(), password: "another-pass" }),
    );
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).email).toEqual(["An account with this email already exists"]);
    expect(await userCount()).toBe(before);
  });

  const megabyte = "x".repeat(1024 * 1024);
  const badSubmissions: [string, Record<string, string | string[] | undefined>, Record<string, string>][] = [
    ["everything missing", {}, { name: "Enter Your Name", email: "Enter Your Email", password: "Enter Your Password" }],
    [
      "blank fields",
      { name: "  ", email: "", password: "" },
      { name: "Enter Your Name", email: "Enter Your Email", password: "Enter Your Password" },
    ],
    ["malformed email", { name: "A", email: "not-an-email", password: "secret1" }, { email: "Email Not Valid" }],
    [
      "top-level domain too long",
      { name: "A", email: "a@b.abcdefg", password: "secret1" },
      { email: "Email Not Valid" },
    ],
    [
      "short password",
      { name: "A", email: "a@b.co", password: "12345" },
      { password: "Password must be at least 6 characters" },
    ],
    [
      "1 MB name",
      { name: megabyte, email: "big@b.co", password: "secret1" },
      { name: "Name must be at most 80 characters" },
    ],
    ["1 MB email", { name: "A", email: `${megabyte}@b.co`, password: "secret1" }, { email: "Email Not Valid" }],
    [
      "1 MB password",
      { name: "A", email: "big2@b.co", password: megabyte },
      { password: "Password must be at most 128 characters" },
    ],
    ["unicode email", { name: "Zoë", email: "zoë@exämple.de", password: "secret1" }, { email: "Email Not Valid" }],
    ["SQL in the email", { name: "A", email: "' OR 1=1 --@x.co", password: "secret1" }, { email: "Email Not Valid" }],
    [
      "repeated fields (an array, not a string)",
      { name: ["A", "B"], email: ["a@b.co", "c@d.co"], password: "secret1" },
      { name: "Enter Your Name", email: "Enter Your Email" },
    ],
  ];

  test.each(badSubmissions)("%s: 400 with field messages, nothing created", async (_label, fields, expected) => {
    const before = await userCount();
    const outcome = await call(signUp.action, postRequest("/sign-up", fields));
    expect(outcome.status).toBe(400);
    const errors = fieldErrors(outcome);
    for (const [field, message] of Object.entries(expected)) expect(errors[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  test("a signed-in visitor is sent home from the page", async () => {
    const { cookie } = await createSignedInUser();
    const outcome = await call(signUp.loader, getRequest("/sign-up", { cookie }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/");
  });
});

describe("sign-in", () => {
  test("signs in and returns to the remembered same-site path", async () => {
    const { user } = await createSignedInUser();
    const outcome = await call(
      signIn.action,
      postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD, redirectTo: "/dashboard/my-order?x=1" }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/my-order?x=1");
    expect((await getCurrentUser(getRequest("/", { cookie: cookieFrom(outcome) })))?.id).toBe(user.id);
  });

  test.each([
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "/%0d%0aSet-Cookie:x",
  ])("an off-site redirectTo (%s) falls back to /", async (redirectTo) => {
    const { user } = await createSignedInUser();
    const outcome = await call(
      signIn.action,
      postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD, redirectTo }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location === "/" || outcome.location?.startsWith("/%0")).toBe(true);
    expect(outcome.location?.startsWith("//")).toBe(false);
  });

  test("a wrong password and an unknown email get the same answer", async () => {
    const { user } = await createSignedInUser();
    const wrong = await call(signIn.action, postRequest("/sign-in", { email: user.email, password: "wrong-password" }));
    const unknown = await call(
      signIn.action,
      postRequest("/sign-in", { email: uniqueEmail("ghost"), password: "wrong-password" }),
    );
    for (const outcome of [wrong, unknown]) {
      expect(outcome.status).toBe(401);
      expect(fieldErrors(outcome).password).toEqual(["Invalid email or password"]);
      expect(outcome.headers.get("Set-Cookie")).toBeNull();
    }
  });

  test("a Google-only account (no password) cannot be signed into with a password", async () => {
    const email = uniqueEmail("google");
    await db
      .insertInto("users")
      .values({
        email,
        display_name: "G",
        google_sub: `sub-${email}`,
        password_hash: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const outcome = await call(signIn.action, postRequest("/sign-in", { email, password: "anything-at-all" }));
    expect(outcome.status).toBe(401);
  });

  test.each([
    ["missing fields", {}, { email: "Enter Your Email", password: "Enter Your Password" }],
    ["malformed email", { email: "a@b", password: "secret1" }, { email: "Email Not Valid" }],
    ["short password", { email: "a@b.co", password: "123" }, { password: "Password must be at least 6 characters" }],
    [
      "1 MB password",
      { email: "a@b.co", password: "p".repeat(1024 * 1024) },
      { password: "Password must be at most 128 characters" },
    ],
    [
      "1 MB redirectTo",
      { email: "a@b.co", password: "secret1", redirectTo: `/${"a".repeat(1024 * 1024)}` },
      { redirectTo: "That return address is too long" },
    ],
  ] as const)("%s: 400 with field messages", async (_label, fields, expected) => {
    const outcome = await call(signIn.action, postRequest("/sign-in", fields));
    expect(outcome.status).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(fieldErrors(outcome)[field]).toContain(message);
  });

  test("the page remembers only a same-site redirectTo", async () => {
    const safe = await call(signIn.loader, getRequest("/sign-in?redirectTo=%2Fdashboard"));
    expect(safe.data.redirectTo).toBe("/dashboard");
    const unsafe = await call(signIn.loader, getRequest("/sign-in?redirectTo=%2F%2Fevil.example"));
    expect(unsafe.data.redirectTo).toBe("/");
  });
});

describe("sessions", () => {
  test("sign-out ends the session, and GET /sign-out changes nothing", async () => {
    const { cookie } = await createSignedInUser();
    const viaGet = await call(signOut.loader, getRequest("/sign-out", { cookie }));
    expect(viaGet.headers.get("Set-Cookie")).toBeNull();
    const outcome = await call(signOut.action, postRequest("/sign-out", {}, { cookie }));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  test("a copy of the cookie saved before sign-out opens nothing afterwards: the session row is gone", async () => {
    const { user, cookie } = await createSignedInUser();
    expect((await call(dashboard.loader, getRequest("/dashboard/my-order", { cookie }))).status).toBe(200);
    const outcome = await call(signOut.action, postRequest("/sign-out", {}, { cookie }));
    expect(outcome.status).toBe(302);
    expect(await sessionCount(user.id)).toBe(0);
    const replayed = await call(dashboard.loader, getRequest("/dashboard/my-order", { cookie }));
    expect(replayed.status).toBe(302);
    expect(replayed.location).toBe("/sign-in?redirectTo=%2Fdashboard%2Fmy-order");
  });

  test("an expired session is no user, and expired rows are swept at the next sign-in", async () => {
    const { user, cookie } = await createSignedInUser();
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await getCurrentUser(getRequest("/", { cookie }))).toBeNull();
    await createSignedInUser();
    const rows = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(rows).toEqual([]);
  });

  test("a cookie that points at no session is removed on the next page", async () => {
    const { user, cookie } = await createSignedInUser();
    await db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    const root = await import("~/root");
    const page = await call(root.loader, getRequest("/", { cookie }));
    expect(page.data.user).toBeNull();
    expect(page.headers.getSetCookie().some((header) => /^__session=;.*Expires=Thu, 01 Jan 1970/.test(header))).toBe(
      true,
    );
  });

  test("the cookie holds only a random token; the row stores its hash, with the browser and the address", async () => {
    const { user, cookie } = await createSignedInUser();
    const token = (await import("~/auth/session.server")).SESSION_COOKIE_NAME;
    expect(cookie.startsWith(`${token}=`)).toBe(true);
    const [row] = await db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).execute();
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(cookie)).not.toContain(row.id);
    expect(row).toMatchObject({ user_agent: "Firefox on Linux", ip: "127.0.0.1" });
  });

  test("a tampered cookie is no user", async () => {
    const { cookie } = await createSignedInUser();
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect(await getCurrentUser(getRequest("/", { cookie: tampered }))).toBeNull();
  });

  test("sign-in starts a fresh session: a session cookie planted beforehand never becomes the victim's", async () => {
    // A fixation attacker plants their own valid session cookie in the victim's browser.
    const attacker = await createSignedInUser();
    const { user } = await createSignedInUser();
    const outcome = await call(
      signIn.action,
      postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }, { cookie: attacker.cookie }),
    );
    expect(outcome.status).toBe(302);
    expect(cookieFrom(outcome)).not.toBe(attacker.cookie);
    expect((await getCurrentUser(getRequest("/", { cookie: cookieFrom(outcome) })))?.id).toBe(user.id);
    expect((await getCurrentUser(getRequest("/", { cookie: attacker.cookie })))?.id).toBe(attacker.user.id);
  });

  test("sign out everywhere ends every device's session at once", async () => {
    const { user, cookie: laptop } = await createSignedInUser();
    const phone = await sessionCookieFor(user);
    const outcome = await call(
      profile.action,
      postRequest("/dashboard/my-profile", { intent: "sign-out-everywhere" }, { cookie: laptop }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/sign-in");
    expect(await getCurrentUser(getRequest("/", { cookie: laptop }))).toBeNull();
    expect(await getCurrentUser(getRequest("/", { cookie: phone }))).toBeNull();
  });
});

describe("Google sign-in without configuration", () => {
  test("pressing the button explains that it is not configured, without crashing", async () => {
    const outcome = await call(googleStart.action, postRequest("/auth/google", { redirectTo: "/" }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/sign-in");
    const page = await call(signIn.loader, getRequest("/sign-in", { cookie: cookieFrom(outcome) }));
    expect(page.status).toBe(200);
    // The message travels as a flash in the session; the root loader shows it once.
    const root = await import("~/root");
    const rootOutcome = await call(root.loader, getRequest("/sign-in", { cookie: cookieFrom(outcome) }));
    expect(rootOutcome.data.flash).toEqual({
      kind: "error",
      message: "Google sign-in is not configured on this server.",
    });
  });
});
