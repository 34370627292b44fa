import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { brokenReferences, indexRepo } from "../support/doc-references";

// README.md and docs/ say where things are ("`placeOrder` in `app/services/checkout.server.ts`",
// `server.test.ts` › "a test name"); when the code moves, the docs must follow, or a newcomer is
// sent to a file that is not there. This holds every such pointer to the repository as it is.

const index = indexRepo(path.resolve("."));
const docs = ["README.md", ...[...index.files].filter((file) => file.startsWith("docs/") && file.endsWith(".md"))];

/**
 * Mentions that are meant to lead nowhere, per doc. Kept short: a doc that names a moved file should
 * be corrected instead.
 */
const EXEMPT: Record<string, string[]> = {
  // Superseded decisions describe the code they were about.
  "docs/decisions/0003-session-holds-a-pointer.md": ["app/auth/guards.server.ts"],
  "docs/decisions/0008-per-ip-limits-need-a-trusted-proxy.md": ["clientIp() in app/web/rate-limit.server.ts"],
  // The decision is that these files do not exist.
  "docs/decisions/0014-no-remix-config.md": ["remix.config.js", "react-router.config.ts"],
  "docs/decisions/README.md": ["remix.config.js"],
  // The folder whose removal the decision records.
  "docs/decisions/0021-layers.md": ["app/utils"],
};

describe("the docs point at what is there", () => {
  test.each(docs)("%s", (doc) => {
    const broken = brokenReferences(doc, fs.readFileSync(doc, "utf8"), index);
    const exempt = EXEMPT[doc] ?? [];
    expect(broken.filter(({ mention }) => !exempt.includes(mention)).map(({ problem }) => problem)).toEqual([]);
  });

  test("every exemption is still needed", () => {
    for (const [doc, mentions] of Object.entries(EXEMPT)) {
      const broken = brokenReferences(doc, fs.readFileSync(doc, "utf8"), index).map(({ mention }) => mention);
      expect(
        mentions.filter((mention) => !broken.includes(mention)),
        doc,
      ).toEqual([]);
    }
  });

  test("the check finds a moved file, a missing name, a renamed test and a dead link", () => {
    const text = [
      "The form pipeline is `formAction` in `app/web/form-action.server.ts`, not in app/utils/form-action.server.ts.",
      "`notAFunction` in `app/web/form-action.server.ts` runs first.",
      '`layers.test.ts` › "every folder of app/ has a place in the table", "a test nobody wrote".',
      "See [decision 99](decisions/0099-none.md) and `tests/integration/nowhere.test.ts`.",
    ].join("\n");
    expect(brokenReferences("docs/probe.md", text, index).map(({ problem }) => problem)).toEqual([
      "docs/probe.md: `tests/integration/nowhere.test.ts` does not exist",
      "docs/probe.md: app/utils/form-action.server.ts (outside backticks) does not exist",
      "docs/probe.md: `notAFunction` is not in `app/web/form-action.server.ts`",
      'docs/probe.md: `layers.test.ts` has no test "a test nobody wrote" (no "a test nobody wrote")',
      "docs/probe.md: the link (decisions/0099-none.md) leads to docs/decisions/0099-none.md, which does not exist",
    ]);
  });
});

describe("docs/decisions/README.md", () => {
  test("lists every decision once, with a status; a superseded one names the decision that replaced it", () => {
    const files = fs
      .readdirSync("docs/decisions")
      .filter((file) => /^\d{4}-.*\.md$/.test(file))
      .sort();
    const rows = fs
      .readFileSync("docs/decisions/README.md", "utf8")
      .split("\n")
      .filter((line) => line.startsWith("| ["))
      .map((line) => {
        const cells = line.split("|").map((cell) => cell.trim());
        return { file: /\]\(([^)]+)\)/.exec(cells[1]!)?.[1], status: cells[4] ?? "" };
      });
    expect(rows.map((row) => row.file)).toEqual(files);
    const unstated = rows.filter((row) => !/^(accepted|superseded by \d{4})\b/.test(row.status));
    expect(unstated).toEqual([]);
    const dangling = rows
      .map((row) => /^superseded by (\d{4})/.exec(row.status)?.[1])
      .filter((number) => number !== undefined && !files.some((file) => file.startsWith(`${number}-`)));
    expect(dangling).toEqual([]);
  });
});

describe("README.md's map of the code", () => {
  const map = /## Map of the code\n+```\n([\s\S]*?)\n```/.exec(fs.readFileSync("README.md", "utf8"))![1]!;
  const entries = map
    .split("\n")
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s+/)[0]!);

  test("every path it names is there", () => {
    const missing = entries.filter((entry) => {
      if (!entry.includes("*")) return !fs.existsSync(entry);
      const folder = path.dirname(entry);
      const pattern = new RegExp(`^${path.basename(entry).replace(/\./g, "\\.").replace(/\*/g, ".*")}$`);
      return !fs.readdirSync(folder).some((file) => pattern.test(file));
    });
    expect(missing).toEqual([]);
  });

  test("every folder of app/ has its line, and every model folder is named on the models' line", () => {
    const folders = fs
      .readdirSync("app", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `app/${entry.name}/`);
    expect(folders.filter((folder) => !entries.includes(folder))).toEqual([]);
    const modelsLine = map.slice(map.indexOf("app/models/"), map.indexOf("\napp/", map.indexOf("app/models/") + 1));
    const modelFolders = fs
      .readdirSync("app/models", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    expect(modelFolders.filter((folder) => !modelsLine.includes(folder))).toEqual([]);
  });
});
