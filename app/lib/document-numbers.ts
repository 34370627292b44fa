// Human document numbers, counted per kind and year without gaps (docs/decisions/0030): Q-2026-00042
// for quotes, INV-2026-000123 for invoices, CN-2026-000007 for credit notes.

/** Each kind of numbered document: the letters it starts with and how many digits its count has. */
export const DOCUMENT_SERIES = {
  quote: { prefix: "Q", digits: 5 },
  invoice: { prefix: "INV", digits: 6 },
  "credit note": { prefix: "CN", digits: 6 },
} as const satisfies Record<string, { prefix: string; digits: number }>;

export type NumberedDocumentKind = keyof typeof DOCUMENT_SERIES;

/** "Q-2026-00042": the series' prefix, the year and the count, padded (a count past the padding keeps every digit). */
export function formatDocumentNumber(kind: NumberedDocumentKind, year: number, sequence: number) {
  const { prefix, digits } = DOCUMENT_SERIES[kind];
  return `${prefix}-${year}-${String(sequence).padStart(digits, "0")}`;
}

/**
 * A number as staff type it into a search: "Q-2026-00042", "q 2026 42" or "2026-42" is that one
 * document; "42" or "00042" is the 42nd of any year. Null when the text is not a number at all.
 */
export function readDocumentNumber(
  kind: NumberedDocumentKind,
  text: string,
): { year?: number; sequence: number } | null {
  const { prefix } = DOCUMENT_SERIES[kind];
  const plain = text.trim().replace(/^#/, "");
  const full = new RegExp(`^(?:${prefix}[\\s-]*)?(\\d{4})[\\s-]+(\\d{1,9})$`, "i").exec(plain);
  if (full) return { year: Number(full[1]), sequence: Number(full[2]) };
  const count = new RegExp(`^(?:${prefix}[\\s-]*)?(\\d{1,9})$`, "i").exec(plain);
  return count ? { sequence: Number(count[1]) } : null;
}
