import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

const startedAt = Date.now();

/**
 * CPU seconds the whole machine has spent busy since this script started (Linux; 0 elsewhere).
 * Beside the wall time it tells a step that waits from a step that computes: on two cores, only the
 * first can be sped up by running something beside it. The machine's, not this process's children's:
 * Chromium's processes outlive the parents that would count them, so a browser run looked half idle.
 */
function machineBusyTicks() {
  try {
    const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    // user, nice, system, idle, iowait, irq, softirq, steal: all but idle and iowait are busy.
    return fields.slice(0, 8).reduce((sum, ticks, index) => (index === 3 || index === 4 ? sum : sum + ticks), 0);
  } catch {
    return 0;
  }
}
const busyAtStart = machineBusyTicks();
const cpuSeconds = () => Math.round((machineBusyTicks() - busyAtStart) / 100);

/** A step heading, with the time since the script started and the machine's CPU used since (where the minutes go). */
export function log(message) {
  const elapsed = Math.round((Date.now() - startedAt) / 1000);
  const clock = `${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, "0")}`;
  console.log(`\n▶ [${clock}, cpu ${cpuSeconds()} s] ${message}`);
}

/** Runs a command to completion with inherited output; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

export function tryRun(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, ...options });
  return result.status === 0;
}

/**
 * Runs a command beside others, its output written to `outputFile` (a file never makes it wait, as a
 * full pipe would while this process is busy); resolves with whether it succeeded.
 */
export function runToFile(command, args, outputFile, options = {}) {
  const output = fs.openSync(outputFile, "w");
  const child = spawn(command, args, { stdio: ["ignore", output, output], cwd: root, ...options });
  fs.closeSync(output);
  return new Promise((resolve) => {
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
}

/** Prints what a command run beside others wrote, under its own heading, once it has finished. */
export function printOutput(title, outputFile) {
  log(`${title} (its output, printed when it ended)`);
  process.stdout.write(fs.readFileSync(outputFile, "utf8"));
}

/** Starts a long-running process; resolves with its exit code when it ends. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", cwd: root, ...options });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, exited };
}

export const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * A Debian package a script needs: `isPresent` says whether the machine has it, `missing` names
 * what is absent for a reader, `recommends: false` leaves out the packages apt would add with it.
 * @typedef {{ debianPackage: string, missing: string, recommends?: boolean, isPresent: () => boolean }} DebianPackage
 */

/**
 * What the machine lacks of `needed`, and the apt commands that install it as root, with one
 * `apt-get update` for them all; anyone else is told what to install.
 * @param {DebianPackage[]} needed
 */
function aptPlan(needed) {
  const absent = needed.filter((debian) => !debian.isPresent());
  if (absent.length && !isRoot) {
    throw new Error(
      absent
        .map((debian) => `${debian.missing} is missing: install Debian's ${debian.debianPackage} package`)
        .join("\n"),
    );
  }
  const names = (recommends) =>
    absent.filter((debian) => (debian.recommends ?? true) === recommends).map((debian) => debian.debianPackage);
  /** @type {string[][]} */
  const commands = [
    ["apt-get", "update", "-qq"],
    ["apt-get", "install", "-y", "-qq", ...names(true)],
    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...names(false)],
  ].filter((command) => !command.at(-1).startsWith("-"));
  return { packages: absent.map((debian) => debian.debianPackage).join(", "), commands: absent.length ? commands : [] };
}

const aptEnvironment = () => ({ ...process.env, DEBIAN_FRONTEND: "noninteractive" });

/**
 * Installs the Debian packages a script needs and the machine lacks (Chromium's headless shell,
 * nginx, poppler, PostgreSQL) with apt.
 * @param {DebianPackage[]} needed
 */
export function aptInstall(needed) {
  const { packages, commands } = aptPlan(needed);
  if (commands.length) log(`Installing ${packages} with apt`);
  for (const [command, ...args] of commands) run(command, args, { env: aptEnvironment() });
}

/**
 * The same, beside what this process does next (on a fresh machine, npm's install: both mostly wait
 * on downloads). What is missing is known, and a machine where apt cannot install it refused, at
 * once; the promise resolves once apt is done, and rejects after printing its output when it fails.
 * @param {DebianPackage[]} needed
 * @returns {Promise<void>}
 */
export function aptInstallBeside(needed) {
  const { packages, commands } = aptPlan(needed);
  if (commands.length === 0) return Promise.resolve();
  log(`Installing ${packages} with apt, beside the next steps`);
  const outputFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "storefront-apt-")), "apt.log");
  const script = commands.map((command) => command.join(" ")).join(" && ");
  const installed = runToFile("sh", ["-c", script], outputFile, { env: aptEnvironment() }).then((ok) => {
    printOutput(`apt: ${packages} ${ok ? "installed" : "FAILED"}`, outputFile);
    if (!ok) throw new Error(`apt could not install ${packages}: its output is above`);
  });
  // Awaited later, by whatever needs the packages: its failure is thrown there, not as an unhandled rejection.
  installed.catch(() => undefined);
  return installed;
}
