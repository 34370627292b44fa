import { describe, expect, it } from "vitest";

import { cleanGbVatNumber, formatGbVatNumber, validGbVatNumber } from "./vat-number";

describe("UK VAT numbers", () => {
  it("reads a number as people type it", () => {
    expect(cleanGbVatNumber("gb 999 9999 73")).toBe("GB999999973");
    expect(cleanGbVatNumber("999.9999.73")).toBe("GB999999973");
    expect(cleanGbVatNumber("GB999999973001")).toBe("GB999999973001");
    expect(cleanGbVatNumber("GB99999997")).toBeNull();
    expect(cleanGbVatNumber("DE999999973")).toBeNull();
    expect(cleanGbVatNumber("GB9999999730")).toBeNull();
  });

  it("accepts a number whose check digits hold under the old (97) and the new (9755) rule", () => {
    // 9×8 + 9×7 + … + 9×2 = 315; 315 + 73 = 388 = 4 × 97
    expect(validGbVatNumber("GB 999 9999 73")).toBe("GB999999973");
    // 315 + 18 = 333, and 333 + 55 = 388 = 4 × 97
    expect(validGbVatNumber("GB999999918")).toBe("GB999999918");
    expect(validGbVatNumber("GB999999973001")).toBe("GB999999973001");
  });

  it("refuses a number whose check digits do not hold", () => {
    expect(validGbVatNumber("GB999999974")).toBeNull();
    expect(validGbVatNumber("GB123456789")).toBeNull();
    expect(validGbVatNumber("GB999999974001")).toBeNull();
    expect(validGbVatNumber("not a number")).toBeNull();
  });

  it("writes a number as HMRC does", () => {
    expect(formatGbVatNumber("GB999999973")).toBe("GB 999 9999 73");
    expect(formatGbVatNumber("GB999999973001")).toBe("GB 999 9999 73 001");
  });
});
