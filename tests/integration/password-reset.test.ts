import { randomBytes } from "node:crypto";

import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { hashPassword } from "~/lib/password.server";
import { issueEmailToken } from "~/models/email-tokens.server";
import { RESET_TOKEN_LIFETIME_MS, resetPassword } from "~/models/password-reset.server";
import * as reviews from "~/routes/api.review";
import * as resetPage from "~/routes/reset-password";

import { apiRequest, callApi, createKeyThroughDashboard } from "../support/api";
import { call, postRequest } from "../support/http";
import { createSignedInUser, sessionCount } from "../support/users";

// A new password from a reset link, against the database: what it costs and what it ends. The mailed
// link itself, through the built server and a real SMTP server, is in mail.test.ts.

function resetTokenFor(userId: number) {
  return issueEmailToken({ userId, purpose: "reset", lifetimeMs: RESET_TOKEN_LIFETIME_MS });
}

describe("a new password from a reset link", () => {
  test("a made-up token costs no password hash: it is refused while hashes queued before it still wait", async () => {
    // A flood of sign-ins fills the hashing queue; a wrong token must not join it.
    let hashed = 0;
    const queued = Array.from({ length: 12 }, () => hashPassword("queued-password").then(() => (hashed += 1)));
    const refused = await resetPassword(randomBytes(32).toString("base64url"), "a-new-password");
    const hashedBeforeTheAnswer = hashed;
    await Promise.all(queued);
    expect(refused).toBeNull();
    // Joining the queue would have meant waiting for (nearly) all twelve.
    expect(hashedBeforeTheAnswer).toBeLessThan(6);
  });

  test("it revokes the account's API keys and ends its sessions, in one go with the new password", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(cookie);
    const readWithKey = async () => (await callApi(reviews, apiRequest("GET", "/api/review?limit=1", { key }))).status;
    expect(await readWithKey()).toBe(200);

    const token = await resetTokenFor(user.id);
    const outcome = await call(resetPage.action, postRequest("/reset-password", { token, password: "a-new-password" }));
    expect(outcome.status).toBe(302);
    expect(await readWithKey()).toBe(401);
    const keys = await db.selectFrom("api_keys").select("revoked_at").where("user_id", "=", user.id).execute();
    expect(keys).toHaveLength(1);
    expect(keys[0].revoked_at).not.toBeNull();
    // The reset's own fresh session is the only one left.
    expect(await sessionCount(user.id)).toBe(1);
  });

  test("a refused reset (a used link) changes nothing: the keys keep working", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(cookie);
    const token = await resetTokenFor(user.id);
    await db
      .updateTable("email_tokens")
      .set({ used_at: new Date().toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const outcome = await call(resetPage.action, postRequest("/reset-password", { token, password: "a-new-password" }));
    expect(outcome.status).toBe(400);
    expect((await callApi(reviews, apiRequest("GET", "/api/review?limit=1", { key }))).status).toBe(200);
    expect(await sessionCount(user.id)).toBe(1);
  });
});
