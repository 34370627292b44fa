// Build snapshots, throwaway databases and remix-serve processes for the benchmark.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bin, root } from "../../lib/run.mjs";

export const benchDir = path.join(root, ".tmp", "bench");
const remixServeCli = path.join(root, "node_modules", "@remix-run", "serve", "dist", "cli.js");

function clockTicks() {
  const result = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  return Number(result.stdout?.trim()) || 100;
}
const CLK_TCK = process.platform === "linux" ? clockTicks() : 100;

/** CPU seconds (user + system, every thread) a process has used so far; null where /proc is missing. */
export function processCpuSeconds(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after "pid (comm) ": state is field 3, utime 14 and stime 15.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/**
 * A private copy of build/ to serve from. Other engineers rebuild build/ in this checkout (npm test
 * forces a build), which would pull the assets out from under a running benchmark; the copy is
 * what was built when the benchmark started and nothing else. `public/` is linked, as remix-serve
 * serves it from its working directory.
 */
export function snapshotBuild() {
  fs.mkdirSync(benchDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(benchDir, "run-"));
  fs.cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
  fs.symlinkSync(path.join(root, "public"), path.join(dir, "public"));
  return dir;
}

/** A temporary folder for the benchmark's databases; removed by the caller. */
export function makeTempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
}

/** Runs the catalog generator (scripts/bench/seed-catalog.ts) into a new SQLite file. */
export function seedCatalog(file, { items, reviews }) {
  const result = spawnSync(
    bin("tsx"),
    ["scripts/bench/seed-catalog.ts", "--items", String(items), "--reviews", String(reviews)],
    {
      cwd: root,
      env: { ...cleanEnv(), DATABASE_URL: `file:${file}` },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: 300_000,
    },
  );
  if (result.status !== 0) throw new Error(`seeding ${file} failed (exit ${result.status ?? result.signal})`);
  const line = result.stdout.trim().split("\n").at(-1);
  return JSON.parse(line);
}

/** Only what the server needs from the environment, so a developer's .env cannot skew a run. */
export function cleanEnv() {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  return Object.fromEntries(keep.filter((name) => process.env[name]).map((name) => [name, process.env[name]]));
}

/**
 * Starts remix-serve on 127.0.0.1:port for one database. Its request log (morgan) goes to a file,
 * as it would in production, rather than to a pipe this process would have to drain.
 */
export async function startServer({ cwd, port, databaseFile, name, profileDir }) {
  const logFile = path.join(cwd, `${name}.log`);
  const log = fs.openSync(logFile, "a");
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...nodeArgs, remixServeCli, "build/server/index.js"], {
    cwd,
    env: {
      ...cleanEnv(),
      NODE_ENV: "production",
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: "bench",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(undefined), 200))]);
    if (early !== undefined) {
      throw new Error(`${name} server exited (${early}) before it answered; see ${logFile}:\n${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} server did not answer /healthz on ${origin} within 30 s; see ${logFile}`);
    }
  }
  return {
    name,
    port,
    origin,
    pid: child.pid,
    logFile,
    cpuSeconds: () => processCpuSeconds(child.pid),
    logBytes: () => fs.statSync(logFile).size,
    /** The request log (morgan's "tiny" format: `GET /path 200 1234 - 4.5 ms`) between two offsets. */
    readLog(from, to) {
      const fd = fs.openSync(logFile, "r");
      try {
        const buffer = Buffer.alloc(Math.max(0, to - from));
        fs.readSync(fd, buffer, 0, buffer.length, from);
        return buffer.toString("utf8");
      } finally {
        fs.closeSync(fd);
      }
    },
    /** SIGTERM (remix-serve closes its listener; --cpu-prof writes the profile on exit), then SIGKILL after 15 s. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
