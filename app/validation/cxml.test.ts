import { describe, expect, test } from "vitest";

import { orderItems, punchoutFixture } from "../../tests/support/punchout";
import { CxmlProblem, readPurchaseOrder, readSetupRequest } from "./cxml";

const setupValues = {
  IDENTITY: "COUPA1",
  SECRET: "s3cret",
  EMAIL: "mary.anne@example.com",
  RETURN_URL: "https://buyer.example/punchout/checkout?id=2",
  SHOP: "https://shop.example",
};

function problemOf(read: () => unknown) {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(CxmlProblem);
    return { code: (error as CxmlProblem).code, message: (error as Error).message };
  }
  throw new Error("not refused");
}

describe("a PunchOutSetupRequest", () => {
  test("Coupa's: its credentials, the user from Contact and Extrinsics, the BuyerCookie and BrowserFormPost", () => {
    const setup = readSetupRequest(punchoutFixture("coupa-setup-request.xml", setupValues));
    expect(setup.header.from).toEqual([{ domain: "DUNS", identity: "COUPA1" }]);
    expect(setup.header.senderSecret).toBe("s3cret");
    expect(setup.header.userAgent).toBe("Coupa Procurement 1.0");
    expect(setup).toMatchObject({
      operation: "create",
      buyerCookie: "99ea3c4c8cf9f6dc905a6b6772daa0d1",
      browserFormPost: "https://buyer.example/punchout/checkout?id=2",
      email: "mary.anne@example.com",
      items: [],
    });
  });

  test("Ariba's edit: the requisition's items", () => {
    const setup = readSetupRequest(
      punchoutFixture("ariba-edit-request.xml", {
        ...setupValues,
        QUANTITY: 3,
        PART_NUMBER: "GW-SG-M1-20",
        REFERENCE: "PS7",
      }),
    );
    expect(setup.operation).toBe("edit");
    expect(setup.name).toBe("John Smith");
    expect(setup.items).toEqual([{ supplierPartId: "GW-SG-M1-20", auxiliaryId: "PS7", quantity: 3 }]);
  });

  test("an address to post the cart to that is not a web address, or an operation not offered, is a 400", () => {
    const request = punchoutFixture("coupa-setup-request.xml", { ...setupValues, RETURN_URL: "javascript:alert(1)" });
    expect(problemOf(() => readSetupRequest(request))).toEqual({
      code: 400,
      message: "BrowserFormPost's URL must be an http or https address.",
    });
    const inspect = punchoutFixture("coupa-setup-request.xml", setupValues).replace(
      'operation="create"',
      'operation="inspect"',
    );
    expect(problemOf(() => readSetupRequest(inspect)).message).toContain('"inspect" is not offered');
  });
});

describe("an OrderRequest", () => {
  const order = (items: string, extra: (text: string) => string = (text) => text) =>
    extra(
      punchoutFixture("order-request.xml", {
        PAYLOAD_ID: "p-1@buyer",
        DOMAIN: "NetworkId",
        IDENTITY: "AN01",
        SECRET: "s3cret",
        ORDER_ID: "PO-1",
        TOTAL: "25.00",
        ITEMS: items,
      }),
    );

  test("its orderID, total, ship-to address in parts, phone and lines", () => {
    const read = readPurchaseOrder(
      order(orderItems([{ partNumber: "GW-SG-M1-20", quantity: 2, unitPrice: "12.50", reference: "PS3" }])),
    );
    expect(read).toMatchObject({
      orderId: "PO-1",
      currency: "GBP",
      totalCents: 2_500,
      phone: "+44 114 4960100",
      shipTo: {
        name: "Goods In, Dock 2",
        company: "Northern Presswork Ltd",
        line1: "4 Forge Lane",
        town: "Sheffield",
        postcode: "S3 8RA",
        country: "GB",
      },
      lines: [{ lineNumber: 1, quantity: 2, supplierPartId: "GW-SG-M1-20", auxiliaryId: "PS3", unitPriceCents: 1_250 }],
    });
    expect(read.header.payloadId).toBe("p-1@buyer");
  });

  test("each refusal names what is wrong", () => {
    const line = orderItems([{ partNumber: "GW-SG-M1-20", quantity: 2, unitPrice: "12.50" }]);
    const cases: [string, string][] = [
      [order(""), "The order has no ItemOut lines."],
      [order(line, (text) => text.replace('type="new"', 'type="update"')), 'Only new orders (type="new") are taken'],
      [order(line.replace('quantity="2"', 'quantity="0"')), "Line 1: the quantity must be a whole number"],
      [order(line.replace(">12.50<", ">12.505<")), "Line 1: the unit price is not an amount"],
      [order(line.replace('currency="GBP"', 'currency="EUR"')), "The order mixes currencies."],
      [
        order(line, (text) => text.replace("<PostalCode>S3 8RA</PostalCode>", "<PostalCode>nowhere</PostalCode>")),
        "postcode",
      ],
      [order(line, (text) => text.replace('orderID="PO-1"', "")), "The OrderRequestHeader has no orderID."],
    ];
    for (const [document, message] of cases) {
      expect(problemOf(() => readPurchaseOrder(document))).toMatchObject({
        code: 400,
        message: expect.stringContaining(message),
      });
    }
  });
});
