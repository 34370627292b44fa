import { expect, type Locator, type Page, test } from "@playwright/test";

import { expectNoAxeFindings } from "./axe";
import { fillCartFor, login, PUBLIC_PAGES } from "./fixtures";

// Accessibility as a keyboard and screen reader user meets it: axe with every rule it has, focus
// after each navigation, a header focus ring that can be seen, and dates in the store's locale.

// axe with every rule reads every node's colours; on a machine shared with other work a page takes
// its time.
test.describe.configure({ timeout: 90_000 });

for (const path of PUBLIC_PAGES) {
  test(`axe, every rule: ${path}`, async ({ page, browser, javaScriptEnabled, baseURL }) => {
    await page.goto(path);
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);
  });
}

test("axe, every rule: /cart and /checkout with parts in the cart, signed in", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}) => {
  const { userId } = await login(page);
  await fillCartFor(userId);
  for (const path of ["/cart", "/checkout"]) {
    await page.goto(path);
    await expect(page.locator("main h1")).toHaveText(path === "/cart" ? "Cart" : /Check ?out/i);
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);
  }
});

/** Presses Tab (or Shift+Tab) until `target` has focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${limit} presses of ${backwards ? "Shift+Tab" : "Tab"} did not reach ${target}`);
}

const h1 = (page: Page) => page.locator("main h1");

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "focus is moved by script after client-side navigation");

  test("keyboard only: search, a part, Add to Cart, cart, checkout, Place Order; focus starts each new page at its h1", async ({
    page,
  }) => {
    await login(page, { name: "Kim Keys" });
    await page.goto("/");
    const header = page.getByRole("banner");

    await tabTo(page, header.getByRole("combobox", { name: "Search parts" }));
    await page.keyboard.type("bearing");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/items\?q=bearing$/);
    await expect(h1(page)).toBeFocused();

    const card = page.locator("main article").filter({ has: page.getByRole("button", { name: /^Add to Cart: / }) });
    const partLink = card.first().getByRole("heading").getByRole("link");
    const partName = (await partLink.textContent())!.trim();
    await tabTo(page, partLink);
    await page.keyboard.press("Enter");
    await expect(h1(page)).toHaveText(partName);
    await expect(h1(page)).toBeFocused();

    const addToCart = page.getByRole("button", { name: "Add to Cart", exact: true });
    await tabTo(page, addToCart);
    const added = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/cart"));
    await page.keyboard.press("Enter");
    await added;
    await expect(page.getByRole("status")).toContainText("Added to your cart");
    await expect(addToCart).toBeFocused();

    await tabTo(page, header.getByRole("link", { name: /^Cart/ }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(h1(page)).toHaveText("Cart");
    await expect(h1(page)).toBeFocused();

    await tabTo(page, page.getByRole("link", { name: "Check out" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(h1(page)).toBeFocused();

    // The address in its parts, field after field in the order they read.
    const delivery = page.getByRole("group", { name: "Delivery address" });
    await tabTo(page, delivery.getByLabel("Address line 1"));
    await page.keyboard.type("4 Lathe Row");
    await page.keyboard.press("Tab");
    await expect(delivery.getByLabel("Address line 2 (optional)")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(delivery.getByLabel("Town or city")).toBeFocused();
    await page.keyboard.type("Sheffield");
    await page.keyboard.press("Tab");
    await expect(delivery.getByLabel("Postcode")).toBeFocused();
    await page.keyboard.type("S1 2AB");
    await tabTo(page, page.getByLabel("Phone"));
    await page.keyboard.type("+44 114 496 0000");
    await tabTo(page, page.getByRole("button", { name: "Place Order" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
    await expect(page.getByRole("status")).toContainText("Order placed successfully");
    await expect(h1(page)).toHaveText(/^Order #\d+$/);
    await expect(h1(page)).toBeFocused();
    await expect(page.getByRole("main")).toContainText(partName);
  });

  test("choosing a filter or a sort keeps focus on it; a category link moves focus to the new h1; the first load moves nothing", async ({
    page,
  }) => {
    await page.goto("/items?category=gears");
    await expect(page.locator("body")).toBeFocused();

    const filters = page.getByRole("complementary", { name: "Filters" });
    const checkbox = filters.getByRole("group", { name: "Bore" }).getByRole("checkbox").first();
    await tabTo(page, checkbox);
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/spec=Bore%3A/);
    await expect(checkbox).toBeChecked();
    await expect(checkbox).toBeFocused();

    await tabTo(page, filters.getByRole("link", { name: /^Bearings \d+$/ }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/category=bearings/);
    await expect(h1(page)).toHaveText("Bearings");
    await expect(h1(page)).toBeFocused();

    const sort = page.getByLabel("Sort by");
    await tabTo(page, sort);
    await sort.selectOption("price-desc");
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(sort).toBeFocused();
  });

  test("Add to Cart keeps focus while the cart answers, and a second press meanwhile posts nothing", async ({
    page,
  }) => {
    await login(page);
    await page.goto("/items?inStock=1");
    let posts = 0;
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/cart*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      await held;
      await route.continue();
    });
    const button = page.getByRole("button", { name: /^Add to Cart: / }).first();
    await tabTo(page, button);
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    answer();
    await expect(page.getByRole("status")).toContainText("Added to your cart");
    await expect(button).toBeFocused();
    expect(posts).toBe(1);
  });

  test("a form sent back with its error leaves focus on the field with the message, not on the h1", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type("nobody-here@example.com");
    await tabTo(page, page.getByLabel("Password"));
    await page.keyboard.type("not-the-password");
    await tabTo(page, page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeFocused();
  });

  test("a cart line's Update, disabled while it travels, has focus again once the cart answers", async ({ page }) => {
    const { userId } = await login(page);
    await fillCartFor(userId);
    await page.goto("/cart");
    const quantity = page.getByRole("spinbutton").first();
    await tabTo(page, quantity);
    await page.keyboard.press("ArrowUp");
    const update = page.getByRole("button", { name: "Update" }).first();
    await tabTo(page, update);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText("Cart updated");
    await expect(update).toBeFocused();
  });

  test("Skip to content moves to main, not to the h1 a navigation would choose", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(h1(page)).not.toBeFocused();
  });

  test("a date hydrates as the server wrote it, in STORE_LOCALE, whatever the browser's own locale", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: "en-US", timezoneId: "America/Los_Angeles" });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/blog/progressive-enhancement-in-this-store");
    // Hydrated: a client-side navigation to the blog renders its dates in the browser.
    await page.getByRole("link", { name: "Blog", exact: true }).first().click();
    await expect(h1(page)).toHaveText("Blog");
    await expect(page.locator('time[datetime="2026-10-07"]')).toHaveText("7 Oct 2026");
    await page.goBack();
    await expect(page.locator('main time[datetime="2026-10-07"]')).toHaveText("7 Oct 2026");
    expect(problems).toEqual([]);
    await context.close();
  });
});

test("Sign Out's focus ring, from the keyboard, is clearly apart from its resting border", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page);
  await page.goto("/about");
  const signOut = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign Out" }).first();
  const ring = () =>
    signOut.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        outlineColor: style.outlineColor,
        outlineOffset: parseFloat(style.outlineOffset),
        boxShadow: style.boxShadow,
        borderColor: style.borderTopColor,
        headerBackground: getComputedStyle(element.closest("header")!).backgroundColor,
      };
    });
  const resting = await ring();
  expect(resting.outlineStyle).toBe("none");

  await tabTo(page, signOut);
  const focused = await ring();
  // A solid ring at least 2px wide, standing off the border, in a colour that is neither the
  // border's nor close to the header's (3:1 at least, WCAG 1.4.11).
  expect(focused.outlineStyle).toBe("solid");
  expect(focused.outlineWidth).toBeGreaterThanOrEqual(2);
  expect(focused.outlineOffset).toBeGreaterThanOrEqual(1);
  expect(focused.outlineColor).not.toBe(resting.borderColor);
  expect(contrast(focused.outlineColor, focused.headerBackground)).toBeGreaterThanOrEqual(3);
});

/** WCAG contrast ratio of two computed colours (rgb(…) or oklch(…) as Chromium reports them). */
function contrast(first: string, second: string) {
  const [a, b] = [luminance(first), luminance(second)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

function luminance(color: string) {
  const channels = srgbOf(color).map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

/** sRGB channels from 0 to 1. Tailwind 4's palette is oklch, which Chromium reports as it is. */
function srgbOf(color: string): [number, number, number] {
  const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(color);
  if (rgb) return [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255];
  const oklch = /^oklch\(([\d.]+)(%?) ([\d.]+) ([\d.]+)/.exec(color);
  if (!oklch) throw new Error(`unknown colour ${color}`);
  const lightness = Number(oklch[1]) / (oklch[2] ? 100 : 1);
  const chroma = Number(oklch[3]);
  const hue = (Number(oklch[4]) * Math.PI) / 180;
  const [a, b] = [chroma * Math.cos(hue), chroma * Math.sin(hue)];
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((value) => {
    const clamped = Math.min(1, Math.max(0, value));
    return clamped <= 0.0031308 ? 12.92 * clamped : 1.055 * clamped ** (1 / 2.4) - 0.055;
  }) as [number, number, number];
}
