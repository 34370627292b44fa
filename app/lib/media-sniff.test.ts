import { describe, expect, test } from "vitest";

import {
  sampleAsciiDxf,
  sampleAsciiStl,
  sampleBinaryDxf,
  sampleBinaryStl,
  sampleIges,
  samplePdf,
  sampleStep,
  sampleText,
} from "../../tests/support/media-samples";
import { sniffDocument, sniffPicture } from "./media-sniff";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

/** An ISO media file's opening `ftyp` box with these brands. */
function ftyp(major: string, ...compatible: string[]) {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const box = text(`xxxxftyp${brands}`);
  new DataView(box.buffer).setUint32(0, box.length);
  return new Uint8Array([...box, 0, 0, 0, 8, ...text("meta")]);
}

describe("sniffPicture", () => {
  test("knows JPEG, PNG, WebP and AVIF by their signatures", () => {
    expect(sniffPicture(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(sniffPicture(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe("png");
    expect(sniffPicture(text("RIFF\u0010\u0000\u0000\u0000WEBPVP8 "))).toBe("webp");
    expect(sniffPicture(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    // A still picture whose major brand is the general one, with avif among the compatible brands.
    expect(sniffPicture(ftyp("mif1", "avif", "miaf"))).toBe("avif");
    expect(sniffPicture(ftyp("avis", "msf1"))).toBe("avif");
  });

  test("refuses what is none of them, whatever it is called", () => {
    expect(sniffPicture(sampleText())).toBeNull();
    expect(sniffPicture(text("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffPicture(text("GIF89a\u0001\u0000\u0001\u0000"))).toBeNull();
    expect(sniffPicture(ftyp("heic", "mif1", "heix"))).toBeNull();
    expect(sniffPicture(text("RIFF\u0010\u0000\u0000\u0000WAVEfmt "))).toBeNull();
    expect(sniffPicture(samplePdf())).toBeNull();
    expect(sniffPicture(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffPicture(bytes())).toBeNull();
  });
});

describe("sniffDocument", () => {
  test("knows PDF, STEP, IGES, DXF (ASCII and binary) and STL (ASCII and binary)", () => {
    expect(sniffDocument(samplePdf())).toBe("pdf");
    expect(sniffDocument(sampleStep())).toBe("step");
    expect(sniffDocument(sampleIges())).toBe("iges");
    expect(sniffDocument(sampleIges({ newlines: false }))).toBe("iges");
    expect(sniffDocument(sampleAsciiDxf())).toBe("dxf");
    expect(sniffDocument(sampleBinaryDxf())).toBe("dxf");
    expect(sniffDocument(sampleAsciiStl())).toBe("stl");
    // Its header begins with "solid", as an ASCII one does: told apart by its exact size.
    expect(sniffDocument(sampleBinaryStl())).toBe("stl");
    expect(sniffDocument(sampleBinaryStl(3, "binary STL"))).toBe("stl");
  });

  test("reads a STEP file after a byte order mark and leading blank lines", () => {
    expect(sniffDocument(new Uint8Array([0xef, 0xbb, 0xbf, ...text("\r\n"), ...sampleStep()]))).toBe("step");
  });

  test("refuses renamed text, pictures, archives and near misses", () => {
    expect(sniffDocument(sampleText())).toBeNull();
    expect(sniffDocument(bytes(0xff, 0xd8, 0xff, 0xe0))).toBeNull();
    expect(sniffDocument(text("PK\u0003\u0004 a zip archive"))).toBeNull();
    expect(sniffDocument(text("<html><body>%PDF-1.4</body></html>"))).toBeNull();
    // A binary STL one byte short of what its triangle count says, or with no triangles.
    expect(sniffDocument(sampleBinaryStl().subarray(0, 84 + 50 * 2 - 1))).toBeNull();
    expect(sniffDocument(sampleBinaryStl(0))).toBeNull();
    // Text that starts like an ASCII STL but has no facets or no end.
    expect(sniffDocument(text("solid ground\nthis is a note\n"))).toBeNull();
    expect(sniffDocument(text("solid gear\n facet normal 0 0 1\n outer loop\n"))).toBeNull();
    expect(sniffDocument(text("solidarity\nfacet normal 0 0 1\nendsolid\n"))).toBeNull();
    // DXF-like pairs that do not open a section, and an IGES start line without a global section.
    expect(sniffDocument(text("0\nLINE\n8\n0\n"))).toBeNull();
    expect(sniffDocument(text(`${"Start".padEnd(72)}S      1\n`))).toBeNull();
    // The STEP name somewhere other than at the start, and a file with a NUL among its text.
    expect(sniffDocument(text("note: ISO-10303-21;\n"))).toBeNull();
    expect(sniffDocument(new Uint8Array([...sampleStep(), 0]))).toBeNull();
    expect(sniffDocument(bytes())).toBeNull();
  });
});
