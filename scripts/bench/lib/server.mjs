// Build snapshots, throwaway databases and the servers the benchmark loads: the store (build/start.js),
// the bare Remix baseline (remix-serve) and a node:http hello.
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

/** CPU seconds (user + system) from a /proc stat file; null where /proc is missing. */
function cpuSecondsIn(statFile) {
  try {
    const text = fs.readFileSync(statFile, "utf8");
    // Fields after "pid (comm) ": state is field 3, utime 14 and stime 15.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** CPU seconds a process has used so far, every thread: V8's collector and compiler helpers, libuv's pool. */
export function processCpuSeconds(pid) {
  return cpuSecondsIn(`/proc/${pid}/stat`);
}

/**
 * CPU seconds a PostgreSQL cluster (the postmaster listening on `port`) has used so far: the
 * postmaster's own, its live backends' and workers', and what its exited children used (which the
 * kernel adds to the parent's reaped-children time). Null where /proc is missing or no such cluster runs.
 */
export function postgresCpuSeconds(port) {
  try {
    const pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    const cmdline = (pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    const postmaster = pids.find((pid) => {
      try {
        const args = cmdline(pid);
        return /postgres$/.test(args[0]) && args.join(" ").split(" -p ")[1]?.split(" ")[0] === String(port);
      } catch {
        return false;
      }
    });
    if (!postmaster) return null;
    const stat = fs.readFileSync(`/proc/${postmaster}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, then cutime and cstime: the reaped children's.
    let seconds = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / CLK_TCK;
    for (const pid of pids) {
      try {
        if (/^PPid:\s+(\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] !== postmaster) continue;
        seconds += cpuSecondsIn(`/proc/${pid}/stat`) ?? 0;
      } catch {
        // A backend that exited between the listing and the read: its time is in cutime by now.
      }
    }
    return seconds;
  } catch {
    return null;
  }
}

/** The memory a process holds now (resident set), in bytes; null where /proc is missing. */
export function residentBytes(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds a Node process's main thread (the event loop, whose thread id is the process id) has
 * used so far: what sets a single process's throughput when it is working flat out, since the
 * helper threads run beside it.
 */
export function mainThreadCpuSeconds(pid) {
  return cpuSecondsIn(`/proc/${pid}/task/${pid}/stat`);
}

/**
 * A private copy of build/ to serve from. Other engineers rebuild build/ in this checkout (npm test
 * forces a build), which would pull the assets out from under a running benchmark; the copy is
 * what was built when the benchmark started and nothing else. `public/` is linked, as the server
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

/**
 * Runs one of the benchmark's TypeScript scripts (they import the app's own code) through tsx on a
 * SQLite file, and returns the JSON line it prints last.
 */
function runScript(script, args, file) {
  const result = spawnSync(bin("tsx"), [script, ...args], {
    cwd: root,
    env: { ...cleanEnv(), DATABASE_URL: `file:${file}` },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`${script} on ${file} failed (exit ${result.status ?? result.signal})`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

/** A new SQLite file with `from`'s categories and spec templates and no parts (scripts/bench/empty-catalog.ts). */
export function emptyCatalog(file, { from }) {
  return runScript("scripts/bench/empty-catalog.ts", ["--from", from], file);
}

/** Runs the catalog generator (scripts/bench/seed-catalog.ts) into a new SQLite file. */
export function seedCatalog(file, { items, reviews }) {
  return runScript("scripts/bench/seed-catalog.ts", ["--items", String(items), "--reviews", String(reviews)], file);
}

/** The catalog pages the benchmark loads, as the app writes and counts them (scripts/bench/catalog-asks.ts). */
export function catalogAsks(file, { partItemId }) {
  return runScript("scripts/bench/catalog-asks.ts", ["--part-item", String(partItemId)], file);
}

/**
 * A picture on the product page's part, stored by the app's upload code, and `uploads` 12-megapixel
 * photos written to `out` for the upload scenario (scripts/bench/media-seed.ts).
 */
export function mediaSeed(file, { partItemId, out, uploads }) {
  return runScript(
    "scripts/bench/media-seed.ts",
    ["--part-item", String(partItemId), "--out", out, "--uploads", String(uploads)],
    file,
  );
}

/** Only what the server needs from the environment, so a developer's .env cannot skew a run. */
export function cleanEnv() {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  return Object.fromEntries(keep.filter((name) => process.env[name]).map((name) => [name, process.env[name]]));
}

/** The bare Remix app in scripts/bench/baseline, built into .tmp/bench/baseline/build. */
export function buildBaseline() {
  const result = spawnSync(bin("remix"), ["vite:build", "--config", "scripts/bench/baseline/vite.config.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...cleanEnv(), NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`building the baseline app failed (exit ${result.status ?? result.signal})`);
  return path.join(benchDir, "baseline");
}

// The messages server/event-loop-delay.ts answers.
const EVENT_LOOP_DELAY_START = "event-loop-delay:start";
const EVENT_LOOP_DELAY_READ = "event-loop-delay:read";

/** Asks a store for its event-loop delay and waits for the answer, at most 5 s. */
function eventLoopDelayOf(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error("the server did not report its event-loop delay within 5 s"));
    }, 5_000);
    function onMessage(message) {
      if (!message || typeof message !== "object" || !("eventLoopDelay" in message)) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message.eventLoopDelay);
    }
    child.on("message", onMessage);
    child.send(EVENT_LOOP_DELAY_READ);
  });
}

// How each kind of server is started, and how its own log counts the requests it answered. The
// store gets an IPC channel, through which it reports its event-loop delay when asked.
const KINDS = {
  // The store's access log: one JSON line per request, the path without its query string.
  store: {
    args: () => ["build/start.js"],
    ipc: true,
    served: (text, method, urlPath) => {
      const wanted = `"method":"${method}","path":${JSON.stringify(urlPath.split("?", 1)[0])},`;
      return text.split("\n").filter((line) => line.includes(wanted)).length;
    },
  },
  // remix-serve's morgan "tiny" format: `GET /path 200 1234 - 4.5 ms`.
  "remix-serve": {
    args: () => [remixServeCli, "build/server/index.js"],
    served: (text, method, urlPath) =>
      text.split("\n").filter((line) => line.startsWith(`${method} ${urlPath} `)).length,
  },
  // Logs nothing: autocannon's count of answers stands in.
  hello: { args: () => [path.join(root, "scripts", "bench", "hello.mjs")], served: null },
};

/**
 * Starts one server on 127.0.0.1:port, and waits for `readyPath` to answer. Its log goes to a file,
 * as it would in production, rather than to a pipe this process would have to drain.
 */
export async function startServer({
  kind = "store",
  cwd,
  port,
  databaseFile,
  name,
  profileDir,
  env = {},
  readyPath = "/healthz",
}) {
  const logFile = path.join(cwd, `${name}.log`);
  const log = fs.openSync(logFile, "a");
  const nodeArgs = profileDir
    ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...nodeArgs, ...KINDS[kind].args()], {
    cwd,
    env: {
      ...cleanEnv(),
      NODE_ENV: "production",
      ...(databaseFile ? { DATABASE_URL: `file:${databaseFile}` } : {}),
      SESSION_SECRET: "bench",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ["ignore", log, log, ...(KINDS[kind].ipc ? ["ipc"] : [])],
  });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(undefined), 200))]);
    if (early !== undefined) {
      throw new Error(
        `${name} server exited (${early}) before it answered; see ${logFile}:\n${fs.readFileSync(logFile, "utf8").slice(-2000)}`,
      );
    }
    try {
      const response = await fetch(`${origin}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} server did not answer ${readyPath} on ${origin} within 30 s; see ${logFile}`);
    }
  }
  const countServed = KINDS[kind].served;
  return {
    name,
    kind,
    port,
    origin,
    pid: child.pid,
    logFile,
    /** The exit code, or the signal that ended the process. */
    exited,
    cpuSeconds: () => processCpuSeconds(child.pid),
    residentBytes: () => residentBytes(child.pid),
    mainThreadCpuSeconds: () => mainThreadCpuSeconds(child.pid),
    logBytes: () => fs.statSync(logFile).size,
    /** How many `method path` requests the server's own log records between two offsets; null when it keeps no log. */
    served(from, to, method, urlPath) {
      return countServed ? countServed(logText(logFile, from, to), method, urlPath) : null;
    },
    /** The server's log between two offsets. */
    logText: (from, to) => logText(logFile, from, to),
    /**
     * The store's event-loop delay (server/event-loop-delay.ts): `start()` measures from now, `read()`
     * stops and answers the summary in milliseconds (null if never started).
     */
    eventLoopDelay: KINDS[kind].ipc
      ? {
          start: () => child.send(EVENT_LOOP_DELAY_START),
          read: () => eventLoopDelayOf(child),
        }
      : null,
    /** SIGTERM (the server drains; --cpu-prof writes the profile on exit), then SIGKILL after 15 s. */
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

function logText(logFile, from, to) {
  const fd = fs.openSync(logFile, "r");
  try {
    const buffer = Buffer.alloc(Math.max(0, to - from));
    fs.readSync(fd, buffer, 0, buffer.length, from);
    return buffer.toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}
