import { readFile, writeFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

import { expectNoAxeFindings } from "./axe";
import { addProduct, login } from "./fixtures";

// Staff change a price the way they change hundreds: export the catalog, edit the file, import it,
// read what it would do, apply it. With JavaScript the import page follows the check and the apply
// by asking for its data; without, it reloads itself until they are done.

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`export, edit a price in the file, import it with a preview, see the new price (${width} px)`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await login(page, { role: "admin", name: "Alex Admin" });
    const name = await addProduct(page, { quantity: 4, price: "7.25" });

    await page.goto("/dashboard/manage-product");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const rows: Record<string, string>[] = parse(await readFile((await download.path())!, "utf8"), {
      bom: true,
      columns: true,
    });
    const row = rows.find((candidate) => candidate.name === name)!;
    expect(row.price).toBe("7.25");
    // The file staff send back holds the one row they changed (a spreadsheet's CSV, CRLF and all).
    const edited = testInfo.outputPath("catalog-edited.csv");
    await writeFile(
      edited,
      `\uFEFF${stringify([Object.keys(row), Object.values({ ...row, price: "8.40" })], { record_delimiter: "\r\n", quoted_match: /[\r\n]/ })}`,
    );

    await page.goto("/dashboard/import");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import Catalog");
    await page.getByLabel("Catalog file (CSV)").setInputFiles(edited);
    await page.getByRole("button", { name: "Check file" }).click();

    // The check runs in the server's import thread; the page follows it to the preview.
    await expect(page.getByText("Checked: ready to apply")).toBeVisible({ timeout: 20_000 });
    const change = page.getByRole("listitem").filter({ hasText: row.part_number });
    await expect(change).toContainText("Price: 7.25 → 8.40");
    await expect(page.getByRole("heading", { name: "Refused rows" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`import-preview-${width}.png`), fullPage: true });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Applied", { exact: false }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: "the catalog now holds this file" })).toBeVisible({
      timeout: 20_000,
    });
    await page.screenshot({ path: testInfo.outputPath(`import-applied-${width}.png`), fullPage: true });

    await page.goto(`/items?q=${encodeURIComponent(row.part_number)}`);
    await page.getByRole("link", { name }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText("£8.40").first()).toBeVisible();
  });
}

test("a file that is not CSV is refused beside the field, by its bytes", async ({ page }, testInfo) => {
  await login(page, { role: "admin", name: "Alex Admin" });
  await page.goto("/dashboard/import");
  const spreadsheet = testInfo.outputPath("catalog.csv");
  // A spreadsheet's own format (a zip) saved under a .csv name.
  await writeFile(spreadsheet, Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array(200).fill(0x20)]));
  await page.getByLabel("Catalog file (CSV)").setInputFiles(spreadsheet);
  await page.getByRole("button", { name: "Check file" }).click();
  const field = page.getByLabel("Catalog file (CSV)");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("not CSV: save it from the spreadsheet as “CSV UTF-8”")).toBeVisible();
});
