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
