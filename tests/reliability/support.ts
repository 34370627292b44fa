import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/node";

export const BUILD = path.resolve("build/server/index.js");

/** A real remix-serve process on the shared test database. */
export type AppProcess = { port: number; origin: string; child: ChildProcess; stop: () => Promise<void>; kill9: () => Promise<void> };

export async function startApp(port: number): Promise<AppProcess> {
  if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js is missing: run `npm run build` (npm test does)");
  const child = spawn(path.resolve("node_modules/.bin/remix-serve"), [BUILD], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      // Relaxed by configuration: the suite signs in far more often than a person would.
      RATE_LIMIT_POINTS: "100000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`remix-serve on ${port} exited: ${stderr}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`remix-serve on ${port} did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    origin,
    child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** A form POST as the shop's own pages send it. */
export function postForm(origin: string, pathname: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** The production build's request handler in this process: the same code remix-serve runs. */
export async function inProcessHandler() {
  const build = await import(pathToFileURL(BUILD).href);
  return { build, handle: createRequestHandler(build, "production") };
}

export type Stats = { suite: string; database: string; requests: number; failures: number; serverErrors: number; oversells: number; ordersLost: number };

/** Each suite writes its numbers; the global teardown adds them up and prints the summary. */
export function recordStats(stats: Omit<Stats, "database">) {
  const dir = path.resolve(".tmp/reliability");
  fs.mkdirSync(dir, { recursive: true });
  const database = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  fs.writeFileSync(path.join(dir, `${stats.suite}-${database}.json`), JSON.stringify({ ...stats, database }));
}
