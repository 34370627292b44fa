import { z } from "zod";

// A catalog file as the import page takes it, before it is read: what the page's browser code and
// the upload check share. No CSV parser here: csv-parse needs Node's Buffer, which a browser lacks
// (imported by the page, it stopped the page from hydrating).

/** The largest catalog file an import takes: the 100,000-part export is about 45 MB. */
export const MAX_CATALOG_FILE_BYTES = 100 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLD_EXCEL_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/**
 * Why these bytes are not a CSV file, judged by the bytes and never the name: a spreadsheet saved
 * in its own format, or anything that is not UTF-8 text. Only the start is read here; the import's
 * check reads the rest. The price lists' import asks the same of its files.
 */
export function csvFileProblem(start: Uint8Array): string | null {
  if (startsWith(start, ZIP_SIGNATURE) || startsWith(start, OLD_EXCEL_SIGNATURE)) {
    return "This is a spreadsheet’s own file (such as .xlsx), not CSV: save it from the spreadsheet as “CSV UTF-8”.";
  }
  // A cut-off character at the end of the sample is not a fault of the file.
  const sample = start.subarray(0, Math.max(0, start.length - 3));
  if (sample.includes(0)) return "This is not a text file: save it from the spreadsheet as “CSV UTF-8”.";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample);
  } catch {
    return "This file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.";
  }
  return null;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The import page's upload: one CSV file (field `file`). */
export const CatalogFileSchema = z.object({
  intent: z.literal("upload"),
  file: z
    .instanceof(File, { message: "Choose a CSV file to import" })
    .refine((file) => file.size > 0, "The file is empty: export the catalog for a file to start from")
    .refine(
      (file) => file.size <= MAX_CATALOG_FILE_BYTES,
      `A catalog file may be at most ${megabytes(MAX_CATALOG_FILE_BYTES)}`,
    ),
});

/** What staff do with a checked import, or with one whose apply was refused (check it again). */
export const CatalogImportActionSchema = z.object({ intent: z.enum(["apply", "discard", "recheck"]) });
