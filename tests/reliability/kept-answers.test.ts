import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { updateItem } from "~/models/item";

import { newItem } from "../support/builders";
import type { ServerProcess } from "../support/server";
import { uniqueToken } from "../support/unique";
import { recordStats, startCluster } from "./support";

// Kept search answers (decision 18) under concurrency: two app processes answer searches while
// this process edits the parts they find. Once the edits have committed, every answer from either
// process must show the parts as they are: no kept answer outlives a write.
const PARTS = 30;
const EDITS = 60;
const SEARCHES = 240;
let shop: ServerProcess;

beforeAll(async () => {
  shop = await startCluster(2, { PAGE_CACHE_SECONDS: "0" });
});

afterAll(async () => {
  await shop?.stop();
});

/** The total and the listed part ids of a catalog page, as the buyer reads them. */
async function searchPage(path: string) {
  const response = await fetch(`${shop.origin}${path}`);
  const html = await response.text();
  const total = /data-testid="result-count">(\d+) parts?/.exec(html)?.[1];
  const ids = [...new Set([...html.matchAll(/href="\/items\/(\d+)"/g)].map((match) => Number(match[1])))];
  return { status: response.status, total: total === undefined ? 0 : Number(total), ids };
}

test(`two app processes, ${SEARCHES} searches during ${EDITS} edits: once the edits commit, every answer shows them`, async () => {
  const tag = uniqueToken();
  const ids: number[] = [];
  for (let index = 0; index < PARTS; index++) {
    ids.push((await newItem({ name: `Race bolt ${tag} ${index}`, price_cents: 1_000 + index })).id);
  }
  const paths = [`/items?q=${tag}`, `/items?q=${tag}&sort=price-asc`, `/items?q=${tag}&page=2`];

  // An edit renames a part out of the search or back in, or moves its price: each moves the answer.
  // Every edit runs while searches through both processes are on their way, so answers are being
  // worked out and kept as the edits commit.
  const edit = (index: number) => {
    const id = ids[(index * 7) % PARTS];
    if (index % 3 === 2) return updateItem(id, { price_cents: 5_000 - index * 50 });
    return updateItem(id, { name: index % 3 === 0 ? `Race nut ${index}` : `Race bolt ${tag} again ${index}` });
  };
  const answers: Awaited<ReturnType<typeof searchPage>>[] = [];
  for (const path of paths) answers.push(await searchPage(path));
  const searchesPerEdit = SEARCHES / EDITS;
  for (let index = 0; index < EDITS; index++) {
    const searches = Array.from({ length: searchesPerEdit }, (_, slot) =>
      searchPage(paths[(index + slot) % paths.length]),
    );
    const [, ...answered] = await Promise.all([edit(index), ...searches]);
    answers.push(...answered);
  }

  // What the catalog holds now, worked out here from the rows: the parts whose name has the tag.
  const rows = await db
    .selectFrom("items")
    .select(["id", "price_cents"])
    .where("id", "in", ids)
    .where("name", "like", `%${tag}%`)
    .execute();
  const byPrice = [...rows].sort((a, b) => a.price_cents - b.price_cents || b.id - a.id).map((row) => row.id);
  // Both processes, several times each (the cluster spreads connections between them).
  const after = await Promise.all(Array.from({ length: 12 }, () => searchPage(`/items?q=${tag}&sort=price-asc`)));
  for (const page of after) {
    expect(page.total).toBe(rows.length);
    expect(page.ids).toEqual(byPrice.slice(0, 12));
  }
  const serverErrors = answers.filter((answer) => answer.status >= 500).length;
  expect(serverErrors).toBe(0);
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  recordStats({
    suite: "kept-answers",
    requests: answers.length + after.length,
    failures: answers.filter((answer) => answer.status !== 200).length,
    serverErrors,
    oversells: 0,
    ordersLost: 0,
  });
});
