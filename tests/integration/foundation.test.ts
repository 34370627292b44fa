import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { partNumberKey } from "~/lib/part-number";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { createItem, listSpecs } from "~/models/item";
import { getUserByEmail } from "~/models/user.server";
import * as notFound from "~/routes/$";

import { seedDatabase } from "../../scripts/seed/seed-database";
import { newItem } from "../support/builders";
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
    for (const { img } of images) expect(img).toMatch(/^\/images\/items\/[a-z0-9-]+\.svg$/);
  });

  test("the demo catalog is a parts catalog: unique part numbers, 6+ categories, 4 to 8 specs a part", async () => {
    await seedDatabase(db, { adminEmail: "seed-admin@example.com", adminPassword: "seed-admin-pass" });
    const items = await db
      .selectFrom("items")
      .leftJoin("categories", "categories.id", "items.category_id")
      .select(["items.id", "items.part_number", "items.part_number_key", "items.img", "categories.slug"])
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(48);
    expect(new Set(items.map((item) => item.part_number)).size).toBe(items.length);
    for (const item of items) {
      expect(item.part_number).toMatch(/^GW-[A-Z0-9-]+$/);
      expect(item.part_number_key).toBe(item.part_number.toLowerCase().replace(/-/g, ""));
      expect(item.slug).toBeTruthy();
      expect(fs.existsSync(path.join("public", item.img))).toBe(true);
    }
    expect(new Set(items.map((item) => item.slug)).size).toBeGreaterThanOrEqual(6);
    const specCounts = await db
      .selectFrom("item_specs")
      .select(["item_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("item_id")
      .execute();
    expect(specCounts).toHaveLength(items.length);
    for (const { n } of specCounts) expect(Number(n)).toBeGreaterThanOrEqual(4);
    for (const { n } of specCounts) expect(Number(n)).toBeLessThanOrEqual(8);
    const aboutParts = await db.selectFrom("reviews").select("item_id").where("item_id", "is not", null).execute();
    expect(aboutParts.length).toBeGreaterThan(0);
  });
});

describe("part numbers", () => {
  test("createItem keeps a given part number with its search key, or makes a unique one", async () => {
    // About createItem itself (and its refusal, which newItem would turn into a throw), so called directly.
    const created = await createItem(
      {
        name: "Keyed Hub",
        img: "/images/items/spur-gear.svg",
        description: "A hub.",
        price_cents: 900,
        quantity: 3,
        supplier_name: "Gearwright Works",
        part_number: `GW-HUB ${Date.now()}.1`,
      },
      {
        specs: [
          { name: "Bore", value: "12", unit: "mm" },
          { name: "Material", value: "C45 steel", unit: null },
        ],
      },
    );
    if (!created.ok) throw new Error(created.message);
    const given = created.item;
    expect(given.part_number).toMatch(/^GW-HUB \d+\.1$/);
    const row = await db
      .selectFrom("items")
      .select("part_number_key")
      .where("id", "=", given.id)
      .executeTakeFirstOrThrow();
    expect(row.part_number_key).toBe(partNumberKey(given.part_number));
    expect(row.part_number_key).toMatch(/^gwhub\d+1$/);
    expect(await listSpecs(given.id)).toEqual([
      { name: "Bore", value: "12", unit: "mm" },
      { name: "Material", value: "C45 steel", unit: null },
    ]);

    const generated = await newItem();
    expect(generated.part_number).toMatch(/^GW-[0-9A-F]{8}$/);
    expect(
      await createItem({
        name: "Twin",
        img: "/images/items/spur-gear.svg",
        description: "Same number.",
        price_cents: 100,
        quantity: 1,
        supplier_name: "X",
        part_number: given.part_number,
      }),
    ).toEqual({
      ok: false,
      reason: "field",
      field: "partNumber",
      message: "Another part already has this part number",
    });
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
