// Postal addresses (issue 27): the countries the shop delivers to, UK postcodes read as people
// type them, an address written on one line (orders, invoices), and one-line addresses of old read
// back into their parts.

export const COUNTRIES = {
  GB: "United Kingdom",
  IE: "Ireland",
  FR: "France",
  DE: "Germany",
  NL: "Netherlands",
  BE: "Belgium",
  ES: "Spain",
  IT: "Italy",
  PL: "Poland",
  SE: "Sweden",
  US: "United States",
} as const;
export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];

const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;

/** " s3  8ra " → "S3 8RA"; null when it is not a UK postcode's shape. */
export function cleanUkPostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

export type PostalAddress = {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
  country: CountryCode;
};

/** "Ada Turner, Turner Engineering, 4 Forge Lane, Sheffield S3 8RA, United Kingdom": as orders print it. */
export function addressOnOneLine(address: PostalAddress) {
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    [address.town, address.postcode].filter(Boolean).join(" "),
    COUNTRIES[address.country] ?? address.country,
  ]
    .filter((part) => part && part.trim())
    .join(", ");
}

const TRAILING_UK_POSTCODE = /[,\s]*\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\s*$/i;

/**
 * A one-line address as accounts held it before the address book, in parts: the postcode from its
 * end (a UK one), the town as the last part before it, the first part as line 1, and everything
 * between as line 2. Nothing of the text is dropped: what cannot be placed stays in line 1 or 2.
 */
export function splitOneLineAddress(text: string) {
  let rest = text.replace(/\s*\n\s*/g, ", ").trim();
  let postcode = "";
  const found = TRAILING_UK_POSTCODE.exec(rest);
  if (found) {
    postcode = cleanUkPostcode(found[1]) ?? found[1].toUpperCase();
    rest = rest.slice(0, found.index).trim();
  }
  const parts = rest
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const line1 = parts.shift() ?? "";
  const town = parts.length ? parts.pop()! : "";
  return { line1, line2: parts.length ? parts.join(", ") : null, town, postcode };
}
