import fs from "node:fs";

import { isRoot, log, run } from "./run.mjs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Without these, Chromium tries to reach Google's services from a machine that has no internet, and stalls. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Playwright cannot download its own browser here, so the suite drives Debian's Chromium. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  if (!isRoot) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install Debian's chromium package`);
  log("Installing Chromium with apt");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "chromium"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}
