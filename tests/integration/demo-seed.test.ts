import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { getCompany } from "~/models/company";
import { ordersByDay } from "~/models/order";
import { getQuote } from "~/models/quote";
import { getUserByEmail, passwordMatches } from "~/models/user.server";

import { catalogParts } from "../../scripts/seed/catalog-data";
import { DEMO_ACCOUNTS, DEMO_COMPANY, DEMO_PASSWORD, seedDemoHistory } from "../../scripts/seed/demo-history";
import { seedDatabase } from "../../scripts/seed/seed-database";

// The demo's history (issue 48): what a first `npm start` shows is a shop that has traded for a
// month, made once, through the shop's own services, so its stock, invoices and credit hold as
// real trade leaves them.

const TODAY = new Date("2026-03-18T12:30:00Z");

beforeAll(async () => {
  await seedDatabase(db, { adminEmail: "demo-admin@example.com", adminPassword: "demo-admin-pass" });
});

describe("the demo's history", () => {
  test("is refused without the catalog, then written once: a second run adds nothing", async () => {
    const parts = await db.selectFrom("items").select(["id", "hidden"]).execute();
    await db.updateTable("items").set({ hidden: 1 }).execute();
    expect(await seedDemoHistory({ today: TODAY })).toEqual({
      created: false,
      reason: "the demo catalog is not there",
    });
    await db.updateTable("items").set({ hidden: 0 }).execute();
    expect(parts.every((part) => part.hidden === 0)).toBe(true);

    expect(await seedDemoHistory({ today: TODAY })).toEqual({ created: true, orders: 10, accounts: 4 });
    expect(await seedDemoHistory({ today: TODAY })).toEqual({
      created: false,
      reason: "the database already has orders",
    });
    const { count } = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(10);
  });

  test("orders in every state over four weeks, so the dashboard's chart has a month in it", async () => {
    const orders = await db.selectFrom("orders").select(["status", "created_at"]).execute();
    expect(new Set(orders.map((order) => order.status))).toEqual(
      new Set(["delivered", "shipped", "partly shipped", "pending", "awaiting approval", "cancelled"]),
    );
    expect(orders.every((order) => order.created_at <= TODAY.toISOString())).toBe(true);
    const days = await ordersByDay(30, TODAY);
    expect(days.filter((day) => day.orders > 0).length).toBeGreaterThanOrEqual(8);
  });

  test("a backorder waits for stock; every part's stock is what its ledger says", async () => {
    const waiting = await db
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select(["order_lines.part_number", "order_lines.waiting", "orders.status"])
      .where("order_lines.waiting", ">", 0)
      .execute();
    expect(waiting).toEqual([{ part_number: "GW-BB-6305-2RS", waiting: 6, status: "partly shipped" }]);

    // Stock plus what order lines hold is what the catalog started with and the delivery brought
    // (the returned bearing was damaged); every line's units are allocated, waiting or cancelled.
    const lines = await db
      .selectFrom("order_lines")
      .select(["item_id", "quantity", "allocated", "waiting", "cancelled"])
      .execute();
    expect(lines.filter((line) => line.allocated + line.waiting + line.cancelled !== line.quantity)).toEqual([]);
    const items = await db.selectFrom("items").select(["id", "part_number", "quantity"]).execute();
    const started = new Map(catalogParts.map((part) => [part.partNumber, part.quantity]));
    const deliveries = await db
      .selectFrom("stock_movements")
      .select(["item_id", "change"])
      .where("reason", "=", "Received: supplier delivery")
      .execute();
    const received = new Map(deliveries.map((movement) => [movement.item_id, movement.change]));
    const broken = items.filter((item) => {
      const held = lines.filter((line) => line.item_id === item.id).reduce((sum, line) => sum + line.allocated, 0);
      return item.quantity + held !== started.get(item.part_number)! + (received.get(item.id) ?? 0);
    });
    expect(broken).toEqual([]);

    // The catalog's parts at no stock were mostly restocked: three are made to order, and the bearing waits.
    const emptyAtStart = catalogParts.filter((part) => part.quantity === 0).length;
    expect(deliveries).toHaveLength(emptyAtStart - 4);
    const empty = items.filter((item) => item.quantity === 0).map((item) => item.part_number);
    expect(empty).toContain("GW-BB-6305-2RS");
    expect(empty).toHaveLength(4);
  });

  test("a company with an admin, an approver and a buyer, whose order over their limit waits for approval", async () => {
    const company = await db
      .selectFrom("companies")
      .select("id")
      .where("name", "=", DEMO_COMPANY)
      .executeTakeFirstOrThrow();
    const detail = await getCompany(company.id);
    expect(detail?.members.map((member) => [member.email, member.role]).sort()).toEqual(
      [
        [DEMO_ACCOUNTS.approver.email, "approver"],
        [DEMO_ACCOUNTS.buyer.email, "buyer"],
        [DEMO_ACCOUNTS.companyAdmin.email, "admin"],
      ].sort(),
    );
    const awaiting = await db
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.user_id")
      .select(["users.email", "orders.approval_expires_at"])
      .where("orders.status", "=", "awaiting approval")
      .executeTakeFirstOrThrow();
    expect(awaiting.email).toBe(DEMO_ACCOUNTS.buyer.email);
    // Placed on the demo's last morning: its stock is still held when the shop starts.
    expect(new Date(awaiting.approval_expires_at!).getTime()).toBeGreaterThan(TODAY.getTime() + 24 * 3_600_000);
  });

  test("invoices numbered in the order they were issued, one paid, and a credit note for the returned bearing", async () => {
    const documents = await db.selectFrom("invoices").selectAll().execute();
    const invoices = documents.filter((document) => document.kind === "invoice");
    const creditNotes = documents.filter((document) => document.kind === "credit note");
    expect(invoices.length).toBe(6);
    expect(creditNotes).toHaveLength(1);
    const byNumber = [...invoices].sort((a, b) => a.number.localeCompare(b.number));
    const byIssue = [...invoices].sort((a, b) => a.issued_at.localeCompare(b.issued_at));
    expect(byNumber.map((invoice) => invoice.number)).toEqual(byIssue.map((invoice) => invoice.number));
    expect(invoices.filter((invoice) => invoice.paid_at !== null)).toHaveLength(1);
    const credited = invoices.find((invoice) => invoice.id === creditNotes[0].credits_invoice_id);
    expect(credited?.number).toBe("INV-2026-000001");
    // No invoice of the demo is overdue on its last day: the company can still order on account.
    expect(invoices.filter((invoice) => invoice.due_on && invoice.due_on < "2026-03-18" && !invoice.paid_at)).toEqual(
      [],
    );
  });

  test("a quote sent and open, and every demo account signs in with the demo password", async () => {
    const quote = await db.selectFrom("quotes").select("id").executeTakeFirstOrThrow();
    const sent = await getQuote(quote.id, { now: TODAY });
    expect(sent?.status).toBe("sent");
    expect(sent?.customer.email).toBe(DEMO_ACCOUNTS.customer.email);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await getUserByEmail(account.email);
      expect(user?.display_name).toMatch(/\(demo\)$/);
      expect(await passwordMatches(user!.id, DEMO_PASSWORD)).toBe(true);
    }
  });
});
