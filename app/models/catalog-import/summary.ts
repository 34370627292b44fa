// What a catalog import found and did, as its page shows it, and how one row of the file compares
// with the part it names. Pure: the import model reads the parts and writes the changes.
import type { SpecRow } from "~/lib/spec-templates";
import type { ImportRefusal } from "~/validation/catalog-import";
import { MAX_LISTED_REFUSALS } from "~/validation/catalog-import";
import { type PriceBreakLine, priceBreakLinesText, specLinesText } from "~/validation/product";

/** The most changes an import's page lists (the rest are counted). */
export const MAX_LISTED_CHANGES = 200;

export type FieldChange = { field: string; from: string; to: string };
export type ListedChange = { line: number; partNumber: string; kind: "create" | "change"; changes: FieldChange[] };
/** A stock figure the file holds but the import leaves alone: the part's stock moved since the export. */
export type StockLeft = { line: number; partNumber: string; file: number; current: number };

export type ImportSummary = {
  /** Data rows read (the header aside). */
  rows: number;
  creates: number;
  changes: number;
  unchanged: number;
  refusedRows: number;
  refusals: ImportRefusal[];
  listed: ListedChange[];
  stockLeft: StockLeft[];
  stockLeftCount: number;
};

export function emptySummary(): ImportSummary {
  return {
    rows: 0,
    creates: 0,
    changes: 0,
    unchanged: 0,
    refusedRows: 0,
    refusals: [],
    listed: [],
    stockLeft: [],
    stockLeftCount: 0,
  };
}

export function readSummary(text: string | null): ImportSummary | null {
  if (!text) return null;
  return { ...emptySummary(), ...(JSON.parse(text) as Partial<ImportSummary>) };
}

export function addRefusals(summary: ImportSummary, refusals: readonly ImportRefusal[]) {
  const room = MAX_LISTED_REFUSALS - summary.refusals.length;
  if (room > 0) summary.refusals.push(...refusals.slice(0, room));
}

/** A part's fields as the import compares and writes them (the items table's names). */
export type PartFields = {
  part_number: string;
  name: string;
  img: string;
  description: string;
  price_cents: number;
  supplier_name: string;
  category_id: number | null;
  min_order_quantity: number;
  reorder_point: number;
  hidden: 0 | 1;
  /** Absent: a file that leaves it blank keeps the part's (a new part gets the default). */
  lead_time_days?: number;
  /** Absent as lead_time_days is; a new part takes backorders. */
  allow_backorder?: 0 | 1;
};

/** The items columns a file's row can set, with the part-number key derived from one and the stock. */
export const PART_FIELD_COLUMNS = [
  "part_number",
  "part_number_key",
  "name",
  "img",
  "description",
  "price_cents",
  "supplier_name",
  "category_id",
  "min_order_quantity",
  "reorder_point",
  "hidden",
  "lead_time_days",
  "allow_backorder",
  "quantity",
] as const;

export type PictureLink = { hash: string; alt: string };
export type DocumentLink = { hash: string; fileName: string };

/** A part as the catalog holds it now. */
export type CurrentPart = Required<PartFields> & {
  id: number;
  version: number;
  quantity: number;
  specs: SpecRow[];
  breaks: PriceBreakLine[];
  pictures: PictureLink[];
  documents: DocumentLink[];
};

/** What a row of the file asks a part to be. */
export type WantedPart = {
  fields: PartFields;
  specs: SpecRow[];
  breaks: PriceBreakLine[];
  quantity: number;
  /** The part's version when the file was exported; null for a file made by hand. */
  version: number | null;
  /** The stored files the part is to show; undefined: the file has no such column, and they stay. */
  pictures?: PictureLink[];
  documents?: DocumentLink[];
};

const LABELS: Record<keyof PartFields, string> = {
  part_number: "Part number",
  name: "Name",
  img: "Image",
  description: "Description",
  price_cents: "Price",
  supplier_name: "Supplier",
  category_id: "Category",
  min_order_quantity: "Minimum order",
  reorder_point: "Reorder point",
  hidden: "Hidden",
  lead_time_days: "Lead time (days)",
  allow_backorder: "Backorders",
};

const SHOWN_LENGTH = 120;
const shown = (text: string) => (text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text);

function shownValue(
  field: keyof PartFields,
  value: PartFields[keyof PartFields],
  categorySlug: (id: number | null) => string,
) {
  if (field === "price_cents") return (Number(value) / 100).toFixed(2);
  if (field === "category_id") return categorySlug(value as number | null) || "(none)";
  if (field === "hidden" || field === "allow_backorder") return value ? "yes" : "no";
  return String(value ?? "");
}

const sameSpecs = (a: SpecRow[], b: SpecRow[]) =>
  a.length === b.length &&
  a.every((spec, i) => spec.name === b[i].name && spec.value === b[i].value && spec.unit === b[i].unit);
const sameFiles = <File extends { hash: string }>(a: File[], b: File[], text: (file: File) => string) =>
  a.length === b.length && a.every((file, i) => file.hash === b[i].hash && text(file) === text(b[i]));
const filesShown = <File extends { hash: string }>(files: File[], text: (file: File) => string) =>
  files.length ? files.map((file) => `${file.hash.slice(0, 8)}… ${text(file)}`).join("; ") : "(none)";
const sameBreaks = (a: PriceBreakLine[], b: PriceBreakLine[]) =>
  a.length === b.length &&
  a.every((line, i) => line.minQuantity === b[i].minQuantity && line.priceCents === b[i].priceCents);

export type Comparison = {
  /** The fields to write, only those that differ. */
  fields: Partial<PartFields>;
  specsChanged: boolean;
  breaksChanged: boolean;
  picturesChanged: boolean;
  documentsChanged: boolean;
  /** Units to add (or remove) so stock is the file's figure; 0 for none. */
  stockChange: number;
  /** The file's stock figure, left alone (the part's stock moved since the export). */
  stockLeft: boolean;
  changes: FieldChange[];
};

/**
 * How a row differs from its part. Every field but stock is the file's to set; stock is set only
 * where the part is still at the version the export read (nothing sold or moved it since), so a
 * file exported in the morning never puts back what was sold by the afternoon.
 */
export function comparePart(
  wanted: WantedPart,
  current: CurrentPart,
  categorySlug: (id: number | null) => string,
): Comparison {
  const fields: Partial<PartFields> = {};
  const changes: FieldChange[] = [];
  for (const field of Object.keys(LABELS) as (keyof PartFields)[]) {
    const to = wanted.fields[field];
    if (to === undefined || to === current[field]) continue;
    (fields as Record<string, unknown>)[field] = to;
    changes.push({
      field: LABELS[field],
      from: shown(shownValue(field, current[field], categorySlug)),
      to: shown(shownValue(field, to, categorySlug)),
    });
  }
  const specsChanged = !sameSpecs(wanted.specs, current.specs);
  if (specsChanged) {
    changes.push({ field: "Specs", from: shown(specLinesText(current.specs)), to: shown(specLinesText(wanted.specs)) });
  }
  const breaksChanged = !sameBreaks(wanted.breaks, current.breaks);
  if (breaksChanged) {
    changes.push({
      field: "Price breaks",
      from: shown(priceBreakLinesText(current.breaks)),
      to: shown(priceBreakLinesText(wanted.breaks)),
    });
  }
  const alt = (picture: PictureLink) => picture.alt;
  const fileName = (document: DocumentLink) => document.fileName;
  const picturesChanged = wanted.pictures !== undefined && !sameFiles(wanted.pictures, current.pictures, alt);
  if (picturesChanged) {
    changes.push({
      field: "Pictures",
      from: shown(filesShown(current.pictures, alt)),
      to: shown(filesShown(wanted.pictures!, alt)),
    });
  }
  const documentsChanged = wanted.documents !== undefined && !sameFiles(wanted.documents, current.documents, fileName);
  if (documentsChanged) {
    changes.push({
      field: "Documents",
      from: shown(filesShown(current.documents, fileName)),
      to: shown(filesShown(wanted.documents!, fileName)),
    });
  }
  let stockChange = 0;
  let stockLeft = false;
  if (wanted.quantity !== current.quantity) {
    if (wanted.version === current.version) {
      stockChange = wanted.quantity - current.quantity;
      changes.push({ field: "Stock", from: String(current.quantity), to: String(wanted.quantity) });
    } else {
      stockLeft = true;
    }
  }
  return { fields, specsChanged, breaksChanged, picturesChanged, documentsChanged, stockChange, stockLeft, changes };
}

/** A new part's fields, as the page lists them. */
export function creationChanges(wanted: WantedPart, categorySlug: (id: number | null) => string): FieldChange[] {
  return [
    { field: "Name", from: "", to: shown(wanted.fields.name) },
    { field: "Category", from: "", to: categorySlug(wanted.fields.category_id) || "(none)" },
    { field: "Price", from: "", to: (wanted.fields.price_cents / 100).toFixed(2) },
    { field: "Stock", from: "", to: String(wanted.quantity) },
  ];
}
