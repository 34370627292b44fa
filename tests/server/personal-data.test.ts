import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { saveAddress } from "~/models/address.server";
import { createApiKey } from "~/models/api-key.server";
import { addLinesToCart } from "~/models/cart";
import { setCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { createMessage } from "~/models/message.server";
import { saveCartAsList } from "~/models/parts-lists";
import { createQuote } from "~/models/quote";
import { createReview } from "~/models/review.server";
import { shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { createSignedInUser } from "../support/users";

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

/** A customer with a row in every table that holds something of theirs. */
async function customerWithEverything() {
  const { admin: buyer } = await newCompany();
  const { user } = buyer;
  const part = await newItem({ name: "Export Test Bearing", price_cents: 1_500, quantity: 50 });
  const address = { name: "Ada Turner", company: null, line1: "4 Forge Lane", line2: null, town: "Sheffield" };
  await saveAddress(
    { userId: user.id },
    undefined,
    { ...address, postcode: "S3 8RA", country: "GB", phone: null },
    { defaultBilling: true, defaultDelivery: true },
  );
  const placed = await placeTestOrder(user.id, { itemId: part.id, quantity: 2 }, { poNumber: "PO-EXPORT-1" });
  if (!placed.ok) throw new Error(placed.reason);
  const shipped = await shipReadyParts(placed.orderId, TEST_SHIPMENT);
  if (!shipped.ok) throw new Error(shipped.reason);
  const quote = await db
    .transaction()
    .execute((trx) =>
      createQuote(trx, { userId: user.id, note: "Export quote note", lines: [{ itemId: part.id, quantity: 100 }] }),
    );
  if (!quote.ok) throw new Error("no quote");
  await addLinesToCart(user.id, [{ itemId: part.id, quantity: 3 }]);
  if (!(await saveCartAsList(user.id, "Export kit")).ok) throw new Error("no list");
  await setCustomerPartNumber(user.id, part.id, "ADA-BRG-01");
  await createReview({ userId: user.id, name: "Ada T.", rating: 5, review: "Export review text", itemId: part.id });
  await createMessage({ name: "Ada Turner", email: user.email, message: "Export contact message" });
  const key = await createApiKey({ userId: user.id, name: "Export key" });
  return { buyer, part, invoiceNumber: shipped.invoice.number, key };
}

/** My Profile's button: the post, then the address it answers with, as a browser follows it. */
async function download(origin: string, cookie: string) {
  const posted = await postForm(origin, "/dashboard/my-profile", { intent: "export-data" }, { cookie });
  expect(posted.status).toBe(303);
  return fetch(new URL(posted.headers.get("location")!, origin), { headers: { Cookie: cookie }, redirect: "manual" });
}

describe("Download my data", () => {
  test("one JSON file with every section of the account's own, and nothing that opens it", async () => {
    const { buyer, part, invoiceNumber, key } = await customerWithEverything();
    const stranger = await customerWithEverything();
    const response = await download(server.origin, buyer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="[a-z-]+-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.account).toMatchObject({ email: buyer.user.email, display_name: "Carla Admin", password_set: true });
    expect(data.addresses).toEqual([expect.objectContaining({ name: "Ada Turner", postcode: "S3 8RA" })]);
    expect(data.company_memberships).toEqual([
      expect.objectContaining({ company: "Northern Presswork Ltd", role: "admin" }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        po_number: "PO-EXPORT-1",
        lines: [expect.objectContaining({ part_number: part.part_number, quantity: 2 })],
      }),
    ]);
    expect(data.invoices_and_credit_notes).toEqual([expect.objectContaining({ number: invoiceNumber })]);
    expect(data.quotes).toEqual([
      expect.objectContaining({ note: "Export quote note", lines: [expect.objectContaining({ quantity: 100 })] }),
    ]);
    expect(data.parts_lists).toEqual([
      expect.objectContaining({
        name: "Export kit",
        lines: [expect.objectContaining({ part_number: part.part_number, quantity: 3 })],
      }),
    ]);
    expect(data.cart).toEqual([expect.objectContaining({ part_number: part.part_number, quantity: 3 })]);
    expect(data.your_part_numbers).toEqual([{ our_part_number: part.part_number, customer_part_number: "ADA-BRG-01" }]);
    expect(data.reviews).toEqual([expect.objectContaining({ review: "Export review text", rating: 5 })]);
    expect(data.contact_messages).toEqual([expect.objectContaining({ message: "Export contact message" })]);
    expect(data.api_keys).toEqual([expect.objectContaining({ name: "Export key", prefix: key.prefix })]);
    expect(data.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ created_at: expect.any(String), user_agent: expect.any(String) }),
      ]),
    );
    expect(data.mail_sent_to_you.length).toBeGreaterThanOrEqual(1);
    expect(data.mail_sent_to_you.every((mail: { recipient: string }) => mail.recipient === buyer.user.email)).toBe(
      true,
    );

    // Nothing that opens the account: no password hash, API key or key hash, session id.
    const { password_hash: passwordHash } = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", buyer.user.id)
      .executeTakeFirstOrThrow();
    const { key_hash: keyHash } = await db
      .selectFrom("api_keys")
      .select("key_hash")
      .where("user_id", "=", buyer.user.id)
      .executeTakeFirstOrThrow();
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", buyer.user.id).execute();
    for (const secret of [passwordHash!, key.key, keyHash, ...sessions.map((session) => session.id)]) {
      expect(text).not.toContain(secret);
    }
    // Nothing of anyone else's.
    expect(text).not.toContain(stranger.buyer.user.email);
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
