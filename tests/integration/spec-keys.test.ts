import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { SPEC_KEY_SEPARATORS, specKey, specKeySql, specKeyTokens } from "~/lib/search/spec-keys";

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
});
