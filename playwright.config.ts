import { defineConfig } from "@playwright/test";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/lib/chromium.mjs";
import { E2E_BASE_URL, FAKE_OAUTH_PORT } from "./tests/support/e2e-env.mjs";

const chromium = {
  // Playwright cannot download its browser here; Debian's Chromium is installed by `npm test`.
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: true,
  reporter: process.env.CI ? "list" : "list",
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromium,
    // A failed test keeps its trace (every action with the page's DOM before and after) and a
    // screenshot of where it stopped. The trace's film strip is left out: encoding a frame for every
    // paint, for every test that passes too, took a third of the suite's time.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
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
