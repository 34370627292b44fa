import fs from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

// A module that needs Node's globals, imported by a page's browser code, stops that page from ever
// hydrating: the import page did (csv-parse's Buffer), and with JavaScript on it behaved as if it
// were off. The built browser code is read for them here.

test("the browser's scripts use no Node global (Buffer, process.env, require)", () => {
  const assets = path.resolve("build/client/assets");
  const offenders = fs
    .readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .filter((file) =>
      /\bBuffer\.(from|alloc|concat|isBuffer)\b|\bprocess\.env\b|\brequire\(/.test(
        fs.readFileSync(path.join(assets, file), "utf8"),
      ),
    );
  expect(offenders).toEqual([]);
});
