import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { describe, expect, test } from "vitest";

import { hashPassword, verifyPassword } from "~/auth/password.server";
import { db } from "~/db/db.server";
import { seedDatabase } from "~/db/seed.server";
import { getUserByEmail } from "~/models/user.server";
import * as notFound from "~/routes/$";
import { safeRedirect } from "~/utils/safe-redirect";

import { call, getRequest } from "../support/http";
import { createSignedInUser, sessionCount } from "../support/users";

const execFileAsync = promisify(execFile);

describe("safeRedirect", () => {
  test.each([
    ["/dashboard", "/dashboard"],
    ["/items?q=gear#top", "/items?q=gear#top"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/\\evil.example", "/"],
    ["\\\\evil.example", "/"],
    ["relative/path", "/"],
    ["/ok\r\nSet-Cookie: x=1", "/"],
    ["", "/"],
    [null, "/"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("passwords", () => {
  test("hashes carry scrypt parameters and a per-user salt, and verify only the right password", async () => {
    const [first, second] = await Promise.all([hashPassword("secret-1"), hashPassword("secret-1")]);
    expect(first).not.toBe(second);
    expect(await verifyPassword("secret-1", first)).toBe(true);
    expect(await verifyPassword("secret-2", first)).toBe(false);
    expect(await verifyPassword("secret-1", "garbage")).toBe(false);
  });
});

async function counts() {
  const count = (table: "items" | "reviews" | "users") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  return { items: await count("items"), reviews: await count("reviews"), users: await count("users") };
}

describe("seed", () => {
  test("fills an empty database once; a second run changes nothing", async () => {
    const first = await seedDatabase(db, { adminEmail: "Seed-Admin@Example.com", adminPassword: "seed-admin-pass" });
    expect(first.items).toBeGreaterThanOrEqual(12);
    expect(first.reviews).toBeGreaterThanOrEqual(6);
    expect(first.admin).toBe(true);
    const after = await counts();

    const second = await seedDatabase(db, { adminEmail: "seed-admin@example.com", adminPassword: "seed-admin-pass" });
    expect(second).toEqual({ items: 0, reviews: 0, admin: false });
    expect(await counts()).toEqual(after);

    const admin = await getUserByEmail("seed-admin@example.com");
    expect(admin?.role).toBe("admin");
    const images = await db.selectFrom("items").select("img").execute();
    for (const { img } of images) expect(img).toMatch(/^\/images\/items\/[a-z-]+\.svg$/);
  });
});

describe("npm run make-admin", () => {
  test("promotes an existing account from the command line, and refuses an unknown email", async () => {
    const { user } = await createSignedInUser();
    const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL };
    const { stdout } = await execFileAsync("node_modules/.bin/tsx", ["scripts/make-admin.ts", user.email], { env });
    expect(stdout).toContain("is now an admin");
    const promoted = await getUserByEmail(user.email);
    expect(promoted?.role).toBe("admin");
    expect(await sessionCount(user.id)).toBe(0);

    await expect(
      execFileAsync("node_modules/.bin/tsx", ["scripts/make-admin.ts", "nobody@example.com"], { env }),
    ).rejects.toMatchObject({ code: 1 });
  });
});

describe("unknown paths", () => {
  test("answer 404", async () => {
    const outcome = await call(notFound.loader, getRequest("/no/such/page"));
    expect(outcome.status).toBe(404);
  });
});
