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

// The pages a visitor lands on read and search the catalog; none validates a form in the browser, so
// none should make a phone download and parse zod and conform (the forms chunk, docs/decisions/0040)
// before it can respond. A constant imported from a validation module was enough to bring them.
test("the home, catalog, product and blog pages load no form-validation code", () => {
  const assets = path.resolve("build/client/assets");
  const manifestFile = fs.readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file))!;
  const manifest = JSON.parse(
    fs
      .readFileSync(path.join(assets, manifestFile), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as { entry: { imports: string[] }; routes: Record<string, { module: string; imports?: string[] }> };
  const landingRoutes = [
    "root",
    "routes/_index",
    "routes/items",
    "routes/items_.$id",
    "routes/blog._index",
    "routes/blog.$slug",
  ];
  const scripts = Object.fromEntries(
    landingRoutes.map((id) => {
      const route = manifest.routes[id]!;
      return [
        id,
        [route.module, ...(route.imports ?? []), ...manifest.entry.imports].map((file) => path.basename(file)),
      ];
    }),
  );
  const withForms = Object.fromEntries(
    Object.entries(scripts).map(([id, files]) => [id, files.filter((file) => file.startsWith("forms-"))]),
  );
  expect(withForms).toEqual(Object.fromEntries(landingRoutes.map((id) => [id, []])));
  // And the chunk the check looks for is there to be found: the sign-up page loads it.
  expect(manifest.routes["routes/sign-up"]?.imports?.some((file) => path.basename(file).startsWith("forms-"))).toBe(
    true,
  );
});
