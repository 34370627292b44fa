import fs from "node:fs";

/** Debian's full Chromium: Lighthouse (`npm run bench:lighthouse`) needs the whole browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Debian's headless shell, which the browser suite drives: the same Blink and V8 without the
 * browser's own UI process work, which on two cores that Chromium and the server fill made the
 * browser suite a third faster (docs/decisions/0037).
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";

/** Without these, Chromium tries to reach Google's services from a machine that has no internet, and stalls. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Playwright cannot download its own browser here, so the suite drives Debian's headless shell. */
export const HEADLESS_SHELL = {
  debianPackage: "chromium-headless-shell",
  missing: HEADLESS_SHELL_PATH,
  isPresent: () => fs.existsSync(HEADLESS_SHELL_PATH),
};
