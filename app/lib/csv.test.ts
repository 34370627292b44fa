import { stringify } from "csv-stringify/sync";
import { describe, expect, test } from "vitest";

import { CSV_STRINGIFY_OPTIONS, formulaSafeCell } from "./csv";

describe("formula-safe CSV cells", () => {
  test.each(["-12.00", "-3", "0.5", "12", "-0.01"])("%s is a plain number and stays one", (cell) => {
    expect(formulaSafeCell(cell)).toBe(cell);
  });

  test.each(["=1+2", "+44 114 496 0000", "-3+4", "-2.0.1", "@SUM(A1)", "\tx", "\rx", "-", "--5"])(
    "%j starts like a formula and gets a ' before it",
    (cell) => {
      expect(formulaSafeCell(cell)).toBe(`'${cell}`);
    },
  );

  test("a row as the exports write it: amounts as numbers, text guarded, line breaks quoted", () => {
    expect(stringify([["CN-2026-000001", "-10.00", "=HYPERLINK()", "two\nlines", 5]], CSV_STRINGIFY_OPTIONS)).toBe(
      'CN-2026-000001,-10.00,\'=HYPERLINK(),"two\nlines",5\r\n',
    );
  });
});
