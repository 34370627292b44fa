import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { SPEC_TEXT } from "~/db/migrations/0020_search_documents";
import { SPEC_KEY_SEPARATORS, specDocumentText, specKey, specKeySql, specKeyTokens } from "~/lib/search/spec-keys";
import { createItem } from "~/models/item";

// A spec's key is written by the document triggers in SQL and by the matcher in TypeScript
// (app/lib/search/spec-keys.ts): on whichever database TEST_DATABASE names, both must agree.

const literal = (text: string | null) => (text === null ? "null" : `'${text.replaceAll("'", "''")}'`);

async function keyInSql(name: string | null, value: string, unit: string | null) {
  const expression = specKeySql(name === null ? null : literal(name), literal(value), literal(unit));
  const { rows } = await sql<{ key: string }>`select ${sql.raw(expression)} as key`.execute(db);
  return rows[0].key;
}

const specText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...SPEC_KEY_SEPARATORS, "z", "Z", "zp", "zv", "zu", "zn", "µ", "Ü", "\\"),
    fc.constantFrom(..."abcxyzABCXYZ0123456789"),
  ),
  minLength: 1,
  maxLength: 12,
});

describe("spec keys", () => {
  test("SQL and TypeScript write the same key, whatever the name, value and unit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(specText), specText, fc.option(specText), async (name, value, unit) => {
        // As the engines read them: PostgreSQL's lower() folds more than ASCII, its tokenizer as much.
        expect(specKeyTokens(await keyInSql(name, value, unit))).toEqual(specKeyTokens(specKey(name, value, unit)));
      }),
      { numRuns: 200 },
    );
  });

  // The catalog import writes SQLite's documents from TypeScript; the triggers write them in SQL.
  test.runIf(process.env.TEST_DATABASE !== "postgres")(
    "a part's specs read the same in its document whether SQL or TypeScript wrote them",
    async () => {
      const specsText = fc.record({ name: specText, value: specText, unit: fc.option(specText) });
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(specsText, { selector: (spec) => spec.name, maxLength: 5 }), async (specs) => {
          const created = await createItem(
            { name: "Keyed part", img: "/x.svg", description: "d", price_cents: 100, quantity: 0, supplier_name: "s" },
            { specs },
          );
          // A value the catalog's rules refuse (an ambiguous decimal comma) is never written.
          fc.pre(created.ok);
          const item = created.item;
          const stored = await db
            .selectFrom("item_specs")
            .select(["name", "value", "unit"])
            .where("item_id", "=", item.id)
            .orderBy("position")
            .execute();
          const { rows } = await sql<{
            text: string;
          }>`select ${sql.raw(SPEC_TEXT)} as text from items i where i.id = ${item.id}`.execute(db);
          expect(specDocumentText(stored)).toBe(rows[0].text);
        }),
        { numRuns: 40 },
      );
    },
  );
});
