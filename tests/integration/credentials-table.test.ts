import fs from "node:fs";

import { describe, expect, test } from "vitest";

import { getCurrentUser } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { createApiKey, getUserByApiKey } from "~/models/api-key.server";
import { ENDED_BY, type SecurityEvent } from "~/models/credentials.server";
import { isEmailTokenUsable, issueEmailToken } from "~/models/email-tokens.server";
import { issueEmailProofToken } from "~/models/email-verification.server";
import { issuePasswordResetToken } from "~/models/password-reset.server";
import * as profile from "~/routes/dashboard.my-profile";
import * as forgotPassword from "~/routes/forgot-password";
import * as resetPassword from "~/routes/reset-password";
import * as signIn from "~/routes/sign-in";
import * as verifyEmail from "~/routes/verify-email";

import { call, getRequest, postRequest } from "../support/http";
import { uniqueEmail } from "../support/unique";
import { createSignedInUser, sessionCookieFor, TEST_PASSWORD } from "../support/users";

// docs/security.md's table "What each event ends", checked against what the shop does: for each event,
// an account holding every credential, the event through the shop's own page, then every credential
// probed. The table is read from the document, so the document cannot drift from the code.

const COLUMNS = [
  "Sessions",
  "API keys",
  "Reset links",
  "Pending email changes",
  "Google, another address",
  "Google, own address",
  "Password",
] as const;
type Column = (typeof COLUMNS)[number];

/** The table as docs/security.md writes it: each event and the columns it marks "ends". */
function documentedTable() {
  const text = fs.readFileSync("docs/security.md", "utf8");
  const start = text.indexOf(`| Event | ${COLUMNS.join(" | ")} |`);
  expect(start, "docs/security.md has the table with these columns").toBeGreaterThan(-1);
  const rows = text.slice(start).split("\n").slice(2);
  const table = new Map<string, Set<Column>>();
  for (const row of rows) {
    if (!row.startsWith("|")) break;
    const [event, ...marks] = row
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    table.set(event, new Set(COLUMNS.filter((_column, index) => marks[index] === "ends")));
  }
  return table;
}

const NEW_PASSWORD = "tangerine-lathe-1987";

type Account = Awaited<ReturnType<typeof createSignedInUser>>["user"];

/** Every credential an account can hold, planted directly (so that planting ends none of the others). */
async function plantCredentials(user: Account, google: "another" | "own") {
  const session = await sessionCookieFor(user);
  const { key } = await createApiKey({ userId: user.id, name: "probe" });
  const reset = await issueEmailToken({ userId: user.id, purpose: "reset", lifetimeMs: 3_600_000 });
  const change = await issueEmailToken({
    userId: user.id,
    purpose: "verify",
    lifetimeMs: 3_600_000,
    newEmail: uniqueEmail("pending"),
  });
  const googleEmail = google === "own" ? user.email : uniqueEmail("elsewhere");
  await db
    .updateTable("users")
    .set({ google_sub: `probe-${user.id}-${google}`, google_email: googleEmail })
    .where("id", "=", user.id)
    .execute();
  return { session, key, reset, change };
}

/** Which of the planted credentials have ended. */
async function endedCredentials(user: Account, planted: Awaited<ReturnType<typeof plantCredentials>>) {
  const row = await db
    .selectFrom("users")
    .select(["google_sub", "password_hash"])
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  const ended = new Set<Column>();
  if (!(await getCurrentUser(getRequest("/", { cookie: planted.session })))) ended.add("Sessions");
  if (!(await getUserByApiKey(planted.key))) ended.add("API keys");
  if (!(await isEmailTokenUsable(planted.reset, "reset"))) ended.add("Reset links");
  if (!(await isEmailTokenUsable(planted.change, "verify"))) ended.add("Pending email changes");
  if (row.google_sub === null) ended.add("Google, another address").add("Google, own address");
  if (row.password_hash === null) ended.add("Password");
  return ended;
}

/**
 * Each event, done as a person does it. `prepare` runs before the credentials are planted, for what
 * the event needs that would itself end one of them (a reset link of its own, say).
 */
const EVENTS: Record<
  SecurityEvent,
  {
    prepare?: (user: Account) => Promise<string>;
    perform: (user: Account, cookie: string, token: string) => Promise<number>;
  }
> = {
  "password reset": {
    prepare: async (user) => (await issuePasswordResetToken(user.email))!.token,
    perform: async (_user, _cookie, token) =>
      (await call(resetPassword.action, postRequest("/reset-password", { token, password: NEW_PASSWORD }))).status,
  },
  "password change": {
    perform: async (_user, cookie) =>
      (
        await call(
          profile.action,
          postRequest(
            "/dashboard/my-profile",
            { intent: "password", currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
            { cookie },
          ),
        )
      ).status,
  },
  "sign out everywhere": {
    perform: async (_user, cookie) =>
      (await call(profile.action, postRequest("/dashboard/my-profile", { intent: "sign-out-everywhere" }, { cookie })))
        .status,
  },
  "sign-in by password": {
    perform: async (user) =>
      (await call(signIn.action, postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }))).status,
  },
  "reset link asked for": {
    perform: async (user) =>
      (await call(forgotPassword.action, postRequest("/forgot-password", { email: user.email }))).status,
  },
  "email change asked for": {
    perform: async (_user, cookie) =>
      (
        await call(
          profile.action,
          postRequest(
            "/dashboard/my-profile",
            { intent: "email", email: uniqueEmail("moving"), currentPassword: TEST_PASSWORD },
            { cookie },
          ),
        )
      ).status,
  },
  "email changed": {
    prepare: async (user) => (await issueEmailProofToken(user, uniqueEmail("moved"))).token,
    perform: async (_user, cookie, token) =>
      (await call(verifyEmail.action, postRequest("/verify-email", { intent: "confirm", token }, { cookie }))).status,
  },
  "address proven by its owner": {
    prepare: async (user) => issueEmailToken({ userId: user.id, purpose: "verify", lifetimeMs: 3_600_000 }),
    perform: async (_user, _cookie, token) =>
      (await call(verifyEmail.action, postRequest("/verify-email", { intent: "confirm", token }))).status,
  },
  "Google unlinked": {
    perform: async (_user, cookie) =>
      (
        await call(
          profile.action,
          postRequest("/dashboard/my-profile", { intent: "unlink-google", currentPassword: TEST_PASSWORD }, { cookie }),
        )
      ).status,
  },
};

describe("docs/security.md: what each event ends", () => {
  const table = documentedTable();

  test("the document lists every event the code knows, and no other", () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(ENDED_BY).sort());
  });

  for (const event of Object.keys(EVENTS) as SecurityEvent[]) {
    for (const google of ["another", "own"] as const) {
      test(`${event} (Google linked with ${google === "own" ? "the account's own" : "another"} address)`, async () => {
        const { user, cookie } = await createSignedInUser({ displayName: "Table Probe" });
        const { prepare, perform } = EVENTS[event];
        const token = prepare ? await prepare(user) : "";
        const planted = await plantCredentials(user, google);
        const status = await perform(user, cookie, token);
        expect(status, `${event} was done`).toBeLessThan(400);
        const ended = await endedCredentials(user, planted);
        // One Google column is planted per run: the other says nothing about it.
        const irrelevant: Column = google === "own" ? "Google, another address" : "Google, own address";
        const expected = [...table.get(event)!].filter((column) => column !== irrelevant).sort();
        expect([...ended].filter((column) => column !== irrelevant).sort()).toEqual(expected);
      });
    }
  }
});
