import { describe, expect, test } from "vitest";

import { getCurrentUser } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { safeRedirect } from "~/lib/safe-redirect";
import * as reviews from "~/routes/api.review";
import * as contact from "~/routes/contact";
import * as addReview from "~/routes/dashboard.add-review";
import * as profile from "~/routes/dashboard.my-profile";

import { apiRequest, callApi, createKeyThroughDashboard } from "../support/api";
import { call, fieldErrors, getRequest, postRequest } from "../support/http";
import { uniqueToken } from "../support/unique";
import { createSignedInUser, sessionCookieFor } from "../support/users";

// Controls of the security issue that docs/security.md listed without a test of their own.

describe("safeRedirect after dot segments are resolved", () => {
  test.each([
    "/..//evil.com",
    "/.//evil.com",
    "/%2e%2e//evil.com",
    "/dashboard/../..//evil.com",
    "/./%2e/..//evil.com",
  ])("%s falls back to /", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  test("a path with harmless dot segments is followed as the browser would resolve it", () => {
    expect(safeRedirect("/dashboard/../items?q=gear")).toBe("/items?q=gear");
  });
});

describe("invisible formatting characters in names", () => {
  const spoofed = "\u202eStore Admin";

  test.each([
    ["202E", "\u202e"],
    ["200B", "\u200b"],
    ["FEFF", "\ufeff"],
    ["2066", "\u2066"],
  ])("a review author name with U+%s is refused", async (_codePoint, char) => {
    const { cookie } = await createSignedInUser();
    const review = `Spoofed ${uniqueToken()}`;
    const outcome = await call(
      addReview.action,
      postRequest("/dashboard/add-review", { name: `Store${char}Admin`, rating: "5", review }, { cookie }),
    );
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).name?.length).toBe(1);
    expect(await db.selectFrom("reviews").select("id").where("review", "=", review).executeTakeFirst()).toBeUndefined();
  });

  test("the contact form refuses such a name too, and the API's review body", async () => {
    const message = `Hello ${uniqueToken()}`;
    const outcome = await call(
      contact.action,
      postRequest("/contact", { name: spoofed, email: "someone@example.com", message }),
    );
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).name?.length).toBe(1);
    expect(
      await db.selectFrom("messages").select("id").where("message", "=", message).executeTakeFirst(),
    ).toBeUndefined();

    const { cookie } = await createSignedInUser();
    const api = await callApi(
      reviews,
      apiRequest("POST", "/api/review", { cookie, body: { name: spoofed, rating: 4, review: "Fine." } }),
    );
    expect(api.status).toBe(400);
  });
});

describe("My Profile's session list", () => {
  async function endSession(cookie: string, sessionId: string) {
    return call(profile.action, postRequest("/dashboard/my-profile", { intent: "end-session", sessionId }, { cookie }));
  }
  const sessionIdOf = async (cookie: string) => (await getCurrentUser(getRequest("/", { cookie })))!.sessionId;

  test("ending another device's session signs that device out and keeps this one", async () => {
    const { user, cookie: laptop } = await createSignedInUser();
    const phone = await sessionCookieFor(user);
    const outcome = await endSession(laptop, await sessionIdOf(phone));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/my-profile");
    expect(await getCurrentUser(getRequest("/", { cookie: phone }))).toBeNull();
    expect((await getCurrentUser(getRequest("/", { cookie: laptop })))?.id).toBe(user.id);
  });

  test("someone else's session cannot be ended: 404, and it still works", async () => {
    const { cookie } = await createSignedInUser();
    const victim = await createSignedInUser();
    const outcome = await endSession(cookie, await sessionIdOf(victim.cookie));
    expect(outcome.status).toBe(404);
    expect((await getCurrentUser(getRequest("/", { cookie: victim.cookie })))?.id).toBe(victim.user.id);
  });

  test("ending the current session signs this browser out", async () => {
    const { cookie } = await createSignedInUser();
    const outcome = await endSession(cookie, await sessionIdOf(cookie));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/sign-in");
    expect(await getCurrentUser(getRequest("/", { cookie }))).toBeNull();
  });
});

describe("sign out everywhere and API keys", () => {
  async function signOutEverywhere(cookie: string, keepApiKeys: boolean) {
    const fields = { intent: "sign-out-everywhere", ...(keepApiKeys ? { keepApiKeys: "on" } : {}) };
    return call(profile.action, postRequest("/dashboard/my-profile", fields, { cookie }));
  }
  const readWithKey = async (key: string) =>
    (await callApi(reviews, apiRequest("GET", "/api/review?limit=1", { key }))).status;

  test("by default the user's API keys stop working too", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(cookie);
    expect(await readWithKey(key)).toBe(200);
    const outcome = await signOutEverywhere(cookie, false);
    expect(outcome.status).toBe(302);
    expect(await readWithKey(key)).toBe(401);
  });

  test("with “Keep my API keys working” ticked, the keys keep working", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(cookie);
    expect((await signOutEverywhere(cookie, true)).status).toBe(302);
    expect(await readWithKey(key)).toBe(200);
  });
});
