import { readFile } from "node:fs/promises";

import { expect, type Page, test } from "@playwright/test";

import { samplePdf, sampleProductPhoto, sampleText } from "../support/media-samples";
import { expectNoAxeFindings } from "./axe";
import { addProduct, login } from "./fixtures";

// Staff upload a photo and a datasheet on a part's edit page; buyers see the picture on the part's
// page and download the datasheet. With JavaScript on and off (the two projects), at a phone's
// width and a desktop's, checked by axe.

/** Adds a part through the admin form and opens its edit page from the flash's link. */
async function newPartToEdit(page: Page) {
  const name = await addProduct(page, { quantity: 5, price: "42.00" });
  await page
    .getByRole("status")
    .getByRole("link", { name: /^Edit / })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
  return { name, editUrl: page.url() };
}

function uploadForm(page: Page, button: string) {
  return page.locator("form", { has: page.getByRole("button", { name: button }) });
}

test("staff upload a photo and a datasheet; the part's page shows the picture and the datasheet downloads", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await login(page, { role: "admin", name: "Alex Admin" });
  const { name } = await newPartToEdit(page);
  const photo = Buffer.from(await sampleProductPhoto({ width: 3000, height: 2000 }));
  const datasheet = Buffer.from(samplePdf());

  // A text file named as a photo is refused beside the field, whatever the browser says it is.
  const pictureForm = uploadForm(page, "Upload picture");
  await pictureForm.getByLabel("Picture", { exact: true }).setInputFiles({
    name: "gear.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(sampleText()),
  });
  await pictureForm.getByLabel("Alt text").fill("Spur gear, front view");
  await pictureForm.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("This file is not a JPEG, PNG, WebP or AVIF picture")).toBeVisible();
  await expect(uploadForm(page, "Upload picture").getByLabel("Picture", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await uploadForm(page, "Upload picture").getByLabel("Picture", { exact: true }).setInputFiles({
    name: "gear.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await uploadForm(page, "Upload picture").getByLabel("Alt text").fill("Spur gear, front view");
  await uploadForm(page, "Upload picture").getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByRole("status")).toContainText("Picture added.");
  await expect(page.getByText("Main picture", { exact: true })).toBeVisible();

  const documentForm = uploadForm(page, "Upload document");
  await documentForm.getByLabel("Datasheet or CAD file").setInputFiles({
    name: "Spur gear datasheet.pdf",
    mimeType: "application/pdf",
    buffer: datasheet,
  });
  await documentForm.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByRole("status")).toContainText("PDF added.");

  await page.goto("/items");
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const main = page.getByRole("img", { name: "Spur gear, front view" });
  await expect(main).toBeVisible();
  // The browser took the AVIF source, and the picture loaded.
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
    .toMatch(/^http:\/\/localhost:\d+\/media\/[0-9a-f]{64}-(640|1280)\.avif$/);

  const documents = page.getByRole("region", { name: "Datasheets and CAD files" });
  await expect(documents).toContainText(`Datasheet, PDF, ${datasheet.length} bytes`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    documents.getByRole("link", { name: "Spur gear datasheet.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Spur gear datasheet.pdf");
  expect(await readFile((await download.path())!)).toEqual(datasheet);
});

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a part's page with its picture at ${width} px`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    await login(page, { role: "admin", name: "Alex Admin" });
    const { name } = await newPartToEdit(page);
    // The main picture, and a second one for the gallery beside it.
    for (const [alt, photoWidth] of [
      ["Steel spur gear, 28 teeth, on a grey background", 2400],
      ["The same gear, a closer view", 1600],
    ] as const) {
      const form = uploadForm(page, "Upload picture");
      await form.getByLabel("Picture", { exact: true }).setInputFiles({
        name: "gear.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(await sampleProductPhoto({ width: photoWidth, height: 1200 })),
      });
      await form.getByLabel("Alt text").fill(alt);
      await form.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByRole("status")).toContainText("Picture added.");
    }
    await expect(page.getByText("Picture 2", { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`edit-page-${width}.png`), fullPage: true });
    await page
      .getByRole("region", { name: "Pictures" })
      .screenshot({ path: testInfo.outputPath(`edit-page-pictures-${width}.png`) });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);

    await page.goto("/items");
    await page.getByRole("link", { name, exact: true }).first().click();
    const main = page.getByRole("img", { name: "Steel spur gear, 28 teeth, on a grey background" });
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // It fills its column and keeps the shape its width and height give it, so nothing moves.
    const box = (await main.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
    // The other picture is in the gallery, a link to its largest JPEG.
    const gallery = page.getByRole("list", { name: "More pictures" });
    await expect(
      gallery.getByRole("link", { name: /^The same gear, a closer view \(larger, 1280 × \d+ pixels\)$/ }),
    ).toHaveAttribute("href", /^\/media\/[0-9a-f]{64}-1280\.jpg$/);
    await page.screenshot({ path: testInfo.outputPath(`product-page-picture-${width}.png`) });
    await expectNoAxeFindings(page, browser, javaScriptEnabled, baseURL!);
  });
}
