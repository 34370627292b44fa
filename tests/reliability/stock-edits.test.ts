import { afterAll, beforeAll, expect, test } from "vitest";

import { getItem } from "~/models/item";
import { listStockMovements } from "~/models/stock.server";

import { newItem } from "../support/builders";
import type { ServerProcess } from "../support/server";
import { createSignedInUser } from "../support/users";
import { postForm, recordStats, startCluster } from "./support";

// Issue 22: a stock adjustment was undone by a later save of the product form, which wrote back the
// stock figure it was opened with. Here an adjustment and a save of the form race in every round,
// through two app processes; the form still posts the figure it was opened with, and when its save
// is refused as stale it is saved again from the version the refusal names, as the page does. Every
// round's save lands, so a form that still wrote stock would undo the adjustments each time.

const OPENING_STOCK = 100;
const ROUNDS = 30;
let shop: ServerProcess;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

test(`${ROUNDS} rounds of a stock adjustment racing a save of the product form, through two app processes: no adjustment is lost`, async () => {
  const { user, cookie } = await createSignedInUser({ role: "admin" });
  const item = await newItem(
    {
      name: "Raced Bearing",
      img: "/images/items/spur-gear.svg",
      description: "Stock and price change at once.",
      price_cents: 1000,
      quantity: OPENING_STOCK,
      supplier_name: "Gearwright Works",
    },
    { userId: user.id },
  );
  const path = `/dashboard/manage-product/${item.id}`;
  // What the edit form was filled with when it was opened, stock figure included.
  const openedForm = {
    intent: "update",
    name: item.name,
    img: item.img,
    description: item.description,
    quantity: String(OPENING_STOCK),
    supplierName: item.supplier_name,
    partNumber: item.part_number,
    leadTimeDays: String(item.lead_time_days),
    minOrderQuantity: "1",
  };
  const statuses: number[] = [];
  const save = async (round: number) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const { version } = (await getItem(item.id))!;
      const price = (10 + round / 100).toFixed(2);
      const response = await postForm(
        shop.origin,
        path,
        { ...openedForm, price, version: String(version) },
        { cookie },
      );
      statuses.push(response.status);
      if (response.status !== 409) return response.status;
    }
    return 409;
  };

  let added = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const change = 1 + (round % 3);
    added += change;
    const [adjusted, saved] = await Promise.all([
      postForm(
        shop.origin,
        path,
        { intent: "adjust-stock", change: String(change), reason: `Goods in ${round}` },
        { cookie },
      ),
      save(round),
    ]);
    statuses.push(adjusted.status);
    expect(adjusted.status, `round ${round}: adjustment`).toBe(302);
    expect(saved, `round ${round}: save`).toBe(302);
  }

  const after = (await getItem(item.id))!;
  const ledger = (await listStockMovements(item.id, ROUNDS + 10)).reverse();
  recordStats({
    suite: "stock-edits",
    requests: statuses.length,
    failures: statuses.filter((status) => ![302, 409].includes(status)).length,
    serverErrors: statuses.filter((status) => status >= 500).length,
    oversells: 0,
    ordersLost: after.quantity === OPENING_STOCK + added ? 0 : 1,
  });
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(after.quantity).toBe(OPENING_STOCK + added);
  expect(after.price_cents).toBe(1000 + ROUNDS);
  // The ledger is the opening stock and one line per adjustment, and adds up to the stock.
  expect(ledger.map((line) => line.reason)).toEqual([
    "Opening stock",
    ...Array.from({ length: ROUNDS }, (_, index) => `Goods in ${index + 1}`),
  ]);
  expect(ledger.reduce((sum, line) => sum + line.change, 0)).toBe(after.quantity);
  expect(ledger.at(-1)?.quantity_after).toBe(after.quantity);
});
