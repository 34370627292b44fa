import { type Kysely, sql } from "kysely";

/**
 * The stock ledger accounts for every part's units (issue 28's restore check): what a part holds
 * plus what orders took from it (allocated, shipped ones included) equals what the ledger says came
 * in. Parts made before the ledger began (migration 0007), and the demo catalog's seed until now,
 * had stock with no movement behind it: each gets one movement that opens its ledger with the
 * difference, so the sum holds for every part from here on.
 */
export const STOCK_BEFORE_LEDGER_REASON = "Stock before the ledger began";

export async function up(db: Kysely<any>) {
  await sql`
    insert into stock_movements (item_id, user_id, change, quantity_after, reason, created_at)
    select items.id, null, items.quantity + coalesce(taken.units, 0) - coalesce(moved.units, 0), items.quantity,
      ${STOCK_BEFORE_LEDGER_REASON}, ${new Date().toISOString()}
    from items
    left join (select item_id, sum(allocated) as units from order_lines group by item_id) taken
      on taken.item_id = items.id
    left join (select item_id, sum(change) as units from stock_movements group by item_id) moved
      on moved.item_id = items.id
    where items.quantity + coalesce(taken.units, 0) - coalesce(moved.units, 0) <> 0`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`delete from stock_movements where reason = ${STOCK_BEFORE_LEDGER_REASON}`.execute(db);
}
