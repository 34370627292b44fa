import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { expect, test } from "vitest";

import { SERVER_ENTRY } from "../support/server";

// The configuration's own tests are in tests/integration/config.test.ts; this one needs the build.

const execFileAsync = promisify(execFile);

test("the built server refuses to start with a wrong value, saying which, without a stack trace", async () => {
  const attempt = execFileAsync(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", TAX_RATE: "120", API_CORS_ORIGINS: "partner.example" },
  });
  const failure = await attempt.then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toContain(
    'TAX_RATE must be a percent from 0 to 100 with at most two decimals, such as 17.5 (got "120")',
  );
  expect(failure?.stderr).toContain('"partner.example" is not one');
  expect(failure?.stderr).not.toMatch(/^\s+at /m);
});
