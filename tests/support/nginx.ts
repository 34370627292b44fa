import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The repository's nginx site (docs/operations.md), which the tests run as shipped but for ports. */
export const NGINX_SITE = path.resolve("deploy/nginx/storefront.conf");

export type NginxProcess = { origin: string; port: number; child: ChildProcess; stop: () => Promise<void> };

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** deploy/nginx/storefront.conf with these app servers and this port, everything else as shipped. */
export function siteFor(upstreamPorts: number[], port: number) {
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

/**
 * Debian's nginx in front of the app servers on `upstreamPorts`, on a free loopback port, with its
 * files in a temporary folder; `npm test` installs nginx with apt when it is missing.
 */
export async function startNginx(upstreamPorts: number[]): Promise<NginxProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-nginx-"));
  // nginx's workers drop root for `nobody`: their temporary folders must be theirs to write.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "storefront.conf"), siteFor(upstreamPorts, port));
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
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    child,
    async stop() {
      child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
