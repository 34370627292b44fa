import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";

import { ACCOUNT_POINTERS, columnsPointingAtUsers, personWithEverything } from "../support/personal-data";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { createSignedInUser, TEST_PASSWORD } from "../support/users";

// Issue 53, "Download my data" through the built server: My Profile's intent=export-data leads to one
// JSON file with everything the shop holds about the signed-in customer, nothing of anyone else's,
// and no secret that opens the account.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** My Profile's button: the post, then the address it answers with, as a browser follows it. */
async function download(origin: string, cookie: string) {
  const posted = await postForm(origin, "/dashboard/my-profile", { intent: "export-data" }, { cookie });
  expect(posted.status).toBe(303);
  return fetch(new URL(posted.headers.get("location")!, origin), { headers: { Cookie: cookie }, redirect: "manual" });
}

describe("Download my data", () => {
  test("one JSON file with every section of the account's own, and nothing that opens it", async () => {
    const person = await personWithEverything();
    const stranger = await personWithEverything();
    const response = await download(server.origin, person.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="[a-z-]+-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const data = JSON.parse(text);

    // Every kind of row that points at the account is in its section.
    expect(await columnsPointingAtUsers()).toEqual(Object.keys(ACCOUNT_POINTERS).sort());
    for (const [pointer, { exported: section }] of Object.entries(ACCOUNT_POINTERS)) {
      if (typeof section === "string") expect(data[section], `${pointer} → ${section}`).not.toEqual([]);
    }
    expect(data.account).toMatchObject({ email: person.user.email, display_name: person.name, password_set: true });
    expect(data.addresses).toEqual([expect.objectContaining({ name: person.name, postcode: "LS1 4AB" })]);
    expect(data.company_memberships).toEqual([
      expect.objectContaining({ company: "Northern Presswork Ltd", role: "admin" }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        po_number: "PO-ERASE-1",
        status: "delivered",
        lines: [expect.objectContaining({ part_number: person.part.part_number, quantity: 2 })],
      }),
      expect.objectContaining({ status: "cancelled" }),
    ]);
    expect(data.invoices_and_credit_notes).toEqual([expect.objectContaining({ number: person.invoiceNumber })]);
    expect(data.quotes).toEqual([
      expect.objectContaining({
        note: `Quote for ${person.name}`,
        lines: [expect.objectContaining({ quantity: 100 })],
      }),
    ]);
    expect(data.parts_lists).toEqual([
      expect.objectContaining({
        name: `${person.name}'s kit`,
        lines: [expect.objectContaining({ part_number: person.part.part_number, quantity: 3 })],
      }),
    ]);
    expect(data.cart).toEqual([expect.objectContaining({ part_number: person.part.part_number, quantity: 3 })]);
    expect(data.your_part_numbers).toEqual([
      { our_part_number: person.part.part_number, customer_part_number: "QE-BRG-01" },
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ review: "Runs quiet at speed", rating: 5 })]);
    expect(data.contact_messages).toEqual([expect.objectContaining({ message: `Call me on ${person.phone}` })]);
    expect(data.api_keys).toEqual([expect.objectContaining({ name: "Workshop PC", prefix: person.apiKey.prefix })]);
    expect(data.your_price_lists).toEqual([
      expect.objectContaining({ name: expect.stringMatching(/^Agreed prices /), priority: 1 }),
    ]);
    expect(data.procurement_punchouts).toEqual([
      expect.objectContaining({ system_name: "Coupa", operation: "create" }),
    ]);
    expect(data.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ created_at: expect.any(String), user_agent: expect.any(String) }),
      ]),
    );
    expect(data.mail_sent_to_you.length).toBeGreaterThanOrEqual(1);
    expect(data.mail_sent_to_you.every((mail: { recipient: string }) => mail.recipient === person.user.email)).toBe(
      true,
    );

    // Nothing that opens the account: no password hash, API key or key hash, session id.
    const { password_hash: passwordHash } = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", person.user.id)
      .executeTakeFirstOrThrow();
    const { key_hash: keyHash } = await db
      .selectFrom("api_keys")
      .select("key_hash")
      .where("user_id", "=", person.user.id)
      .executeTakeFirstOrThrow();
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", person.user.id).execute();
    for (const secret of [passwordHash!, person.apiKey.key, keyHash, ...sessions.map((session) => session.id)]) {
      expect(text).not.toContain(secret);
    }
    // Nothing of anyone else's.
    expect(text).not.toContain(stranger.user.email);
    expect(text).not.toContain(stranger.name);
    expect(text).not.toContain(stranger.invoiceNumber);
  });

  test("a visitor is sent to sign in, and another site's post is refused", async () => {
    for (const path of ["/dashboard/my-profile", "/dashboard/my-profile/data.json"]) {
      const signedOut = path.endsWith(".json")
        ? await fetch(`${server.origin}${path}`, { redirect: "manual" })
        : await postForm(server.origin, path, { intent: "export-data" });
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toMatch(/^\/sign-in/);
    }
    const { cookie } = await createSignedInUser();
    const crossSite = await fetch(`${server.origin}/dashboard/my-profile`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=export-data",
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("for a customer who asks by mail", () => {
  test("staff download the customer's file from their email; customers cannot, and an unknown or erased account has none", async () => {
    const person = await personWithEverything();
    const staff = await createSignedInUser({ role: "admin" });
    const posted = await postForm(
      server.origin,
      "/dashboard/customer-data",
      { intent: "export-data", email: person.user.email.toUpperCase() },
      { cookie: staff.cookie },
    );
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toBe(`/dashboard/customer-data/${person.user.id}/data.json`);
    const file = await fetch(new URL(location, server.origin), { headers: { Cookie: staff.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="[a-z-]+-customer-${person.user.id}-data-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = await file.json();
    expect(data.account).toMatchObject({ email: person.user.email, display_name: person.name });
    expect(data.invoices_and_credit_notes).toEqual([expect.objectContaining({ number: person.invoiceNumber })]);

    const customer = await createSignedInUser();
    expect((await fetch(new URL(location, server.origin), { headers: { Cookie: customer.cookie } })).status).toBe(403);
    const unknown = await postForm(
      server.origin,
      "/dashboard/customer-data",
      { intent: "export-data", email: "nobody-here@example.com" },
      { cookie: staff.cookie },
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No account has this email.");

    const erased = await postForm(
      server.origin,
      "/dashboard/my-profile",
      { intent: "delete-account", password: TEST_PASSWORD },
      { cookie: person.cookie },
    );
    expect(erased.status).toBe(302);
    expect((await fetch(new URL(location, server.origin), { headers: { Cookie: staff.cookie } })).status).toBe(404);
  });
});

describe("per account", () => {
  let limited: ServerProcess;
  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_POINTS: "2", RATE_LIMIT_WINDOW_SECONDS: "600" } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  test("downloads are limited per account: the next one in the hour is a 429 that says when", async () => {
    const { cookie } = await createSignedInUser();
    const first = await download(limited.origin, cookie);
    expect(first.status).toBe(200);
    await first.text();
    const second = await download(limited.origin, cookie);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await second.text()).toContain("Too many attempts");
    // Another account's count is its own.
    const other = await createSignedInUser();
    expect((await download(limited.origin, other.cookie)).status).toBe(200);
  });
});
