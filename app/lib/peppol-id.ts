import { validGbVatNumber } from "./vat-number";

// Peppol participant identifiers (issue 51): where an e-invoice is delivered on the Peppol network,
// written "scheme:value", the scheme a code of the Electronic Address Scheme list (EAS) that the Peppol
// rules accept (PEPPOL-EN16931-CL008), the value in the shape its scheme sets where the rules check one.

/** The EAS codes Peppol BIS Billing 3.0 (release 3.0.19) accepts for an EndpointID. */
const EAS_CODES = new Set(
  (
    "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0177 0183 0184 0188 0190 0191 0192 " +
    "0193 0195 0196 0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212 0213 0215 0216 0218 0221 0230 " +
    "0235 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 " +
    "9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 " +
    "9957 9959 0147 0154 0158 0170 0194 0203 0205 0217 0225 0240"
  ).split(" "),
);

export type PeppolId = { scheme: string; value: string };

const digitsAt = (value: string, count: number) => new RegExp(`^\\d{${count}}$`).test(value);

/** GS1's check digit: the digits from the right weighted 3, 1, 3, … sum with it to a multiple of 10. */
function gs1CheckDigitHolds(digits: string) {
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index === 0 ? 1 : index % 2 === 1 ? 3 : 1), 0);
  return sum % 10 === 0;
}

/** Norway's organisation numbers: weights 3 2 7 6 5 4 3 2, modulus 11. */
function norwegianCheckDigitHolds(digits: string) {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const remainder = weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === Number(digits[8]);
}

/** Belgium's enterprise numbers: the last two digits are 97 less the first eight modulo 97. */
function belgianCheckDigitsHold(digits: string) {
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

/** The schemes whose values the Peppol rules check, and what each must look like. */
const VALUE_RULES: Record<string, { test: (value: string) => string | null; shape: string }> = {
  "0088": {
    test: (value) => (digitsAt(value, 13) && gs1CheckDigitHolds(value) ? value : null),
    shape: "a GLN: 13 digits whose last is GS1's check digit",
  },
  "0060": { test: (value) => (digitsAt(value, 9) ? value : null), shape: "a DUNS number: 9 digits" },
  "0192": {
    test: (value) => (digitsAt(value, 9) && norwegianCheckDigitHolds(value) ? value : null),
    shape: "a Norwegian organisation number: 9 digits whose check digit holds",
  },
  "0208": {
    test: (value) => (digitsAt(value, 10) && belgianCheckDigitsHold(value) ? value : null),
    shape: "a Belgian enterprise number: 10 digits whose check digits hold",
  },
  "9932": {
    test: (value) => validGbVatNumber(value),
    shape: "a UK VAT number: GB and 9 or 12 digits whose check digits hold",
  },
};

/**
 * "0088:5790000435968" → { scheme, value } with the value as its scheme writes it; an explanation
 * when it is not a Peppol participant identifier the rules accept.
 */
export function readPeppolId(text: string): { ok: true; id: PeppolId } | { ok: false; reason: string } {
  const match = /^\s*(\d{4})\s*:\s*(.{1,50}?)\s*$/.exec(text);
  if (!match) return { ok: false, reason: "must be a scheme code and an identifier, such as 0088:5790000435968" };
  const [, scheme, raw] = match;
  if (!EAS_CODES.has(scheme)) return { ok: false, reason: `${scheme} is not a scheme Peppol accepts` };
  const rule = VALUE_RULES[scheme];
  // A scheme whose shape the rules do not check: the identifier as given, one word.
  if (!rule)
    return /^\S+$/.test(raw)
      ? { ok: true, id: { scheme, value: raw } }
      : { ok: false, reason: `has a space in its identifier` };
  const value = rule.test(raw);
  return value ? { ok: true, id: { scheme, value } } : { ok: false, reason: `must be ${rule.shape} after ${scheme}:` };
}

/** As stored and shown: "0088:5790000435968". */
export function formatPeppolId(id: PeppolId) {
  return `${id.scheme}:${id.value}`;
}
