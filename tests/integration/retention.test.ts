import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";

import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { ERASED_ADDRESS, ERASED_NAME } from "~/lib/account-erasure";
import { eraseAccount } from "~/models/account-erasure.server";
import { RETENTION_RULES, sweepRetention } from "~/models/retention.server";
import { shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { placePending, TEST_SHIPMENT } from "../support/orders";
import { createSignedInUser } from "../support/users";

// Issue 53, retention: each rule removes what is past its period, a batch at a time, and leaves what
// is not; docs/operations.md lists the same periods.

const DAY = 24 * 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const hex = () => randomBytes(32).toString("hex");

async function guestCart(expiresAt: string) {
  const row = await db
    .insertInto("carts")
    .values({ token_hash: hex(), created_at: ago(40 * DAY), updated_at: ago(40 * DAY), expires_at: expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function session(userId: number, expiresAt: string) {
  const id = hex();
  await db
    .insertInto("sessions")
    .values({ id, user_id: userId, created_at: ago(DAY), expires_at: expiresAt, last_seen_at: ago(DAY) })
    .execute();
  return id;
}

async function link(userId: number, { expiresAt, usedAt }: { expiresAt: string; usedAt: string | null }) {
  const row = await db
    .insertInto("email_tokens")
    .values({
      user_id: userId,
      purpose: "reset",
      token_hash: hex(),
      new_email: null,
      expires_at: expiresAt,
      used_at: usedAt,
      created_at: ago(10 * DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function invitation(
  companyId: number,
  { expiresAt, acceptedAt }: { expiresAt: string; acceptedAt: string | null },
) {
  const row = await db
    .insertInto("company_invitations")
    .values({
      company_id: companyId,
      email: `${randomUUID()}@example.com`,
      role: "buyer",
      order_limit_cents: null,
      monthly_limit_cents: null,
      token_hash: hex(),
      invited_by: null,
      expires_at: expiresAt,
      accepted_at: acceptedAt,
      created_at: ago(60 * DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function mail(status: "sent" | "failed" | "held" | "pending", at: string) {
  const row = await db
    .insertInto("outbox")
    .values({
      kind: "test",
      recipient: `${randomUUID()}@example.com`,
      subject: "Retention test",
      text_body: "",
      html_body: "",
      status,
      next_attempt_at: at,
      created_at: at,
      sent_at: status === "sent" ? at : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function counter(expireMs: number) {
  const key = `retention-test:${randomUUID()}`;
  await sql`insert into rate_limits (key, points, expire) values (${key}, 1, ${expireMs})`.execute(db);
  return key;
}

async function left(
  table: "carts" | "sessions" | "email_tokens" | "company_invitations" | "outbox",
  ids: (string | number)[],
) {
  const rows = await db
    .selectFrom(table as "sessions")
    .select("id")
    .where("id", "in", ids as string[])
    .execute();
  return ids.filter((id) => rows.some((row) => row.id === id));
}

describe("the retention sweep", () => {
  test("docs/operations.md lists every rule as the code says it", () => {
    const documented = fs.readFileSync("docs/operations.md", "utf8");
    for (const rule of RETENTION_RULES) expect(documented).toContain(`- ${rule.what};`.replace(/;$/, ""));
  });

  test("removes, a batch at a time, what is past its period and nothing else", async () => {
    const { user } = await createSignedInUser();
    const { companyId } = await newCompany();
    const expiredCarts = [await guestCart(ago(DAY)), await guestCart(ago(2 * DAY)), await guestCart(ago(3 * DAY))];
    const liveCart = await guestCart(ago(-DAY));
    const expiredSessions = [
      await session(user.id, ago(1000)),
      await session(user.id, ago(DAY)),
      await session(user.id, ago(9 * DAY)),
    ];
    const liveSession = await session(user.id, ago(-DAY));
    const oldLinks = [
      await link(user.id, { expiresAt: ago(8 * DAY), usedAt: null }),
      await link(user.id, { expiresAt: ago(-DAY), usedAt: ago(8 * DAY) }),
      await link(user.id, { expiresAt: ago(20 * DAY), usedAt: ago(21 * DAY) }),
    ];
    const recentLinks = [
      await link(user.id, { expiresAt: ago(6 * DAY), usedAt: ago(6 * DAY) }),
      await link(user.id, { expiresAt: ago(-DAY), usedAt: null }),
    ];
    const oldInvitations = [
      await invitation(companyId, { expiresAt: ago(31 * DAY), acceptedAt: null }),
      await invitation(companyId, { expiresAt: ago(40 * DAY), acceptedAt: null }),
      await invitation(companyId, { expiresAt: ago(50 * DAY), acceptedAt: null }),
    ];
    const keptInvitations = [
      await invitation(companyId, { expiresAt: ago(29 * DAY), acceptedAt: null }),
      await invitation(companyId, { expiresAt: ago(40 * DAY), acceptedAt: ago(45 * DAY) }),
    ];
    const oldMail = [
      await mail("sent", ago(31 * DAY)),
      await mail("held", ago(31 * DAY)),
      await mail("failed", ago(91 * DAY)),
    ];
    const keptMail = [
      await mail("sent", ago(29 * DAY)),
      await mail("held", ago(29 * DAY)),
      await mail("failed", ago(31 * DAY)),
      await mail("pending", ago(200 * DAY)),
    ];
    const oldCounters = [
      await counter(Date.now() - 2 * 3_600_000),
      await counter(Date.now() - 3 * 3_600_000),
      await counter(Date.now() - DAY),
    ];
    const keptCounters = [await counter(Date.now() - 30 * 60_000), await counter(Date.now() + 60_000)];

    const swept = await sweepRetention({ limit: 2 });
    expect(Object.keys(swept)).toEqual(RETENTION_RULES.map((rule) => rule.name));
    for (const name of ["guest carts", "sessions", "one-time links", "invitations", "mail", "rate limits"]) {
      expect(swept[name], name).toBeGreaterThanOrEqual(3);
    }

    expect(await left("carts", [...expiredCarts, liveCart])).toEqual([liveCart]);
    expect(await left("sessions", [...expiredSessions, liveSession])).toEqual([liveSession]);
    expect(await left("email_tokens", [...oldLinks, ...recentLinks])).toEqual(recentLinks);
    expect(await left("company_invitations", [...oldInvitations, ...keptInvitations])).toEqual(keptInvitations);
    expect(await left("outbox", [...oldMail, ...keptMail])).toEqual(keptMail);
    const { rows } = await sql<{ key: string }>`select key from rate_limits where key like 'retention-test:%'`.execute(
      db,
    );
    const keys = rows.map((row) => row.key);
    expect(oldCounters.filter((key) => keys.includes(key))).toEqual([]);
    expect(keptCounters.filter((key) => keys.includes(key))).toEqual(keptCounters);

    // Nothing more to do: a second sweep removes nothing of these.
    await sweepRetention({ limit: 2 });
    expect(await left("sessions", [liveSession])).toEqual([liveSession]);
  });

  test("an erased account's invoice is emptied of the name and addresses six years after its year; others stay", async () => {
    const part = await newItem({ quantity: 10 });
    const invoiced = async (issuedAt: string) => {
      const buyer = await createSignedInUser({ displayName: `Retention Buyer ${randomUUID()}` });
      const orderId = await placePending(buyer.user.id, part.id, 1);
      const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
      if (!shipped.ok) throw new Error(shipped.reason);
      await db.updateTable("invoices").set({ issued_at: issuedAt }).where("id", "=", shipped.invoice.id).execute();
      return { buyer, orderId, invoiceId: shipped.invoice.id };
    };
    const now = new Date("2026-12-07T12:00:00.000Z");
    const old = await invoiced("2019-12-31T10:00:00.000Z");
    const recent = await invoiced("2020-01-02T10:00:00.000Z");
    const keptBuyer = await invoiced("2019-06-01T10:00:00.000Z");
    for (const { buyer, orderId } of [old, recent]) {
      await db.updateTable("orders").set({ status: "delivered" }).where("id", "=", orderId).execute();
      expect(await eraseAccount(buyer.user.id)).toEqual({ ok: true });
    }

    await sweepRetention({ now });
    const invoice = (id: number) =>
      db
        .selectFrom("invoices")
        .select(["customer_name", "delivery_address"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    expect(await invoice(old.invoiceId)).toEqual({ customer_name: ERASED_NAME, delivery_address: ERASED_ADDRESS });
    const order = await db
      .selectFrom("orders")
      .select("address")
      .where("id", "=", old.orderId)
      .executeTakeFirstOrThrow();
    expect(order.address).toBe(ERASED_ADDRESS);
    expect((await invoice(recent.invoiceId)).customer_name).toBe(recent.buyer.user.display_name);
    expect((await invoice(keptBuyer.invoiceId)).customer_name).toBe(keptBuyer.buyer.user.display_name);
  });
});
