import fs from "node:fs";
import path from "node:path";

import { ESLint } from "eslint";
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
    expect(await layerErrors("app/lib/lint-probe.ts", `import { x } from "~/models/item.server";\nx;\n`)).toHaveLength(
      1,
    );
  });

  test("a relative import out of a folder fails: only ~/ paths are checked against the table", async () => {
    const errors = await layerErrors("app/models/lint-probe.server.ts", `import { x } from "../routes/cart";\nx;\n`);
    expect(errors.join()).toContain("~/folder/");
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
