import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { MAX_ATTEMPTS } from "~/mail/outbox.server";
import { DEFAULT_PRICING_RULES, totalsFor } from "~/utils/pricing";

import { newItem } from "../support/builders";
import { SHIPPING } from "../support/orders";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { startSmtpServer } from "../support/smtp";
import { createSignedInUser } from "../support/users";

// Order mail through the outbox, sent by the built server's own sender loop to a real SMTP server
// on loopback, and kept unsent (readable by admins) when no SMTP server is configured.

const NOTIFY = "orders@gearwright.test";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Gearwright Parts <shop@gearwright.test>",
      ORDER_NOTIFY_EMAIL: NOTIFY,
      OUTBOX_POLL_MS: "50",
      APP_URL: "http://shop.test",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

async function checkOut(origin: string, cookie: string, itemId: number, quantity: number, poNumber = "") {
  await postForm(origin, "/cart", { intent: "add", itemId: String(itemId), quantity: String(quantity) }, { cookie });
  const html = await (await fetch(`${origin}/checkout`, { headers: { Cookie: cookie } })).text();
  const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)![1];
  return postForm(
    origin,
    "/checkout",
    { ...SHIPPING, poNumber, checkoutToken: randomUUID(), expectedTotal },
    { cookie },
  );
}

function outboxOf(orderId: number) {
  return db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

describe("order mail", () => {
  test("a placed order's confirmation arrives with its lines, totals, PO number, address and link; the shop hears of it", async () => {
    const { user, cookie } = await createSignedInUser({ displayName: "Dana Fitter" });
    const item = await newItem({ price_cents: 1250, quantity: 10 });
    const placed = await checkOut(server!.origin, cookie, item.id, 3, "PO-MAIL-1");
    expect(placed.status).toBe(302);
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());

    await smtp.waitFor((mail) => mail.filter((message) => message.subject.includes(`order #${orderId} `)).length >= 2);
    const confirmation = smtp.received.find((mail) => mail.subject.endsWith(`order #${orderId} placed`))!;
    expect(confirmation.to).toBe(user.email);
    const totals = totalsFor([{ lineTotalCents: 3750 }], DEFAULT_PRICING_RULES);
    for (const text of [
      "Hello Dana Fitter",
      `3 × ${item.part_number} ${item.name} at £12.50 = £37.50`,
      `Total: ${pounds.format(totals.totalCents / 100)}`,
      "Purchase order: PO-MAIL-1",
      `Ship to: ${SHIPPING.address}`,
      `http://shop.test/dashboard/my-order/${orderId}`,
    ]) {
      expect(confirmation.text).toContain(text);
    }
    expect(confirmation.html).toContain(item.part_number);
    expect(confirmation.html).toContain(pounds.format(totals.totalCents / 100));
    const notice = smtp.received.find((mail) => mail.subject.includes(`new order #${orderId}`))!;
    expect(notice.to).toBe(NOTIFY);
    expect(notice.text).toContain(user.email);

    await expect.poll(async () => (await outboxOf(orderId)).map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  test("shipping, delivering and cancelling each send one message about the order", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const shipped = Number(
      (await checkOut(server!.origin, cookie, item.id, 1)).headers.get("Location")!.split("/").pop(),
    );
    const cancelled = Number(
      (await checkOut(server!.origin, cookie, item.id, 1)).headers.get("Location")!.split("/").pop(),
    );
    for (const intent of ["ship", "deliver"]) {
      const path = `/dashboard/manage-order/${shipped}`;
      expect(
        (await postForm(server!.origin, path, { intent, orderId: String(shipped) }, { cookie: admin.cookie })).status,
      ).toBe(302);
    }
    const path = `/dashboard/my-order/${cancelled}`;
    expect(
      (await postForm(server!.origin, path, { intent: "cancel", orderId: String(cancelled) }, { cookie })).status,
    ).toBe(302);

    const subjects = [`order #${shipped} shipped`, `order #${shipped} delivered`, `order #${cancelled} cancelled`];
    await smtp.waitFor((mail) =>
      subjects.every((subject) => mail.some((message) => message.subject.endsWith(subject))),
    );
    for (const subject of subjects) {
      const matching = smtp.received.filter((mail) => mail.subject.endsWith(subject));
      expect(matching).toHaveLength(1);
      expect(matching[0].to).toBe(user.email);
    }
    expect(smtp.received.find((mail) => mail.subject.endsWith(subjects[2]))!.text).toContain("went back into stock");
  });

  test("a refused checkout writes no mail; an order and its mail commit together", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 2 });
    await postForm(server!.origin, "/cart", { intent: "add", itemId: String(item.id), quantity: "2" }, { cookie });
    const html = await (await fetch(`${server!.origin}/checkout`, { headers: { Cookie: cookie } })).text();
    const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)![1];
    await db.updateTable("items").set({ quantity: 1 }).where("id", "=", item.id).execute();
    const refused = await postForm(
      server!.origin,
      "/checkout",
      { ...SHIPPING, checkoutToken: randomUUID(), expectedTotal },
      { cookie },
    );
    expect(refused.status).toBe(409);
    const rows = await db.selectFrom("outbox").select("id").where("recipient", "=", user.email).execute();
    expect(rows).toEqual([]);
  });

  test("while the SMTP server refuses, mail waits and is retried; once it accepts, each message arrives once", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    smtp.refuse(true);
    const placed = await checkOut(server!.origin, cookie, item.id, 1);
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());
    await expect
      .poll(async () => (await outboxOf(orderId)).find((row) => row.recipient === user.email), { timeout: 10_000 })
      .toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringContaining("451") });
    smtp.refuse(false);
    // The first retry waits two seconds.
    await smtp.waitFor((mail) => mail.some((message) => message.subject.endsWith(`order #${orderId} placed`)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((mail) => mail.subject.endsWith(`order #${orderId} placed`))).toHaveLength(1);
    const [row] = (await outboxOf(orderId)).filter((message) => message.recipient === user.email);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  test(`after ${MAX_ATTEMPTS} refusals a message is failed and shown to admins, who can send it again`, async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    smtp.refuse(true);
    const placed = await checkOut(server!.origin, cookie, item.id, 1);
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());
    const mine = async () => (await outboxOf(orderId)).find((row) => row.recipient === user.email)!;
    await expect.poll(async () => (await mine())?.attempts, { timeout: 10_000 }).toBe(1);
    // Skip the waits between attempts: the last one is due now.
    await db
      .updateTable("outbox")
      .set({ attempts: MAX_ATTEMPTS - 1, next_attempt_at: new Date().toISOString() })
      .where("id", "=", (await mine()).id)
      .execute();
    await expect.poll(async () => (await mine()).status, { timeout: 10_000 }).toBe("failed");

    const page = await (
      await fetch(`${server!.origin}/dashboard/outbox?status=failed`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(page).toContain(`order #${orderId} placed`);
    expect(page).toContain("Last error");
    smtp.refuse(false);
    const retry = await postForm(
      server!.origin,
      "/dashboard/outbox",
      { intent: "retry", messageId: String((await mine()).id) },
      { cookie: admin.cookie },
    );
    expect(retry.status).toBe(302);
    await smtp.waitFor((mail) => mail.some((message) => message.subject.endsWith(`order #${orderId} placed`)));
    await expect.poll(async () => (await mine()).status).toBe("sent");
    const again = await postForm(
      server!.origin,
      "/dashboard/outbox",
      { intent: "retry", messageId: String((await mine()).id) },
      { cookie: admin.cookie },
    );
    expect(again.status).toBe(409);
  });
});

describe("without SMTP_URL", () => {
  test("mail is kept in the outbox, unsent, and admins read exactly what would have been sent", async () => {
    // The sending server shares this database: stop it, so that only a store without SMTP runs.
    await server?.stop();
    server = undefined;
    const quiet = await startServer({ env: { SMTP_URL: "", OUTBOX_POLL_MS: "50" } });
    try {
      const admin = await createSignedInUser({ role: "admin" });
      const { user, cookie } = await createSignedInUser();
      const item = await newItem({ quantity: 10 });
      const placed = await checkOut(quiet.origin, cookie, item.id, 2, "PO-QUIET");
      const orderId = Number(placed.headers.get("Location")!.split("/").pop());
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = (await outboxOf(orderId)).filter((row) => row.recipient === user.email);
      expect(rows).toMatchObject([{ status: "pending", attempts: 0 }]);
      const page = await (
        await fetch(`${quiet.origin}/dashboard/outbox`, { headers: { Cookie: admin.cookie } })
      ).text();
      expect(page).toContain("SMTP_URL is not set");
      expect(page).toContain(`order #${orderId} placed`);
      expect(page).toContain("Purchase order: PO-QUIET");
      expect(page).toContain(user.email);
      const customer = await fetch(`${quiet.origin}/dashboard/outbox`, { headers: { Cookie: cookie } });
      expect(customer.status).toBe(403);
    } finally {
      await quiet.stop();
    }
  });
});
