import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";

import { createDatabase, db } from "~/db/db.server";
import { migrateToLatest, migrateUpTo } from "~/db/migrate.server";
import { addressOnOneLine, cleanUkPostcode, splitOneLineAddress } from "~/lib/addresses";
import {
  checkoutAddressesOf,
  deleteAddress,
  listAddresses,
  saveAddress,
  setDefaultAddress,
} from "~/models/address.server";
import { addLinesToCart } from "~/models/cart";
import * as checkoutPage from "~/routes/checkout";
import * as addressesPage from "~/routes/dashboard.addresses";
import * as manageOrderPage from "~/routes/dashboard.manage-order_.$id";
import { shipReadyParts } from "~/services/order-status.server";
import { AddressFieldsSchema } from "~/validation/address";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { call, fieldErrors, getRequest, postRequest } from "../support/http";
import { TEST_SHIPMENT } from "../support/orders";
import { createTestDatabaseUrl } from "../support/test-database";
import { createSignedInUser } from "../support/users";

// The address book (issue 27): addresses in parts with UK postcodes checked, one default billing
// and one default delivery address, checkout choosing from them (the invoice bills the billing
// one), and the one-line addresses of before moved in without losing a word.

const FORGE_LANE = {
  name: "Ada Turner",
  company: "Turner Engineering Ltd",
  line1: "4 Forge Lane",
  line2: null,
  town: "Sheffield",
  postcode: "S3 8RA",
  country: "GB" as const,
  phone: "+44 114 496 0100",
};
const NO_DEFAULTS = { defaultBilling: false, defaultDelivery: false };

/** An address as checkout's form sends it in parts, and as the order keeps it. */
const TYPED = {
  company: "Patel Fabrication",
  line1: "7 Anvil Court",
  town: "Derby",
  postcode: "de1 1ab",
  country: "GB",
  name: "Noor Patel",
};
const ANVIL_COURT = { ...TYPED, line2: null, postcode: "DE1 1AB" };
const LEDGER_STREET_TYPED = {
  "billing.name": "Accounts Payable",
  "billing.line1": "1 Ledger Street",
  "billing.town": "Leeds",
  "billing.postcode": "ls14ab",
  "billing.country": "GB",
};
const LEDGER_STREET = {
  name: "Accounts Payable",
  company: null,
  line1: "1 Ledger Street",
  line2: null,
  town: "Leeds",
  postcode: "LS1 4AB",
  country: "GB",
};

async function checkoutShown(cookie: string) {
  const shown = await call(checkoutPage.loader, getRequest("/checkout", { cookie }));
  return shown.data as Awaited<ReturnType<typeof checkoutPage.loader>>;
}

/** Checkout's own fields, without an address. */
function formOf(loaded: Awaited<ReturnType<typeof checkoutShown>>) {
  return {
    phone: "+44 1332 496 000",
    checkoutToken: loaded.checkoutToken,
    expectedTotal: String(loaded.bill.totals.totalCents),
  };
}

describe("addresses", () => {
  test("UK postcodes are read as people type them and refused when they are not one", () => {
    expect(cleanUkPostcode(" s3  8ra ")).toBe("S3 8RA");
    expect(cleanUkPostcode("SW1A1AA")).toBe("SW1A 1AA");
    expect(cleanUkPostcode("ec1v 9hx")).toBe("EC1V 9HX");
    expect(cleanUkPostcode("GIR0AA")).toBe("GIR 0AA");
    for (const wrong of ["S3", "12345", "S3 8RAA", "SS 8RA", "S3-8RA!"]) expect(cleanUkPostcode(wrong)).toBeNull();

    const typed = { ...FORGE_LANE, line2: undefined };
    const parsed = AddressFieldsSchema.safeParse({ ...typed, postcode: "s38ra" });
    expect(parsed.success && parsed.data.postcode).toBe("S3 8RA");
    const refused = AddressFieldsSchema.safeParse({ ...typed, postcode: "12345" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["postcode"], message: "Enter a UK postcode such as S3 8RA" }),
    ]);
    // Abroad, the postcode is the country's own business.
    expect(AddressFieldsSchema.safeParse({ ...typed, country: "DE", postcode: "10115" }).success).toBe(true);
    expect(AddressFieldsSchema.safeParse({ ...typed, country: "XX" }).success).toBe(false);
  });

  test("a one-line address is split into its parts without losing any of it", () => {
    expect(splitOneLineAddress("Unit 4, Foundry Park, 27 Mill Road, Sheffield S3 8RT")).toEqual({
      line1: "Unit 4",
      line2: "Foundry Park, 27 Mill Road",
      town: "Sheffield",
      postcode: "S3 8RT",
    });
    expect(splitOneLineAddress("12 Foundry Lane, Sheffield s38ra")).toEqual({
      line1: "12 Foundry Lane",
      line2: null,
      town: "Sheffield",
      postcode: "S3 8RA",
    });
    // No postcode, no commas: it all stays in line 1.
    expect(splitOneLineAddress("Somewhere over the rainbow")).toEqual({
      line1: "Somewhere over the rainbow",
      line2: null,
      town: "",
      postcode: "",
    });
    expect(addressOnOneLine(FORGE_LANE)).toBe(
      "Ada Turner, Turner Engineering Ltd, 4 Forge Lane, Sheffield S3 8RA, United Kingdom",
    );
  });

  test("the first address is the default of both; choosing another default moves it; only the owner changes theirs", async () => {
    const { user } = await createSignedInUser();
    const other = await createSignedInUser();
    const first = await saveAddress({ userId: user.id }, undefined, FORGE_LANE, NO_DEFAULTS);
    const second = await saveAddress(
      { userId: user.id },
      undefined,
      { ...FORGE_LANE, line1: "9 Press Road" },
      {
        defaultBilling: true,
        defaultDelivery: false,
      },
    );
    if (!first.ok || !second.ok) throw new Error("not saved");
    const book = await listAddresses({ userId: user.id });
    expect(book.find((address) => address.id === first.addressId)).toMatchObject({
      default_billing: 0,
      default_delivery: 1,
    });
    expect(book.find((address) => address.id === second.addressId)).toMatchObject({
      default_billing: 1,
      default_delivery: 0,
    });

    expect(await setDefaultAddress({ userId: user.id }, second.addressId, "delivery")).toBe(true);
    const defaults = await checkoutAddressesOf(user.id);
    expect(defaults).toMatchObject({ defaultDeliveryId: second.addressId, defaultBillingId: second.addressId });

    expect(await saveAddress({ userId: other.user.id }, first.addressId, FORGE_LANE, NO_DEFAULTS)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await setDefaultAddress({ userId: other.user.id }, first.addressId, "billing")).toBe(false);
    expect(await deleteAddress({ userId: other.user.id }, first.addressId)).toBe(false);
    expect(await deleteAddress({ userId: user.id }, first.addressId)).toBe(true);
    expect((await listAddresses({ userId: user.id })).map((address) => address.id)).toEqual([second.addressId]);
  });

  test("the address book page adds an address, and refuses a bad postcode with a 400 that names the field", async () => {
    const { user, cookie } = await createSignedInUser();
    const fields = { intent: "save", ...FORGE_LANE, line2: "", postcode: "s3 8ra", defaultBilling: "on" };
    const added = await call(addressesPage.action, postRequest("/dashboard/addresses", fields, { cookie }));
    expect(added.status).toBe(302);
    expect(await listAddresses({ userId: user.id })).toEqual([
      expect.objectContaining({ line1: "4 Forge Lane", line2: null, postcode: "S3 8RA", default_billing: 1 }),
    ]);
    const refused = await call(
      addressesPage.action,
      postRequest("/dashboard/addresses", { ...fields, postcode: "NOT A CODE" }, { cookie }),
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).postcode).toEqual(["Enter a UK postcode such as S3 8RA"]);
    const page = await call(addressesPage.loader, getRequest("/dashboard/addresses", { cookie }));
    expect(page.status).toBe(200);
  });
});

describe("checkout with the address book", () => {
  test("the buyer chooses where it goes and whom it bills; the order keeps both and the invoice bills the billing one", async () => {
    const { user, cookie } = await createSignedInUser({ displayName: "Ada Turner" });
    const delivery = await saveAddress({ userId: user.id }, undefined, FORGE_LANE, NO_DEFAULTS);
    const billing = await saveAddress(
      { userId: user.id },
      undefined,
      { ...FORGE_LANE, name: "Accounts Payable", line1: "1 Ledger Street", town: "Leeds", postcode: "LS1 4AB" },
      { defaultBilling: true, defaultDelivery: false },
    );
    if (!delivery.ok || !billing.ok) throw new Error("not saved");
    const part = await newItem({ price_cents: 1000, quantity: 10 });
    await addLinesToCart(user.id, [{ itemId: part.id, quantity: 1 }]);

    const shown = await call(checkoutPage.loader, getRequest("/checkout", { cookie }));
    const loaded = shown.data as Awaited<ReturnType<typeof checkoutPage.loader>>;
    expect(loaded.addressBook).toMatchObject({
      defaultDeliveryId: delivery.addressId,
      defaultBillingId: billing.addressId,
    });

    const stranger = await createSignedInUser();
    const strangerAddress = await saveAddress({ userId: stranger.user.id }, undefined, FORGE_LANE, NO_DEFAULTS);
    if (!strangerAddress.ok) throw new Error("not saved");
    const form = {
      deliveryAddressId: String(delivery.addressId),
      billingAddressId: String(strangerAddress.addressId),
      phone: "+44 114 496 0100",
      checkoutToken: loaded.checkoutToken,
      expectedTotal: String(loaded.bill.totals.totalCents),
    };
    const refused = await call(checkoutPage.action, postRequest("/checkout", form, { cookie }));
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).billingAddressId).toEqual(["Choose one of your saved addresses"]);

    const placed = await call(
      checkoutPage.action,
      postRequest("/checkout", { ...form, billingAddressId: String(billing.addressId) }, { cookie }),
    );
    expect(placed.status).toBe(302);
    const orderId = Number(/(\d+)$/.exec(placed.headers.get("Location")!)![1]);
    const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order.address).toBe("Ada Turner, Turner Engineering Ltd, 4 Forge Lane, Sheffield S3 8RA, United Kingdom");
    expect(order.billing_address).toBe(
      "Accounts Payable, Turner Engineering Ltd, 1 Ledger Street, Leeds LS1 4AB, United Kingdom",
    );
    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);
    const invoice = await db
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", shipped.invoice.id)
      .executeTakeFirstOrThrow();
    expect(invoice.billing_address).toBe(order.billing_address);
    expect(invoice.delivery_address).toBe(order.address);
    // The chosen addresses in their parts too: an e-invoice names the buyer's postcode and country.
    expect(JSON.parse(order.delivery_parts!)).toMatchObject({
      line1: "4 Forge Lane",
      postcode: "S3 8RA",
      country: "GB",
    });
    expect(JSON.parse(invoice.billing_parts!)).toMatchObject({
      name: "Accounts Payable",
      town: "Leeds",
      country: "GB",
    });
  });

  test("with no address chosen, one is typed in its parts: each part missing is named beside its field", async () => {
    const { user, cookie } = await createSignedInUser();
    const part = await newItem({ quantity: 10 });
    await addLinesToCart(user.id, [{ itemId: part.id, quantity: 1 }]);
    const loaded = await checkoutShown(cookie);
    const refused = await call(
      checkoutPage.action,
      postRequest("/checkout", { ...formOf(loaded), country: "GB", postcode: "12345" }, { cookie }),
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toMatchObject({
      name: ["Enter the name of whom it is for"],
      line1: ["Enter the first line of the address"],
      town: ["Enter a town or city"],
    });
    const notAPostcode = await call(
      checkoutPage.action,
      postRequest("/checkout", { ...formOf(loaded), ...TYPED, postcode: "12345" }, { cookie }),
    );
    expect(fieldErrors(notAPostcode).postcode).toEqual(["Enter a UK postcode such as S3 8RA"]);
    const unknownCountry = await call(
      checkoutPage.action,
      postRequest("/checkout", { ...formOf(loaded), ...TYPED, country: "XX" }, { cookie }),
    );
    expect(fieldErrors(unknownCountry).country).toEqual(["Choose a country we deliver to"]);
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await listAddresses({ userId: user.id })).toEqual([]);
  });

  test("a first-time buyer's typed addresses go on the order, its invoice and credit note in their parts, and into their book as its defaults", async () => {
    const { user, cookie } = await createSignedInUser({ displayName: "Noor Patel" });
    const admin = await createSignedInUser({ role: "admin" });
    const part = await newItem({ price_cents: 1000, quantity: 10 });
    await addLinesToCart(user.id, [{ itemId: part.id, quantity: 2 }]);
    const loaded = await checkoutShown(cookie);
    // The page starts the address with the buyer's name and the shop's own country.
    expect(loaded.addressBook.options).toEqual([]);
    expect(loaded.newAddress).toMatchObject({ name: "Noor Patel", country: "GB" });

    const billingRefused = await call(
      checkoutPage.action,
      postRequest(
        "/checkout",
        { ...formOf(loaded), ...TYPED, "billing.name": "Accounts Payable", "billing.country": "GB" },
        { cookie },
      ),
    );
    expect(billingRefused.status).toBe(400);
    expect(fieldErrors(billingRefused)).toMatchObject({
      "billing.line1": ["Enter the first line of the address"],
      "billing.town": ["Enter a town or city"],
      "billing.postcode": ["Enter a postcode"],
    });

    const placed = await call(
      checkoutPage.action,
      postRequest("/checkout", { ...formOf(loaded), ...TYPED, ...LEDGER_STREET_TYPED }, { cookie }),
    );
    expect(placed.status).toBe(302);
    const orderId = Number(/(\d+)$/.exec(placed.headers.get("Location")!)![1]);
    const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order.address).toBe("Noor Patel, Patel Fabrication, 7 Anvil Court, Derby DE1 1AB, United Kingdom");
    expect(order.billing_address).toBe("Accounts Payable, 1 Ledger Street, Leeds LS1 4AB, United Kingdom");
    expect(JSON.parse(order.delivery_parts!)).toEqual(ANVIL_COURT);
    expect(JSON.parse(order.billing_parts!)).toEqual(LEDGER_STREET);

    const book = await listAddresses({ userId: user.id });
    expect(book.map((address) => [address.line1, address.default_delivery, address.default_billing])).toEqual([
      ["7 Anvil Court", 1, 0],
      ["1 Ledger Street", 0, 1],
    ]);
    expect(book[0].phone).toBe("+44 1332 496 000");

    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);
    const invoice = await db
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", shipped.invoice.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(invoice.billing_parts!)).toEqual(LEDGER_STREET);
    const [line] = await db.selectFrom("order_lines").select("id").where("order_id", "=", orderId).execute();
    const returned = await call(
      manageOrderPage.action,
      postRequest(
        `/dashboard/manage-order/${orderId}`,
        { intent: "return", orderId: String(orderId), lineId: String(line.id), quantity: "1", reason: "Spare" },
        { cookie: admin.cookie },
      ),
      { id: String(orderId) },
    );
    expect(returned.status).toBe(302);
    const creditNote = await db
      .selectFrom("invoices")
      .selectAll()
      .where("credits_invoice_id", "=", invoice.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(creditNote.billing_parts!)).toEqual(LEDGER_STREET);

    // The next checkout offers the kept addresses, chosen by default; typing them again adds nothing.
    await addLinesToCart(user.id, [{ itemId: part.id, quantity: 1 }]);
    const again = await checkoutShown(cookie);
    expect(again.addressBook.defaultDeliveryId).toBe(book[0].id);
    expect(again.addressBook.defaultBillingId).toBe(book[1].id);
    const typedAgain = await call(
      checkoutPage.action,
      postRequest("/checkout", { ...formOf(again), ...TYPED }, { cookie }),
    );
    expect(typedAgain.status).toBe(302);
    expect(await listAddresses({ userId: user.id })).toHaveLength(2);
  });

  test("an invoice of an order that billed where it went names the delivery address's parts; a one-line address keeps none", async () => {
    const { user, cookie } = await createSignedInUser({ displayName: "Noor Patel" });
    const part = await newItem({ price_cents: 1000, quantity: 10 });
    await addLinesToCart(user.id, [{ itemId: part.id, quantity: 1 }]);
    const typed = await call(
      checkoutPage.action,
      postRequest("/checkout", { ...formOf(await checkoutShown(cookie)), ...TYPED }, { cookie }),
    );
    const typedOrderId = Number(/(\d+)$/.exec(typed.headers.get("Location")!)![1]);
    const shipped = await shipReadyParts(typedOrderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);
    const invoice = await db
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", shipped.invoice.id)
      .executeTakeFirstOrThrow();
    expect(invoice.billing_address).toBe(invoice.delivery_address);
    expect(JSON.parse(invoice.billing_parts!)).toEqual(ANVIL_COURT);

    // A client that sends the address on one line (the form's field before) still orders; no parts are guessed.
    const other = await createSignedInUser();
    await addLinesToCart(other.user.id, [{ itemId: part.id, quantity: 1 }]);
    const oneLine = await call(
      checkoutPage.action,
      postRequest(
        "/checkout",
        { ...formOf(await checkoutShown(other.cookie)), address: "12 Foundry Lane, Sheffield S3 8RA" },
        { cookie: other.cookie },
      ),
    );
    expect(oneLine.status).toBe(302);
    const oneLineOrder = await db
      .selectFrom("orders")
      .selectAll()
      .where("user_id", "=", other.user.id)
      .executeTakeFirstOrThrow();
    expect(oneLineOrder).toMatchObject({ address: "12 Foundry Lane, Sheffield S3 8RA", delivery_parts: null });
    expect(await listAddresses({ userId: other.user.id })).toEqual([]);
  });
});

describe("the company's address book", () => {
  const WORKS = { ...FORGE_LANE, name: "Goods In", company: "Northern Presswork Ltd", line1: "Dock 3, Wharf Road" };
  const WORKS_FORM = { ...WORKS, line2: "", postcode: "s3 8ra" };

  test("company admins keep it; other members read it and are refused a change with a 403 that says why", async () => {
    const { companyId, admin, members } = await newCompany({ members: [{ role: "buyer" }, { role: "approver" }] });
    const [buyer, approver] = members;
    const added = await call(
      addressesPage.action,
      postRequest(
        "/dashboard/addresses",
        { intent: "save", book: "company", ...WORKS_FORM, defaultDelivery: "on" },
        { cookie: admin.cookie },
      ),
    );
    expect(added.status).toBe(302);
    // Company addresses are not the admin's own.
    expect(await listAddresses({ userId: admin.user.id })).toEqual([]);

    const seen = await call(addressesPage.loader, getRequest("/dashboard/addresses", { cookie: buyer.cookie }));
    const page = seen.data as Awaited<ReturnType<typeof addressesPage.loader>>;
    expect(page.own).toEqual([]);
    expect(page.company).toMatchObject({
      name: "Northern Presswork Ltd",
      canEdit: false,
      addresses: [expect.objectContaining({ line1: "Dock 3, Wharf Road", default_delivery: 1, default_billing: 1 })],
    });
    const shared = page.company!.addresses[0];
    // Asking to edit it as a member opens an empty form for their own book instead.
    const editing = await call(
      addressesPage.loader,
      getRequest(`/dashboard/addresses?edit=${shared.id}&book=company`, { cookie: buyer.cookie }),
    );
    expect(editing.data).toMatchObject({ editing: null, book: "own" });

    for (const [member, form] of [
      [buyer, { intent: "save", book: "company", ...WORKS_FORM }],
      [approver, { intent: "delete", book: "company", addressId: String(shared.id) }],
      [buyer, { intent: "default-billing", book: "company", addressId: String(shared.id) }],
    ] as const) {
      const refused = await call(
        addressesPage.action,
        postRequest("/dashboard/addresses", form, { cookie: member.cookie }),
      );
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.data)).toContain("Only your company's admins change its addresses.");
    }
    // Through their own book, the company's address is not theirs to change either.
    const notTheirs = await call(
      addressesPage.action,
      postRequest("/dashboard/addresses", { intent: "delete", addressId: String(shared.id) }, { cookie: buyer.cookie }),
    );
    expect(notTheirs.status).toBe(404);
    expect(await listAddresses({ companyId })).toHaveLength(1);

    const removed = await call(
      addressesPage.action,
      postRequest(
        "/dashboard/addresses",
        { intent: "delete", book: "company", addressId: String(shared.id) },
        { cookie: admin.cookie },
      ),
    );
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/dashboard/addresses#company-addresses");
  });

  test("checkout offers members the company's addresses after their own, defaults falling back to the company's", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const [buyer] = members;
    const works = await saveAddress({ companyId }, undefined, WORKS, { defaultBilling: true, defaultDelivery: true });
    const own = await saveAddress({ userId: buyer.user.id }, undefined, FORGE_LANE, NO_DEFAULTS);
    if (!works.ok || !own.ok) throw new Error("not saved");
    // The buyer's first address became both their defaults; without a billing default of their
    // own, the company's bills.
    expect(await setDefaultAddress({ userId: buyer.user.id }, own.addressId, "delivery")).toBe(true);
    await db.updateTable("addresses").set({ default_billing: 0 }).where("id", "=", own.addressId).execute();

    const part = await newItem({ price_cents: 1000, quantity: 10 });
    await addLinesToCart(buyer.user.id, [{ itemId: part.id, quantity: 1 }]);
    const shown = await call(checkoutPage.loader, getRequest("/checkout", { cookie: buyer.cookie }));
    const loaded = shown.data as Awaited<ReturnType<typeof checkoutPage.loader>>;
    expect(loaded.addressBook).toEqual({
      options: [
        { id: own.addressId, text: expect.stringContaining("4 Forge Lane"), shared: false },
        { id: works.addressId, text: expect.stringContaining("Dock 3, Wharf Road"), shared: true },
      ],
      defaultDeliveryId: own.addressId,
      // Checkout's phone starts as the delivery address's, the profile having none.
      defaultDeliveryPhone: "+44 114 496 0100",
      defaultBillingId: works.addressId,
    });

    const outsider = await createSignedInUser();
    await addLinesToCart(outsider.user.id, [{ itemId: part.id, quantity: 1 }]);
    const outsiderPage = await call(checkoutPage.loader, getRequest("/checkout", { cookie: outsider.cookie }));
    const outsiderLoaded = outsiderPage.data as Awaited<ReturnType<typeof checkoutPage.loader>>;
    expect(outsiderLoaded.addressBook.options).toEqual([]);
    const outsiderTry = await call(
      checkoutPage.action,
      postRequest(
        "/checkout",
        {
          deliveryAddressId: String(works.addressId),
          phone: "+44 114 496 0100",
          checkoutToken: outsiderLoaded.checkoutToken,
          expectedTotal: String(outsiderLoaded.bill.totals.totalCents),
        },
        { cookie: outsider.cookie },
      ),
    );
    expect(outsiderTry.status).toBe(400);
    expect(fieldErrors(outsiderTry).deliveryAddressId).toEqual(["Choose one of your saved addresses"]);

    const placed = await call(
      checkoutPage.action,
      postRequest(
        "/checkout",
        {
          deliveryAddressId: String(works.addressId),
          billingAddressId: String(works.addressId),
          phone: "+44 114 496 0100",
          checkoutToken: loaded.checkoutToken,
          expectedTotal: String(loaded.bill.totals.totalCents),
        },
        { cookie: buyer.cookie },
      ),
    );
    expect(placed.status).toBe(302);
    const orderId = Number(/(\d+)$/.exec(placed.headers.get("Location")!)![1]);
    const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order.address).toBe(
      "Goods In, Northern Presswork Ltd, Dock 3, Wharf Road, Sheffield S3 8RA, United Kingdom",
    );
  });

  test("a book holds one owner: the database refuses an address of both an account and a company", async () => {
    const { companyId, admin } = await newCompany();
    await expect(
      db
        .insertInto("addresses")
        .values({ ...FORGE_LANE, user_id: admin.user.id, company_id: companyId, created_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow();
  });
});

describe("migration 0037_addresses", () => {
  test("each account's one-line address becomes its first address, default for both, none of it lost", async () => {
    const database = await createTestDatabaseUrl();
    const before = createDatabase(database.url);
    try {
      await migrateUpTo(before, "0036_companies");
      const old = before as unknown as Kysely<any>;
      const created_at = new Date().toISOString();
      await old
        .insertInto("users")
        .values([
          {
            email: "old.address@example.com",
            display_name: "Olive Oldham",
            address: "Unit 4, Foundry Park, 27 Mill Road, Sheffield S3 8RT",
            company: "Oldham Gears",
            phone: "+44 114 496 0321",
            created_at,
          },
          { email: "no.address@example.com", display_name: "Nora None", address: "  ", created_at },
        ])
        .execute();
      await migrateToLatest(before);
      const rows = await old
        .selectFrom("addresses")
        .innerJoin("users", "users.id", "addresses.user_id")
        .select([
          "users.email",
          "addresses.name",
          "addresses.company",
          "addresses.line1",
          "addresses.line2",
          "addresses.town",
          "addresses.postcode",
          "addresses.country",
          "addresses.phone",
          "addresses.default_billing",
          "addresses.default_delivery",
        ])
        .execute();
      expect(rows).toEqual([
        {
          email: "old.address@example.com",
          name: "Olive Oldham",
          company: "Oldham Gears",
          line1: "Unit 4",
          line2: "Foundry Park, 27 Mill Road",
          town: "Sheffield",
          postcode: "S3 8RT",
          country: "GB",
          phone: "+44 114 496 0321",
          default_billing: 1,
          default_delivery: 1,
        },
      ]);
    } finally {
      await before.destroy();
      await database.drop();
    }
  });
});

describe("migration 0038_company_books", () => {
  test("addresses keep their ids and defaults; a member's quotes since joining become the company's, earlier ones stay theirs", async () => {
    const database = await createTestDatabaseUrl();
    const before = createDatabase(database.url);
    try {
      await migrateUpTo(before, "0037_addresses");
      const old = before as unknown as Kysely<any>;
      const at = (day: number) => `2026-0${day}-01T09:00:00.000Z`;
      const user = await old
        .insertInto("users")
        .values({ email: "member.0038@example.com", display_name: "Mara Member", created_at: at(1) })
        .returning("id")
        .executeTakeFirstOrThrow();
      const address = await old
        .insertInto("addresses")
        .values({ user_id: user.id, ...FORGE_LANE, default_billing: 1, default_delivery: 1, created_at: at(1) })
        .returning("id")
        .executeTakeFirstOrThrow();
      const company = await old
        .insertInto("companies")
        .values({ name: "Member Works Ltd", credit_limit_cents: 0, created_at: at(3) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await old
        .insertInto("company_members")
        .values({ user_id: user.id, company_id: company.id, role: "admin", created_at: at(3) })
        .execute();
      const quote = (number: string, day: number) => ({
        number,
        user_id: user.id,
        status: "requested",
        created_at: at(day),
        updated_at: at(day),
      });
      await old
        .insertInto("quotes")
        .values([quote("Q-2026-90001", 2), quote("Q-2026-90002", 4)])
        .execute();

      await migrateToLatest(before);
      const quotes = await old.selectFrom("quotes").select(["number", "company_id"]).orderBy("number").execute();
      expect(quotes).toEqual([
        { number: "Q-2026-90001", company_id: null },
        { number: "Q-2026-90002", company_id: company.id },
      ]);
      const moved = await old.selectFrom("addresses").selectAll().execute();
      expect(moved).toEqual([
        expect.objectContaining({
          id: address.id,
          user_id: user.id,
          company_id: null,
          line1: "4 Forge Lane",
          default_billing: 1,
          default_delivery: 1,
        }),
      ]);
      // The rebuilt table still numbers new rows after the old ones.
      const next = await old
        .insertInto("addresses")
        .values({ company_id: company.id, ...FORGE_LANE, created_at: at(5) })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(address.id);
    } finally {
      await before.destroy();
      await database.drop();
    }
  });
});
