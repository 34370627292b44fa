import net from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { setCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { addPriceListRule, assignPriceList, createPriceList } from "~/models/price-lists";

import { newCategory, newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import {
  type FakeProcurement,
  newConnection,
  postCxml,
  purchaseOrderFor,
  type PurchaseOrderLine,
  setupRequestFor,
  startFakeProcurement,
  type TestConnection,
} from "../support/punchout";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";

const unique = (prefix: string) => `${prefix}-${uniqueToken()}`;

// Issue 52 through the built server: procurement systems' recorded setup requests, the one-time
// start link, the punchout session's pages, the cart going back (cXML and OCI) and the purchase
// order coming in, once.

let server: ServerProcess;
let procurement: FakeProcurement;

beforeAll(async () => {
  procurement = await startFakeProcurement();
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
  await procurement?.close();
});

/** A start link as the shop answers it names APP_URL; the test server listens on a port of its own. */
const onServer = (url: string) => `${server.origin}${new URL(url).pathname}`;

function get(path: string, cookie?: string) {
  return fetch(`${server.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("__session="))
    ?.split(";")[0];

const coupaRequest = (connection: TestConnection, email: string, shop = server.origin) =>
  setupRequestFor(connection, { email, returnUrl: procurement.returnUrl, shop });

async function setUp(connection: TestConnection, fixture: string, email: string, extra: Record<string, string> = {}) {
  const request = setupRequestFor(connection, {
    fixture,
    email,
    returnUrl: procurement.returnUrl,
    shop: server.origin,
    extra,
  });
  return postCxml(`${server.origin}/punchout/cxml/setup`, request);
}

/** Opens a start link as the browser does; returns the punchout session's cookie. */
async function start(startUrl: string) {
  const response = await get(new URL(onServer(startUrl)).pathname);
  expect(response.status).toBe(302);
  const cookie = sessionCookieOf(response);
  expect(cookie).toBeTruthy();
  return { response, cookie: cookie! };
}

async function addToCart(cookie: string, itemId: number, quantity: number) {
  const added = await postForm(
    server.origin,
    "/cart",
    { intent: "add", itemId: String(itemId), quantity: String(quantity) },
    { cookie },
  );
  expect(added.status).toBe(302);
}

const orderCount = async () =>
  Number(
    (
      await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The PunchOutOrderMessage's lines as a procurement system reads them. */
function itemsOf(message: string) {
  return [...message.matchAll(/<ItemIn quantity="(\d+)">([\s\S]*?)<\/ItemIn>/g)].map(([, quantity, body]) => ({
    quantity: Number(quantity),
    supplierPartId: /<SupplierPartID>([^<]+)</.exec(body)?.[1],
    reference: /<SupplierPartAuxiliaryID>([^<]+)</.exec(body)?.[1],
    buyerPartId: /<BuyerPartID>([^<]+)</.exec(body)?.[1] ?? null,
    unitPrice: /<UnitPrice>\s*<Money currency="GBP">([^<]+)</.exec(body)?.[1],
    unit: /<UnitOfMeasure>([^<]+)</.exec(body)?.[1],
    unspsc: /<Classification domain="UNSPSC">([^<]*)</.exec(body)?.[1] ?? null,
    leadTime: /<LeadTime>([^<]+)</.exec(body)?.[1],
  }));
}

describe("cXML PunchOut", () => {
  test("Coupa's and Ariba's recorded setup requests each get a one-time start link into a session as the member they name", async () => {
    const coupa = await newCompany({ members: [{ role: "buyer", orderLimitCents: 100 }] });
    const ariba = await newCompany({ members: [{ role: "buyer" }] });
    const coupaConnection = await newConnection(coupa.companyId, { domain: "DUNS", systemName: "Coupa" });
    const aribaConnection = await newConnection(ariba.companyId, {
      domain: "AribaNetworkUserId",
      systemName: "SAP Ariba",
    });

    for (const [connection, fixture, member, system] of [
      [coupaConnection, "coupa-setup-request.xml", coupa.members[0], "Coupa"],
      [aribaConnection, "ariba-setup-request.xml", ariba.members[0], "SAP Ariba"],
    ] as const) {
      const answer = await setUp(connection, fixture, member.user.email);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe("text/xml; charset=utf-8");
      expect(answer.code).toBe(200);
      expect(answer.startUrl).toMatch(/\/punchout\/start\/[A-Za-z0-9_-]{43}$/);

      const { response, cookie } = await start(answer.startUrl!);
      expect(response.headers.get("location")).toBe("/items");
      const row = await db
        .selectFrom("sessions")
        .select(["user_id", "punchout_session_id"])
        .where("user_id", "=", member.user.id)
        .where("punchout_session_id", "is not", null)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(member.user.id);

      const part = await newItem({ price_cents: 2_000 });
      await addToCart(cookie, part.id, 2);
      const cart = await (await get("/cart", cookie)).text();
      expect(cart).toContain(`You are shopping for <strong>${system}</strong>`);
      expect(cart).toContain(`Transfer cart to ${system}`);
      expect(cart).not.toContain('href="/checkout"');
      // Checkout and the one-part order page send a punchout session back to its cart.
      expect((await get("/checkout", cookie)).headers.get("location")).toBe("/cart");
      expect((await get(`/order/${part.id}`, cookie)).headers.get("location")).toBe("/cart");

      // The link works once.
      const again = await get(new URL(onServer(answer.startUrl!)).pathname);
      expect(again.status).toBe(410);
      expect(sessionCookieOf(again)).toBeUndefined();
    }
  });

  test("the cart goes back as a PunchOutOrderMessage at the company's prices, and the purchase order is placed once at them", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer", orderLimitCents: 1_000 }] });
    const buyer = members[0];
    const connection = await newConnection(companyId, { domain: "DUNS", systemName: "Coupa" });
    const category = await newCategory();
    await db.updateTable("categories").set({ unspsc: "31171500" }).where("id", "=", category.id).execute();
    const bearing = await newItem({ price_cents: 1_250, quantity: 40, category_id: category.id, lead_time_days: 3 });
    const gear = await newItem({ price_cents: 4_000, quantity: 5 });
    const bolt = await newItem({ price_cents: 35, quantity: 1_000 });
    await setCustomerPartNumber(buyer.user.id, bearing.id, "NP-BRG-608");
    const listId = await createPriceList({
      name: "Presswork 2026",
      validFrom: null,
      validUntil: null,
      fixedEvenIfHigher: false,
    });
    await addPriceListRule(listId, { kind: "part", partNumber: gear.part_number, unitPriceCents: 3_500, breaks: [] });
    expect((await assignPriceList(listId, { companyId }, 10)).ok).toBe(true);

    const answer = await setUp(connection, "coupa-setup-request.xml", buyer.user.email);
    const { cookie } = await start(answer.startUrl!);
    await addToCart(cookie, bearing.id, 4);
    await addToCart(cookie, gear.id, 2);
    await addToCart(cookie, bolt.id, 100);

    const transfer = await postForm(server.origin, "/punchout/transfer", {}, { cookie });
    expect(transfer.status).toBe(200);
    expect(transfer.headers.get("content-security-policy")).toContain(`form-action ${procurement.origin};`);
    const page = await transfer.text();
    expect(page).toContain(`action="${procurement.returnUrl.replace(/&/g, "&#38;")}"`);
    expect(page).toContain("Transfer cart to Coupa");
    const message = /name="cxml-urlencoded" value="([^"]*)"/
      .exec(page)![1]
      .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
    expect(message).toContain("<BuyerCookie>99ea3c4c8cf9f6dc905a6b6772daa0d1</BuyerCookie>");
    const items = itemsOf(message);
    expect(items).toHaveLength(3);
    const reference = items[0].reference!;
    expect(reference).toMatch(/^PS\d+$/);
    expect(items).toEqual(
      expect.arrayContaining([
        {
          quantity: 4,
          supplierPartId: bearing.part_number,
          reference,
          buyerPartId: "NP-BRG-608",
          unitPrice: "12.50",
          unit: "EA",
          unspsc: "31171500",
          leadTime: "3",
        },
        {
          quantity: 2,
          supplierPartId: gear.part_number,

          reference,
          buyerPartId: null,
          unitPrice: "35.00",
          unit: "EA",
          unspsc: null,
          leadTime: String(gear.lead_time_days),
        },
        {
          quantity: 100,
          supplierPartId: bolt.part_number,

          reference,
          buyerPartId: null,
          unitPrice: "0.35",
          unit: "EA",
          unspsc: null,
          leadTime: String(bolt.lead_time_days),
        },
      ]),
    );
    // cXML asks for a Classification on every line: a category without a UNSPSC class sends it empty.
    expect(message.match(/<Classification domain="UNSPSC"\/>/g)).toHaveLength(2);
    expect(message).toMatch(/<Total>\s*<Money currency="GBP">155\.00<\/Money>/);

    // Nothing is ordered; the cart is empty; this browser is signed out.
    const cartLines = await db
      .selectFrom("cart_lines")
      .innerJoin("carts", "carts.id", "cart_lines.cart_id")
      .select("cart_lines.item_id")
      .where("carts.user_id", "=", buyer.user.id)
      .execute();
    expect(cartLines).toEqual([]);
    expect(transfer.headers.getSetCookie().some((header) => header.startsWith("__session=;"))).toBe(true);
    expect((await get("/dashboard/my-order", cookie)).status).toBe(302);

    // The purchase order: placed at the transferred prices, for the company, with its PO number,
    // as its member's order but approved in the procurement system (over the buyer's £10 limit).
    const before = await orderCount();
    const lines: PurchaseOrderLine[] = [
      { partNumber: bearing.part_number, quantity: 4, unitPrice: "12.50", reference },
      { partNumber: gear.part_number, quantity: 2, unitPrice: "35.00", reference },
      { partNumber: bolt.part_number, quantity: 100, unitPrice: "0.35", reference },
    ];
    const payloadId = unique("payload");
    const purchaseOrder = purchaseOrderFor(connection, "PO-7781", lines, payloadId);
    const placed = await postCxml(`${server.origin}/punchout/cxml/order`, purchaseOrder);
    expect([placed.status, placed.code]).toEqual([200, 200]);
    const order = await db
      .selectFrom("orders")
      .select(["id", "po_number", "company_id", "user_id", "status", "subtotal_cents", "address"])
      .where("po_number", "=", "PO-7781")
      .executeTakeFirstOrThrow();
    expect(placed.detail).toBe(`Taken as our order ${order.id}.`);
    expect(order).toMatchObject({
      company_id: companyId,
      user_id: buyer.user.id,
      status: "pending",
      subtotal_cents: 15_500,
    });
    expect(order.address).toContain("4 Forge Lane");
    const orderLines = await db
      .selectFrom("order_lines")
      .select(["part_number", "unit_price_cents", "quantity", "price_list_name"])
      .where("order_id", "=", order.id)
      .orderBy("position")
      .execute();
    expect(orderLines).toEqual(
      expect.arrayContaining([
        { part_number: gear.part_number, unit_price_cents: 3_500, quantity: 2, price_list_name: "Presswork 2026" },
        { part_number: bearing.part_number, unit_price_cents: 1_250, quantity: 4, price_list_name: null },
      ]),
    );
    expect(await orderCount()).toBe(before + 1);

    // The same document again answers the same order; other content under its orderID or payloadID is refused.
    const repeated = await postCxml(
      `${server.origin}/punchout/cxml/order`,
      purchaseOrder.replace("2026-12-07T10:15:00+00:00", "2026-12-07T10:16:00+00:00"),
    );
    expect([repeated.status, repeated.detail]).toEqual([200, `Taken before as our order ${order.id}.`]);
    const changed = purchaseOrderFor(connection, "PO-7781", [{ ...lines[0], quantity: 5 }]);
    expect((await postCxml(`${server.origin}/punchout/cxml/order`, changed)).status).toBe(409);
    const reusedPayload = purchaseOrderFor(connection, "PO-7782", lines.slice(0, 1), payloadId);
    expect((await postCxml(`${server.origin}/punchout/cxml/order`, reusedPayload)).status).toBe(409);
    // A price that is not the one the cart went back with is refused, naming the line.
    const dearer = await postCxml(
      `${server.origin}/punchout/cxml/order`,
      purchaseOrderFor(connection, "PO-7783", [{ ...lines[1], unitPrice: "30.00" }]),
    );
    expect([dearer.status, dearer.code]).toEqual([400, 400]);
    expect(dearer.detail).toContain("Line 1");
    expect(await orderCount()).toBe(before + 1);
  });

  test("a setup request is taken from another site's server: it proves itself by its secret, not by a cookie", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { domain: "DUNS" });
    const request = coupaRequest(connection, members[0].user.email);
    const answer = await postCxml(`${server.origin}/punchout/cxml/setup`, request, {
      Origin: "https://buyer.coupahost.com",
      "Sec-Fetch-Site": "cross-site",
    });
    expect([answer.status, answer.code]).toEqual([200, 200]);
  });

  test("an edit request puts the requisition's lines back in the cart and lands there", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { domain: "AribaNetworkUserId", systemName: "SAP Ariba" });
    const part = await newItem({ price_cents: 900 });
    const answer = await setUp(connection, "ariba-edit-request.xml", members[0].user.email, {
      QUANTITY: "7",
      PART_NUMBER: part.part_number,
      REFERENCE: "PS1",
    });
    expect(answer.code).toBe(200);
    const { response, cookie } = await start(answer.startUrl!);
    expect(response.headers.get("location")).toBe("/cart");
    const cart = await (await get("/cart", cookie)).text();
    expect(cart).toContain(part.part_number);
    expect(cart).toContain("Transfer cart to SAP Ariba");
  });
});

describe("SAP OCI", () => {
  test("the entry signs in through a start link, and the cart goes back as NEW_ITEM fields at SAP's lengths, priced per piece", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, {
      protocol: "oci",
      domain: "SRM-100",
      systemName: "SAP SRM",
      actingUserId: members[0].user.id,
    });
    const longName = "Deep groove ball bearing 6204-2RS sealed both sides, C3 clearance, high-temperature grease";
    const bearing = await newItem({ name: longName, price_cents: 412, quantity: 50 });
    const query = new URLSearchParams({
      USERNAME: connection.identity,
      PASSWORD: connection.secret,
      HOOK_URL: procurement.returnUrl,
      "~TARGET": "_top",
      "~OkCode": "ADDI",
    });
    const entry = await get(`/punchout/oci?${query}`);
    expect(entry.status).toBe(303);
    expect(entry.headers.get("location")).toMatch(/\/punchout\/start\/[A-Za-z0-9_-]{43}$/);
    const { cookie } = await start(entry.headers.get("location")!);
    await addToCart(cookie, bearing.id, 12);

    const page = await (await postForm(server.origin, "/punchout/transfer", {}, { cookie })).text();
    expect(page).toContain(' target="_top"');
    const fields = new Map(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [
        name.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
        value.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
      ]),
    );
    expect(fields.get("NEW_ITEM-DESCRIPTION[1]")).toHaveLength(40);
    expect(fields.get("NEW_ITEM-DESCRIPTION[1]")).toBe(`${longName.slice(0, 39)}…`);
    expect(fields.get("NEW_ITEM-LONGTEXT_1:132[]")).toBe(longName);
    expect(fields.get("NEW_ITEM-QUANTITY[1]")).toBe("12");
    expect(fields.get("NEW_ITEM-UNIT[1]")).toBe("EA");
    expect(fields.get("NEW_ITEM-PRICE[1]")).toBe("4.12");
    expect(fields.get("NEW_ITEM-PRICEUNIT[1]")).toBe("1");
    expect(fields.get("NEW_ITEM-CURRENCY[1]")).toBe("GBP");
    expect(fields.get("NEW_ITEM-VENDORMAT[1]")).toBe(bearing.part_number);
    expect(fields.get("NEW_ITEM-EXT_PRODUCT_ID[1]")).toBe(bearing.part_number);
    expect(fields.get("~OkCode")).toBe("ADDI");
    expect(fields.get("~TARGET")).toBe("_top");
    const lengths: Record<string, number> = {
      DESCRIPTION: 40,
      MATNR: 40,
      QUANTITY: 15,
      UNIT: 3,
      PRICE: 15,
      PRICEUNIT: 9,
      CURRENCY: 5,
      LEADTIME: 5,
      VENDORMAT: 40,
      EXT_PRODUCT_ID: 40,
      CUST_FIELD1: 10,
    };
    for (const [name, value] of fields) {
      const field = /^NEW_ITEM-([A-Z_0-9]+)\[\d+\]$/.exec(name)?.[1];
      if (field && lengths[field]) expect(value.length, name).toBeLessThanOrEqual(lengths[field]);
    }
  });

  test("a wrong password is refused with 401 and signs nobody in", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { protocol: "oci", actingUserId: members[0].user.id });
    const query = new URLSearchParams({
      USERNAME: connection.identity,
      PASSWORD: "not-the-secret",
      HOOK_URL: procurement.returnUrl,
    });
    const refused = await get(`/punchout/oci?${query}`);
    expect(refused.status).toBe(401);
    expect(sessionCookieOf(refused)).toBeUndefined();
  });
});

describe("what strangers send is refused with the right status, and nothing is written", () => {
  const setupUrl = () => `${server.origin}/punchout/cxml/setup`;
  const sessionRows = async () =>
    Number(
      (
        await db
          .selectFrom("punchout_sessions")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test("a wrong shared secret and an unknown identity get the same 401", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { domain: "DUNS" });
    const before = await sessionRows();
    const wrongSecret = await setUp(
      { ...connection, secret: "guess" },
      "coupa-setup-request.xml",
      members[0].user.email,
    );
    const unknown = await setUp(
      { ...connection, identity: "nobody-we-know" },
      "coupa-setup-request.xml",
      members[0].user.email,
    );
    for (const answer of [wrongSecret, unknown]) expect([answer.status, answer.code]).toEqual([401, 401]);
    expect(wrongSecret.detail).toBe(unknown.detail);
    expect(await sessionRows()).toBe(before);
  });

  test("malformed XML, a billion laughs, an external entity and a document that is not cXML are 400s", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { domain: "DUNS" });
    const valid = coupaRequest(connection, members[0].user.email);
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE cXML [
${Array.from({ length: 10 }, (_, index) => `<!ENTITY lol${index + 1} "${`&lol${index};`.repeat(10)}">`)
  .join("\n")
  .replace("&lol0;".repeat(10), "lol".repeat(10))}
]>
<cXML><Header/><Request><PunchOutSetupRequest><BuyerCookie>&lol10;</BuyerCookie></PunchOutSetupRequest></Request></cXML>`;
    const external = valid
      .replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE cXML [<!ENTITY secret SYSTEM "file:///etc/passwd">]>')
      .replace("<BuyerCookie>99ea3c4c8cf9f6dc905a6b6772daa0d1", "<BuyerCookie>&secret;");
    const before = await sessionRows();
    for (const [what, body] of [
      ["malformed", valid.slice(0, valid.length - 40)],
      ["billion laughs", laughs],
      ["external entity", external],
      ["an undeclared entity", valid.replace("<BuyerCookie>", "<BuyerCookie>&xxe;")],
      ["not cXML", "<html><body>hello</body></html>"],
      ["too deep", `<cXML>${"<a>".repeat(200)}${"</a>".repeat(200)}</cXML>`],
      ["not UTF-8", Buffer.from([0x3c, 0x63, 0xff, 0xfe, 0x3e])],
    ] as const) {
      const answer = await postCxml(setupUrl(), body as string);
      expect([answer.status, answer.code], what).toEqual([400, 400]);
      expect(answer.text, what).not.toContain("root:");
    }
    expect(await sessionRows()).toBe(before);
  });

  /**
   * A 10 MB body sent over a raw socket, with its length declared (the answer comes before any of it
   * is sent) or in chunks, a chunk at a time; resolves with how much went and the answer's status
   * line, if the client read one: a server that stops reading resets a client still sending.
   */
  function sendLarge(declared: boolean) {
    const size = 10 * 1024 * 1024;
    return new Promise<{ sent: number; status: string | null }>((resolve) => {
      let answer = "";
      let sent = 0;
      const socket = net.connect(server.port, "127.0.0.1", () => {
        socket.write(
          `POST /punchout/cxml/setup HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: text/xml\r\n` +
            (declared ? `Content-Length: ${size}\r\n\r\n` : "Transfer-Encoding: chunked\r\n\r\n"),
        );
        if (declared) return;
        const chunk = "x".repeat(64 * 1024);
        const pump = () => {
          if (answer || socket.destroyed) return;
          if (sent >= size) return void socket.end("0\r\n\r\n");
          sent += chunk.length;
          socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`, () => setTimeout(pump, 1));
        };
        pump();
      });
      socket.on("data", (data) => {
        answer += data;
        if (answer.includes("\r\n")) socket.destroy();
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve({ sent, status: answer ? answer.split("\r\n")[0] : null }));
    });
  }

  test("a 10 MB body is a 413, declared or not, and nothing is written", async () => {
    const before = await sessionRows();
    expect((await sendLarge(true)).status).toBe("HTTP/1.1 413 Payload Too Large");
    const streamed = await sendLarge(false);
    expect(streamed.sent).toBeLessThan(4 * 1024 * 1024);
    if (streamed.status) expect(streamed.status).toBe("HTTP/1.1 413 Payload Too Large");
    expect(await sessionRows()).toBe(before);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });

  test("a start link used after it expired is gone", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { domain: "DUNS" });
    const answer = await setUp(connection, "coupa-setup-request.xml", members[0].user.email);
    await db
      .updateTable("punchout_sessions")
      .set({ start_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", members[0].user.id)
      .execute();
    const late = await get(new URL(onServer(answer.startUrl!)).pathname);
    expect(late.status).toBe(410);
    expect(sessionCookieOf(late)).toBeUndefined();
  });

  test("a purchase order naming another company's punchout session is refused whole", async () => {
    const ours = await newCompany({ members: [{ role: "buyer" }] });
    const theirs = await newCompany({ members: [{ role: "buyer" }] });
    const ourConnection = await newConnection(ours.companyId, { actingUserId: ours.members[0].user.id });
    const theirConnection = await newConnection(theirs.companyId, { domain: "DUNS" });
    const part = await newItem({ price_cents: 1_000, quantity: 20 });
    const answer = await setUp(theirConnection, "coupa-setup-request.xml", theirs.members[0].user.email);
    const { cookie } = await start(answer.startUrl!);
    await addToCart(cookie, part.id, 2);
    const page = await (await postForm(server.origin, "/punchout/transfer", {}, { cookie })).text();
    const reference = /SupplierPartAuxiliaryID&#62;(PS\d+)&#60;/.exec(page)![1];

    const before = await orderCount();
    const refused = await postCxml(
      `${server.origin}/punchout/cxml/order`,
      purchaseOrderFor(ourConnection, unique("PO"), [
        { partNumber: part.part_number, quantity: 2, unitPrice: "10.00", reference },
      ]),
    );
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect(await orderCount()).toBe(before);
  });

  test("what a request carries is never written into the page unescaped", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { domain: "DUNS" });
    const request = coupaRequest(connection, members[0].user.email).replace(
      "99ea3c4c8cf9f6dc905a6b6772daa0d1",
      "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
    );
    const answer = await postCxml(`${server.origin}/punchout/cxml/setup`, request);
    const { cookie } = await start(answer.startUrl!);
    await addToCart(cookie, (await newItem()).id, 1);
    const page = await (await postForm(server.origin, "/punchout/transfer", {}, { cookie })).text();
    expect(page).not.toContain("<script>alert");
    expect(page.match(/<script/g)).toHaveLength(1);
  });
});

describe("per connection", () => {
  let limited: ServerProcess;
  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_POINTS: "1", RATE_LIMIT_WINDOW_SECONDS: "600" } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  test("setup requests are limited per credential, guesses at its secret included", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer" }] });
    const connection = await newConnection(companyId, { domain: "DUNS" });
    const request = (secret: string) => coupaRequest({ ...connection, secret }, members[0].user.email, limited.origin);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push(
        (await postCxml(`${limited.origin}/punchout/cxml/setup`, request(attempt % 2 ? "guess" : connection.secret)))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 200 || status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
