import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { DEFAULT_MONEY_FORMAT } from "./app/lib/money";
import { catalogCsvReader, CATALOG_CSV_PARSE_OPTIONS, recordStartLine } from "./app/validation/catalog-import";
import { normalizeSpecs } from "./app/lib/spec-templates";
const text = fs.readFileSync("/tmp/bench/catalog-100k.csv", "utf8");
let t = Date.now();
const { to: _x, ...o } = CATALOG_CSV_PARSE_OPTIONS;
const records = parse(text, o) as any[];
console.log("csv-parse ms", Date.now() - t, records.length);
const reader = catalogCsvReader(DEFAULT_MONEY_FORMAT);
reader.header(records[0].record);
t = Date.now();
const rows: any[] = [];
for (const r of records.slice(1)) { const x = reader.row(r.record, recordStartLine(r.record, r.info.lines)); if ("row" in x) rows.push(x.row); }
console.log("rows (zod) ms", Date.now() - t, rows.length);
const { tpls } = JSON.parse(fs.readFileSync("/tmp/bench/cats.json", "utf8"));
const byCat = new Map<number, any[]>();
for (const tp of tpls) { const l = byCat.get(tp.category_id) ?? []; l.push({ name: tp.name, unit: tp.unit, allowedValues: [], decimalComma: false }); byCat.set(tp.category_id, l); }
const anyTemplates = [...byCat.values()];
t = Date.now();
let i = 0;
for (const row of rows) normalizeSpecs(row.values.specs, anyTemplates[(i++) % anyTemplates.length]);
console.log("normalizeSpecs ms", Date.now() - t);
