import { spawnSync } from "node:child_process";

import { isRoot, log, run } from "./run.mjs";

/**
 * The reliability suite runs three app servers behind nginx (tests/reliability/several-servers.test.ts),
 * as deploy/nginx/storefront.conf ships: Debian's nginx, installed with apt when it is missing.
 */
export function ensureNginx() {
  if (spawnSync("nginx", ["-v"]).status === 0) return;
  if (!isRoot) throw new Error("nginx is missing: install Debian's nginx-light (or nginx) package");
  log("Installing nginx with apt");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "nginx-light"], { env });
}
