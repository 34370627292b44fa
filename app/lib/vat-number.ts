// UK VAT registration numbers (issue 27): "GB" and 9 digits, or 12 for a branch of a group, whose
// first nine carry HMRC's check digits. Read as people type them: spaces, dots and dashes go.

/** "gb 999 9999 73" → "GB999999973"; null when it is not GB and 9 or 12 digits. */
export function cleanGbVatNumber(text: string): string | null {
  const compact = text.replace(/[\s.-]/g, "").toUpperCase();
  const digits = /^(?:GB)?(\d{9}|\d{12})$/.exec(compact)?.[1];
  return digits ? `GB${digits}` : null;
}

/**
 * HMRC's check: 8, 7, … 2 times the first seven digits, plus the last two as a number, is a
 * multiple of 97 (numbers issued before 2010), or is once 55 is added (the "9755" numbers since).
 */
function checkDigitsHold(nineDigits: string) {
  const weighted = [...nineDigits.slice(0, 7)].reduce((sum, digit, index) => sum + Number(digit) * (8 - index), 0);
  const total = weighted + Number(nineDigits.slice(7, 9));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** The number as stored and printed ("GB999999973") when it is a UK VAT number whose check digits hold; else null. */
export function validGbVatNumber(text: string): string | null {
  const clean = cleanGbVatNumber(text);
  return clean && checkDigitsHold(clean.slice(2, 11)) ? clean : null;
}

/** "GB 999 9999 73", as HMRC writes it (a branch's three digits after). */
export function formatGbVatNumber(clean: string) {
  const digits = clean.slice(2);
  const branch = digits.length === 12 ? ` ${digits.slice(9)}` : "";
  return `GB ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7, 9)}${branch}`;
}
