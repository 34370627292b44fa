// Issue 50: contract prices. A company with a 5,000-rule price list whose member browses the
// catalog and a product page (against a signed-in customer with none), shoppers with a list who
// check out 3-line carts (against the plain checkouts), and a 50,000-rule list imported from a file.
import Database from "better-sqlite3";

import { elapsed } from "../lib/clock.mjs";
import { READER, signUp } from "../lib/session.mjs";
import { stockOf } from "../setup/catalogs.mjs";
import { checkoutsLine, companyOf, measureCheckouts } from "./checkouts.mjs";

export const CONTRACT_RULES = 5_000;
export const IMPORTED_RULES = 50_000;
const CONTRACT_EMAIL = "bench-contract@example.com";

/**
 * A price list of `rules` part rules (every fifth with a break) over `itemIds` first and then the
 * catalog's lowest ids, and 3% off every other part; returns its id. Written straight into the
 * database before the load, as staff's import would leave it.
 */
function seedPriceList(sqlite, name, itemIds, rules) {
  const now = new Date().toISOString();
  const list = sqlite
    .prepare("insert into price_lists (name, created_at, updated_at) values (?, ?, ?) returning id")
    .get(name, now, now);
  const wanted = [...new Set(itemIds)];
  const more = sqlite.prepare("select id, price_cents from items order by id limit ?").all(rules + wanted.length);
  const priceOf = new Map(
    sqlite
      .prepare(`select id, price_cents from items where id in (${wanted.map(() => "?").join(",") || "0"})`)
      .all(...wanted)
      .concat(more)
      .map((row) => [row.id, Number(row.price_cents)]),
  );
  const ids = [...new Set([...wanted, ...more.map((row) => row.id)])].slice(0, rules);
  const addRule = sqlite.prepare(
    "insert into price_list_rules (price_list_id, item_id, unit_price_cents) values (?, ?, ?) returning id",
  );
  const addBreak = sqlite.prepare(
    "insert into price_list_rule_breaks (rule_id, min_quantity, price_cents) values (?, 10, ?)",
  );
  sqlite.transaction(() => {
    for (const [index, id] of ids.entries()) {
      const net = Math.max(2, Math.round(priceOf.get(id) * 0.85));
      const rule = addRule.get(list.id, id, net);
      if (index % 5 === 0) addBreak.run(rule.id, net - 1);
    }
    sqlite.prepare("insert into price_list_rules (price_list_id, percent_off_bp) values (?, 300)").run(list.id);
  })();
  return list.id;
}

/** The part ids a page links to, as the buyer would be shown them. */
async function partsOnPage(origin, cookie, path) {
  const html = await (await fetch(`${origin}${path}`, { headers: { Cookie: cookie } })).text();
  return [...new Set([...html.matchAll(/href="\/items\/(\d+)"/g)].map((match) => Number(match[1])))];
}

/**
 * A member of a company whose 5,000-rule list prices catalog page 1's parts and the product page's:
 * signed up through the form, the company and its list written into the database. Returns the
 * member's cookie.
 */
export async function contractBuyer(server, databaseFile, { pageItemId }) {
  const cookie = await signUp(server.origin, { ...READER, name: "Bench Contract", email: CONTRACT_EMAIL });
  const pageParts = await partsOnPage(server.origin, cookie, "/items");
  const sqlite = new Database(databaseFile);
  try {
    const companyId = companyOf(sqlite, "Bench Contract Ltd", [CONTRACT_EMAIL]);
    const listId = seedPriceList(sqlite, "Bench Contract 5,000", [pageItemId, ...pageParts], CONTRACT_RULES);
    sqlite
      .prepare("insert into price_list_assignments (price_list_id, company_id, priority) values (?, ?, 1)")
      .run(listId, companyId);
  } finally {
    sqlite.close();
  }
  const product = await (await fetch(`${server.origin}/items/${pageItemId}`, { headers: { Cookie: cookie } })).text();
  if (!product.includes('data-testid="your-price"'))
    throw new Error("the contract buyer's product page shows no contract price");
  return cookie;
}

/** The plain checkout with every shopper's own 5,000-rule list pricing the three parts. */
export async function measureContractCheckouts({ server, databaseFile, parts, config }) {
  process.stdout.write(`  ${"Check out at contract prices (SQLite)".padEnd(42)} `);
  const assignLists = (emails) => {
    const sqlite = new Database(databaseFile);
    try {
      const listId = seedPriceList(sqlite, "Bench Shoppers", parts.checkout, CONTRACT_RULES);
      const assign = sqlite.prepare(
        "insert into price_list_assignments (price_list_id, user_id, priority) select ?, id, 1 from users where email = ?",
      );
      for (const email of emails) assign.run(listId, email);
    } finally {
      sqlite.close();
    }
  };
  const checkouts = await measureCheckouts(server, parts.checkout, config, async (id) => stockOf(databaseFile, id), {
    beforeRun: assignLists,
  });
  const sqlite = new Database(databaseFile, { readonly: true });
  const contractLines = sqlite.prepare("select count(*) as n from order_lines where price_list_id is not null").get().n;
  sqlite.close();
  console.log(`${checkoutsLine(checkouts)}, ${contractLines} lines at contract prices  [${elapsed()}]`);
  return { ...checkouts, contractLines, consistent: checkouts.consistent && contractLines >= checkouts.placed * 3 };
}

/**
 * Staff import a 50,000-rule file into a new list: upload and check, then Apply, timed from the
 * first byte sent to the Apply's answer; the list then has every rule.
 */
export async function measurePriceListImport({ server, databaseFile, staffCookie }) {
  process.stdout.write(`  ${`Import of a ${IMPORTED_RULES.toLocaleString("en-GB")}-rule price list`.padEnd(42)} `);
  const sqlite = new Database(databaseFile);
  let listId;
  let text;
  try {
    const now = new Date().toISOString();
    listId = sqlite
      .prepare("insert into price_lists (name, created_at, updated_at) values ('Bench Import', ?, ?) returning id")
      .get(now, now).id;
    const rows = sqlite
      .prepare("select part_number, price_cents from items order by id desc limit ?")
      .all(IMPORTED_RULES)
      .map(({ part_number: partNumber, price_cents: cents }, index) => {
        const net = Math.max(3, Math.round(Number(cents) * 0.9));
        const breaks =
          index % 5 === 0 ? `"10:${((net - 1) / 100).toFixed(2)}, 50:${((net - 2) / 100).toFixed(2)}"` : "";
        return `${partNumber},,,${(net / 100).toFixed(2)},${breaks}`;
      });
    text = ["part_number,category,percent_off,unit_price,breaks", ...rows].join("\r\n");
  } finally {
    sqlite.close();
  }
  const headers = { Origin: server.origin, "Sec-Fetch-Site": "same-origin", Cookie: staffCookie };
  const started = performance.now();
  const form = new FormData();
  form.append("intent", "check-import");
  form.append("file", new File([text], "rules.csv", { type: "text/csv" }));
  const checked = await fetch(`${server.origin}/dashboard/price-lists/${listId}`, {
    method: "POST",
    body: form,
    headers,
    redirect: "manual",
  });
  await checked.arrayBuffer();
  const importId = new URL(checked.headers.get("Location") ?? "/", server.origin).searchParams.get("import");
  if (checked.status !== 302 || !importId) throw new Error(`the price-list check answered ${checked.status}`);
  const checkSeconds = (performance.now() - started) / 1000;
  const applied = await fetch(`${server.origin}/dashboard/price-lists/${listId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "apply-import", importId }),
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  await applied.arrayBuffer();
  const seconds = (performance.now() - started) / 1000;
  if (applied.status !== 302) throw new Error(`the price-list Apply answered ${applied.status}`);
  const reader = new Database(databaseFile, { readonly: true });
  const rules = reader.prepare("select count(*) as n from price_list_rules where price_list_id = ?").get(listId).n;
  reader.close();
  console.log(
    `${seconds.toFixed(1)} s (check ${checkSeconds.toFixed(1)} s), ${rules.toLocaleString("en-GB")} rules  [${elapsed()}]`,
  );
  return { seconds, checkSeconds, rules, bytes: text.length };
}
