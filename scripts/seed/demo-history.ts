import FakeTimers from "@sinonjs/fake-timers";

import { db } from "../../app/db/db.server";
import type { PostalAddress } from "../../app/lib/addresses";
import { addressOnOneLine } from "../../app/lib/addresses";
import { addCalendarDays } from "../../app/lib/quotes";
import { saveAddress } from "../../app/models/address.server";
import { addLinesToCart, itemsByPartNumber, removeCartLine } from "../../app/models/cart";
import { addMember, createCompany } from "../../app/models/company";
import { getQuote } from "../../app/models/quote";
import { recordPayment } from "../../app/models/trade-terms.server";
import { createUser } from "../../app/models/user.server";
import { placeOrder } from "../../app/services/checkout.server";
import { changeOrderStatus, returnShippedUnits, shipReadyParts } from "../../app/services/order-status.server";
import { requestQuote, sendQuote } from "../../app/services/quotes.server";
import { adjustStockAndFill } from "../../app/services/stock-arrivals.server";

// The demo's history (issue 48): a few weeks of a small shop's trade, so that a first `npm start`
// opens on orders in every state, a backorder waiting, a quote sent, a company with a buyer and an
// approver, an invoice and a credit note. It is made through the shop's own services, each step at
// its own moment of a clock set back (only `Date` is faked; timers and I/O run as ever), so stock,
// the ledger, invoice numbers, due days and mail are as real trade leaves them.

/** Every demo account signs in with this password; README names them. */
export const DEMO_PASSWORD = "demo-password";

/** The demo's accounts: addresses at example.com, which no mail reaches. */
export const DEMO_ACCOUNTS = {
  customer: { email: "jordan.fitter@example.com", displayName: "Jordan Fitter (demo)" },
  companyAdmin: { email: "priya.shah@example.com", displayName: "Priya Shah (demo)" },
  approver: { email: "alex.morgan@example.com", displayName: "Alex Morgan (demo)" },
  buyer: { email: "sam.carter@example.com", displayName: "Sam Carter (demo)" },
} as const;

export const DEMO_COMPANY = "Northern Presswork Ltd (demo)";

const FORGE_LANE: PostalAddress = {
  name: "Jordan Fitter",
  company: "Fitter Maintenance Services",
  line1: "4 Forge Lane",
  line2: null,
  town: "Sheffield",
  postcode: "S3 8RA",
  country: "GB",
};
const WHARF_ROAD: PostalAddress = {
  name: "Goods In",
  company: "Northern Presswork Ltd",
  line1: "Dock 3, Wharf Road",
  line2: null,
  town: "Leeds",
  postcode: "LS1 4AB",
  country: "GB",
};

export type DemoSummary = { created: false; reason: string } | { created: true; orders: number; accounts: number };

/**
 * Writes the demo history into a database that has the demo catalog and no orders yet, as of
 * `today` (the history runs over the 4 weeks before it). A database with orders, or with the demo
 * company already, is left as it is: the demo is made once.
 */
export async function seedDemoHistory({ today = new Date() }: { today?: Date } = {}): Promise<DemoSummary> {
  const { count } = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return { created: false, reason: "the database already has orders" };
  if (await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirst()) {
    return { created: false, reason: "the demo company is there already" };
  }
  const found = await itemsByPartNumber(DEMO_PARTS);
  const parts = new Map([...found.values()].map((item) => [item.part_number, item.id]));
  if (parts.size < DEMO_PARTS.length) return { created: false, reason: "the demo catalog is not there" };
  const part = (partNumber: (typeof DEMO_PARTS)[number]): number => parts.get(partNumber)!;

  const clock = FakeTimers.install({ now: today, toFake: ["Date"] });
  try {
    /** Moves the clock to `daysAgo` days before today, at the hour given (UTC), never past today. */
    const at = (daysAgo: number, hour: number) => {
      const moment = new Date(today);
      moment.setUTCDate(moment.getUTCDate() - daysAgo);
      moment.setUTCHours(hour, (daysAgo * 7) % 60, 0, 0);
      clock.setSystemTime(Math.min(moment.getTime(), today.getTime() - 60_000 * (60 - daysAgo)));
    };
    const history = new DemoTrade();

    at(30, 9);
    const customer = await history.account(DEMO_ACCOUNTS.customer);
    const companyAdmin = await history.account(DEMO_ACCOUNTS.companyAdmin);
    await history.account(DEMO_ACCOUNTS.approver);
    const buyer = await history.account(DEMO_ACCOUNTS.buyer);
    await saveAddress({ userId: customer }, undefined, { ...FORGE_LANE, phone: "+44 114 496 0100" }, BOTH_DEFAULTS);
    const company = await createCompany({
      adminEmail: DEMO_ACCOUNTS.companyAdmin.email,
      name: DEMO_COMPANY,
      vatNumber: "GB999999973",
      paymentTermsDays: 30,
      creditLimitCents: 500_000,
    });
    if (!company.ok) throw new Error(`demo company: ${company.reason}`);
    await history.join(company.companyId, DEMO_ACCOUNTS.approver.email, "approver");
    // The buyer orders up to £150 at a time without asking; more waits for the approver.
    await history.join(company.companyId, DEMO_ACCOUNTS.buyer.email, "buyer", 15_000);
    await saveAddress({ companyId: company.companyId }, undefined, { ...WHARF_ROAD, phone: null }, BOTH_DEFAULTS);

    // Three weeks back a delivery came in for most of what the catalog holds none of; the rest is made
    // to order (its lead time shows), and the bearing the company orders below is short again.
    at(29, 8);
    for (const itemId of await partsToRestock()) {
      const received = await adjustStockAndFill(itemId, {
        change: 40,
        reason: "Received: supplier delivery",
        userId: null,
      });
      if (!received.ok) throw new Error(`demo stock: ${received.reason}`);
    }

    // Four weeks ago: a customer's order, shipped and delivered; one bearing came back a week later.
    at(27, 10);
    const first = await history.order(customer, FORGE_LANE, [
      [part("GW-BB-6204-2RS"), 12],
      [part("GW-TB-450-5M-15"), 2],
    ]);
    at(26, 15);
    await history.ship(first, "royal-mail", "AB123456785GB");
    at(24, 11);
    await history.deliver(first);
    at(20, 14);
    const [bearingLine] = await history.lines(first);
    const returned = await returnShippedUnits(first, {
      lineId: bearingLine,
      quantity: 1,
      reason: "Seal damaged in transit",
      restock: false,
      userId: null,
    });
    if (!returned.ok) throw new Error(`demo return: ${returned.reason}`);

    // The company's buyer orders on account; delivered and paid.
    at(23, 9);
    const onAccount = await history.order(buyer, WHARF_ROAD, [
      [part("GW-SP-08B1-17"), 4],
      [part("GW-RC-08B1-5M"), 1],
    ]);
    at(22, 13);
    await history.ship(onAccount, "dpd", "15501234567890");
    at(20, 10);
    await history.deliver(onAccount);
    at(9, 16);
    await recordPayment(onAccount);

    // A customer's order cancelled the same morning.
    at(18, 8);
    const cancelled = await history.order(customer, FORGE_LANE, [[part("GW-VB-A42"), 3]]);
    at(18, 9);
    await changeOrderStatus(cancelled, "cancelled", { ownerId: customer });

    // More orders through the month, shipped and delivered.
    const moreOrders: [daysAgo: number, userId: number, lines: [number, number][]][] = [
      [16, companyAdmin, [[part("GW-PB-UCP205"), 2]]],
      [13, customer, [[part("GW-BB-608-2RS"), 40]]],
      [10, buyer, [[part("GW-TP-5M-20-15"), 2]]],
    ];
    for (const [daysAgo, who, lines] of moreOrders) {
      at(daysAgo, 11);
      const placed = await history.order(who, who === customer ? FORGE_LANE : WHARF_ROAD, lines);
      at(daysAgo - 1, 14);
      await history.ship(placed, "dpd", "15501234567891");
      if (daysAgo > 10) {
        at(daysAgo - 3, 10);
        await history.deliver(placed);
      }
    }

    // A company order with a bearing that is out of stock: what was there has gone, the rest waits.
    at(8, 10);
    const backordered = await history.order(companyAdmin, WHARF_ROAD, [
      [part("GW-JC-L075-14-19"), 2],
      [part("GW-BB-6305-2RS"), 6],
    ]);
    at(7, 15);
    await history.ship(backordered, "parcelforce", "PB123456789GB");

    // Orders waiting to be shipped.
    at(4, 9);
    await history.order(customer, FORGE_LANE, [
      [part("GW-BB-6204-2RS"), 4],
      [part("GW-JC-L075-14-19"), 1],
    ]);
    at(1, 10);
    await history.order(buyer, WHARF_ROAD, [[part("GW-VB-A42"), 5]]);

    // The buyer's order over their £150, this morning: it waits for the approver (its stock held 72 hours).
    at(0, 8);
    await history.order(buyer, WHARF_ROAD, [[part("GW-HG-M2-20-40"), 3]]);

    // The customer asked for a price on a larger quantity; staff sent one.
    at(3, 10);
    await addLinesToCart(customer, [{ itemId: part("GW-BB-6204-2RS"), quantity: 500 }]);
    const asked = await requestQuote(customer, "Price for 500 off, delivered over two months?");
    if (!asked.ok) throw new Error(`demo quote: ${asked.reason}`);
    await removeCartLine(customer, part("GW-BB-6204-2RS"));
    at(2, 15);
    const quote = await getQuote(asked.quoteId);
    const sent = await sendQuote(asked.quoteId, {
      version: quote!.version,
      validUntil: addCalendarDays(new Date().toISOString().slice(0, 10), 30),
      prices: new Map(quote!.lines.map((line) => [line.lineId, 520])),
    });
    if (!sent.ok) throw new Error(`demo quote: ${sent.reason}`);

    return { created: true, orders: history.orders, accounts: 4 };
  } finally {
    clock.uninstall();
  }
}

/** The parts of the demo catalog its history trades in. */
/** The parts at no stock in the demo catalog, all but the last three and the demo's backordered bearing. */
async function partsToRestock(): Promise<number[]> {
  const empty = await db
    .selectFrom("items")
    .select("id")
    .where("quantity", "=", 0)
    .where("part_number", "!=", "GW-BB-6305-2RS")
    .orderBy("id")
    .execute();
  return empty.slice(0, -3).map((item) => item.id);
}

const DEMO_PARTS = [
  "GW-BB-6204-2RS",
  "GW-BB-608-2RS",
  "GW-TB-450-5M-15",
  "GW-TP-5M-20-15",
  "GW-SP-08B1-17",
  "GW-RC-08B1-5M",
  "GW-JC-L075-14-19",
  "GW-BB-6305-2RS",
  "GW-HG-M2-20-40",
  "GW-PB-UCP205",
  "GW-VB-A42",
] as const;

const BOTH_DEFAULTS = { defaultBilling: true, defaultDelivery: true };

/** The steps of the demo's trade, each refusing loudly: a demo that half-seeds is worse than none. */
class DemoTrade {
  orders = 0;

  async account({ email, displayName }: { email: string; displayName: string }) {
    const created = await createUser({ email, displayName, password: DEMO_PASSWORD, emailVerified: true });
    if (!created.ok) throw new Error(`demo account ${email}: ${created.reason}`);
    return created.user.id;
  }

  async join(companyId: number, email: string, role: "approver" | "buyer", orderLimitCents?: number) {
    const joined = await addMember(companyId, email, {
      role,
      orderLimitCents: orderLimitCents ?? null,
      monthlyLimitCents: null,
    });
    if (!joined.ok) throw new Error(`demo member ${email}: ${joined.reason}`);
  }

  async order(userId: number, address: PostalAddress, lines: readonly (readonly [number, number])[]) {
    const placed = await placeOrder({
      userId,
      lines: lines.map(([itemId, quantity]) => ({ itemId, quantity })),
      address: addressOnOneLine(address),
      deliveryParts: address,
      phone: "+44 114 496 0100",
      poNumber: address === WHARF_ROAD ? `NP-${4100 + this.orders}` : null,
      token: `demo order ${this.orders}`,
    });
    if (!placed.ok) throw new Error(`demo order: ${placed.reason}`);
    this.orders += 1;
    return placed.orderId;
  }

  async ship(orderId: number, carrier: "royal-mail" | "dpd" | "parcelforce", trackingNumber: string) {
    const shipped = await shipReadyParts(orderId, { userId: null, carrier, trackingNumber });
    if (!shipped.ok) throw new Error(`demo shipment of #${orderId}: ${shipped.reason}`);
  }

  async deliver(orderId: number) {
    const delivered = await changeOrderStatus(orderId, "delivered");
    if (!delivered.ok) throw new Error(`demo delivery of #${orderId}: ${delivered.reason}`);
  }

  async lines(orderId: number) {
    const rows = await db
      .selectFrom("order_lines")
      .select("id")
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute();
    return rows.map((row) => row.id);
  }
}
