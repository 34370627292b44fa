import fs from "node:fs";
import path from "node:path";

import { ESLint } from "eslint";
import ts from "typescript";
import { describe, expect, test } from "vitest";

import { APP_FOLDERS, MAY_IMPORT } from "../../eslint/layers.js";

// The layer rules of eslint/layers.js, held to what they promise: `npm run lint` fails when a lower
// layer imports a higher one (docs/decisions/0021-layers.md).

const eslint = new ESLint({ cwd: path.resolve(".") });

async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return result.messages
    .filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

describe("the lint's layer rules", () => {
  test("every folder of app/ has a place in the table", () => {
    const folders = fs
      .readdirSync("app", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !APP_FOLDERS.includes(folder))).toEqual([]);
  });

  test.each(["~/routes/cart", "~/services/checkout.server", "~/mail/outbox.server", "~/web/flash.server"])(
    "a model that imports %s fails the lint",
    async (specifier) => {
      const errors = await layerErrors("app/models/lint-probe.server.ts", `import { x } from "${specifier}";\nx();\n`);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("app/models may import only");
    },
  );

  test("a type-only import of a higher layer fails too, except in components", async () => {
    const code = `import type { X } from "~/services/checkout.server";\nexport type Y = X;\n`;
    expect(await layerErrors("app/models/lint-probe.server.ts", code)).toHaveLength(1);
    expect(await layerErrors("app/components/lint-probe.tsx", code)).toEqual([]);
  });

  test("a component may not import a server value, and lib nothing above it", async () => {
    expect(
      await layerErrors("app/components/lint-probe.tsx", `import { db } from "~/db/db.server";\ndb;\n`),
    ).toHaveLength(1);
    expect(await layerErrors("app/lib/lint-probe.ts", `import { x } from "~/models/item";\nx;\n`)).toHaveLength(1);
  });

  test("a relative import out of a folder fails: only ~/ paths are checked against the table", async () => {
    const errors = await layerErrors("app/models/lint-probe.server.ts", `import { x } from "../routes/cart";\nx;\n`);
    expect(errors.join()).toContain("~/folder/");
  });

  test("no two folders may import each other: the table is an order, lowest first", () => {
    const may = MAY_IMPORT as Record<string, readonly string[]>;
    const pairs = APP_FOLDERS.flatMap((folder) =>
      may[folder]!.filter((other) => may[other]?.includes(folder)).map((other) => `${folder} ↔ ${other}`),
    );
    expect(pairs).toEqual([]);
    // Each folder sits above everything it may import: the table's own order says so.
    const misplaced = APP_FOLDERS.filter((folder, position) =>
      may[folder]!.some((other) => APP_FOLDERS.indexOf(other) > position),
    );
    expect(misplaced).toEqual([]);
  });

  test("what each layer may import is allowed", async () => {
    for (const folder of APP_FOLDERS) {
      for (const allowed of MAY_IMPORT[folder as keyof typeof MAY_IMPORT]) {
        const errors = await layerErrors(`app/${folder}/lint-probe.ts`, `import { x } from "~/${allowed}/a";\nx;\n`);
        expect(errors, `${folder} → ${allowed}`).toEqual([]);
      }
    }
  });
});

/** Every module of app/ (tests aside) and the modules of app/ it imports, type-only imports included. */
function importGraph() {
  const root = path.resolve("app");
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) files.push(full);
    }
  };
  walk(root);
  const resolve = (from: string, specifier: string) => {
    const base = specifier.startsWith("~/")
      ? path.join(root, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(from), specifier)
        : null;
    if (!base) return null;
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
    return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
      const targets = importedFiles
        .map((imported) => resolve(file, imported.fileName))
        .filter((target) => target !== null);
      return [file, targets];
    }),
  );
}

/** The strongly connected groups of more than one module (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>) {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(path.relative(".", member));
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) found.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

test("no module of app/ imports itself through others, type-only imports included", () => {
  expect(circles(importGraph())).toEqual([]);
});
