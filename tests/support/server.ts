import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const SERVER_ENTRY = path.resolve("build/start.js");

/** The production server (build/start.js) running in a child process on the test's database. */
export type ServerProcess = {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the server printed so far (its access log and its own lines). */
  output: () => string;
  /** The process ids of the workers listening now (one without WEB_CONCURRENCY). */
  workerPids: () => number[];
  /** Waits until `count` workers have said they are listening (a killed one is replaced). */
  waitForWorkers: (count: number) => Promise<void>;
  /** SIGTERM, then wait for the exit code. */
  stop: () => Promise<number | null>;
  kill9: () => Promise<void>;
};

/**
 * Starts the built server the way `npm start` does, on a port of its choosing (or `port`), and
 * waits until it answers /healthz. The environment is the test's, plus what is given; with `ipc`,
 * an IPC channel to it too, as the benchmark opens one (`child.send`).
 */
export async function startServer({
  env = {},
  port = 0,
  ipc = false,
}: { env?: Record<string, string | undefined>; port?: number; ipc?: boolean } = {}): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error("build/start.js is missing: run `npm run build` (npm test does)");
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Relaxed by configuration: suites sign in far more often than a person would.
      RATE_LIMIT_POINTS: "100000",
      ...env,
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe", ...(ipc ? (["ipc"] as const) : [])],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 30_000;
  const listeningPids = () =>
    [...output.matchAll(/"pid":(\d+),"msg":"listening on /g)].map((match) => Number(match[1]));
  const alivePids = () =>
    listeningPids().filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
  let actualPort = port;
  while (!actualPort) {
    const listening = /"msg":"listening on [^"]+","port":(\d+)/.exec(output);
    if (listening) actualPort = Number(listening[1]);
    else if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    else if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const origin = `http://127.0.0.1:${actualPort}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /healthz: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin,
    port: actualPort,
    child,
    output: () => output,
    workerPids: alivePids,
    async waitForWorkers(count) {
      const until = Date.now() + 30_000;
      while (alivePids().length < count) {
        if (Date.now() > until)
          throw new Error(`only ${alivePids().length} of ${count} workers are listening: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** A form POST as the shop's own pages send it (from the same origin), without following redirects. */
export function postForm(
  origin: string,
  pathname: string,
  fields: Record<string, string>,
  { cookie, headers = {}, signal }: { cookie?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
) {
  return fetch(`${origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    signal,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}
