import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";

import { seedDatabase } from "../../scripts/seed/seed-database";
import { type ServerProcess, startServer } from "../support/server";

// docs/api.md's examples, run as written (with curl and bash, in order, in one shell) against the
// built server on the demo data, each checked against the comment lines the doc writes under it:
// `# HTTP/1.1 201 Created` the status, `# location: /api/item/85` a header, anything else what curl
// prints; `…` stands for anything. An example that drifts from the API fails here.

const DOC = path.resolve("docs/api.md");
const DOC_ORIGIN = "http://localhost:3000";

type Example = {
  /** The line of docs/api.md the command starts on. */
  line: number;
  command: string;
  status?: number;
  headers: { name: string; value: string }[];
  prints: string[];
};

/** Whether a command's text is whole: no line continuation, no quote left open. */
function isComplete(text: string) {
  if (text.endsWith("\\")) return false;
  let quote: string | null = null;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = null;
      else if (char === "\\" && quote === '"') index++;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "\\") index++;
  }
  return quote === null;
}

/** Every command of the doc's `sh` blocks with the answer written under it. */
function examplesOf(markdown: string) {
  const examples: Example[] = [];
  let inBlock = false;
  let current: (Example & { complete: boolean }) | undefined;
  markdown.split("\n").forEach((line, index) => {
    if (!inBlock) {
      inBlock = line.trim() === "```sh";
      return;
    }
    if (current?.complete === false && line.trim() !== "```") {
      current.command += `\n${line}`;
      current.complete = isComplete(current.command);
      return;
    }
    if (line.trim() === "```" || !line.trim()) {
      current = undefined;
      inBlock = line.trim() !== "```";
      return;
    }
    if (line.startsWith("#")) {
      // Comments above a command say what it does; only those right below it are its answer.
      if (current) readAnswerLine(current, line);
      return;
    }
    current = { line: index + 1, command: line, headers: [], prints: [], complete: isComplete(line) };
    examples.push(current);
  });
  return examples;
}

function readAnswerLine(example: Example, line: string) {
  const text = line.replace(/^# ?/, "");
  const status = /^HTTP\/1\.1 (\d{3})\b/.exec(text);
  const header = /^([a-z][a-z0-9-]*): (.+)$/.exec(text);
  // A line indented under a printed line goes on with it (a long JSON answer, wrapped).
  if (/^\s/.test(text) && example.prints.length) example.prints[example.prints.length - 1] += text.trim();
  else if (status) example.status = Number(status[1]);
  else if (header) example.headers.push({ name: header[1], value: header[2] });
  else example.prints.push(text);
}

/** A written answer as a pattern: everything literal except `…`, which stands for anything. */
function pattern(written: string, { whole = false } = {}) {
  const body = written
    .split("…")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*?");
  return new RegExp(whole ? `^${body}$` : body);
}

type Outcome = { exitCode: number; stdout: string; stderr: string; status?: number; headers: Headers };

/**
 * Runs the examples in one bash process, in the order written, so the shell variables and the
 * cookie jar they set carry on. Each curl also writes its answer's headers to a file of its own
 * (`-D`), which leaves what it prints as written.
 */
async function runExamples(examples: Example[], origin: string, dir: string): Promise<Outcome[]> {
  const script = examples
    .map((example, index) => {
      const command = example.command
        .replaceAll(DOC_ORIGIN, origin)
        .replace(/(^|\$\(|\|\s*)curl /g, `$1curl -sS -D ${dir}/headers-${index} `);
      return `${command} > ${dir}/out-${index} 2> ${dir}/err-${index}\necho $? > ${dir}/exit-${index}`;
    })
    .join("\n");
  await promisify(execFile)("bash", ["--noprofile", "--norc", "-c", script], { cwd: dir, timeout: 120_000 });
  const read = (name: string) =>
    fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), "utf8") : "";
  return examples.map((_example, index) => {
    const rawHeaders = read(`headers-${index}`);
    const statusLines = [...rawHeaders.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)];
    const headers = new Headers();
    for (const [, name, value] of rawHeaders.matchAll(/^([A-Za-z0-9-]+): (.*?)\r?$/gm)) headers.append(name, value);
    return {
      exitCode: Number(read(`exit-${index}`).trim() || -1),
      stdout: read(`out-${index}`),
      stderr: read(`err-${index}`),
      status: statusLines.length ? Number(statusLines[statusLines.length - 1][1]) : undefined,
      headers,
    };
  });
}

const examples = examplesOf(fs.readFileSync(DOC, "utf8"));
let server: ServerProcess;
let outcomes: Outcome[];
let dir: string;

beforeAll(async () => {
  // The reader runs the examples with curl; so does this test (any Linux or macOS machine has it).
  await promisify(execFile)("curl", ["--version"]).catch((error) => {
    throw new Error(`docs/api.md's examples need curl and bash on the PATH: ${error}`);
  });
  await seedDatabase(db);
  server = await startServer({ env: { APP_URL: DOC_ORIGIN, API_CORS_ORIGINS: "https://partner.example" } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-docs-"));
  // curl sends the session cookie (Secure in production) over plain HTTP only to localhost.
  outcomes = await runExamples(examples, `http://localhost:${server.port}`, dir);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The call a curl command makes, as `METHOD /path` with the ids as the Calls table writes them. */
function callOf(command: string) {
  const url = /https?:\/\/localhost:3000(\/[^\s"'?]*)/.exec(command)?.[1];
  if (!url || !/^\/api\//.test(url)) return undefined;
  const method = /-X (\w+)/.exec(command)?.[1] ?? (/\s-d\s/.test(command) ? "POST" : "GET");
  return `${method} ${url.replace(/\/\d+$/, "/:id")}`;
}

describe("docs/api.md's examples", () => {
  test("there is an example of every call, and every curl example shows its answer", () => {
    const calls = new Set(examples.map((example) => callOf(example.command)).filter(Boolean));
    expect([...calls].sort()).toEqual(
      expect.arrayContaining([
        "GET /api/item",
        "POST /api/item",
        "GET /api/item/:id",
        "PUT /api/item/:id",
        "DELETE /api/item/:id",
        "GET /api/review",
        "POST /api/review",
        "GET /api/order",
        "POST /api/order",
        "GET /api/order/:id",
        "GET /api/openapi.json",
      ]),
    );
    const unanswered = examples.filter(
      (example) =>
        /\bcurl\b/.test(example.command) &&
        // A command that keeps curl's answer in a variable shows it with the next command.
        !/^\w+=\$\(/.test(example.command) &&
        example.status === undefined &&
        !example.headers.length &&
        !example.prints.length,
    );
    expect(unanswered.map((example) => `line ${example.line}: ${example.command}`)).toEqual([]);
  });

  test.each(examples.map((example, index) => ({ example, index, title: example.command.split("\n")[0] })))(
    "line $example.line: $title",
    ({ example, index }) => {
      const outcome = outcomes[index];
      const shown = `${example.command}\n→ exit ${outcome.exitCode}, HTTP ${outcome.status}\n${outcome.stdout.slice(0, 2000)}\n${outcome.stderr}`;
      expect(outcome.exitCode, shown).toBe(0);
      if (example.status !== undefined) expect(outcome.status, shown).toBe(example.status);
      else if (outcome.status !== undefined) expect(outcome.status, shown).toBeLessThan(400);
      for (const { name, value } of example.headers) {
        expect(outcome.headers.get(name), `${name} of\n${shown}`).toMatch(pattern(value, { whole: true }));
      }
      for (const printed of example.prints) expect(outcome.stdout, shown).toMatch(pattern(printed));
    },
  );
});
