import { expect, type Page, test } from "@playwright/test";

import { addProduct, login, loginCredentials, searchBox, shipOrder, signIn, signOut } from "./fixtures";

/** The original's one-part order page, from the part's own page. */
async function openOrderPage(page: Page, itemName: string) {
  await page.goto(`/items?q=${encodeURIComponent(itemName)}`);
  await page.getByRole("link", { name: itemName, exact: true }).first().click();
  await page.getByRole("link", { name: "Order just this part" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(itemName);
}

async function placeOrder(page: Page, quantity: number) {
  await page.getByLabel("Quantity").fill(String(quantity));
  await page.getByLabel("Shipping address").fill("12 Foundry Lane, Sheffield");
  await page.getByLabel("Phone").fill("+44 114 496 0000");
  await page.getByRole("button", { name: "Place Order" }).click();
}

/**
 * Without JavaScript the page cannot show the total for a quantity typed after it loaded, so the
 * first Place Order shows that total and asks again: nobody is charged a total they did not see.
 */
async function confirmTotalWithoutJavaScript(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return;
  await expect(page.getByRole("alert")).toContainText("Check it and place the order again.");
  await page.getByRole("button", { name: "Place Order" }).click();
}

test("the home page has a four-slide carousel, newest parts and reviews", async ({ page }) => {
  await page.goto("/");
  const carousel = page.locator('section[aria-roledescription="carousel"]');
  await expect(carousel).toBeVisible();
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(4);
  await expect(page.getByRole("heading", { name: "Newest parts" })).toBeVisible();
  await expect(page.getByText("Quantity Available").first()).toBeVisible();
  await expect(page.getByText("Supplier Name").first()).toBeVisible();
  await expect(page.getByText("Price/unit").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "What customers say" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Rated \d out of 5/ }).first()).toBeVisible();
});

test("the carousel's buttons move between slides", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the buttons are added by JavaScript; without it the carousel scrolls");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Go to slide 1" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Next slide" }).click();
  await expect(page.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Go to slide 4" }).click();
  await expect(page.getByRole("button", { name: "Go to slide 4" })).toHaveAttribute("aria-current", "true");
  // Reduced motion: no autoplay, so the rotation control offers to play.
  await expect(page.getByRole("button", { name: /Play/ })).toBeVisible();
});

test("ordering a stock-only part takes stock, shows in My Orders, refuses more than is left, and can be cancelled", async ({
  browser,
  javaScriptEnabled,
}) => {
  const adminPage = await browser.newPage();
  await login(adminPage, { role: "admin", name: "Alex Admin" });
  // Sold from stock only, so more than is left is refused (a part taking backorders would accept it).
  const itemName = await addProduct(adminPage, { quantity: 10, stockOnly: true });
  await adminPage.close();

  const page = await browser.newPage();
  await login(page);
  await openOrderPage(page, itemName);
  await expect(page.getByTestId("quantity-available")).toHaveText("10");
  await placeOrder(page, 3);
  await confirmTotalWithoutJavaScript(page, javaScriptEnabled);
  await expect(page).toHaveURL(/\/dashboard\/my-order\/\d+$/);
  await expect(page.getByRole("status")).toContainText("Order placed successfully");
  await expect(page.getByRole("row", { name: new RegExp(itemName) })).toContainText("3");
  await page.goto("/dashboard/my-order");
  const row = page.getByRole("row", { name: new RegExp(itemName) });
  await expect(row).toContainText("pending");
  await expect(row).toContainText("3");

  await openOrderPage(page, itemName);
  await expect(page.getByTestId("quantity-available")).toHaveText("7");
  await placeOrder(page, 8);
  await expect(page.getByText("Only 7 left in stock")).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveAttribute("aria-invalid", "true");

  await page.goto("/dashboard/my-order");
  await page
    .getByRole("row", { name: new RegExp(itemName) })
    .getByRole(javaScriptEnabled ? "button" : "link", { name: /Cancel order/ })
    .click();
  await page.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(page.getByRole("status")).toContainText("cancelled");
  await expect(page.getByRole("row", { name: new RegExp(itemName) })).toContainText("cancelled");
  await openOrderPage(page, itemName);
  await expect(page.getByTestId("quantity-available")).toHaveText("10");
});

test("a stock-only part out of stock says so on its card and its page, and cannot be ordered", async ({ page }) => {
  await login(page, { role: "admin", name: "Alex Admin" });
  const itemName = await addProduct(page, { quantity: 0, stockOnly: true });
  await page.goto(`/items?q=${encodeURIComponent(itemName)}`);
  await expect(page.getByRole("button", { name: `Add to Cart: ${itemName}` })).toHaveCount(0);
  await expect(page.getByRole("article").filter({ hasText: itemName }).getByTestId("dispatch")).toHaveCount(0);
  await page.getByRole("link", { name: itemName }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(itemName);
  await expect(page.getByTestId("stock")).toHaveText("Out of stock");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Order just this part" })).toHaveCount(0);

  const id = new URL(page.url()).pathname.split("/").at(-1);
  await page.goto(`/order/${id}`);
  await expect(page.getByText("Out of stock: this part cannot be ordered right now.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
});

test("a signed-out visitor searches from the header, filters by category and a spec, opens a part and comes back to it after signing in", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await searchBox(header, javaScriptEnabled).fill("gears");
  await header.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/items\?q=gears$/);
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ parts matching “gears”$/);

  const filters = page.getByRole("complementary", { name: "Filters" });
  const gears = filters.getByRole("link", { name: /^Gears \d+$/ });
  const gearCount = Number(await gears.getByTestId("facet-count").textContent());
  await gears.click();
  await expect(page).toHaveURL(/category=gears/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gears");
  await expect(page.getByTestId("result-count")).toHaveText(`${gearCount} parts matching “gears”`);

  const bore = filters.getByRole("group", { name: "Bore" });
  const firstBore = bore.getByRole("listitem").first();
  const boreCount = Number(await firstBore.getByTestId("facet-count").textContent());
  await firstBore.getByRole("checkbox").check();
  if (!javaScriptEnabled) await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/spec=Bore%3A/);
  await expect(page.getByTestId("result-count")).toHaveText(
    boreCount === 1 ? "1 part matching “gears”" : `${boreCount} parts matching “gears”`,
  );
  await expect(page.locator("main article")).toHaveCount(boreCount);
  await expect(filters.getByRole("group", { name: "Bore" }).getByRole("checkbox").first()).toBeChecked();

  const firstCard = page.locator("main article").first();
  const name = (await firstCard.getByRole("heading").textContent())!.trim();
  await firstCard.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/items\/\d+$/);
  const partPage = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText(/^Part number GW-/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Specifications" })).toBeVisible();
  await expect(page.getByTestId("stock")).toHaveText(/^(In stock: \d+|Out of stock)/);
  await page.getByRole("link", { name: "Sign in to order" }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
  const { email, password } = await loginCredentials();
  await signIn(page, email, password);
  await expect(page).toHaveURL(partPage);
});

test("a search that finds nothing says so once, keeps the query and offers to clear the filters", async ({ page }) => {
  await page.goto("/items?category=gears&inStock=1&q=zzqx-nothing");
  await expect(page.getByTestId("result-count")).toHaveText(
    "No parts match “zzqx-nothing” with these filters. Clear filters",
  );
  await expect(page.getByText(/No parts/)).toHaveCount(1);
  await expect(page.locator("main").getByRole("searchbox")).toHaveValue("zzqx-nothing");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/items\?q=zzqx-nothing$/);
  await expect(page.getByTestId("result-count")).toHaveText("No parts match “zzqx-nothing”. Show all parts");
});

test("a review added in the dashboard appears on the home page, and the form resets", async ({ page }) => {
  await login(page, { name: "Reviewer Rae" });
  await page.goto("/dashboard/add-review");
  await expect(page.getByLabel("Name")).toHaveValue("Reviewer Rae");
  await page.getByRole("button", { name: "Add review" }).click();
  await expect(page.getByText("Choose a rating from 1 to 5")).toBeVisible();
  await expect(page.getByText("Enter your review")).toBeVisible();

  const text = `Bearings arrived fast and fit perfectly ${Date.now()}`;
  await page.getByLabel("Rating").selectOption("4");
  await page.getByLabel("Review").fill(text);
  await page.getByRole("button", { name: "Add review" }).click();
  await expect(page.getByRole("status")).toContainText("Review added successfully");
  await expect(page.getByLabel("Review")).toHaveValue("");

  await page.goto("/");
  await expect(page.getByText(text)).toBeVisible();
  await page.goto("/dashboard/my-review");
  await expect(page.getByText(text)).toBeVisible();
});

test("admin pages are hidden from customers and refused with 403", async ({ page }) => {
  await login(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
  await expect(page.getByRole("link", { name: "Manage Orders" })).toHaveCount(0);
  for (const path of [
    "/dashboard/manage-order",
    "/dashboard/add-product",
    "/dashboard/manage-product",
    "/dashboard/make-admin",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
  await signOut(page);
  await page.goto("/add-product");
  await expect(page).toHaveURL("/sign-in?redirectTo=%2Fdashboard%2Fadd-product");
});

test("an admin adds, edits and deletes a product after confirming", async ({ page, javaScriptEnabled }) => {
  await login(page, { role: "admin", name: "Alex Admin" });
  await page.goto("/dashboard/add-product");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Enter a product name")).toBeVisible();
  await page.getByLabel("Price/unit (GBP)").fill("1.234");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Enter a price like 12.40 or £1,234.50")).toBeVisible();

  const itemName = await addProduct(page, { quantity: 5, price: "12.50" });
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

  await page.goto("/dashboard/manage-product");
  await page.getByRole("link", { name: `Edit ${itemName}` }).click();
  await page.getByLabel("Price/unit (GBP)").fill("£1,042.00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("row", { name: new RegExp(itemName) })).toContainText("£1,042.00");

  // Delete is on the part's own page, away from the list's links.
  await expect(page.getByRole("row", { name: new RegExp(itemName) }).getByText("Delete")).toHaveCount(0);
  await page.getByRole("link", { name: `Edit ${itemName}` }).click();
  await page.getByRole(javaScriptEnabled ? "button" : "link", { name: `Delete ${itemName}` }).click();
  await expect(page.getByText("Delete this item? OK to proceed.")).toBeVisible();
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("status")).toContainText("Item deleted");
  await expect(page.getByRole("row", { name: new RegExp(itemName) })).toHaveCount(0);
});

test("an admin moves an order from pending to shipped to delivered", async ({ browser }) => {
  const adminPage = await browser.newPage();
  await login(adminPage, { role: "admin", name: "Alex Admin" });
  const itemName = await addProduct(adminPage, { quantity: 4 });

  const customer = await browser.newPage();
  await login(customer);
  await openOrderPage(customer, itemName);
  await placeOrder(customer, 1);
  await expect(customer).toHaveURL(/\/dashboard\/my-order\/\d+$/);

  await adminPage.goto("/dashboard/manage-order?status=pending");
  const row = adminPage.getByRole("row", { name: new RegExp(itemName) });
  await shipOrder(row);
  await expect(adminPage.getByRole("status")).toContainText("is now shipped");
  await adminPage.goto("/dashboard/manage-order?status=shipped");
  await adminPage
    .getByRole("row", { name: new RegExp(itemName) })
    .getByRole("button", { name: /Mark delivered/ })
    .click();
  await expect(adminPage.getByRole("status")).toContainText("is now delivered");

  await customer.goto("/dashboard/my-order");
  await expect(customer.getByRole("row", { name: new RegExp(itemName) })).toContainText("delivered");
});

test("on a desktop screen every header link and control stays on one line, for a signed-in admin too", async ({
  page,
}) => {
  const header = page.getByRole("navigation", { name: "Main" });
  const expectOneLineEach = async () => {
    for (const control of await header.locator("a:visible, button:visible").all()) {
      const box = (await control.boundingBox())!;
      // One line of the header's text is under 30 px; a wrapped label is twice that.
      expect(box.height, (await control.textContent()) ?? "").toBeLessThan(45);
    }
  };
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/items");
    await expectOneLineEach();
  }
  await login(page, { role: "admin", name: "Alexandra Administrator-Smith" });
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/items");
    await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expectOneLineEach();
  }
});
