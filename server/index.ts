// The production server: `npm start` runs it (after building), `WEB_CONCURRENCY=N` runs N processes.
import cluster from "node:cluster";
import { createServer, type IncomingMessage } from "node:http";
import { Server as NetServer } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";

import { ConfigError } from "~/config/env.server";

import { createStorefrontApp, type StorefrontBuild } from "./app";
import { readConfig, type ServerConfig } from "./config";
import { answerEventLoopDelayAsks } from "./event-loop-delay";
import { ALLOWED_METHODS } from "./refusals";

const config = configOrExit();

/** A wrong variable stops the start with the list of what is wrong, not a stack trace. */
function configOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function logLine(fields: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), pid: process.pid, ...fields })}\n`);
}

if (config.webConcurrency > 1 && cluster.isPrimary) {
  runPrimary(config.webConcurrency);
} else {
  await runWorker();
}

/** Forks the workers, replaces one that dies, and passes a SIGTERM on to all of them. */
function runPrimary(workers: number) {
  let stopping = false;
  logLine({ msg: `starting ${workers} processes on port ${config.port}` });
  for (let index = 0; index < workers; index++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logLine({ level: "warn", msg: "worker died; starting another", workerPid: worker.process.pid, code, signal });
    cluster.fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      setTimeout(() => process.exit(0), config.shutdownGraceMs + 2_000).unref();
    });
  }
}

async function runWorker() {
  const buildPath = path.resolve(process.cwd(), "build", "server", "index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as StorefrontBuild;
  const { app } = createStorefrontApp({ build, config });

  // Node checks these timeouts every connectionsCheckingInterval: a client that trickles its
  // headers or its body is cut at the limit instead of holding a connection and its buffer.
  let stopping = false;
  const server = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      // While shutting down, every answer closes its connection behind it.
      if (stopping) res.setHeader("Connection", "close");
      app(req, res);
    },
  );
  // CONNECT never reaches Express: Node hands it over as a tunnel request. We do not tunnel.
  const hsts = config.strictTransportSecurity ? `Strict-Transport-Security: ${config.strictTransportSecurity}\r\n` : "";
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(", ")}\r\n${hsts}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logLine({ msg: `listening on http://${config.host ?? "localhost"}:${port}`, port });
  });
  build.entry.module.startBackgroundWork?.({
    catalogImportWorker: path.resolve(process.cwd(), "build", "catalog-import-worker.js"),
    catalogReadWorker: path.resolve(process.cwd(), "build", "catalog-read-worker.js"),
  });
  answerEventLoopDelayAsks();

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logLine({ msg: "shutting down: finishing requests in flight", signal });
    // Stop accepting. Not http.Server#close, which would also drop every connection without a request
    // in progress at once, including one whose request has arrived but not yet been read.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    // Connections left with nothing to do are closed a moment later, once what is on the wire was read.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    const grace = setTimeout(() => {
      logLine({ level: "warn", msg: "grace period over: closing the connections still open" });
      server.closeAllConnections();
    }, config.shutdownGraceMs);
    await closed;
    clearInterval(sweep);
    clearTimeout(grace);
    await build.entry.module.closeResources?.();
    logLine({ msg: "stopped" });
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
