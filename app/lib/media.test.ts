import { describe, expect, test } from "vitest";

import { documentFileName, formatFileSize, pictureSources, readMediaAddress } from "./media";

const hash = "ab".repeat(32);

describe("readMediaAddress", () => {
  test("reads only the names the store makes", () => {
    expect(readMediaAddress(`${hash}-640.avif`)).toEqual({ kind: "picture", hash, width: 640, format: "avif" });
    expect(readMediaAddress(`${hash}-160.jpg`)).toEqual({ kind: "picture", hash, width: 160, format: "jpeg" });
    expect(readMediaAddress(`${hash}-original.step`)).toEqual({ kind: "document", hash, type: "step" });
    for (const name of [
      `${hash}-800.avif`,
      `${hash}-640.jpeg`,
      `${hash}-640.png`,
      `${hash}-original.exe`,
      `${hash.toUpperCase()}-640.avif`,
      `${hash.slice(2)}-640.avif`,
      `${hash}-640.avif/x`,
      "../etc/passwd",
    ]) {
      expect(readMediaAddress(name), name).toBeNull();
    }
  });
});

describe("pictureSources", () => {
  const picture = {
    hash,
    alt: "A gear",
    sizes: [
      { width: 160 as const, actualWidth: 160, actualHeight: 107 },
      { width: 320 as const, actualWidth: 320, actualHeight: 213 },
      { width: 640 as const, actualWidth: 640, actualHeight: 427 },
      { width: 1280 as const, actualWidth: 900, actualHeight: 600 },
    ],
  };
  const at = (width: number, extension: string) => `/media/${hash}-${width}.${extension}`;

  test("every width in each format with its real width; the picture's own shape; a 640 JPEG fallback", () => {
    expect(pictureSources(picture)).toEqual({
      hash,
      alt: "A gear",
      width: 900,
      height: 600,
      src: at(640, "jpg"),
      avif: `${at(160, "avif")} 160w, ${at(320, "avif")} 320w, ${at(640, "avif")} 640w, ${at(1280, "avif")} 900w`,
      webp: `${at(160, "webp")} 160w, ${at(320, "webp")} 320w, ${at(640, "webp")} 640w, ${at(1280, "webp")} 900w`,
      jpeg: `${at(160, "jpg")} 160w, ${at(320, "jpg")} 320w, ${at(640, "jpg")} 640w, ${at(1280, "jpg")} 900w`,
      full: at(1280, "jpg"),
    });
  });

  test("up to a width where a page never shows it larger", () => {
    const card = pictureSources(picture, 320);
    expect(card.avif).toBe(`${at(160, "avif")} 160w, ${at(320, "avif")} 320w`);
    expect(card.src).toBe(at(320, "jpg"));
    expect(card.full).toBe(at(1280, "jpg"));
  });
});

describe("documentFileName", () => {
  test("keeps a name's own letters, drops folders and odd characters, and ends as its type does", () => {
    expect(documentFileName("Pump datasheet.pdf", "pdf")).toBe("Pump datasheet.pdf");
    expect(documentFileName("gear.STP", "step")).toBe("gear.STP");
    expect(documentFileName("C:\\drawings\\flange", "dxf")).toBe("flange.dxf");
    expect(documentFileName('../"évier"\u202e.exe', "pdf")).toBe("évier.exe.pdf");
    expect(documentFileName("\u0000", "stl")).toBe("model.stl");
    expect(documentFileName(".hidden.pdf", "pdf")).toBe("hidden.pdf");
    const long = documentFileName(`${"x".repeat(300)}.iges`, "iges");
    expect(long).toHaveLength(120);
    expect(long.endsWith(".iges")).toBe(true);
  });
});

test("formatFileSize", () => {
  expect([912, 48_213, 3_400_000].map(formatFileSize)).toEqual(["912 bytes", "48 KB", "3.4 MB"]);
});
