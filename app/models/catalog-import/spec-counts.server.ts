// The spec and spec-pair counts an apply keeps as the triggers would: tallied per part, written per set.
import { sql } from "kysely";

import type { Database } from "~/db/schema";
import type { SpecRow } from "~/lib/spec-templates";

import { insertInSlices, type Trx } from "./write-phases.server";

/**
 * New parts' spec and spec-pair counts, added up in memory across an apply and written once at its
 * end: counted per batch in SQL, the same few thousand values and pairs were upserted again for
 * every 500 parts (7 s of a 100,000-part apply). Counted as migrations 0011 and 0016 count them:
 * each value per category, and each pair of a part's values (of different names) in both orders.
 * A value is numbered the first time it is seen, so a pair is counted under a number made of two
 * (100,000 parts of six specs are three million pairs: keyed by their text, 5 s).
 */
export class SpecCountTally {
  /** Each distinct value (category, name, value, unit): its number, and how many parts have it. */
  private readonly numbers = new Map<string, number>();
  private readonly values: { categoryId: number; spec: SpecRow; items: number }[] = [];
  /** Pairs of value numbers, as `first * PAIR_BASE + other`. */
  private readonly pairs = new Map<number, number>();

  private numberOf(categoryId: number, spec: SpecRow) {
    const key = `${categoryId}\u0000${spec.name}\u0000${spec.value}\u0000${spec.unit ?? ""}`;
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.values.length;
      if (number >= PAIR_BASE) throw new Error("Too many distinct spec values for one apply");
      this.numbers.set(key, number);
      this.values.push({ categoryId, spec, items: 0 });
    }
    return number;
  }

  add(categoryId: number | null, specs: readonly SpecRow[]) {
    if (categoryId === null) return;
    const numbers = specs.map((spec) => this.numberOf(categoryId, spec));
    for (const number of numbers) this.values[number].items += 1;
    for (let chosen = 0; chosen < specs.length; chosen++) {
      for (let other = 0; other < specs.length; other++) {
        if (specs[other].name === specs[chosen].name) continue;
        const pair = numbers[chosen] * PAIR_BASE + numbers[other];
        this.pairs.set(pair, (this.pairs.get(pair) ?? 0) + 1);
      }
    }
  }

  async write(trx: Trx) {
    const valueRows = this.values
      .filter((counted) => counted.items > 0)
      .map(({ categoryId, spec, items }) => ({
        category_id: categoryId,
        name: spec.name,
        value: spec.value,
        unit: spec.unit ?? "",
        items,
      }));
    // A pair row does not say the chosen value's unit: pairs that differ only there are one row.
    const pairRowsByKey = new Map<string, PairCountRow>();
    for (const [pair, items] of this.pairs) {
      const chosen = this.values[Math.floor(pair / PAIR_BASE)];
      const other = this.values[pair % PAIR_BASE].spec;
      const row = {
        category_id: chosen.categoryId,
        name: chosen.spec.name,
        value: chosen.spec.value,
        other_name: other.name,
        other_value: other.value,
        other_unit: other.unit ?? "",
        items,
      };
      const key = JSON.stringify([
        row.category_id,
        row.name,
        row.value,
        row.other_name,
        row.other_value,
        row.other_unit,
      ]);
      const counted = pairRowsByKey.get(key);
      if (counted) counted.items += items;
      else pairRowsByKey.set(key, row);
    }
    const pairRows = [...pairRowsByKey.values()];
    const valueKey = ["category_id", "name", "value", "unit"] as const;
    const pairKey = ["category_id", "name", "value", "other_name", "other_value", "other_unit"] as const;
    await insertInSlices(trx, "spec_counts", [...valueKey, "items"], valueRows, { key: valueKey, column: "items" });
    await insertInSlices(trx, "spec_pair_counts", [...pairKey, "items"], pairRows, { key: pairKey, column: "items" });
    this.numbers.clear();
    this.values.length = 0;
    this.pairs.clear();
  }
}

/** A spec_pair_counts row (as a plain object type, which insertJsonRows takes). */
type PairCountRow = Pick<Database["spec_pair_counts"], keyof Database["spec_pair_counts"]>;

/** Value numbers stay below this, so a pair of them is one safe integer (2^26 squared is below 2^53). */
const PAIR_BASE = 2 ** 26;

/**
 * Adds (1) or takes away (-1) what these parts' spec rows count for, as migrations 0011 and 0016
 * count them: each value per category, and each pair of a part's values in both orders.
 */
export async function addSpecCounts(trx: Trx, itemIds: number[], sign: 1 | -1) {
  if (!itemIds.length) return;
  const ids = sql.join(itemIds);
  await sql`
    insert into spec_counts (category_id, name, value, unit, items)
    select category_id, name, value, coalesce(unit, ''), ${sql.lit(sign)} * count(*)
    from item_specs
    where item_id in (${ids}) and category_id is not null
    group by category_id, name, value, coalesce(unit, '')
    on conflict (category_id, name, value, unit) do update set items = spec_counts.items + excluded.items`.execute(trx);
  await sql`
    insert into spec_pair_counts (category_id, name, value, other_name, other_value, other_unit, items)
    select chosen.category_id, chosen.name, chosen.value, other.name, other.value, coalesce(other.unit, ''),
      ${sql.lit(sign)} * count(*)
    from item_specs chosen
    join item_specs other
      on other.item_id = chosen.item_id and other.category_id = chosen.category_id and other.name <> chosen.name
    where chosen.item_id in (${ids}) and chosen.category_id is not null
    group by chosen.category_id, chosen.name, chosen.value, other.name, other.value, coalesce(other.unit, '')
    on conflict (category_id, name, value, other_name, other_value, other_unit)
    do update set items = spec_pair_counts.items + excluded.items`.execute(trx);
}
