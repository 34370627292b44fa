import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { newConnection, postCxml, purchaseOrderFor, type TestConnection } from "../support/punchout";
import type { ServerProcess } from "../support/server";
import { uniqueToken } from "../support/unique";
import { startCluster } from "./support";

// Purchase orders under load (issue 52): procurement systems resend a purchase order when an answer
// is late, so the same OrderRequest arrives many times at once, at two app processes on one
// database. Each orderID makes one order: the same document answers it every time, and another
// document under the same orderID is refused, whichever arrived first.

let shop: ServerProcess | undefined;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

/** One line of the part at £8.00 a piece. */
const purchaseOrder = (
  connection: TestConnection,
  orderId: string,
  partNumber: string,
  quantity: number,
  payloadId: string,
) => purchaseOrderFor(connection, orderId, [{ partNumber, quantity, unitPrice: "8.00" }], payloadId);

async function ordersOf(companyId: number) {
  return db
    .selectFrom("orders")
    .innerJoin("order_lines", "order_lines.order_id", "orders.id")
    .select(["orders.id", "orders.po_number", "order_lines.quantity"])
    .where("orders.company_id", "=", companyId)
    .execute();
}

test("the same OrderRequest posted 20 times at once makes one order, answered 20 times", async () => {
  const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
  const connection = await newConnection(companyId, { actingUserId: members[0].user.id });
  const part = await newItem({ price_cents: 800, quantity: 100 });
  const document = purchaseOrder(connection, `PO-${uniqueToken()}`, part.part_number, 3, `payload-${uniqueToken()}`);

  const answers = await Promise.all(
    Array.from({ length: 20 }, () => postCxml(`${shop!.origin}/punchout/cxml/order`, document)),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  const orders = await ordersOf(companyId);
  expect(orders).toHaveLength(1);
  expect(new Set(answers.map((answer) => /our order (\d+)/.exec(answer.detail)?.[1]))).toEqual(
    new Set([String(orders[0].id)]),
  );
  const stock = await db.selectFrom("items").select("quantity").where("id", "=", part.id).executeTakeFirstOrThrow();
  expect(stock.quantity).toBe(97);
  const taken = await db
    .selectFrom("punchout_purchase_orders")
    .select("order_id")
    .where("order_id", "=", orders[0].id)
    .execute();
  expect(taken).toHaveLength(1);
  // Its buyer hears of it once.
  const placedMail = await db
    .selectFrom("outbox")
    .select("recipient")
    .where("order_id", "=", orders[0].id)
    .where("kind", "=", "order-placed")
    .execute();
  expect(placedMail.filter((mail) => mail.recipient === members[0].user.email)).toHaveLength(1);
});

test("20 different documents under one orderID at once: one order, 19 refusals, stock as that order took", async () => {
  const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
  const connection = await newConnection(companyId, { actingUserId: members[0].user.id });
  const part = await newItem({ price_cents: 800, quantity: 500 });
  const orderId = `PO-${uniqueToken()}`;

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      postCxml(
        `${shop!.origin}/punchout/cxml/order`,
        purchaseOrder(connection, orderId, part.part_number, index + 1, `payload-${uniqueToken()}`),
      ),
    ),
  );
  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
  const orders = await ordersOf(companyId);
  expect(orders).toHaveLength(1);
  const stock = await db.selectFrom("items").select("quantity").where("id", "=", part.id).executeTakeFirstOrThrow();
  expect(stock.quantity).toBe(500 - orders[0].quantity);
});
