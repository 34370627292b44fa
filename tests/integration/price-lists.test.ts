import { describe, expect, test } from "vitest";

import { storePricingRules, storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { agreedPricesNote } from "~/lib/contract-prices";
import { totalsFor } from "~/lib/pricing";
import { addLinesToCart, getCart } from "~/models/cart";
import { getInvoiceDocument } from "~/models/invoice";
import { addPriceListRule, assignPriceList, createPriceList } from "~/models/price-lists";
import { previewPrice, priceLines } from "~/models/pricing.server";
import * as apiCart from "~/routes/api.cart";
import * as apiItems from "~/routes/api.item";
import * as apiItem from "~/routes/api.item.$id";
import * as checkoutPage from "~/routes/checkout";
import * as ordersCsv from "~/routes/dashboard.export.orders[.]csv";
import * as myOrderPage from "~/routes/dashboard.my-order_.$id";
import * as priceListsPage from "~/routes/dashboard.price-lists";
import * as priceListPage from "~/routes/dashboard.price-lists_.$id";
import * as catalogPage from "~/routes/items";
import * as productPage from "~/routes/items_.$id";
import * as orderPartPage from "~/routes/order.$id";
import { shipReadyParts } from "~/services/order-status.server";

import { apiRequest, callApi } from "../support/api";
import { newCategory, newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { call, fieldErrors, getRequest, postRequest } from "../support/http";
import { linesOf, SHIPPING, TEST_SHIPMENT } from "../support/orders";
import { pdfText } from "../support/pdf";
import { createSignedInUser } from "../support/users";

// Contract prices (issue 50): the precedence of lists and rules, the days a list prices, and one
// price on every bill, page and order for a buyer with a list.

async function newList(name: string, options: { validFrom?: string; validUntil?: string; fixed?: boolean } = {}) {
  return createPriceList({
    name,
    validFrom: options.validFrom ?? null,
    validUntil: options.validUntil ?? null,
    fixedEvenIfHigher: options.fixed ?? false,
  });
}

/** Places the order a checkout page showed, with the total it showed. */
function placeFromCheckout(shown: { checkoutToken: string; bill: { totals: { totalCents: number } } }, cookie: string) {
  const fields = {
    ...SHIPPING,
    checkoutToken: shown.checkoutToken,
    expectedTotal: String(shown.bill.totals.totalCents),
  };
  return call(checkoutPage.action, postRequest("/checkout", fields, { cookie }));
}

async function priceFor(buyerId: number, itemId: number, quantity: number, day?: string) {
  const { bill } = await priceLines([{ itemId, quantity }], { buyerId, day });
  const [line] = bill.lines;
  return { cents: line.unitPriceCents, source: line.priceSource };
}

describe("which price a buyer pays", () => {
  test("the buyer's own list comes before their company's, and the company's by priority", async () => {
    const part = await newItem({ price_cents: 10_000, quantity: 100 });
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const buyer = members[0].user;

    const low = await newList("Company, low priority");
    await addPriceListRule(low, { kind: "all", percentOffBp: 3000 });
    await assignPriceList(low, { companyId }, 1);
    expect(await priceFor(buyer.id, part.id, 1)).toEqual({
      cents: 7000,
      source: { kind: "contract", listId: low, listName: "Company, low priority", rule: "all" },
    });

    const high = await newList("Company, high priority");
    await addPriceListRule(high, { kind: "all", percentOffBp: 1000 });
    await assignPriceList(high, { companyId }, 5);
    expect((await priceFor(buyer.id, part.id, 1)).cents).toBe(9000);

    const own = await newList("The buyer's own");
    await addPriceListRule(own, { kind: "part", partNumber: part.part_number, unitPriceCents: 9500, breaks: [] });
    await assignPriceList(own, { email: buyer.email }, 0);
    expect(await priceFor(buyer.id, part.id, 1)).toMatchObject({
      cents: 9500,
      source: { listName: "The buyer's own" },
    });

    // Another member of the company has no list of their own: the company's, by priority.
    const colleague = await createSignedInUser();
    expect((await priceFor(colleague.user.id, part.id, 1)).cents).toBe(10_000);
  });

  test("within a list the part's price beats its category's percentage, which beats all parts'", async () => {
    const category = await newCategory();
    const part = await newItem({ price_cents: 2000, category_id: category.id });
    const other = await newItem({ price_cents: 2000, category_id: category.id });
    const { user } = await createSignedInUser();
    const list = await newList("Layers");
    await assignPriceList(list, { email: user.email }, 0);
    await addPriceListRule(list, { kind: "all", percentOffBp: 500 });
    expect(await priceFor(user.id, part.id, 1)).toMatchObject({ cents: 1900, source: { rule: "all" } });
    await addPriceListRule(list, { kind: "category", categorySlug: category.slug, percentOffBp: 2000 });
    expect(await priceFor(user.id, part.id, 1)).toMatchObject({ cents: 1600, source: { rule: "category" } });
    await addPriceListRule(list, { kind: "part", partNumber: part.part_number, unitPriceCents: 1750, breaks: [] });
    expect(await priceFor(user.id, part.id, 1)).toMatchObject({ cents: 1750, source: { rule: "part" } });
    expect(await priceFor(user.id, other.id, 1)).toMatchObject({ cents: 1600, source: { rule: "category" } });
  });

  test("a contract price above list with breaks gives way, unless the list is fixed even if higher", async () => {
    const part = await newItem({ price_cents: 1000 }, { priceBreaks: [{ minQuantity: 10, priceCents: 800 }] });
    const { user } = await createSignedInUser();
    const list = await newList("Net 9.00");
    await addPriceListRule(list, { kind: "part", partNumber: part.part_number, unitPriceCents: 900, breaks: [] });
    await assignPriceList(list, { email: user.email }, 0);
    expect(await priceFor(user.id, part.id, 5)).toMatchObject({ cents: 900, source: { kind: "contract" } });
    expect(await priceFor(user.id, part.id, 10)).toEqual({ cents: 800, source: { kind: "list" } });

    const fixed = await newList("Fixed 9.00", { fixed: true });
    await addPriceListRule(fixed, { kind: "part", partNumber: part.part_number, unitPriceCents: 900, breaks: [] });
    await assignPriceList(fixed, { email: user.email }, 9);
    expect(await priceFor(user.id, part.id, 10)).toMatchObject({ cents: 900, source: { listName: "Fixed 9.00" } });
  });

  test("a list prices from its first day to its last, in the store's time zone", async () => {
    const part = await newItem({ price_cents: 1000 });
    const { user } = await createSignedInUser();
    const list = await newList("Summer", { validFrom: "2027-06-01", validUntil: "2027-08-31" });
    await addPriceListRule(list, { kind: "all", percentOffBp: 1000 });
    await assignPriceList(list, { email: user.email }, 0);
    expect((await priceFor(user.id, part.id, 1, "2027-05-31")).cents).toBe(1000);
    expect((await priceFor(user.id, part.id, 1, "2027-06-01")).cents).toBe(900);
    expect((await priceFor(user.id, part.id, 1, "2027-08-31")).cents).toBe(900);
    expect((await priceFor(user.id, part.id, 1, "2027-09-01")).cents).toBe(1000);
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (summer time): the list's first minute.
    expect((await priceFor(user.id, part.id, 1, storeToday(new Date("2027-05-31T23:30:00Z")))).cents).toBe(900);
    expect((await priceFor(user.id, part.id, 1, storeToday(new Date("2027-05-31T22:59:00Z")))).cents).toBe(1000);
    // 23:30 UTC on 31 August is already 1 September in London: the list has ended.
    expect((await priceFor(user.id, part.id, 1, storeToday(new Date("2027-08-31T23:30:00Z")))).cents).toBe(1000);

    // Across the clock changes: London leaves summer time on 31 October 2027 and enters it on
    // 26 March 2028, so a day's last minute is 23:59 UTC in winter and 22:59 UTC in summer.
    const winter = await newList("Winter", { validFrom: "2027-10-31", validUntil: "2028-03-26" });
    await addPriceListRule(winter, { kind: "all", percentOffBp: 2000 });
    const { user: other } = await createSignedInUser();
    await assignPriceList(winter, { email: other.email }, 0);
    const at = async (instant: string) => (await priceFor(other.id, part.id, 1, storeToday(new Date(instant)))).cents;
    expect(await at("2027-10-30T22:59:00Z")).toBe(1000); // 23:59 BST on 30 October
    expect(await at("2027-10-30T23:00:00Z")).toBe(800); // 00:00 BST on 31 October, the first minute
    expect(await at("2028-03-26T22:59:00Z")).toBe(800); // 23:59 BST on 26 March, the last minute
    expect(await at("2028-03-26T23:00:00Z")).toBe(1000); // 00:00 BST on 27 March
  });

  test("a guest and a buyer without lists pay list price", async () => {
    const part = await newItem({ price_cents: 1234 });
    const { user } = await createSignedInUser();
    expect(await priceFor(user.id, part.id, 1)).toEqual({ cents: 1234, source: { kind: "list" } });
    const { bill } = await priceLines([{ itemId: part.id, quantity: 1 }]);
    expect(bill.lines[0].unitPriceCents).toBe(1234);
  });
});

describe("the catalog sorted by price", () => {
  test("a buyer with lists sees it in order of their own prices, a visitor in list price order, each every time", async () => {
    const category = await newCategory();
    const parts = [];
    for (const price_cents of [3000, 2000, 2500, 2600])
      parts.push(await newItem({ price_cents, category_id: category.id }));
    const [dear, cheap, middle, halved] = parts;
    const { user, cookie } = await createSignedInUser();
    const list = await newList("Sorted by our price");
    // A net price for the dearest part, 50% off the category (not the dearest: its own price decides),
    // and an older list whose 90% off every part is never consulted for these parts.
    await addPriceListRule(list, { kind: "part", partNumber: dear.part_number, unitPriceCents: 900, breaks: [] });
    await addPriceListRule(list, { kind: "category", categorySlug: category.slug, percentOffBp: 5000 });
    await assignPriceList(list, { email: user.email }, 5);
    const ignored = await newList("Lower priority");
    await addPriceListRule(ignored, { kind: "all", percentOffBp: 9000 });
    await assignPriceList(ignored, { email: user.email }, 1);

    const order = async (sort: string, who?: string) => {
      const page = await call(
        catalogPage.loader,
        getRequest(`/items?category=${category.slug}&sort=${sort}`, who ? { cookie: who } : {}),
      );
      return (page.data.items as { id: number; yourPrice?: { unitPriceCents: number } | null }[]).map(
        (item) => item.id,
      );
    };
    // The buyer's: 9.00, 10.00, 12.50 and 13.00.
    expect(await order("price-asc", cookie)).toEqual([dear.id, cheap.id, middle.id, halved.id]);
    expect(await order("price-asc")).toEqual([cheap.id, middle.id, halved.id, dear.id]);
    expect(await order("price-desc", cookie)).toEqual([halved.id, middle.id, cheap.id, dear.id]);
    expect(await order("price-desc")).toEqual([dear.id, halved.id, middle.id, cheap.id]);
    // The visitor's page again, after the buyer's: nothing of the buyer's order was kept for it.
    expect(await order("price-asc")).toEqual([cheap.id, middle.id, halved.id, dear.id]);
  });
});

describe("one price everywhere for a buyer with a list", () => {
  async function buyerWithList() {
    const part = await newItem({ price_cents: 5000, quantity: 100 });
    const { user, cookie } = await createSignedInUser();
    const list = await newList("Acme Works 2027");
    await addPriceListRule(list, {
      kind: "part",
      partNumber: part.part_number,
      unitPriceCents: 4200,
      breaks: [{ minQuantity: 10, priceCents: 3900 }],
    });
    await assignPriceList(list, { email: user.email }, 0);
    return { part, user, cookie, list };
  }

  test("the product page, cart, checkout, API cart and the placed order show the same price, and the order keeps its list", async () => {
    const { part, user, cookie } = await buyerWithList();
    const page = await call(productPage.loader, getRequest(`/items/${part.id}`, { cookie }), { id: String(part.id) });
    expect(page.data.yourPrice).toEqual({
      tiers: [
        { minQuantity: 1, priceCents: 4200 },
        { minQuantity: 10, priceCents: 3900 },
      ],
      listName: "Acme Works 2027",
    });
    const anonymous = await call(productPage.loader, getRequest(`/items/${part.id}`), { id: String(part.id) });
    expect(anonymous.data.yourPrice).toBeNull();
    const search = `/items?q=${encodeURIComponent(part.part_number)}`;
    const card = (await call(catalogPage.loader, getRequest(search, { cookie }))).data.items[0];
    expect(card).toMatchObject({
      id: part.id,
      price_cents: 5000,
      your_price_cents: 4200,
      your_price_list: "Acme Works 2027",
    });
    const anonymousCard = (await call(catalogPage.loader, getRequest(search))).data.items[0];
    expect(anonymousCard).toMatchObject({ id: part.id, your_price_cents: null });

    await addLinesToCart(user.id, [{ itemId: part.id, quantity: 12 }]);
    const cart = await getCart(user.id);
    expect(cart.lines[0]).toMatchObject({ unitPriceCents: 3900, listUnitPriceCents: 5000, lineTotalCents: 46_800 });
    const itemForBuyer = await callApi(apiItem, apiRequest("GET", `/api/item/${part.id}`, { cookie }), {
      id: String(part.id),
    });
    expect(itemForBuyer.data).toMatchObject({ price: 50, yourPrice: 42, priceList: "Acme Works 2027" });
    expect(itemForBuyer.headers.get("ETag")).not.toBe(`"${part.version}"`);
    const itemForAnyone = await callApi(apiItem, apiRequest("GET", `/api/item/${part.id}`), { id: String(part.id) });
    expect(itemForAnyone.data.price).toBe(50);
    expect(itemForAnyone.data).not.toHaveProperty("yourPrice");
    const listForBuyer = await callApi(apiItems, apiRequest("GET", `/api/item?q=${part.part_number}`, { cookie }));
    expect(listForBuyer.data).toEqual([expect.objectContaining({ _id: part.id, yourPrice: 42 })]);
    const viaApi = await callApi(apiCart, apiRequest("GET", "/api/cart", { cookie }));
    expect(viaApi.data.lines[0]).toMatchObject({ unitPrice: 39, listPrice: 50, priceList: "Acme Works 2027" });

    const checkout = await call(checkoutPage.loader, getRequest("/checkout", { cookie }));
    expect(checkout.data.bill.lines[0].unitPriceCents).toBe(3900);
    const placed = await placeFromCheckout(checkout.data, cookie);
    expect(placed.status).toBe(302);
    const orderId = Number(placed.location!.split("/").pop());
    const [line] = await linesOf(orderId);
    expect(line).toMatchObject({ unit_price_cents: 3900, line_total_cents: 46_800 });
    const stored = await db
      .selectFrom("order_lines")
      .select(["price_list_name"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(stored.price_list_name).toBe("Acme Works 2027");
    // The order's page and its confirmation mail name the list its prices were agreed in.
    const agreed = `Prices as agreed in Acme Works 2027: ${part.part_number}.`;
    const orderPage = await call(myOrderPage.loader, getRequest(`/dashboard/my-order/${orderId}`, { cookie }), {
      id: String(orderId),
    });
    expect(agreedPricesNote(orderPage.data.order.lines)).toBe(agreed);
    const mail = await db
      .selectFrom("outbox")
      .select(["text_body", "html_body"])
      .where("order_id", "=", orderId)
      .where("kind", "=", "order-placed")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(agreed);
    expect(mail.html_body).toContain(agreed);
    const exported = await call(ordersCsv.loader, getRequest("/dashboard/export/orders.csv", { cookie }));
    const [header, row] = String(exported.data)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header.split(",").at(-1)).toBe("price_list");
    expect(row.split(",").at(-1)).toBe("Acme Works 2027");

    // The VAT invoice of its shipment bills the same price, as its PDF reads back.
    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(`could not ship: ${shipped.reason}`);
    const invoice = (await getInvoiceDocument({ id: shipped.invoice.id }))!;
    expect(invoice.lines[0]).toMatchObject({ unit_price_cents: 3900, line_total_cents: 46_800 });
    const invoiceText = pdfText(await renderInvoicePdf(invoice));
    expect(invoiceText).toMatch(/12\s+£39\.00\s+£468\.00/);
    expect(invoiceText.replace(/\s+/g, " ")).toContain(agreed);
  });

  test("the single-part order page prices the buyer's quantity at their price, and its order is placed at it", async () => {
    const { part, cookie } = await buyerWithList();
    const page = await call(orderPartPage.loader, getRequest(`/order/${part.id}`, { cookie }), { id: String(part.id) });
    expect(page.data.yourPrice?.tiers).toEqual([
      { minQuantity: 1, priceCents: 4200 },
      { minQuantity: 10, priceCents: 3900 },
    ]);
    const quantity = 10;
    const { totalCents } = totalsFor([{ lineTotalCents: 3900 * quantity }], storePricingRules());
    const placed = await call(
      orderPartPage.action,
      postRequest(
        `/order/${part.id}`,
        {
          ...SHIPPING,
          quantity: String(quantity),
          checkoutToken: page.data.checkoutToken,
          expectedTotal: String(totalCents),
        },
        { cookie },
      ),
      { id: String(part.id) },
    );
    expect(placed.status).toBe(302);
    const [line] = await linesOf(Number(placed.location!.split("/").pop()));
    expect(line).toMatchObject({ unit_price_cents: 3900, quantity, price_list_name: "Acme Works 2027" });
  });

  test("a list changed while the cart is open: checkout shows the new price and asks to confirm the total; the placed order keeps its price", async () => {
    const { part, user, cookie, list } = await buyerWithList();
    await addLinesToCart(user.id, [{ itemId: part.id, quantity: 2 }]);
    const before = await call(checkoutPage.loader, getRequest("/checkout", { cookie }));
    expect(before.data.bill.lines[0].unitPriceCents).toBe(4200);

    await db.deleteFrom("price_list_rules").where("price_list_id", "=", list).execute();
    await addPriceListRule(list, { kind: "part", partNumber: part.part_number, unitPriceCents: 4000, breaks: [] });

    const refused = await placeFromCheckout(before.data, cookie);
    expect(refused.status).toBe(409);
    const after = await call(checkoutPage.loader, getRequest("/checkout", { cookie }));
    expect(after.data.bill.lines[0].unitPriceCents).toBe(4000);
    const placed = await placeFromCheckout(after.data, cookie);
    expect(placed.status).toBe(302);
    const orderId = Number(placed.location!.split("/").pop());

    // A later change of the list changes no placed order.
    await db.updateTable("price_list_rules").set({ unit_price_cents: 1 }).where("price_list_id", "=", list).execute();
    const [line] = await linesOf(orderId);
    expect(line.unit_price_cents).toBe(4000);
  });
});

describe("staff's price list pages", () => {
  test("create a list, add rules, assign it and preview a price, with each refusal said by its field", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const part = await newItem({ price_cents: 3000 });
    const { companyId } = await newCompany();

    const backwards = await call(
      priceListsPage.action,
      postRequest(
        "/dashboard/price-lists",
        { intent: "create", name: "Backwards", validFrom: "2027-02-01", validUntil: "2027-01-01" },
        { cookie: admin.cookie },
      ),
    );
    expect(backwards.status).toBe(400);
    expect(fieldErrors(backwards).validUntil).toEqual(["The last day must be on or after the first"]);
    const created = await call(
      priceListsPage.action,
      postRequest("/dashboard/price-lists", { intent: "create", name: "Northern 2027" }, { cookie: admin.cookie }),
    );
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!;
    const post = (fields: Record<string, string>) =>
      call(priceListPage.action, postRequest(`/dashboard/price-lists/${id}`, fields, { cookie: admin.cookie }), { id });

    const noPrice = await post({ intent: "add-rule", partNumber: part.part_number });
    expect(noPrice.status).toBe(400);
    expect(fieldErrors(noPrice).unitPrice).toEqual(["Enter the part's unit price"]);
    const badBreaks = await post({
      intent: "add-rule",
      partNumber: part.part_number,
      unitPrice: "25.00",
      breaks: "20:26.00",
    });
    expect(badBreaks.status).toBe(400);
    expect(fieldErrors(badBreaks).breaks).toEqual(["A break must cost less per unit than the part's net price"]);
    const unknownPart = await post({ intent: "add-rule", partNumber: "NO-SUCH-PART", unitPrice: "1.00" });
    expect(unknownPart.status).toBe(404);
    expect(fieldErrors(unknownPart).partNumber).toEqual(["No part has this part number."]);

    expect(
      (
        await post({
          intent: "add-rule",
          partNumber: part.part_number,
          unitPrice: "25.00",
          breaks: "20:24.00, 50:22.50",
        })
      ).status,
    ).toBe(302);
    expect((await post({ intent: "add-rule", partNumber: part.part_number, unitPrice: "20.00" })).status).toBe(409);
    expect((await post({ intent: "add-rule", percentOff: "12.5" })).status).toBe(302);
    expect((await post({ intent: "assign", companyId: String(companyId), priority: "3" })).status).toBe(302);
    const both = await post({
      intent: "assign",
      companyId: String(companyId),
      email: "someone@example.com",
      priority: "3",
    });
    expect(both.status).toBe(400);

    const page = await call(
      priceListPage.loader,
      getRequest(`/dashboard/price-lists/${id}?partNumber=${part.part_number}&quantity=20&companyId=${companyId}`, {
        cookie: admin.cookie,
      }),
      { id },
    );
    expect(page.data.list.rules).toHaveLength(2);
    expect(page.data.list.assignments).toEqual([expect.objectContaining({ company_id: companyId, priority: 3 })]);
    expect(page.data.preview).toMatchObject({
      ok: true,
      price: { unitPriceCents: 2400, listUnitPriceCents: 3000, source: { rule: "part" } },
    });
    const forOne = await previewPrice({ partNumber: part.part_number, quantity: 1, companyId });
    expect(forOne.ok && forOne.price).toMatchObject({ unitPriceCents: 2500, source: { listName: "Northern 2027" } });
  });

  test("Copy for next year copies the rules and breaks, moves the days a year on and keeps the assignments", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const part = await newItem({ price_cents: 3000 });
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const list = await newList("Leap 2028", { validFrom: "2028-02-29", validUntil: "2028-12-31" });
    await addPriceListRule(list, {
      kind: "part",
      partNumber: part.part_number,
      unitPriceCents: 2500,
      breaks: [{ minQuantity: 5, priceCents: 2400 }],
    });
    await assignPriceList(list, { companyId }, 2);
    const copied = await call(
      priceListPage.action,
      postRequest(`/dashboard/price-lists/${list}`, { intent: "duplicate" }, { cookie: admin.cookie }),
      { id: String(list) },
    );
    expect(copied.status).toBe(302);
    const copyId = Number(copied.location!.split("/").pop());
    const page = await call(
      priceListPage.loader,
      getRequest(`/dashboard/price-lists/${copyId}`, { cookie: admin.cookie }),
      {
        id: String(copyId),
      },
    );
    expect(page.data.list).toMatchObject({
      name: "Leap 2028 (next year)",
      valid_from: "2029-02-28",
      valid_until: "2029-12-31",
    });
    expect(page.data.list.rules).toEqual([
      expect.objectContaining({
        part_number: part.part_number,
        unit_price_cents: 2500,
        breaks: [{ minQuantity: 5, priceCents: 2400 }],
      }),
    ]);
    expect(page.data.list.assignments).toEqual([expect.objectContaining({ company_id: companyId, priority: 2 })]);
    expect((await priceFor(members[0].user.id, part.id, 5, "2029-03-01")).cents).toBe(2400);
  });

  test("two lists at one priority for the same company on overlapping days are refused (409), and nothing is written", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { companyId } = await newCompany();
    const assign = (listId: number, priority: number) =>
      call(
        priceListPage.action,
        postRequest(
          `/dashboard/price-lists/${listId}`,
          { intent: "assign", companyId: String(companyId), priority: String(priority) },
          { cookie: admin.cookie },
        ),
        { id: String(listId) },
      );
    const year = await newList("Calendar 2027", { validFrom: "2027-01-01", validUntil: "2027-12-31" });
    expect((await assign(year, 3)).status).toBe(302);
    const overlapping = await newList("Mid 2027 to mid 2028", { validFrom: "2027-06-01", validUntil: "2028-05-31" });
    const refused = await assign(overlapping, 3);
    expect(refused.status).toBe(409);
    expect(fieldErrors(refused).priority).toEqual([
      "“Calendar 2027” is assigned here at priority 3 on some of the same days: choose another priority, or change its days.",
    ]);
    const always = await newList("No days");
    expect((await assign(always, 3)).status).toBe(409);
    const assignments = () =>
      db.selectFrom("price_list_assignments").select("price_list_id").where("company_id", "=", companyId).execute();
    expect((await assignments()).map((row) => row.price_list_id)).toEqual([year]);
    // Another priority, or days that do not meet (the last day and the next day), are fine.
    expect((await assign(overlapping, 4)).status).toBe(302);
    const next = await newList("Calendar 2028", { validFrom: "2028-01-01", validUntil: "2028-12-31" });
    expect((await assign(next, 3)).status).toBe(302);
    // Assigning a list again at its own priority is no clash with itself.
    expect((await assign(year, 3)).status).toBe(302);
  });

  test("only staff reach them", async () => {
    const customer = await createSignedInUser();
    const list = await newList("Hidden");
    const page = await call(priceListsPage.loader, getRequest("/dashboard/price-lists", { cookie: customer.cookie }));
    expect(page.status).toBe(403);
    const posted = await call(
      priceListPage.action,
      postRequest(
        `/dashboard/price-lists/${list}`,
        { intent: "add-rule", percentOff: "50" },
        { cookie: customer.cookie },
      ),
      { id: String(list) },
    );
    expect(posted.status).toBe(403);
    expect(await db.selectFrom("price_list_rules").select("id").where("price_list_id", "=", list).execute()).toEqual(
      [],
    );
  });
});
