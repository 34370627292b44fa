import { describe, expect, test } from "vitest";

import { formatPeppolId, readPeppolId } from "./peppol-id";

describe("Peppol participant identifiers", () => {
  test.each([
    ["0088:5790000435968", "0088:5790000435968"],
    [" 0088 : 4000001000005 ", "0088:4000001000005"],
    ["9932:gb 999 9999 73", "9932:GB999999973"],
    ["0192:810418052", "0192:810418052"],
    ["0208:0403170701", "0208:0403170701"],
    ["0060:123456789", "0060:123456789"],
    ["0204:991-33333TEST-33", "0204:991-33333TEST-33"],
  ])("%s is read as %s", (text, written) => {
    const read = readPeppolId(text);
    expect(read.ok && formatPeppolId(read.id)).toBe(written);
  });

  test.each([
    ["5790000435968", "must be a scheme code and an identifier"],
    ["0088:5790000435969", "GS1's check digit"],
    ["0088:579000043596", "GS1's check digit"],
    ["9932:GB999999974", "a UK VAT number"],
    ["0192:810418053", "Norwegian organisation number"],
    ["0208:0403170702", "Belgian enterprise number"],
    ["0060:12345678", "a DUNS number"],
    ["EM:buyer@example.com", "must be a scheme code"],
    ["9999:anything", "9999 is not a scheme Peppol accepts"],
    ["0088:", "must be a scheme code"],
  ])("%s is refused: %s", (text, reason) => {
    const read = readPeppolId(text);
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.reason).toContain(reason);
  });
});
