// What README.md and docs/ point at in the repository (paths, names in files, test names, links),
// and which of those pointers lead nowhere. Read by tests/integration/docs.test.ts.
import fs from "node:fs";
import path from "node:path";

/** Folders whose files are generated, installed or local: never what a doc should point at. */
const NOT_SOURCES = new Set([
  ".git",
  ".cache",
  ".tmp",
  "build",
  "data",
  "node_modules",
  "playwright-report",
  "test-results",
]);

/** The repository's own top-level folders: a path starting with one of these is a claim about the repo. */
const REPO_PATH = /^(?:app|server|scripts|tests|docs|public|eslint|patches)\//;

/** A file name on its own, with an extension of the repo's sources (`server.test.ts`, `order.$id.tsx`). */
const BARE_FILE_NAME = /^[\w$.[\]*-]+\.(?:ts|tsx|js|mjs|cjs|json|md|css|sql)$/;

/** The same folders named in prose or in a code block, outside backticks. */
const PATH_IN_PROSE = /(?<![\w/.~@:-])(?:app|server|scripts|tests|docs|public|eslint|patches)\/[\w.$[\]*…/-]*/g;

export type RepoIndex = { files: Set<string>; folders: Set<string>; byName: Map<string, string[]> };

/** Every source file of the repository, by path (with `/`) and by file name. */
export function indexRepo(root: string): RepoIndex {
  const files = new Set<string>();
  const folders = new Set<string>();
  const byName = new Map<string, string[]>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (NOT_SOURCES.has(entry.name)) continue;
        folders.add(child);
        walk(child);
      } else {
        files.add(child);
        byName.set(entry.name, [...(byName.get(entry.name) ?? []), child]);
      }
    }
  };
  walk("");
  return { files, folders, byName };
}

function escapeRegExp(text: string) {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

/** `*` and `…` stand for any run of characters within a name; `**` for any folders. */
function patternOf(glob: string) {
  const parts = glob.split(/(\*\*\/|\*|…)/).map((part) => {
    if (part === "**/") return "(?:.*/)?";
    if (part === "*" || part === "…") return "[^/]*";
    return escapeRegExp(part);
  });
  return new RegExp(`^${parts.join("")}$`);
}

/** The repo path a backticked or prose mention names, without a line number, anchor or arguments. */
function pathOf(mention: string) {
  return mention
    .split(/\s/)[0]
    .replace(/#.*$/, "")
    .replace(/(?::\d+)+$/, "")
    .replace(/[.,;:)]+$/, "");
}

function exists(index: RepoIndex, mention: string) {
  const target = mention.replace(/\/$/, "");
  if (/[*…]/.test(target)) {
    const pattern = patternOf(target);
    return [...index.files, ...index.folders].some((candidate) => pattern.test(candidate));
  }
  return index.files.has(target) || index.folders.has(target);
}

function existsByName(index: RepoIndex, name: string) {
  if (!/[*…]/.test(name)) return index.byName.has(name);
  const pattern = patternOf(name);
  return [...index.byName.keys()].some((candidate) => pattern.test(candidate));
}

/** The files a doc means by a path or a bare file name (`server.test.ts` may be in several folders). */
function filesMeant(index: RepoIndex, mention: string) {
  const target = pathOf(mention);
  if (REPO_PATH.test(target)) return index.files.has(target) ? [target] : [];
  return BARE_FILE_NAME.test(target) ? (index.byName.get(target) ?? []) : [];
}

/** The words a quoted test name must contain: `…` and printf placeholders stand for anything. */
function fragmentsOf(testName: string) {
  return testName
    .split(/…|%[sidfjo#]|\s›\s/)
    .map((fragment) => fragment.trim())
    .filter(Boolean);
}

function withoutCodeBlocks(text: string) {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, (block) => block.replace(/[^\n]/g, " "));
}

/**
 * Every pointer in one doc that leads nowhere, as readable lines:
 * - a backticked repo path (`app/…`, `tests/…`, globs allowed) or bare source file name that does not exist;
 * - a repo path outside backticks (prose, code blocks) that does not exist;
 * - a backticked name said to be in a file that lacks it (`placeOrder` in `app/services/checkout.server.ts`,
 *   or `apiRoute` (`app/api/route.server.ts`));
 * - a test named after its file (`server.test.ts` › "a test name") that the file does not hold;
 * - a relative Markdown link to a missing file.
 * Each comes with the mention itself, by which a test may exempt it.
 */
export function brokenReferences(doc: string, text: string, index: RepoIndex) {
  const problems: { mention: string; problem: string }[] = [];
  const complain = (mention: string, why: string) => problems.push({ mention, problem: `${doc}: ${why}` });
  const prose = withoutCodeBlocks(text);

  for (const [, mention] of prose.matchAll(/`([^`\n]+)`/g)) {
    const target = pathOf(mention);
    if (REPO_PATH.test(target) && !exists(index, target)) complain(target, `\`${target}\` does not exist`);
    else if (BARE_FILE_NAME.test(target) && !existsByName(index, target))
      complain(target, `no file is named \`${target}\``);
  }

  const outsideBackticks = text.replace(/`[^`\n]+`/g, (code) => " ".repeat(code.length));
  for (const [mention] of outsideBackticks.matchAll(PATH_IN_PROSE)) {
    const target = pathOf(mention);
    if (!exists(index, target)) complain(target, `${target} (outside backticks) does not exist`);
  }

  // Pairs and test names may wrap across lines in prose.
  const flat = prose.replace(/\s*\n\s*/g, " ");
  const namedIn = /((?:`[^`]+`(?:, and |, | and ))*`[^`]+`)(?: in | \()`([^`]+)`/g;
  for (const [, names, file] of flat.matchAll(namedIn)) {
    const [source] = filesMeant(index, file);
    if (!source) continue;
    const code = fs.readFileSync(source, "utf8");
    for (const [, name] of names.matchAll(/`([^`]+)`/g)) {
      const identifier = /^[A-Za-z_$][\w$.]*/.exec(name)?.[0];
      for (const part of identifier?.split(".").filter(Boolean) ?? [])
        if (!new RegExp(`(?<![\\w$])${escapeRegExp(part)}(?![\\w$])`).test(code))
          complain(`${name} in ${file}`, `\`${part}\` is not in \`${file}\``);
    }
  }

  for (const [, file, quoted] of flat.matchAll(/`([^`]+\.(?:test|spec)\.ts)` › ([^`;|]*)/g)) {
    const sources = filesMeant(index, file);
    if (!sources.length) continue;
    const code = sources.map((source) => fs.readFileSync(source, "utf8")).join("\n");
    for (const [, testName] of quoted.matchAll(/"([^"]+)"/g)) {
      const missing = fragmentsOf(testName).find((fragment) => !code.includes(fragment));
      if (missing) complain(`${file} › ${testName}`, `\`${file}\` has no test "${testName}" (no "${missing}")`);
    }
  }

  for (const [, link] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(?:[a-z]+:|#)/.test(link)) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc), link.replace(/#.*$/, "")));
    if (!exists(index, target)) complain(link, `the link (${link}) leads to ${target}, which does not exist`);
  }
  return problems;
}
