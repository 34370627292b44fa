import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { aptInstall, root } from "./run.mjs";

/** The repository's nginx site (docs/operations.md), which tests and the bench run as shipped but for ports. */
export const NGINX_SITE = path.join(root, "deploy", "nginx", "storefront.conf");

/**
 * The reliability suite runs three app servers behind nginx (tests/reliability/several-servers.test.ts),
 * as deploy/nginx/storefront.conf ships: Debian's nginx, installed with apt when it is missing.
 */
export const NGINX = {
  debianPackage: "nginx-light",
  missing: "nginx",
  recommends: false,
  isPresent: () => spawnSync("nginx", ["-v"]).status === 0,
};

export function ensureNginx() {
  aptInstall([NGINX]);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * deploy/nginx/storefront.conf with these app servers and this port, everything else as shipped.
 * @param {number[]} upstreamPorts
 * @param {number} port
 */
export function siteFor(upstreamPorts, port) {
  const site = fs.readFileSync(NGINX_SITE, "utf8");
  const servers = upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;\n`);
  const rendered = site
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, servers.join(""))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (rendered === site || !rendered.includes(`listen 127.0.0.1:${port};`)) {
    throw new Error(`${NGINX_SITE} no longer has the upstream servers and listen line the tests replace`);
  }
  return rendered;
}

/** @param {number} port */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Debian's nginx in front of the app servers on `upstreamPorts`, on `port` (a free loopback port
 * when not given), with its files in a temporary folder; `ensureNginx` installs it when missing.
 * @param {number[]} upstreamPorts
 * @param {{ port?: number }} [options]
 */
export async function startNginx(upstreamPorts, { port } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-nginx-"));
  // nginx's workers drop root for `nobody`: their temporary folders must be theirs to write.
  fs.chmodSync(dir, 0o777);
  const listenPort = port ?? (await freePort());
  fs.writeFileSync(path.join(dir, "storefront.conf"), siteFor(upstreamPorts, listenPort));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)
    .join("\n");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  include ${path.join(dir, "storefront.conf")};
}
`,
  );
  const child = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", () => resolve(undefined)));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    if (await listening(listenPort)) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${listenPort}: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    child,
    /** Stops nginx gracefully (SIGQUIT) and removes its folder. */
    async stop() {
      child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
    /** Stops it without waiting for its connections (SIGTERM), for an interrupted bench. */
    kill() {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
