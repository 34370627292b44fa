import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler } from "@remix-run/node";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";

// This file breaks its own database on purpose (each test file has a database of its own). A form's
// answer when the database fails is tested in-process: tests/integration/database-failure.test.ts.
describe("when the database fails", () => {
  test("a page whose loader fails renders the error boundary with status 500, through the real build", async () => {
    await sql`drop table reviews`.execute(db);
    const build = await import(pathToFileURL(path.resolve("build/server/index.js")).href);
    const handle = createRequestHandler(build, "production");
    const page = await handle(new Request("http://localhost:3000/"));
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("no such table");
    expect(html).not.toContain("relation");
  });
});
