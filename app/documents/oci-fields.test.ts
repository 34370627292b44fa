import { expect, test } from "vitest";

import { OCI_FIELD_LENGTHS, ociItemFields } from "./oci-fields.server";

test("each line's NEW_ITEM fields stay within SAP's lengths, the price per one piece said outright", () => {
  const fields = ociItemFields(
    [
      {
        partNumber: "GW-BB-6204-2RS",
        buyerPartNumber: "MAT-000000000000123456789012345678901234567890",
        name: "Deep groove ball bearing 6204-2RS, sealed both sides, C3 clearance",
        quantity: 250,
        unitPriceCents: 4,
        unspsc: "31171500",
        leadTimeDays: 12,
      },
      {
        partNumber: "GW-SG-M1-20",
        buyerPartNumber: null,
        name: "Spur gear M1 20T",
        quantity: 2,
        unitPriceCents: 1_234_567,
        unspsc: null,
        leadTimeDays: 0,
      },
    ],
    "PS12345678",
  );
  const byName = new Map(fields);
  expect(byName.get("NEW_ITEM-DESCRIPTION[1]")).toBe("Deep groove ball bearing 6204-2RS, seal…");
  expect(byName.get("NEW_ITEM-LONGTEXT_1:132[]")).toBe(
    "Deep groove ball bearing 6204-2RS, sealed both sides, C3 clearance",
  );
  expect(byName.get("NEW_ITEM-PRICE[1]")).toBe("0.04");
  expect(byName.get("NEW_ITEM-PRICEUNIT[1]")).toBe("1");
  expect(byName.get("NEW_ITEM-QUANTITY[1]")).toBe("250");
  expect(byName.get("NEW_ITEM-UNIT[1]")).toBe("EA");
  expect(byName.get("NEW_ITEM-MATGROUP[1]")).toBe("31171500");
  expect(byName.get("NEW_ITEM-CUST_FIELD1[1]")).toBe("PS12345678");
  expect(byName.get("NEW_ITEM-PRICE[2]")).toBe("12345.67");
  expect(byName.has("NEW_ITEM-MATNR[2]")).toBe(false);
  expect(byName.has("NEW_ITEM-LONGTEXT_2:132[]")).toBe(false);
  for (const [name, value] of fields) {
    const field = /^NEW_ITEM-([A-Z_0-9]+)\[\d+\]$/.exec(name)?.[1] as keyof typeof OCI_FIELD_LENGTHS | undefined;
    if (field) expect(value.length, name).toBeLessThanOrEqual(OCI_FIELD_LENGTHS[field]);
  }
});
