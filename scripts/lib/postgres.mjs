import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { aptInstall, isRoot, log } from "./run.mjs";

function findPgBin() {
  const candidates = [
    ...(process.env.PATH ?? "").split(":"),
    ...(fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
  ];
  return candidates.find(
    (dir) => dir && fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")),
  );
}

/** PostgreSQL's server binaries, which `startPostgres` runs: Debian's postgresql, installed with apt when missing. */
export const POSTGRESQL = {
  debianPackage: "postgresql",
  missing: "PostgreSQL's server binaries (initdb, pg_ctl)",
  isPresent: () => Boolean(findPgBin()),
};

function ensurePostgresInstalled() {
  aptInstall([POSTGRESQL]);
  const dir = findPgBin();
  if (!dir) throw new Error("PostgreSQL was installed but initdb was not found");
  return dir;
}

/**
 * A throwaway PostgreSQL cluster on a loopback port with its data in a temporary folder. PostgreSQL
 * refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
export function startPostgres({ port = 54329 } = {}) {
  const binDir = ensurePostgresInstalled();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-pg-"));
  const runAs = isRoot ? ["runuser", "-u", "postgres", "--"] : [];
  if (isRoot) execFileSync("chown", ["-R", "postgres:", dataDir]);
  const exec = (tool, args) => {
    const [command, ...rest] = [...runAs, path.join(binDir, tool), ...args];
    const result = spawnSync(command, rest, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  log(`Starting a throwaway PostgreSQL on 127.0.0.1:${port}`);
  exec("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  exec("pg_ctl", [
    "-D",
    dataDir,
    "-l",
    path.join(dataDir, "server.log"),
    "-o",
    `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c wal_level=minimal -c max_wal_senders=0 -c max_connections=200`,
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        exec("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
