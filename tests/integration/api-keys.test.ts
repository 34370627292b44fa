import { createHash, randomBytes } from "node:crypto";

import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { setUserRole } from "~/models/user.server";
import * as items from "~/routes/api.item";
import * as orders from "~/routes/api.order";
import * as apiKeysPage from "~/routes/dashboard.api-keys";

import { apiRequest, callApi, createKeyThroughDashboard, keyIdOf, revokeKeyThroughDashboard } from "../support/api";
import { call, fieldErrors, flashOf, getRequest, postRequest } from "../support/http";
import { createSignedInUser } from "../support/users";

// API keys: made and revoked by admins on /dashboard/api-keys, sent as Authorization: Bearer, acting
// as the admin who made them with that account's current role. Which origins CORS lets in, and that only
// keys may write from them, is tested over HTTP in api-http.test.ts, where API_CORS_ORIGINS is set.

function createKey(cookie: string, name: string) {
  return call(apiKeysPage.action, postRequest("/dashboard/api-keys", { intent: "create", name }, { cookie }));
}

const product = {
  name: "Key Test Gear",
  img: "/images/items/spur-gear.svg",
  description: "d",
  price: "1",
  quantity: "1",
  supplierName: "s",
};

describe("the API keys page", () => {
  test("an admin creates a key: it is shown once, stored only as a hash, then listed by its prefix", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const outcome = await createKey(cookie, "warehouse sync");
    expect(outcome.status).toBe(200);
    expect(outcome.location).toBeNull();
    expect(outcome.headers.get("Cache-Control")).toBe("no-store");
    const { key, prefix, name } = outcome.data.created;
    expect(name).toBe("warehouse sync");
    expect(key).toMatch(/^gwk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(16);

    const row = await db.selectFrom("api_keys").selectAll().where("prefix", "=", prefix).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, name: "warehouse sync", revoked_at: null, last_used_at: null });
    expect(row.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key.slice(prefix.length));

    const page = await call(apiKeysPage.loader, getRequest("/dashboard/api-keys", { cookie }));
    expect(page.status).toBe(200);
    const listed = page.data.keys.find((entry: { prefix: string }) => entry.prefix === prefix);
    expect(listed).toMatchObject({ name: "warehouse sync", owner_email: user.email, revoked_at: null });
    expect(JSON.stringify(page.data)).not.toContain(key.slice(prefix.length));
    expect(JSON.stringify(page.data)).not.toContain(row.key_hash);
  });

  test("a key without a name is refused with the field's message", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    for (const fields of [{ intent: "create", name: "" }, { intent: "create", name: "   " }, { intent: "create" }]) {
      const outcome = await call(apiKeysPage.action, postRequest("/dashboard/api-keys", fields, { cookie }));
      expect(outcome.status).toBe(400);
      expect(fieldErrors(outcome).name).toEqual(["Enter a name for the key"]);
      expect(outcome.data.created).toBeUndefined();
    }
    // The form's button carries the intent (pressing Enter in the name field submits with it too).
    const noIntent = await call(
      apiKeysPage.action,
      postRequest("/dashboard/api-keys", { name: "plain form" }, { cookie }),
    );
    expect(noIntent.status).toBe(400);
    expect(fieldErrors(noIntent).intent?.length).toBeGreaterThan(0);
  });

  test("a customer makes keys of their own, which act with their rights only; they see and revoke only theirs", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const adminKey = await createKeyThroughDashboard(admin.cookie, "staff sync");
    const customer = await createSignedInUser();
    const made = await createKey(customer.cookie, "my ERP");
    expect(made.status).toBe(200);
    const key = made.data.created.key as string;
    const page = await call(apiKeysPage.loader, getRequest("/dashboard/api-keys", { cookie: customer.cookie }));
    expect(page.status).toBe(200);
    expect(page.data.keys.map((row: { name: string }) => row.name)).toEqual(["my ERP"]);

    // The customer's rights, never staff's: their own orders, no catalog write, no one else's orders.
    expect((await callApi(orders, apiRequest("GET", "/api/order", { key }))).status).toBe(200);
    expect((await callApi(orders, apiRequest("GET", "/api/order?all=1", { key }))).status).toBe(403);
    expect((await callApi(items, apiRequest("POST", "/api/item", { key, body: product }))).status).toBe(403);

    // Another's key is not theirs to revoke: the same 404 as one that does not exist.
    const adminKeyId = await keyIdOf(adminKey);
    const revokeOther = await call(
      apiKeysPage.action,
      postRequest("/dashboard/api-keys", { intent: "revoke", keyId: String(adminKeyId) }, { cookie: customer.cookie }),
    );
    expect(revokeOther.status).toBe(404);
    expect((await callApi(items, apiRequest("GET", "/api/item?limit=1", { key: adminKey }))).status).toBe(200);
  });

  test("signed out, the page sends to sign-in; cross-site posts are refused", async () => {
    const signedOut = await call(apiKeysPage.loader, getRequest("/dashboard/api-keys"));
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe("/sign-in?redirectTo=%2Fdashboard%2Fapi-keys");

    const { cookie } = await createSignedInUser({ role: "admin" });
    const crossSite = new Request("http://localhost:3000/dashboard/api-keys", {
      method: "POST",
      body: new URLSearchParams({ name: "csrf" }),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
    });
    expect((await call(apiKeysPage.action, crossSite)).status).toBe(403);
    const made = await db.selectFrom("api_keys").select("id").where("name", "in", ["csrf"]).execute();
    expect(made).toEqual([]);
  });

  test("revoking: a flash, then the key is refused with 401; a second revoke is a 404", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(cookie, "to revoke");
    expect((await callApi(items, apiRequest("POST", "/api/item", { key, body: product }))).status).toBe(201);

    const id = await keyIdOf(key);
    const revoked = await revokeKeyThroughDashboard(cookie, id);
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe("/dashboard/api-keys");
    expect(await flashOf(revoked)).toEqual({ kind: "success", message: "API key “to revoke” revoked." });

    const refused = await callApi(items, apiRequest("POST", "/api/item", { key, body: product }));
    expect(refused.status).toBe(401);
    expect(refused.data).toEqual({ error: "This API key is not valid or has been revoked.", code: "unauthenticated" });
    expect((await callApi(items, apiRequest("GET", "/api/item", { key }))).status).toBe(401);

    const again = await revokeKeyThroughDashboard(cookie, id);
    expect(again.status).toBe(404);
    const page = await call(apiKeysPage.loader, getRequest("/dashboard/api-keys", { cookie }));
    expect(page.data.keys.find((entry: { id: number }) => entry.id === id).revoked_at).toEqual(expect.any(String));

    const bogus = await call(
      apiKeysPage.action,
      postRequest("/dashboard/api-keys", { intent: "revoke", keyId: "abc" }, { cookie }),
    );
    expect(bogus.status).toBe(400);
  });
});

describe("calling with a key", () => {
  test("a key acts as its admin with the role the database holds now", async () => {
    const { user, cookie } = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(cookie);
    expect((await callApi(items, apiRequest("POST", "/api/item", { key, body: product }))).status).toBe(201);

    await setUserRole(user.email, "user");
    const demoted = await callApi(items, apiRequest("POST", "/api/item", { key, body: product }));
    expect(demoted.status).toBe(403);
    // Still that account, now with a customer's rights.
    expect((await callApi(orders, apiRequest("GET", "/api/order", { key }))).status).toBe(200);
    expect((await callApi(orders, apiRequest("GET", "/api/order?all=1", { key }))).status).toBe(403);

    await setUserRole(user.email, "admin");
    expect((await callApi(items, apiRequest("POST", "/api/item", { key, body: product }))).status).toBe(201);
  });

  test("records when a key was last used", async () => {
    const { cookie } = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(cookie);
    await callApi(items, apiRequest("GET", "/api/item", { key }));
    const row = await db
      .selectFrom("api_keys")
      .select("last_used_at")
      .where("id", "=", await keyIdOf(key))
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toEqual(expect.any(String));
  });

  test.each([
    ["an unknown key", `Bearer gwk_${randomBytes(32).toString("base64url")}`],
    ["a key of the wrong shape", "Bearer not-a-key"],
    ["Bearer with no key", "Bearer "],
    ["another scheme", "Basic YWRtaW46c2VjcmV0"],
  ])("%s is a 401 on every call, public ones included", async (_label, authorization) => {
    for (const [route, method] of [
      [items, "GET"],
      [items, "POST"],
      [orders, "GET"],
    ] as const) {
      const outcome = await callApi(
        route,
        apiRequest(method, "/api/item", {
          headers: { Authorization: authorization },
          body: method === "POST" ? product : undefined,
        }),
      );
      expect(outcome.status).toBe(401);
      expect(outcome.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
    }
  });
});
