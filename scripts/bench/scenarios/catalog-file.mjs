// The catalog as a file (issue 25): the large catalog exported by its admin page, then that file
// imported into a store with the same categories and no parts, checked and applied as staff would,
// with the importing server's memory followed throughout.
import path from "node:path";

import Database from "better-sqlite3";

import { log } from "../../lib/run.mjs";
import { timedDownload } from "../lib/download.mjs";
import { fmt } from "../lib/report.mjs";
import { emptyCatalog, makeTempDir, startServer } from "../lib/server.mjs";
import { signUp } from "../lib/session.mjs";

// Not the uploads scenario's admin: both sign up on the large catalog's server.
const ADMIN = {
  name: "Bench Import Admin",
  email: "bench-import-admin@example.com",
  password: "tangerine-lathe-1987-quartz",
};
/** How long the import may take in all before the benchmark gives up on it. */
const IMPORT_LIMIT_MS = 10 * 60_000;

/** Signs an admin up through the form and makes them an admin in the database, as `npm run make-admin` does. */
async function adminOf(server, databaseFile) {
  const cookie = await signUp(server.origin, ADMIN);
  const sqlite = new Database(databaseFile);
  try {
    sqlite.prepare("update users set role = 'admin' where email = ?").run(ADMIN.email);
  } finally {
    sqlite.close();
  }
  return cookie;
}

/** The import page's state: its status badge and, once checked or applied, its counts. */
async function importState(server, cookie, importPath) {
  const html = await (await fetch(`${server.origin}${importPath}`, { headers: { Cookie: cookie } })).text();
  const count = (label) => {
    const match = new RegExp(`${label}</dt><dd[^>]*>([\\d,]+)<`).exec(html);
    return match ? Number(match[1].replaceAll(",", "")) : null;
  };
  if (html.includes("Checked: ready to apply")) return { status: "checked", creates: count("New parts") };
  if (html.includes("the catalog now holds this file")) return { status: "applied", creates: count("Created") };
  if (html.includes("Rows refused</span>") || html.includes("Not applied")) {
    const reasons =
      /<table[\s\S]*?<\/table>/
        .exec(html)?.[0]
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ") ?? "";
    return { status: "refused", reasons: reasons.slice(0, 500) };
  }
  return { status: "running" };
}

async function waitFor(server, cookie, importPath, wanted, { sample }) {
  const until = Date.now() + IMPORT_LIMIT_MS;
  for (;;) {
    sample();
    const state = await importState(server, cookie, importPath);
    if (state.status === wanted) return state;
    if (state.status === "refused") throw new Error(`the import was refused: ${state.reasons}`);
    if (Date.now() > until) throw new Error(`the import did not reach "${wanted}" in ${IMPORT_LIMIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Exports the large catalog from `large`, then imports the file into a new store on `port` (its own
 * database: the large one's categories and templates, no parts): upload, check, apply. The importing
 * server's resident memory is read every 50 ms from before the upload to the end, and its peak in each phase kept.
 */
export async function measureCatalogFile({ large, largeDb, runDir, port, cleanup }) {
  log("Exporting the large catalog");
  const exported = await timedDownload(large.origin, "/dashboard/export/catalog.csv", await adminOf(large, largeDb));
  console.log(
    `  ${fmt.mb(exported.bytes)} in ${exported.seconds.toFixed(1)} s, first bytes after ${fmt.ms(exported.firstByteMs)} ms`,
  );

  const dir = makeTempDir();
  cleanup.add(() => import("node:fs").then((fs) => fs.rmSync(dir, { recursive: true, force: true })));
  const databaseFile = path.join(dir, "import.db");
  emptyCatalog(databaseFile, { from: largeDb });
  const server = await startServer({
    cwd: runDir,
    port,
    databaseFile,
    name: "import",
    env: { RATE_LIMIT_POINTS: "100000" },
  });
  cleanup.add(() => (cleanup.interrupted ? server.kill() : server.stop()));
  const cookie = await adminOf(server, databaseFile);

  log(`Importing it into an empty catalog (${server.origin})`);
  const rssBefore = server.residentBytes();
  let rssPeak = rssBefore;
  // The peak of each phase too, to tell which one the growth comes from.
  const phasePeaks = { upload: 0, check: 0, apply: 0 };
  let phase = "upload";
  const sample = () => {
    const resident = server.residentBytes() ?? 0;
    rssPeak = Math.max(rssPeak, resident);
    phasePeaks[phase] = Math.max(phasePeaks[phase], resident);
  };
  const form = new FormData();
  form.append("intent", "upload");
  form.append("file", new Blob([exported.file], { type: "text/csv" }), "catalog.csv");
  const sampler = setInterval(sample, 50).unref();
  const started = performance.now();
  const uploaded = await fetch(`${server.origin}/dashboard/import`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.origin },
  });
  const importPath = uploaded.headers.get("location");
  if (uploaded.status !== 302 || !importPath) throw new Error(`the upload answered ${uploaded.status}`);
  const uploadSeconds = (performance.now() - started) / 1000;
  sample();
  phase = "check";
  const checked = await waitFor(server, cookie, importPath, "checked", { sample });
  const checkedAt = performance.now();
  phase = "apply";
  const apply = await fetch(`${server.origin}${importPath}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "apply" }),
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
  });
  if (apply.status !== 302) throw new Error(`Apply answered ${apply.status}`);
  const applied = await waitFor(server, cookie, importPath, "applied", { sample });
  const finished = performance.now();
  clearInterval(sampler);
  sample();
  const parts = new Database(databaseFile, { readonly: true });
  const { count } = parts.prepare("select count(*) as count from items").get();
  parts.close();
  const result = {
    export: { seconds: exported.seconds, firstByteMs: exported.firstByteMs, bytes: exported.bytes },
    import: {
      bytes: exported.bytes,
      uploadSeconds,
      checkSeconds: (checkedAt - started) / 1000 - uploadSeconds,
      applySeconds: (finished - checkedAt) / 1000,
      totalSeconds: (finished - started) / 1000,
      checkedCreates: checked.creates,
      appliedCreates: applied.creates,
      parts: count,
      rssBeforeBytes: rssBefore,
      rssGrowthBytes: rssPeak - rssBefore,
      rssGrowthByPhase: Object.fromEntries(
        Object.entries(phasePeaks).map(([name, peak]) => [name, Math.max(0, peak - rssBefore)]),
      ),
    },
  };
  console.log(
    `  uploaded in ${uploadSeconds.toFixed(1)} s, checked in ${result.import.checkSeconds.toFixed(1)} s, applied in ${result.import.applySeconds.toFixed(1)} s; ${fmt.int(count)} parts; memory +${fmt.mb(result.import.rssGrowthBytes)} (peaks: upload +${fmt.mb(result.import.rssGrowthByPhase.upload)}, check +${fmt.mb(result.import.rssGrowthByPhase.check)}, apply +${fmt.mb(result.import.rssGrowthByPhase.apply)})`,
  );
  return result;
}
