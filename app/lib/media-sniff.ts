import type { DocumentType } from "./media";

// What an uploaded file is, read from its first and last bytes, never from its name or the type
// the browser declared. `file-type` knows the pictures and PDF but none of STEP, IGES or DXF, and
// it would sniff a hundred formats we refuse anyway; these signatures are short and each has a
// test (media-sniff.test.ts). See docs/decisions/0027.

export type PictureType = "jpeg" | "png" | "webp" | "avif";

/** How much of a file the text formats are judged by: their headers are in the first few lines. */
const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0) {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** AVIF is an ISO media file whose `ftyp` box names the avif (still) or avis (sequence) brand. */
function isAvif(bytes: Uint8Array) {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(boxSize, bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.includes("avif") || brands.includes("avis");
}

export function sniffPicture(bytes: Uint8Array): PictureType | null {
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, PNG)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (isAvif(bytes)) return "avif";
  return null;
}

/** The first bytes as text, or null when they hold a NUL (a binary file is none of the text formats). */
function headText(bytes: Uint8Array) {
  const head = bytes.subarray(0, HEAD_BYTES);
  if (head.includes(0)) return null;
  // latin1 reads every byte as one character, so offsets in the text are offsets in the file.
  const text = new TextDecoder("latin1").decode(head);
  return text.startsWith("\u00ef\u00bb\u00bf") ? text.slice(3) : text;
}

function lines(text: string) {
  return text.split(/\r?\n|\r/);
}

/** ISO 10303-21 (STEP): the exchange structure opens with its own name. */
function isStep(text: string) {
  return /^\s*ISO-10303-21;/.test(text);
}

/**
 * IGES: fixed 80-column records, each with its section letter in column 73 and a sequence number
 * after it. The file opens with the Start section (S, numbered from 1) and has a Global section (G).
 */
function isIges(text: string) {
  const records = text.length > 80 && /[\r\n]/.test(text[80]) ? lines(text) : (text.match(/.{1,80}/gs) ?? [""]);
  const [first] = records;
  if (first.length !== 80 || first[72] !== "S" || Number(first.slice(73)) !== 1) return false;
  return records.slice(1, 200).some((record) => record.length === 80 && record[72] === "G");
}

const DXF_SECTIONS = new Set(["HEADER", "CLASSES", "TABLES", "BLOCKS", "ENTITIES", "OBJECTS", "THUMBNAILIMAGE"]);

/** ASCII DXF: pairs of lines (a group code, a value); past comments (999) the first is `0 SECTION`. */
function isAsciiDxf(text: string) {
  const pairs = lines(text).map((line) => line.trim());
  let index = 0;
  while (pairs[index] === "999") index += 2;
  return pairs[index] === "0" && pairs[index + 1] === "SECTION" && pairs[index + 2] === "2"
    ? DXF_SECTIONS.has(pairs[index + 3])
    : false;
}

const BINARY_DXF = [..."AutoCAD Binary DXF\r\n"].map((character) => character.charCodeAt(0)).concat([0x1a, 0x00]);

/**
 * Binary STL: an 80-byte header, the number of triangles, and 50 bytes for each. The size must be
 * exactly that, which is also how a binary STL whose header begins with "solid" is told apart.
 */
function isBinaryStl(bytes: Uint8Array) {
  if (bytes.length < 84 + 50) return false;
  const triangles = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
  return triangles > 0 && bytes.length === 84 + 50 * triangles;
}

/** ASCII STL: `solid name`, facets, and `endsolid` at the end. */
function isAsciiStl(text: string, bytes: Uint8Array) {
  if (!/^\s*solid(\s|$)/.test(text)) return false;
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)));
  return /(^|\s)facet\s+normal\s/.test(text) && /(^|\s)endsolid(\s[^\n]*)?\s*$/.test(tail);
}

export function sniffDocument(bytes: Uint8Array): DocumentType | null {
  if (
    startsWith(
      bytes,
      [..."%PDF-"].map((character) => character.charCodeAt(0)),
    )
  )
    return "pdf";
  if (startsWith(bytes, BINARY_DXF)) return "dxf";
  if (isBinaryStl(bytes)) return "stl";
  const text = headText(bytes);
  if (text === null) return null;
  if (isStep(text)) return "step";
  if (isIges(text)) return "iges";
  if (isAsciiDxf(text)) return "dxf";
  if (isAsciiStl(text, bytes)) return "stl";
  return null;
}
