// Uploaded files as pages and the API name them: the fixed picture variants, the document types,
// and the one address form, `/media/<hash>-<variant>.<ext>` (docs/decisions/0027).

/** The widths every picture is derived at, once, when it is uploaded; nothing else is ever made. */
export const PICTURE_WIDTHS = [160, 320, 640, 1280] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The formats of every width: browsers pick the first they read, JPEG being the one all read. */
export const PICTURE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const PICTURE_CONTENT_TYPES: Record<PictureFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

const PICTURE_EXTENSIONS: Record<PictureFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** What a document is, recognised by its bytes (app/lib/media-sniff.ts). */
export type DocumentType = "pdf" | "step" | "iges" | "dxf" | "stl";

export const DOCUMENT_TYPES: Record<DocumentType, { contentType: string; extension: string; label: string }> = {
  pdf: { contentType: "application/pdf", extension: "pdf", label: "PDF" },
  step: { contentType: "model/step", extension: "step", label: "STEP" },
  iges: { contentType: "model/iges", extension: "iges", label: "IGES" },
  dxf: { contentType: "image/vnd.dxf", extension: "dxf", label: "DXF" },
  stl: { contentType: "model/stl", extension: "stl", label: "STL" },
};

/** A datasheet is a PDF; every other document type is a CAD file. */
export type DocumentKind = "datasheet" | "cad";
export const DOCUMENT_KINDS: Record<DocumentKind, string> = { datasheet: "Datasheet", cad: "CAD" };

export function documentKindOf(type: DocumentType): DocumentKind {
  return type === "pdf" ? "datasheet" : "cad";
}

/** The variant name of a document: the file as it was uploaded. */
export const DOCUMENT_VARIANT = "original";

/** A sha256 in lower-case hex: how every stored file is named. */
export const CONTENT_HASH = /^[0-9a-f]{64}$/;

/**
 * A file's name in the store: the sha256 of its bytes in lower-case hex (`sha256sum` prints the
 * same). WebCrypto works it out off the event loop, on libuv's pool.
 */
export async function contentHash(bytes: Uint8Array<ArrayBuffer>) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function pictureUrl(hash: string, width: PictureWidth, format: PictureFormat) {
  return `/media/${hash}-${width}.${PICTURE_EXTENSIONS[format]}`;
}

export function documentUrl(hash: string, type: DocumentType) {
  return `/media/${hash}-${DOCUMENT_VARIANT}.${DOCUMENT_TYPES[type].extension}`;
}

/** What a `/media/…` file name asks for, or null when it is not one we could have made. */
export type MediaAddress =
  | { kind: "picture"; hash: string; width: PictureWidth; format: PictureFormat }
  | { kind: "document"; hash: string; type: DocumentType };

const FILE_NAME = /^([0-9a-f]{64})-([a-z0-9]{1,8})\.([a-z]{3,4})$/;

export function readMediaAddress(fileName: string): MediaAddress | null {
  const match = FILE_NAME.exec(fileName);
  if (!match) return null;
  const [, hash, variant, extension] = match;
  if (variant === DOCUMENT_VARIANT) {
    const type = (Object.keys(DOCUMENT_TYPES) as DocumentType[]).find(
      (candidate) => DOCUMENT_TYPES[candidate].extension === extension,
    );
    return type ? { kind: "document", hash, type } : null;
  }
  const width = PICTURE_WIDTHS.find((candidate) => String(candidate) === variant);
  const format = PICTURE_FORMATS.find((candidate) => PICTURE_EXTENSIONS[candidate] === extension);
  return width && format ? { kind: "picture", hash, width, format } : null;
}

/** One derived width of a picture as stored: its name (the width slot) and its real size. */
export type PictureSize = { width: PictureWidth; actualWidth: number; actualHeight: number };

/** A picture as pages show it: the sizes it was derived at, smallest first, and its alt text. */
export type PictureView = { hash: string; alt: string; sizes: PictureSize[] };

/** A `srcset` of one format: each width's address with its real width. */
function srcSetOf(picture: PictureView, format: PictureFormat, largest: PictureWidth) {
  return picture.sizes
    .filter((size) => size.width <= largest)
    .map((size) => `${pictureUrl(picture.hash, size.width, format)} ${size.actualWidth}w`)
    .join(", ");
}

/**
 * A picture as a page's markup shows it: every address written out on the server, so the browser's
 * code holds none of these rules (the home page's JavaScript has a budget). `width` and `height`
 * are the largest variant's, whose shape is the picture's; `src` is the JPEG for browsers that read
 * neither AVIF nor WebP; `full` the largest JPEG, for a link to the picture itself.
 */
export type PictureSources = {
  hash: string;
  alt: string;
  width: number;
  height: number;
  src: string;
  avif: string;
  webp: string;
  jpeg: string;
  full: string;
};

/** A picture's sources up to `largest` wide (a card never needs the 1280). */
export function pictureSources(picture: PictureView, largest: PictureWidth = 1280): PictureSources {
  const widest = picture.sizes[picture.sizes.length - 1];
  const fitting = picture.sizes.filter((size) => size.width <= Math.min(largest, 640));
  const fallback = (fitting[fitting.length - 1] ?? picture.sizes[0]).width;
  return {
    hash: picture.hash,
    alt: picture.alt,
    width: widest.actualWidth,
    height: widest.actualHeight,
    src: pictureUrl(picture.hash, fallback, "jpeg"),
    avif: srcSetOf(picture, "avif", largest),
    webp: srcSetOf(picture, "webp", largest),
    jpeg: srcSetOf(picture, "jpeg", largest),
    full: pictureUrl(picture.hash, widest.width, "jpeg"),
  };
}

/** "1.2 MB", "340 KB", "912 bytes": a file's size as the product page lists it. */
export function formatFileSize(bytes: number) {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The endings each document type goes by; a file name without one of them gets the first. */
const DOCUMENT_NAME_ENDINGS: Record<DocumentType, string[]> = {
  pdf: ["pdf"],
  step: ["step", "stp", "p21"],
  iges: ["iges", "igs"],
  dxf: ["dxf"],
  stl: ["stl"],
};

export const MAX_FILE_NAME_LENGTH = 120;

/**
 * The name a document is listed and downloaded under: the uploaded file's own name without any
 * folder, control or format characters, quotes or slashes, at most 120 characters, and ending as
 * its type does (a PDF sent as "notes.exe" is "notes.exe.pdf"), so a download is always what it says.
 */
export function documentFileName(uploadedName: string, type: DocumentType) {
  const base = uploadedName.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const named = cleaned || (type === "pdf" ? "datasheet" : "model");
  const ending = named.includes(".") ? named.slice(named.lastIndexOf(".") + 1).toLowerCase() : "";
  const endings = DOCUMENT_NAME_ENDINGS[type];
  const withEnding = endings.includes(ending) ? named : `${named}.${endings[0]}`;
  if (withEnding.length <= MAX_FILE_NAME_LENGTH) return withEnding;
  const suffix = withEnding.slice(withEnding.lastIndexOf("."));
  return `${withEnding.slice(0, MAX_FILE_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
}

/** The document type stored under a content type, or null for one we never store. */
export function documentTypeOf(contentType: string): DocumentType | null {
  return (
    (Object.keys(DOCUMENT_TYPES) as DocumentType[]).find((type) => DOCUMENT_TYPES[type].contentType === contentType) ??
    null
  );
}

/** A stored variant's name read back as its width slot, or null for a name we never store. */
export function widthOfSlot(variant: string): PictureWidth | null {
  return PICTURE_WIDTHS.find((width) => String(width) === variant) ?? null;
}
