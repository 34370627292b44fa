import { PostgresAdapter, sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { workOutAnswer } from "~/models/catalog/browse.server";
import { CATALOG_SORTS, type CatalogFilter, normalizeFilter } from "~/models/catalog/filter";
import { isKept, UNWATCHED_READS, WATCHED_COLUMNS } from "~/models/catalog/kept-answers.server";

import { newCategory, newItem } from "../support/builders";
import { uniqueToken } from "../support/unique";

// A kept answer is right only while every column it is made of moves the catalog generation when
// it changes (decision 18). Three lists must agree: the columns migration 0017's triggers watch,
// WATCHED_COLUMNS, and the columns the answers' queries read. These tests hold them together on
// whichever database TEST_DATABASE names, so a filter on a column nothing watches fails here
// instead of serving stale pages.

type WatchedTable = keyof typeof WATCHED_COLUMNS;
const isWatched = (table: string, column: string) =>
  (WATCHED_COLUMNS[table as WatchedTable] as readonly string[] | undefined)?.includes(column) ?? false;

async function catalogGeneration() {
  const row = await db.selectFrom("catalog_generation").select("generation").executeTakeFirstOrThrow();
  return Number(row.generation);
}

async function generationMoves(change: () => Promise<unknown>) {
  const before = await catalogGeneration();
  await change();
  return (await catalogGeneration()) > before;
}

const isPostgres = () => db.getExecutor().adapter instanceof PostgresAdapter;

/** Every column of every table, as the database describes them. */
async function schemaColumns() {
  const tables = await db.introspection.getTables();
  return new Map(tables.map((table) => [table.name, table.columns]));
}

/** The columns an UPDATE can set: all but the key and those the database generates (PostgreSQL's search_vector). */
async function settableColumns(table: string) {
  const generated = isPostgres()
    ? (
        await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_name = ${table} and is_generated = 'ALWAYS'`.execute(db)
      ).rows.map((row) => row.column_name)
    : [];
  const columns = (await schemaColumns()).get(table) ?? [];
  return columns.filter((column) => column.name !== "id" && !generated.includes(column.name));
}

describe("the catalog generation's triggers (migration 0017)", () => {
  test("watch exactly WATCHED_COLUMNS: a change to one moves the generation, to any other column of those tables does not", async () => {
    const [category, otherCategory] = [await newCategory(), await newCategory()];
    const item = await newItem({ category_id: category.id }, [{ name: "Bore", value: "8", unit: null }]);
    const otherItem = await newItem();
    const spec = await db
      .selectFrom("item_specs")
      .select("id")
      .where("item_id", "=", item.id)
      .executeTakeFirstOrThrow();
    const rowOf: Record<WatchedTable, number> = { items: item.id, item_specs: spec.id, categories: category.id };
    // A reference changes to the other of two rows that exist (a change before may have moved it
    // already: a part's new category is its specs' too); anything else to a value it did not hold
    // (a NULL unit included). Behind the models' backs, one column at a time.
    const references: Record<string, [number, number]> = {
      category_id: [category.id, otherCategory.id],
      item_id: [item.id, otherItem.id],
    };
    const flags = new Set(["hidden", "allow_backorder"]);
    const changed = (column: string, dataType: string) => {
      if (column in references) {
        const [one, other] = references[column];
        return sql`case when ${sql.ref(column)} = ${sql.lit(one)} then ${sql.lit(other)} else ${sql.lit(one)} end`;
      }
      // A flag (checked to be 0 or 1) flips.
      if (flags.has(column)) return sql`1 - ${sql.ref(column)}`;
      if (/int/i.test(dataType)) return sql`${sql.ref(column)} + 1`;
      if (/text/i.test(dataType)) return sql`coalesce(${sql.ref(column)}, '') || 'x'`;
      throw new Error(`No way to change ${column} (${dataType}): add one here`);
    };
    const seen: Record<string, boolean> = {};
    const expected: Record<string, boolean> = {};
    for (const table of Object.keys(WATCHED_COLUMNS) as WatchedTable[]) {
      const columns = await settableColumns(table);
      expect(columns.map((column) => column.name)).toEqual(expect.arrayContaining([...WATCHED_COLUMNS[table]]));
      for (const { name, dataType } of columns) {
        const update = sql`update ${sql.table(table)} set ${sql.ref(name)} = ${changed(name, dataType)}
          where id = ${rowOf[table]}`;
        seen[`${table}.${name}`] = await generationMoves(() => update.execute(db));
        expected[`${table}.${name}`] = isWatched(table, name);
      }
    }
    expect(seen).toEqual(expected);
    // The unwatched columns above really were tried (stock among them), not skipped.
    expect(Object.entries(expected).filter(([, watched]) => !watched).length).toBeGreaterThan(5);
    expect(expected["items.quantity"]).toBe(false);
  });
});

/**
 * The columns a statement reads, as `table.column`, and the tables it names. Every identifier that
 * names a column of a table the statement names counts: a qualified one ("items"."price_cents")
 * for its own table, a bare one (a raw fragment's `part_number_key`) for every table in the
 * statement that has such a column. So the list can be too long, never too short. Aliases (the
 * word after `as`, or a qualifier that is not a table, such as `hits`) and string literals are
 * not columns.
 */
function readsOf(statement: string, columnsOf: Map<string, Set<string>>) {
  const tokens = [...statement.replace(/'(?:[^']|'')*'/g, "''").matchAll(/"([^"]+)"|([A-Za-z_]\w*)|(\.)/g)].map(
    ([, quoted, bare, dot]) => ({ name: quoted ?? bare ?? dot, bare: bare !== undefined, dot: dot !== undefined }),
  );
  const tables = new Set(tokens.filter((token) => !token.dot && columnsOf.has(token.name)).map((token) => token.name));
  const reads = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.dot || tokens[index + 1]?.dot) return;
    const previous = tokens[index - 1];
    if (previous?.dot) {
      const qualifier = tokens[index - 2].name;
      if (columnsOf.get(qualifier)?.has(token.name)) reads.add(`${qualifier}.${token.name}`);
      return;
    }
    if (previous?.bare && previous.name.toLowerCase() === "as") return;
    for (const table of tables) if (columnsOf.get(table)!.has(token.name)) reads.add(`${table}.${token.name}`);
  });
  return { tables, reads };
}

/**
 * The SQL of every query an answer is worked out with: workOutAnswer on an executor that is `db`
 * with a plugin writing down each query it runs, in the dialect's own SQL. The cards are not part
 * of an answer (they are read fresh on every request), so workOutAnswer does not read them.
 */
async function statementsOf(filter: CatalogFilter, sort: (typeof CATALOG_SORTS)[number]) {
  const statements: string[] = [];
  const executor = db.withPlugin({
    transformQuery({ node, queryId }) {
      statements.push(db.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await workOutAnswer(normalizeFilter(filter), { page: 1, sort }, { executor });
  return statements;
}

describe("what a kept answer reads", () => {
  const tag = uniqueToken();
  let filters: CatalogFilter[] = [];

  beforeAll(async () => {
    const category = await newCategory();
    for (const [index, [bore, material]] of [
      ["8", "Steel"],
      ["10", "Brass"],
      ["8", "Brass"],
    ].entries()) {
      await newItem(
        {
          name: `Sealed bearing ${tag} ${index}`,
          part_number: `WC-${tag}-${index}`,
          category_id: category.id,
          quantity: index,
        },
        [
          { name: "Bore", value: bore, unit: "mm" },
          { name: "Material", value: material, unit: null },
        ],
      );
    }
    const oneSpec = { Bore: ["8"] };
    const twoSpecs = { Bore: ["8", "10"], Material: ["Steel"] };
    // Every way in: words, a whole part number, a fragment of one among words, a category, its
    // specs (stored counts for one, counted for two), all of them at once, and stock.
    const narrowings: CatalogFilter[] = [
      {},
      { query: `sealed ${tag}` },
      { query: `WC ${tag} 1` },
      { query: `${tag}-1` },
      { category: category.slug },
      { category: category.slug, specs: oneSpec },
      { category: category.slug, specs: twoSpecs },
      { query: `sealed ${tag}`, category: category.slug, specs: oneSpec },
      { query: `${tag}-1`, category: category.slug, specs: twoSpecs },
    ];
    filters = [...narrowings, ...narrowings.map((filter) => ({ ...filter, inStock: true }))];
  });

  test("only watched columns, or unwatched ones UNWATCHED_READS says are safe, on every filter and sort", async () => {
    const columnsOf = new Map(
      [...(await schemaColumns())].map(([table, columns]) => [table, new Set(columns.map((column) => column.name))]),
    );
    const unexplained = new Set<string>();
    const keptReads = new Set<string>();
    const keptTables = new Set<string>();
    const allReads = new Set<string>();
    for (const filter of filters) {
      for (const sort of CATALOG_SORTS) {
        for (const statement of await statementsOf(filter, sort)) {
          const { tables, reads } = readsOf(statement, columnsOf);
          for (const table of tables) {
            if (isKept(normalizeFilter(filter))) keptTables.add(table);
            if (!(table in WATCHED_COLUMNS) && !(table in UNWATCHED_READS)) unexplained.add(table);
          }
          for (const read of reads) {
            const [table, column] = read.split(".");
            allReads.add(read);
            if (isKept(normalizeFilter(filter))) keptReads.add(read);
            if (!isWatched(table, column) && !(read in UNWATCHED_READS) && !(table in UNWATCHED_READS)) {
              unexplained.add(read);
            }
          }
        }
      }
    }
    expect([...unexplained].sort(), "read by the answers, but neither watched nor explained").toEqual([]);
    // What UNWATCHED_READS says of stock holds: only answers that are never kept read it.
    expect(allReads).toContain("items.quantity");
    expect(keptReads).not.toContain("items.quantity");
    // The reading above sees every kind of narrowing, so a filter on a new column would be seen too.
    for (const read of ["items.category_id", "categories.slug", "item_specs.name", "item_specs.value"]) {
      expect(keptReads).toContain(read);
    }
    expect(keptReads).toContain("items.part_number_key");
    if (isPostgres()) expect(keptTables).toContain("search_documents");
    else expect([...keptTables]).toEqual(expect.arrayContaining(["items_search", "items_part_fts"]));
  });
});
