import { expect, type Locator, type Page, test } from "@playwright/test";

import { expectNoAxeFindings } from "./axe";
import { searchBox } from "./fixtures";

// The header's search box (issue 24): with JavaScript an ARIA 1.2 combobox suggesting parts,
// categories and searches as the buyer types; without it, the plain search form it always was.

test.describe.configure({ timeout: 90_000 });

const SPUR_GEAR = "Spur Gear, Module 1, 20 Teeth";

/** The header's box at the desktop width; the phone menu's copy is hidden there. */
const headerBox = (page: Page) => searchBox(page.getByRole("banner"), true);
const listboxOf = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });

/**
 * Types into the box and waits for the list to open with the answer for the whole text: while
 * the list still shows an answer for fewer letters, it is aria-busy.
 */
async function typeAndWaitForList(page: Page, box: Locator, text: string) {
  await box.click();
  await page.keyboard.type(text);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(listboxOf(page).getByRole("option").first()).toBeVisible();
  await expect(listboxOf(page)).toHaveAttribute("aria-busy", "false");
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the combobox is built by script");

  test("type in the header box, choose a part with the arrow keys, Enter: the part's page", async ({ page }) => {
    await page.goto("/");
    const box = headerBox(page);
    await expect(box).toHaveAttribute("aria-autocomplete", "list");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await typeAndWaitForList(page, box, "spur gear");
    const listbox = listboxOf(page);
    await expect(box).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
    await expect(listbox.getByRole("group", { name: "Parts" }).getByRole("option")).not.toHaveCount(0);
    await expect(
      listbox.getByRole("group", { name: "Categories" }).getByRole("option", { name: "Gears", exact: true }),
    ).toBeVisible();
    // Typing chooses nothing (list autocomplete without automatic selection).
    await expect(box).not.toHaveAttribute("aria-activedescendant");

    const names = await listbox.getByRole("option").allTextContents();
    const at = names.findIndex((name) => name.startsWith(SPUR_GEAR));
    expect(at, names.join(" | ")).toBeGreaterThanOrEqual(0);
    for (let press = 0; press <= at; press++) await page.keyboard.press("ArrowDown");
    const chosen = listbox.getByRole("option", { name: new RegExp(`^${SPUR_GEAR}`) });
    await expect(chosen).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await chosen.getAttribute("id"))!);
    await expect(box).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/items\/\d+$/);
    await expect(page.locator("main h1")).toHaveText(SPUR_GEAR);
    await expect(listbox).toBeHidden();
  });

  test("arrows go round, Escape closes then clears, Tab leaves; the count is announced", async ({ page }) => {
    await page.goto("/about");
    const box = headerBox(page);
    await typeAndWaitForList(page, box, "bearing");
    const options = listboxOf(page).getByRole("option");
    const count = await options.count();
    await expect(page.getByRole("banner").getByText(`${count} suggestions`, { exact: true }).first()).toBeAttached();

    await page.keyboard.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(options.last()).toHaveAttribute("aria-selected", "false");

    await page.keyboard.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(listboxOf(page)).toBeHidden();
    await expect(box).toHaveValue("bearing");
    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("");
    await expect(page).toHaveURL(/\/about$/);

    await typeAndWaitForList(page, box, "bearing");
    await page.keyboard.press("Tab");
    await expect(box).not.toBeFocused();
    await expect(listboxOf(page)).toBeHidden();
    await expect(page.getByRole("banner").getByRole("button", { name: "Search" }).first()).toBeFocused();
  });

  test("a category suggestion clicked opens the category, a search chosen runs it, Enter with nothing chosen searches", async ({
    page,
  }) => {
    await page.goto("/");
    const box = headerBox(page);
    await typeAndWaitForList(page, box, "gear");
    await listboxOf(page).getByRole("option", { name: "Gears", exact: true }).click();
    await expect(page).toHaveURL(/\/items\?category=gears$/);
    await expect(page.locator("main h1")).toHaveText("Gears");

    await box.fill("");
    await typeAndWaitForList(page, box, "spur gaer");
    const corrected = listboxOf(page).getByRole("group", { name: "Searches" }).getByRole("option").first();
    await expect(corrected).toHaveText("spur gear");
    const names = await listboxOf(page).getByRole("option").allTextContents();
    for (let press = 0; press <= names.indexOf("spur gear"); press++) await page.keyboard.press("ArrowDown");
    await expect(corrected).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/items\?q=spur\+gear$/);
    await expect(box).toHaveValue("spur gear");

    await box.fill("");
    await typeAndWaitForList(page, box, "bearing");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/items\?q=bearing$/);
    await expect(page.getByTestId("result-count")).toHaveText(/^\d+ parts? matching “bearing”$/);
  });

  test("while the answer for the next letter is on its way the list is busy; the part chosen stays chosen when it lands", async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/search/suggest?*", async (route) => {
      const response = await route.fetch();
      if (new URL(route.request().url()).searchParams.get("q") !== "spur gears") return route.fulfill({ response });
      // The refined answer lists the same parts the other way round, and only once released.
      const answer = (await response.json()) as { parts: unknown[] };
      answer.parts.reverse();
      await held;
      return route.fulfill({ response, json: answer });
    });
    await page.goto("/");
    const box = headerBox(page);
    await typeAndWaitForList(page, box, "spur gear");
    const parts = listboxOf(page).getByRole("group", { name: "Parts" }).getByRole("option");
    expect(await parts.count()).toBeGreaterThan(1);
    await page.keyboard.press("ArrowDown");
    const first = (await parts.first().locator("span").first().textContent())!;
    await expect(parts.first()).toHaveAttribute("aria-selected", "true");

    await page.keyboard.type("s");
    await expect(listboxOf(page)).toHaveAttribute("aria-busy", "true");
    await expect(parts.first()).toHaveAttribute("aria-selected", "true");
    release();
    await expect(listboxOf(page)).toHaveAttribute("aria-busy", "false");
    const chosen = listboxOf(page).getByRole("option", { selected: true });
    await expect(chosen).toHaveCount(1);
    await expect(chosen.locator("span").first()).toHaveText(first);
    await expect(parts.last()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await chosen.getAttribute("id"))!);
  });

  test("suggestions that fail leave the page alone: no list, no error page, and Enter still searches", async ({
    page,
  }) => {
    let asked = 0;
    await page.route("**/search/suggest?*", (route) => {
      asked++;
      return route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"unavailable"}' });
    });
    await page.goto("/about");
    const box = headerBox(page);
    await box.click();
    await page.keyboard.type("bearing");
    await expect.poll(() => asked).toBeGreaterThan(0);
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("main h1")).toHaveText("About us");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/items\?q=bearing$/);
    await expect(page.getByTestId("result-count")).toHaveText(/^\d+ parts? matching “bearing”$/);
  });

  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`axe, every rule, on the open combobox at ${width} px`, async ({ page, browser, baseURL }, testInfo) => {
      await page.setViewportSize({ width, height });
      await page.goto("/");
      const banner = page.getByRole("banner");
      if (width < 1024) await banner.getByText("Menu").click();
      await typeAndWaitForList(page, searchBox(banner, true), "gear");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await page.screenshot({ path: testInfo.outputPath(`combobox-${width}.png`) });
      // Up past the first goes round to the last option, scrolled into view: the searches.
      for (let press = 0; press < 2; press++) await page.keyboard.press("ArrowUp");
      await expect(listboxOf(page).getByRole("option").last()).toHaveAttribute("aria-selected", "true");
      await expect(listboxOf(page).getByRole("option").last()).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`combobox-${width}-last.png`) });
      // Nothing of the list reaches past the screen's edge.
      const box = await listboxOf(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await expectNoAxeFindings(page, browser, true, baseURL!);
    });
  }
});

test("the same box without a choice searches the catalog, with JavaScript or without", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  const box = searchBox(banner, javaScriptEnabled);
  if (!javaScriptEnabled) {
    // The server's page is the plain form: no combobox, no list to control.
    await expect(banner.getByRole("combobox")).toHaveCount(0);
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(box).toHaveAttribute("name", "q");
  }
  await box.fill("bearing");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/items\?q=bearing$/);
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ parts? matching “bearing”$/);
});
