import { expect, type Page, test } from "@playwright/test";

import { uniqueToken } from "../support/unique";
import { expectNoAxeFindings } from "./axe";
import { addToCart, login, untilHydrated } from "./fixtures";

// Contract prices (issue 50), end to end: staff make a price list for a company on its pages, give
// a part a net price with a break and assign the list; a member of the company then sees "your
// price" with list price struck through on the part's page, and pays it in the cart and at
// checkout. With JavaScript and without, on a phone and a desktop; axe on the new pages.

test.describe.configure({ timeout: 120_000 });

/** A company with one member (made through the app's own model) and a part of its own at £80.00. */
async function companyWithMember(page: Page, width: number) {
  const member = await login(page, { name: "Mo Member" });
  const { createCompany } = await import("~/models/company");
  const company = await createCompany({
    name: `Lathe Works ${width} ${uniqueToken()}`,
    vatNumber: null,
    paymentTermsDays: 30,
    creditLimitCents: 1_000_000,
    adminEmail: member.email,
  });
  if (!company.ok) throw new Error(`the company could not be made: ${company.reason}`);
  const { createItem } = await import("~/models/item");
  const part = await createItem(
    {
      name: `Contract Bearing ${uniqueToken()}`,
      img: "/images/items/spur-gear.svg",
      description: "A bearing bought on contract.",
      price_cents: 8000,
      quantity: 100,
      supplier_name: "Gearwright Works",
    },
    {},
  );
  if (!part.ok) throw new Error(`the part could not be made: ${part.message}`);
  return { member, companyId: company.companyId, part: part.item };
}

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px staff give a company its own price for a part, and its member sees and pays it`, async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }, testInfo) => {
    const shot = (on: Page, name: string) =>
      on.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    await page.setViewportSize({ width, height });
    const { part, companyId } = await companyWithMember(page, width);

    const staffContext = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
    const staff = await staffContext.newPage();
    await login(staff, { role: "admin", name: "Sam Staff" });
    const listName = `Lathe Works 2027 ${uniqueToken()}`;
    await staff.goto("/dashboard/price-lists");
    await staff.getByLabel("Name").fill(listName);
    await staff.getByRole("button", { name: "Create price list" }).click();
    await expect(staff.getByRole("heading", { level: 1 })).toHaveText(listName);
    await expect(staff.getByRole("status")).toContainText(`Price list “${listName}” created`);

    const ruleForm = staff.getByRole("form", { name: "Add a rule" });
    await ruleForm.getByLabel("Part number").fill(part.part_number);
    await ruleForm.getByLabel("Net unit price").fill("72.00");
    await ruleForm.getByLabel("Its quantity breaks (optional)").fill("10:65.00");
    await ruleForm.getByRole("button", { name: "Add rule" }).click();
    await expect(staff.getByRole("status")).toContainText("Rule added.");
    await expect(staff.getByRole("cell", { name: part.part_number, exact: false }).first()).toBeVisible();

    const assignForm = staff.getByRole("form", { name: "Assign the list" });
    await assignForm.getByLabel("Company").selectOption(String(companyId));
    await assignForm.getByLabel("Priority").fill("5");
    await assignForm.getByRole("button", { name: "Assign" }).click();
    await expect(staff.getByRole("status")).toContainText("Assigned.");

    // The preview answers with the same function the bills use.
    const previewForm = staff.getByRole("form", { name: "Preview a price" });
    await previewForm.getByLabel("Part number").fill(part.part_number);
    await previewForm.getByLabel("Quantity").fill("12");
    await previewForm.getByLabel("Company").selectOption(String(companyId));
    await previewForm.getByRole("button", { name: "Show price" }).click();
    await expect(staff.getByTestId("price-preview")).toContainText("£65.00 each");
    await expect(staff.getByTestId("price-preview")).toContainText(`from price list “${listName}”`);
    await shot(staff, "price-list");
    await expectNoAxeFindings(staff, browser, javaScriptEnabled, baseURL!);
    await staff.goto("/dashboard/price-lists");
    await expect(staff.getByRole("link", { name: listName })).toBeVisible();
    await expectNoAxeFindings(staff, browser, javaScriptEnabled, baseURL!);

    // The member: their price on the catalog's card, the part's page, in the cart and at checkout.
    await page.goto(`/items?q=${encodeURIComponent(part.part_number)}`);
    await expect(page.getByTestId("your-price").first()).toContainText("Your price £72.00");
    await page.goto(`/items/${part.id}`);
    const yourPrice = page.getByTestId("your-price");
    await expect(yourPrice).toContainText("Your price £72.00");
    await expect(yourPrice.locator("s")).toHaveText("£80.00");
    await expect(page.getByTestId("price-breaks")).toContainText("Your quantity prices");
    await shot(page, "product-your-price");
    await page.getByLabel("Quantity").fill("12");
    await addToCart(page, page.getByRole("button", { name: "Add to Cart" }));
    await page.goto("/cart");
    const line = page.getByTestId(`line-${part.part_number}`);
    await expect(line.getByTestId("your-price")).toContainText("£65.00");
    await expect(line.getByTestId("your-price").locator("s")).toHaveText("£80.00");
    await expect(line).toContainText("£780.00");
    await shot(page, "cart-your-price");
    await page.goto("/checkout");
    await expect(page.getByTestId(`line-${part.part_number}`).getByTestId("your-price")).toContainText("£65.00");
    await staffContext.close();
  });
}

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`at ${width} px staff replace a list's rules from a file: checked, shown, then applied`, async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const { part } = await companyWithMember(page, width);
    await login(page, { role: "admin", name: "Sam Staff" });
    const { addPriceListRule, createPriceList } = await import("~/models/price-lists");
    const listId = await createPriceList({
      name: `File prices ${uniqueToken()}`,
      validFrom: null,
      validUntil: null,
      fixedEvenIfHigher: false,
    });
    await addPriceListRule(listId, { kind: "part", partNumber: part.part_number, unitPriceCents: 7200, breaks: [] });
    await page.goto(`/dashboard/price-lists/${listId}`);

    const importForm = page.getByRole("form", { name: "Import rules" });
    // A file with a mistake first: refused by its row, nothing changed.
    await importForm.getByLabel("Rules file (CSV)").setInputFiles({
      name: "rules.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`part_number,category,percent_off,unit_price,breaks\r\n${part.part_number},,,0.00,\r\n`),
    });
    await importForm.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByText("Row 2: Enter a unit price like 19.00, more than 0")).toBeVisible();
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await page
      .getByRole("form", { name: "Import rules" })
      .getByLabel("Rules file (CSV)")
      .setInputFiles({
        name: "rules.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(
          `part_number,category,percent_off,unit_price,breaks\r\n${part.part_number},,,70.00,"10:66.00"\r\n,,5,,\r\n`,
        ),
      });
    await page.getByRole("form", { name: "Import rules" }).getByRole("button", { name: "Check file" }).click();
    await expect(page.getByRole("status")).toContainText("File checked: nothing changes until you apply it.");
    await expect(page.getByText("2 rules in the file: 1 new, 1 changed, 0 unchanged")).toBeVisible();
    await expect(page.getByRole("cell", { name: "£70.00 net from 10: £66.00" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`price-list-import-${width}.png`), fullPage: true });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("status")).toContainText("Rules replaced: the list has 2 rules from the file.");
    await expect(page.getByRole("cell", { name: "5% off list" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
  });
}

test("by keyboard alone staff create a list, add a rule and are told a rules file is missing", async ({
  page,
  javaScriptEnabled,
}) => {
  const { part } = await companyWithMember(page, 1280);
  await login(page, { role: "admin", name: "Kay Keys" });
  await page.goto("/dashboard/price-lists");
  await untilHydrated(page, javaScriptEnabled);
  const listName = `Keyboard prices ${uniqueToken()}`;
  await page.getByLabel("Name").focus();
  await page.keyboard.type(listName);
  // The days and the checkbox are passed by Tab; Enter on the button creates the list.
  const create = page.getByRole("button", { name: "Create price list" });
  while (!(await create.evaluate((button) => button === document.activeElement))) await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listName);
  await untilHydrated(page, javaScriptEnabled);

  const ruleForm = page.getByRole("form", { name: "Add a rule" });
  await ruleForm.getByLabel("Part number").focus();
  await page.keyboard.type(part.part_number);
  await page.keyboard.press("Tab");
  await page.keyboard.type("71.00");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Rule added.");
  await expect(page.getByRole("cell", { name: "£71.00 net (list £80.00)" })).toBeVisible();

  const check = page.getByRole("form", { name: "Import rules" }).getByRole("button", { name: "Check file" });
  await check.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Choose a CSV file of rules|The file is empty/).first()).toBeVisible();
  await expect(page.locator("body")).not.toBeFocused();
});
