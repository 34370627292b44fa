import { defineConfig } from "@playwright/test";

import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "./scripts/lib/chromium.mjs";
import { E2E_BASE_URL, FAKE_OAUTH_PORT } from "./tests/support/e2e-env.mjs";

const chromium = {
  // Playwright cannot download its browser here; Debian's headless shell is installed by `npm test`.
  executablePath: HEADLESS_SHELL_PATH,
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three workers on two cores: between its steps a test waits on the server and on Chromium's
  // other processes, and with two the machine was a seventh idle. Three ran the suite without
  // JavaScript in 167 s where two took 186, on the same CPU time.
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: true,
  reporter: process.env.CI ? "list" : "list",
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromium,
    // No trace: it recorded every action's DOM, for the tests that pass too, on a machine whose two
    // cores Chromium and the server already fill, and CI keeps only its log. A failed test leaves a
    // screenshot and error-context.md (the page as an ARIA snapshot), which `npm test` prints. To
    // debug one: `npx playwright test --trace on <file>`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: "node tests/support/fake-oauth-server.mjs",
      url: `http://127.0.0.1:${FAKE_OAUTH_PORT}/health`,
      reuseExistingServer: false,
    },
    {
      command: "node tests/support/serve-e2e.mjs",
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
