import { crc32 } from "node:zlib";

import sharp from "sharp";

import { PHOTO_CAMERA } from "../../scripts/bench/sample-photo";
import { uniqueToken } from "./unique";

// Small files of every type the shop takes, made in code: no binary fixtures to go stale. Each call
// makes a new file (a token in its text), as tests share a database: keep the bytes to upload the
// same file twice.

const encoder = new TextEncoder();
const text = (value: string) => encoder.encode(value);

/** A one-page PDF as a PDF writer lays it out. */
export function samplePdf(title = `Datasheet ${uniqueToken()}`) {
  return text(
    [
      "%PDF-1.4",
      "%\u00e2\u00e3\u00cf\u00d3",
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Title (${title}) >> endobj`,
      "trailer << /Root 1 0 R >>",
      "%%EOF",
      "",
    ].join("\n"),
  );
}

export function sampleStep() {
  return text(
    [
      "ISO-10303-21;",
      "HEADER;",
      `FILE_DESCRIPTION(('Spur gear ${uniqueToken()}'),'2;1');`,
      "FILE_NAME('gear.step','2026-11-26T10:00:00',(''),(''),'','','');",
      "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
      "ENDSEC;",
      "DATA;",
      "#1=CARTESIAN_POINT('',(0.,0.,0.));",
      "ENDSEC;",
      "END-ISO-10303-21;",
      "",
    ].join("\r\n"),
  );
}

/** An IGES record: 72 columns of data, the section letter and a 7-digit sequence number. */
function igesRecord(data: string, section: string, sequence: number) {
  return `${data.padEnd(72).slice(0, 72)}${section}${String(sequence).padStart(7)}`;
}

export function sampleIges({ newlines = true }: { newlines?: boolean } = {}) {
  const records = [
    igesRecord(`Spur gear ${uniqueToken()}, exported for a test`, "S", 1),
    igesRecord("1H,,1H;,9Hgear.igs,9Hgear.igs,4HTest,4HTest,32,38,6,308,15,,1.,2,2HMM,1,", "G", 1),
    igesRecord("0.01,13H261126.100000,1E-06,100.,4HTest,,11,0,13H261126.100000;", "G", 2),
    igesRecord("     110       1       0       0       0       0       0       000000000", "D", 1),
    igesRecord("     110       0       0       1       0                               0", "D", 2),
    igesRecord("110,0.,0.,0.,10.,0.,0.;                                          1", "P", 1),
    igesRecord("S      1G      2D      2P      1", "T", 1),
  ];
  return text(newlines ? `${records.join("\n")}\n` : records.join(""));
}

export function sampleAsciiDxf() {
  return text(
    [
      "999",
      `made by a test ${uniqueToken()}`,
      "  0",
      "SECTION",
      "  2",
      "ENTITIES",
      "  0",
      "LINE",
      "  8",
      "0",
      "  0",
      "ENDSEC",
      "  0",
      "EOF",
      "",
    ].join("\r\n"),
  );
}

export function sampleBinaryDxf() {
  const sentinel = [..."AutoCAD Binary DXF\r\n"].map((character) => character.charCodeAt(0));
  const comment = [...text("999"), 0, ...text(uniqueToken()), 0];
  return new Uint8Array([...sentinel, 0x1a, 0x00, 0, ...text("SECTION"), 0, 2, ...text("ENTITIES"), 0, ...comment]);
}

export function sampleAsciiStl() {
  return text(
    [
      `solid gear_${uniqueToken()}`,
      "  facet normal 0 0 1",
      "    outer loop",
      "      vertex 0 0 0",
      "      vertex 1 0 0",
      "      vertex 0 1 0",
      "    endloop",
      "  endfacet",
      "endsolid gear",
      "",
    ].join("\n"),
  );
}

/** A binary STL of `triangles` triangles; its 80-byte header may begin with "solid", as some exporters write. */
export function sampleBinaryStl(triangles = 2, header = `solid binary ${uniqueToken()}, as some exporters write it`) {
  const bytes = new Uint8Array(84 + 50 * triangles);
  bytes.set(text(header.padEnd(80).slice(0, 80)));
  new DataView(bytes.buffer).setUint32(80, triangles, true);
  for (let index = 0; index < triangles; index++) bytes[84 + 50 * index + 8] = 0x3f;
  return bytes;
}

/** What a renamed text file holds. */
export function sampleText() {
  return text("Order notes\nBore 8 mm, 20 teeth.\nThis is not a picture, whatever its name says.\n");
}

/** The camera's name the sample photos carry in their EXIF, beside a GPS position. */
export const SAMPLE_CAMERA = PHOTO_CAMERA;

/**
 * A photo with EXIF (camera, GPS position) and an orientation: `orientation` 6 is a camera held on
 * its side, whose stored pixels are `width` × `height` and which is `height` wide once upright.
 * Left half orange, right half blue, so a turned picture can be told from an upright one. Each
 * call's file is new (its EXIF holds a token): reuse the bytes to upload the same file twice.
 */
export async function samplePhoto({
  width = 2000,
  height = 1500,
  orientation = 1,
  format = "jpeg",
}: { width?: number; height?: number; orientation?: number; format?: "jpeg" | "png" | "webp" | "avif" } = {}) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const left = x < width / 2;
      pixels[offset] = left ? 230 : 30 + ((x * 7 + y * 3) % 40);
      pixels[offset + 1] = left ? 120 + ((x + y) % 30) : 80;
      pixels[offset + 2] = left ? 20 : 200;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: SAMPLE_CAMERA, Model: `GX-1 ${uniqueToken()}` },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 12/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 40/1" },
    })
    .withMetadata({ orientation });
  const encoded = await (format === "avif" ? image.avif({ effort: 0 }) : image.toFormat(format)).toBuffer();
  return new Uint8Array(encoded);
}

function pngChunk(type: string, data: Uint8Array) {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(text(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/**
 * A decompression bomb's opening: a valid PNG of a few hundred bytes whose header says it is
 * `width` × `height` pixels (20000 × 20000 is 400 megapixels, 1.2 GB decoded).
 */
export function pngClaiming(width: number, height: number) {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const idat = pngChunk("IDAT", new Uint8Array([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]));
  return new Uint8Array([...signature, ...pngChunk("IHDR", header), ...idat, ...pngChunk("IEND", new Uint8Array())]);
}

/** A small real JPEG whose frame header is rewritten to claim `width` × `height` pixels. */
export async function jpegClaiming(width: number, height: number) {
  const small = new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer(),
  );
  for (let offset = 2; offset < small.length - 9; offset++) {
    if (small[offset] === 0xff && (small[offset + 1] === 0xc0 || small[offset + 1] === 0xc2)) {
      const view = new DataView(small.buffer, small.byteOffset);
      view.setUint16(offset + 5, height);
      view.setUint16(offset + 7, width);
      return small;
    }
  }
  throw new Error("jpegClaiming: no frame header found");
}

export { sampleProductPhoto } from "../../scripts/bench/sample-photo";
