import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { contentHash, pictureUrl } from "~/lib/media";
import { deleteItem, duplicateItem, updateItem } from "~/models/item";
import { documentRefsOf, pictureRefsOf, replaceItemDocuments, replaceItemPictures } from "~/models/media";
import { documentsOf, picturesOf } from "~/models/media-reads.server";
import { publicVersion } from "~/models/public-version.server";
import * as home from "~/routes/_index";
import * as apiItems from "~/routes/api.item";
import * as apiItem from "~/routes/api.item.$id";
import * as editProduct from "~/routes/dashboard.manage-product_.$id";
import * as productPage from "~/routes/items_.$id";
import * as mediaRoute from "~/routes/media.$file";
import { DAMAGED_PICTURE, NOT_A_DOCUMENT, NOT_A_PICTURE } from "~/services/media-upload.server";

import { apiRequest, callApi } from "../support/api";
import { newItem } from "../support/builders";
import { call, fieldErrors, flashOf, getRequest, multipartRequest } from "../support/http";
import {
  jpegClaiming,
  pngClaiming,
  SAMPLE_CAMERA,
  sampleAsciiDxf,
  sampleAsciiStl,
  sampleBinaryDxf,
  sampleBinaryStl,
  sampleIges,
  samplePdf,
  samplePhoto,
  sampleStep,
  sampleText,
} from "../support/media-samples";
import { createSignedInUser } from "../support/users";

// Pictures and documents on the product edit page, stored in the database and served from
// /media (issue 25, decision 27), on whichever database TEST_DATABASE names.

type Fields = Record<string, string | File>;

async function post(itemId: number, fields: Fields, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return call(editProduct.action, multipartRequest(`/dashboard/manage-product/${itemId}`, form, { cookie }), {
    id: String(itemId),
  });
}

function file(bytes: Uint8Array, name: string, type = "application/octet-stream") {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function admin() {
  return (await createSignedInUser({ role: "admin" })).cookie;
}

async function addPicture(itemId: number, bytes: Uint8Array, cookie: string, alt = "The gear from the side") {
  return post(itemId, { intent: "add-picture", image: file(bytes, "photo.jpg", "image/jpeg"), alt }, cookie);
}

async function mediaRows() {
  const [media, variants] = await Promise.all([
    db
      .selectFrom("media")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("media_variants")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { media: Number(media.count), variants: Number(variants.count) };
}

function storedFile(hash: string) {
  return db
    .selectFrom("media")
    .select(["id", "kind", "content_type", "width", "height"])
    .where("hash", "=", hash)
    .executeTakeFirst();
}

/** GET (or HEAD) /media/<file> through the route, as a browser asks for it. */
async function fetchMedia(fileName: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(`http://localhost:3000/media/${fileName}`, init);
  return mediaRoute.loader({ request, params: { file: fileName }, context: {} });
}

async function mainPictureOf(itemId: number) {
  return (await picturesOf([itemId])).get(itemId)?.[0];
}

describe("uploading a picture", () => {
  test("derives every width in AVIF, WebP and JPEG, upright, with no EXIF or GPS left in any of them", async () => {
    const cookie = await admin();
    const part = await newItem();
    // Taken on its side: 2000 × 1500 pixels stored, 1500 × 2000 upright.
    const photo = await samplePhoto({ width: 2000, height: 1500, orientation: 6 });
    expect(Buffer.from(photo).includes(SAMPLE_CAMERA)).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const answer = await addPicture(part.id, photo, cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dashboard/manage-product/${part.id}`);
    expect((await flashOf(answer)).message).toBe("Picture added.");

    const hash = await contentHash(photo);
    expect(await storedFile(hash)).toMatchObject({
      kind: "picture",
      content_type: "image/jpeg",
      width: 1500,
      height: 2000,
    });
    const variants = await db
      .selectFrom("media_variants")
      .innerJoin("media", "media.id", "media_variants.media_id")
      .select([
        "variant",
        "format",
        "media_variants.content_type",
        "media_variants.width",
        "media_variants.height",
        "media_variants.bytes",
      ])
      .where("media.hash", "=", hash)
      .execute();
    expect(variants.map((variant) => `${variant.variant}.${variant.format}`).sort()).toEqual(
      ["160", "320", "640", "1280"].flatMap((width) => [`${width}.avif`, `${width}.jpeg`, `${width}.webp`]).sort(),
    );
    for (const variant of variants) {
      const bytes = Buffer.from(variant.bytes);
      const read = await sharp(bytes).metadata();
      const expectedWidth = Number(variant.variant);
      expect(read.width, `${variant.variant}.${variant.format}`).toBe(expectedWidth);
      expect(Math.abs(read.height! - (expectedWidth * 2000) / 1500)).toBeLessThanOrEqual(1);
      expect(variant.width).toBe(read.width);
      expect({
        format: read.format,
        exif: read.exif,
        xmp: read.xmp,
        icc: read.icc,
        orientation: read.orientation,
      }).toEqual({
        format: variant.format === "avif" ? "heif" : variant.format,
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        orientation: undefined,
      });
      expect(bytes.includes(SAMPLE_CAMERA)).toBe(false);
    }
    // Turned upright: the orange half of the photo is on top now.
    const jpeg = variants.find((variant) => variant.variant === "160" && variant.format === "jpeg")!;
    const { data, info } = await sharp(Buffer.from(jpeg.bytes)).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(80, 20)[0]).toBeGreaterThan(180);
    expect(pixel(80, info.height - 20)[2]).toBeGreaterThan(150);
  });

  test("a picture narrower than 1280 keeps its own width once and is never enlarged", async () => {
    const cookie = await admin();
    const part = await newItem();
    const answer = await addPicture(part.id, await samplePhoto({ width: 500, height: 400, format: "png" }), cookie);
    expect(answer.status).toBe(302);
    const picture = await mainPictureOf(part.id);
    expect(picture?.sizes).toEqual([
      { width: 160, actualWidth: 160, actualHeight: 128 },
      { width: 320, actualWidth: 320, actualHeight: 256 },
      { width: 640, actualWidth: 500, actualHeight: 400 },
    ]);
  });

  test.each(["png", "webp", "avif"] as const)("takes a %s picture", async (format) => {
    const cookie = await admin();
    const part = await newItem();
    const photo = await samplePhoto({ width: 400, height: 300, format });
    expect((await addPicture(part.id, photo, cookie)).status).toBe(302);
    expect(await storedFile(await contentHash(photo))).toMatchObject({ content_type: `image/${format}`, width: 400 });
  });

  test("the same file uploaded for two parts is stored once and shared", async () => {
    const cookie = await admin();
    const [first, second] = [await newItem(), await newItem()];
    const photo = await samplePhoto({ width: 400, height: 300 });
    const before = await mediaRows();
    await addPicture(first.id, photo, cookie);
    await addPicture(second.id, photo, cookie);
    expect(await mediaRows()).toEqual({ media: before.media + 1, variants: before.variants + 9 });
    const again = await addPicture(first.id, photo, cookie);
    expect((await flashOf(again)).message).toBe("This part already shows this picture.");
  });
});

describe("a refused upload is a 400 beside its field, and writes nothing", () => {
  async function refusedPicture(bytes: Uint8Array, name = "photo.jpg") {
    const cookie = await admin();
    const part = await newItem();
    const before = await mediaRows();
    const started = performance.now();
    const answer = await post(
      part.id,
      { intent: "add-picture", image: file(bytes, name, "image/jpeg"), alt: "A gear" },
      cookie,
    );
    const took = performance.now() - started;
    expect(answer.status).toBe(400);
    expect(await mediaRows()).toEqual(before);
    expect(await picturesOf([part.id])).toEqual(new Map());
    return { message: fieldErrors(answer).image?.[0], took };
  }

  test("a text file named photo.jpg", async () => {
    expect((await refusedPicture(sampleText())).message).toBe(NOT_A_PICTURE);
  });

  test("a GIF, an SVG and a PDF, which are not among the picture types", async () => {
    expect((await refusedPicture(new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000"), "a.gif")).message).toBe(
      NOT_A_PICTURE,
    );
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await refusedPicture(svg, "a.svg")).message).toBe(NOT_A_PICTURE);
    expect((await refusedPicture(samplePdf(), "a.jpg")).message).toBe(NOT_A_PICTURE);
  });

  test("a picture over 15 MB", async () => {
    const tooLarge = new Uint8Array(15 * 1024 * 1024 + 1);
    tooLarge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect((await refusedPicture(tooLarge)).message).toBe("A picture may be at most 15 MB");
  });

  test.each([
    ["a PNG", () => pngClaiming(20_000, 20_000)],
    ["a JPEG", () => jpegClaiming(20_000, 20_000)],
  ])("a decompression bomb: %s of a few hundred bytes whose header claims 20000 × 20000 pixels", async (_, bomb) => {
    const bytes = await bomb();
    expect(bytes.length).toBeLessThan(1000);
    const { message, took } = await refusedPicture(bytes);
    expect(message).toBe("This picture is 400 megapixels; at most 50 are taken. Scale it down and upload it again.");
    // Refused from its header: decoding 400 megapixels would take seconds and 1.2 GB.
    expect(took).toBeLessThan(1000);
  });

  test.each([
    ["1 × 49,999,999 (under the pixel cap)", 1, 49_999_999],
    ["16,384 × 100 (past WebP's longest side)", 16_384, 100],
    ["4,200 × 200 (more than 20 to 1)", 4_200, 200],
  ])("a sliver: a PNG of %s pixels is refused from its header, in under a second", async (_, width, height) => {
    const { message, took } = await refusedPicture(await pngClaiming(width, height));
    expect(message).toBe(
      `This picture is ${width.toLocaleString("en-GB")} × ${height.toLocaleString("en-GB")} pixels: a side may be at most 16,383 pixels, and the longer at most 20 times the shorter. Crop or scale it and upload it again.`,
    );
    // Decoding 1 × 50,000,000 took 45 s of a core before it failed (issue 48).
    expect(took).toBeLessThan(1000);
  });

  test("a JPEG cut short, which cannot be decoded", async () => {
    const photo = await samplePhoto({ width: 800, height: 600 });
    expect((await refusedPicture(photo.subarray(0, 2000))).message).toBe(DAMAGED_PICTURE);
  });

  test("damaged pictures and documents (cut short, bytes changed, junk after a signature) are a 302 or a 400, never a 500", async () => {
    const cookie = await admin();
    const part = await newItem();
    const originals = await Promise.all(
      (["jpeg", "png", "webp", "avif"] as const).map((format) => samplePhoto({ width: 96, height: 64, format })),
    );
    const documents = [samplePdf(), sampleStep(), sampleIges(), sampleAsciiDxf(), sampleBinaryStl(), sampleAsciiStl()];
    const damaged = (sources: Uint8Array[]) =>
      fc
        .tuple(
          fc.constantFrom(...sources),
          fc.nat(),
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
          fc.uint8Array({ maxLength: 64 }),
        )
        .map(([source, cut, changes, junk]) => {
          const bytes = new Uint8Array([...source.subarray(0, 16 + (cut % source.length)), ...junk]);
          for (const [at, value] of changes) bytes[16 + (at % Math.max(1, bytes.length - 16))] = value;
          return bytes;
        });
    await fc.assert(
      fc.asyncProperty(damaged(originals), damaged(documents), async (picture, document) => {
        const pictureAnswer = await post(
          part.id,
          { intent: "add-picture", image: file(picture, "damaged.jpg"), alt: "Damaged" },
          cookie,
        );
        const documentAnswer = await post(
          part.id,
          { intent: "add-document", document: file(document, "x.pdf") },
          cookie,
        );
        expect([302, 400]).toContain(pictureAnswer.status);
        expect([302, 400]).toContain(documentAnswer.status);
        // Back to none, so the part never reaches its limit.
        await db.deleteFrom("item_pictures").where("item_id", "=", part.id).execute();
        await db.deleteFrom("item_documents").where("item_id", "=", part.id).execute();
      }),
      { numRuns: 40 },
    );
  });

  test("a picture without alt text, and a form without a file", async () => {
    const cookie = await admin();
    const part = await newItem();
    const photo = await samplePhoto({ width: 300, height: 200 });
    const noAlt = await post(part.id, { intent: "add-picture", image: file(photo, "a.jpg"), alt: " " }, cookie);
    expect(noAlt.status).toBe(400);
    expect(fieldErrors(noAlt).alt).toEqual(["Enter a short description of the picture for people who cannot see it"]);
    // A browser sends an empty file part when nothing was chosen.
    const noFile = await post(
      part.id,
      { intent: "add-picture", image: file(new Uint8Array(), ""), alt: "A gear" },
      cookie,
    );
    expect(noFile.status).toBe(400);
    expect(fieldErrors(noFile).image).toEqual(["Choose a picture (JPEG, PNG, WebP or AVIF)"]);
    expect(await picturesOf([part.id])).toEqual(new Map());
  });

  test("a text file named datasheet.pdf, and a document over 25 MB", async () => {
    const cookie = await admin();
    const part = await newItem();
    const before = await mediaRows();
    const renamed = await post(
      part.id,
      { intent: "add-document", document: file(sampleText(), "datasheet.pdf") },
      cookie,
    );
    expect(renamed.status).toBe(400);
    expect(fieldErrors(renamed).document).toEqual([NOT_A_DOCUMENT]);
    const huge = new Uint8Array(25 * 1024 * 1024 + 1);
    huge.set(samplePdf());
    const tooLarge = await post(part.id, { intent: "add-document", document: file(huge, "big.pdf") }, cookie);
    expect(tooLarge.status).toBe(400);
    expect(fieldErrors(tooLarge).document).toEqual(["A document may be at most 25 MB"]);
    expect(await mediaRows()).toEqual(before);
  });

  test("a part takes at most 12 pictures and 12 documents", async () => {
    const cookie = await admin();
    const part = await newItem();
    for (let index = 0; index < 12; index++) {
      expect((await addPicture(part.id, await samplePhoto({ width: 64, height: 48 }), cookie)).status).toBe(302);
      const pdf = file(samplePdf(), `sheet ${index}.pdf`);
      expect((await post(part.id, { intent: "add-document", document: pdf }, cookie)).status).toBe(302);
    }
    const before = await mediaRows();
    const picture = await addPicture(part.id, await samplePhoto({ width: 64, height: 48 }), cookie);
    expect(picture.status).toBe(400);
    expect(fieldErrors(picture).image).toEqual(["A part may have at most 12 pictures: remove one first."]);
    const document = await post(part.id, { intent: "add-document", document: file(samplePdf(), "more.pdf") }, cookie);
    expect(fieldErrors(document).document).toEqual(["A part may have at most 12 documents: remove one first."]);
    expect(await mediaRows()).toEqual(before);
  });

  test("a customer may not upload, and the file is never read for them", async () => {
    const { cookie } = await createSignedInUser();
    const part = await newItem();
    const answer = await addPicture(part.id, await samplePhoto({ width: 300, height: 200 }), cookie);
    expect(answer.status).toBe(403);
    expect(await picturesOf([part.id])).toEqual(new Map());
  });
});

describe("documents", () => {
  test.each([
    ["a PDF", samplePdf(), "Pump datasheet.pdf", "datasheet", "application/pdf", "pdf"],
    ["a STEP model", sampleStep(), "gear.stp", "cad", "model/step", "step"],
    ["an IGES model", sampleIges(), "gear.igs", "cad", "model/iges", "iges"],
    ["an ASCII DXF drawing", sampleAsciiDxf(), "flange.dxf", "cad", "image/vnd.dxf", "dxf"],
    ["a binary DXF drawing", sampleBinaryDxf(), "flange-binary.dxf", "cad", "image/vnd.dxf", "dxf"],
    ["an ASCII STL mesh", sampleAsciiStl(), "gear.stl", "cad", "model/stl", "stl"],
    ["a binary STL mesh", sampleBinaryStl(), "gear-binary.stl", "cad", "model/stl", "stl"],
  ])(
    "%s is recognised by its bytes, listed and served as an attachment",
    async (_, bytes, name, kind, contentType, extension) => {
      const cookie = await admin();
      const part = await newItem();
      // Sent as the browser may label it: the type it declares is ignored.
      const answer = await post(part.id, { intent: "add-document", document: file(bytes, name, "text/plain") }, cookie);
      expect(answer.status).toBe(302);
      const [listed] = (await documentsOf([part.id])).get(part.id)!;
      const hash = await contentHash(bytes);
      expect(listed).toEqual({ hash, fileName: name, kind, type: extension, byteSize: bytes.byteLength });

      const served = await fetchMedia(`${hash}-original.${extension}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe(contentType);
      expect(served.headers.get("Content-Disposition")).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    },
  );

  test("a file name loses folders and odd characters, keeps its own letters, and ends as its type does", async () => {
    const cookie = await admin();
    const part = await newItem();
    await post(
      part.id,
      { intent: "add-document", document: file(samplePdf(), '..\\..\\Zahnrad "Größe 2".exe') },
      cookie,
    );
    const [listed] = (await documentsOf([part.id])).get(part.id)!;
    expect(listed.fileName).toBe("Zahnrad Größe 2.exe.pdf");
    const served = await fetchMedia(`${listed.hash}-original.pdf`);
    expect(served.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Zahnrad Gr__e 2.exe.pdf"; filename*=UTF-8''Zahnrad%20Gr%C3%B6%C3%9Fe%202.exe.pdf`,
    );
  });
});

describe("/media/<hash>-<variant>.<ext>", () => {
  test("serves a variant with its type, an ETag and a year's immutable caching; 304 on If-None-Match; HEAD", async () => {
    const cookie = await admin();
    const part = await newItem();
    const photo = await samplePhoto({ width: 800, height: 600 });
    await addPicture(part.id, photo, cookie);
    const hash = await contentHash(photo);
    const fileName = `${hash}-320.avif`;

    const served = await fetchMedia(fileName);
    expect(served.status).toBe(200);
    expect(Object.fromEntries(served.headers)).toMatchObject({
      "content-type": "image/avif",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${fileName}"`,
      "x-content-type-options": "nosniff",
    });
    const body = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get("Content-Length")).toBe(String(body.length));
    expect((await sharp(body).metadata()).width).toBe(320);

    const again = await fetchMedia(fileName, { headers: { "If-None-Match": `"${fileName}"` } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(`"${fileName}"`);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const head = await fetchMedia(fileName, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(body.length));

    for (const format of ["webp", "jpg"]) {
      expect((await fetchMedia(`${hash}-640.${format}`)).headers.get("Content-Type")).toBe(
        format === "webp" ? "image/webp" : "image/jpeg",
      );
    }
  });

  test.each([
    ["an unknown hash", `${"0".repeat(64)}-320.avif`],
    ["a width that is not made", "HASH-800.avif"],
    ["a format that is not made", "HASH-320.png"],
    ["a picture asked for as a document", "HASH-original.pdf"],
    ["a size wider than the picture", "HASH-1280.jpg"],
    ["a made-up name", "../../etc/passwd"],
    ["an upper-case hash", "UPPER-320.avif"],
  ])("%s is a 404", async (_, pattern) => {
    const cookie = await admin();
    const part = await newItem();
    const photo = await samplePhoto({ width: 500, height: 400 });
    await addPicture(part.id, photo, cookie);
    const hash = await contentHash(photo);
    const fileName = pattern.replace("HASH", hash).replace("UPPER", hash.toUpperCase());
    const answer = await fetchMedia(fileName);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("files no part refers to are removed", () => {
  test("a picture shared by two parts stays until the last of them lets go of it", async () => {
    const cookie = await admin();
    const [first, second] = [await newItem(), await newItem()];
    const photo = await samplePhoto({ width: 400, height: 300 });
    const hash = await contentHash(photo);
    await addPicture(first.id, photo, cookie);
    await addPicture(second.id, photo, cookie);

    const removed = await post(first.id, { intent: "remove-picture", hash }, cookie);
    expect((await flashOf(removed)).message).toBe("Picture removed.");
    expect(await storedFile(hash)).toBeDefined();
    expect((await fetchMedia(`${hash}-320.webp`)).status).toBe(200);

    await post(second.id, { intent: "remove-picture", hash }, cookie);
    expect(await storedFile(hash)).toBeUndefined();
    const orphans = db
      .selectFrom("media_variants")
      .select("media_id")
      .where("media_id", "not in", db.selectFrom("media").select("id"));
    expect(await orphans.execute()).toEqual([]);
    expect((await fetchMedia(`${hash}-320.webp`)).status).toBe(404);
  });

  test("deleting a part removes its files, but not those another part (its copy) still shows", async () => {
    const cookie = await admin();
    const part = await newItem();
    const shared = await samplePhoto({ width: 400, height: 300 });
    const own = await samplePhoto({ width: 300, height: 300 });
    const [sharedPdf, ownStep] = [samplePdf(), sampleStep()];
    await addPicture(part.id, shared, cookie);
    await post(part.id, { intent: "add-document", document: file(sharedPdf, "shared.pdf") }, cookie);
    const copy = await duplicateItem(part.id);
    if (!copy.ok) throw new Error("no copy");
    await addPicture(part.id, own, cookie);
    await post(part.id, { intent: "add-document", document: file(ownStep, "own.step") }, cookie);

    // The copy carries the pictures and documents the part had, as the same stored files.
    expect((await picturesOf([copy.item.id])).get(copy.item.id)?.map((picture) => picture.hash)).toEqual([
      await contentHash(shared),
    ]);
    expect((await documentsOf([copy.item.id])).get(copy.item.id)?.map((document) => document.fileName)).toEqual([
      "shared.pdf",
    ]);

    expect(await deleteItem(part.id)).toEqual({ ok: true });
    expect(await storedFile(await contentHash(own))).toBeUndefined();
    expect(await storedFile(await contentHash(ownStep))).toBeUndefined();
    expect(await storedFile(await contentHash(shared))).toBeDefined();
    expect(await storedFile(await contentHash(sharedPdf))).toBeDefined();

    expect(await deleteItem(copy.item.id)).toEqual({ ok: true });
    expect(await storedFile(await contentHash(shared))).toBeUndefined();
    expect(await storedFile(await contentHash(sharedPdf))).toBeUndefined();
  });

  test("removing a document removes its file", async () => {
    const cookie = await admin();
    const part = await newItem();
    const bytes = sampleAsciiStl();
    await post(part.id, { intent: "add-document", document: file(bytes, "gear.stl") }, cookie);
    const hash = await contentHash(bytes);
    const removed = await post(part.id, { intent: "remove-document", hash }, cookie);
    expect((await flashOf(removed)).message).toBe("Document removed.");
    expect(await storedFile(hash)).toBeUndefined();
    // A second click on a button for a file already gone says so, and changes nothing.
    const again = await post(part.id, { intent: "remove-document", hash }, cookie);
    expect(await flashOf(again)).toMatchObject({ kind: "error" });
  });
});

describe("a part's pictures in order", () => {
  test("the first is the main one; moving and alt text change the product page, the cards and the public version", async () => {
    const cookie = await admin();
    const part = await newItem({ name: "Ordered Gear" });
    const photos = [
      await samplePhoto({ width: 400, height: 300 }),
      await samplePhoto({ width: 420, height: 300 }),
      await samplePhoto({ width: 440, height: 300 }),
    ];
    const hashes = await Promise.all(photos.map(contentHash));
    for (const [index, photo] of photos.entries()) await addPicture(part.id, photo, cookie, `View ${index + 1}`);

    const order = async () => ((await picturesOf([part.id])).get(part.id) ?? []).map((picture) => picture.alt);
    expect(await order()).toEqual(["View 1", "View 2", "View 3"]);

    const versionBefore = await publicVersion();
    expect((await flashOf(await post(part.id, { intent: "move-picture-up", hash: hashes[2] }, cookie))).message).toBe(
      "Picture moved.",
    );
    expect(await order()).toEqual(["View 1", "View 3", "View 2"]);
    expect(await publicVersion()).not.toBe(versionBefore);
    await post(part.id, { intent: "move-picture-up", hash: hashes[2] }, cookie);
    expect(await order()).toEqual(["View 3", "View 1", "View 2"]);
    // Past the top, nothing moves.
    await post(part.id, { intent: "move-picture-up", hash: hashes[2] }, cookie);
    await post(part.id, { intent: "move-picture-down", hash: hashes[0] }, cookie);
    expect(await order()).toEqual(["View 3", "View 2", "View 1"]);
    await post(part.id, { intent: "picture-alt", hash: hashes[2], alt: "Front view, teeth up" }, cookie);
    expect(await order()).toEqual(["Front view, teeth up", "View 2", "View 1"]);
    // An empty alt text is refused beside that picture's field (the reply names the picture).
    const blank = await post(part.id, { intent: "picture-alt", hash: hashes[1], alt: "" }, cookie);
    expect(blank.status).toBe(400);
    expect(fieldErrors(blank).alt).toEqual(["Enter a short description of the picture for people who cannot see it"]);
    expect(blank.data.initialValue).toMatchObject({ intent: "picture-alt", hash: hashes[1] });
    expect(await order()).toEqual(["Front view, teeth up", "View 2", "View 1"]);

    const page = await call(productPage.loader, getRequest(`/items/${part.id}`), { id: String(part.id) });
    expect(page.data.pictures.map((picture: { hash: string }) => picture.hash)).toEqual([
      hashes[2],
      hashes[1],
      hashes[0],
    ]);
    const jsonLd = JSON.parse(page.data.jsonLd);
    expect(jsonLd.image).toEqual([
      `http://localhost:3000${pictureUrl(hashes[2], 640, "jpeg")}`,
      `http://localhost:3000${pictureUrl(hashes[1], 640, "jpeg")}`,
      `http://localhost:3000${pictureUrl(hashes[0], 640, "jpeg")}`,
    ]);
    const cards = await call(home.loader, getRequest("/"));
    const card = cards.data.items.find((item: { id: number }) => item.id === part.id);
    // A card's picture is at most 640 wide: this one is 440 px, so its 640 slot holds its own width.
    expect(card.picture).toMatchObject({
      hash: hashes[2],
      alt: "Front view, teeth up",
      width: 440,
      avif: `/media/${hashes[2]}-160.avif 160w, /media/${hashes[2]}-320.avif 320w, /media/${hashes[2]}-640.avif 440w`,
      src: `/media/${hashes[2]}-640.jpg`,
    });
  });

  test("a part without uploaded pictures keeps showing its image address, on its page and its card", async () => {
    const part = await newItem({ img: "/images/items/ball-bearing.svg" });
    const page = await call(productPage.loader, getRequest(`/items/${part.id}`), { id: String(part.id) });
    expect(page.data.pictures).toEqual([]);
    expect(page.data.product.img).toBe("/images/items/ball-bearing.svg");
    const cards = await call(home.loader, getRequest("/"));
    expect(cards.data.items.find((item: { id: number }) => item.id === part.id)).toMatchObject({
      img: "/images/items/ball-bearing.svg",
      picture: null,
    });
  });

  test("the product page lists documents, and its JSON-LD names them as documents about the product", async () => {
    const cookie = await admin();
    const part = await newItem();
    const pdf = samplePdf();
    await post(part.id, { intent: "add-document", document: file(pdf, "Gear datasheet.pdf") }, cookie);
    const page = await call(productPage.loader, getRequest(`/items/${part.id}`), { id: String(part.id) });
    const hash = await contentHash(pdf);
    expect(page.data.documents).toEqual([
      { hash, fileName: "Gear datasheet.pdf", kind: "datasheet", type: "pdf", byteSize: pdf.length },
    ]);
    expect(JSON.parse(page.data.jsonLd).subjectOf).toEqual([
      {
        "@type": "DigitalDocument",
        name: "Gear datasheet.pdf",
        url: `http://localhost:3000/media/${hash}-original.pdf`,
        encodingFormat: "application/pdf",
      },
    ]);
  });
});

describe("the JSON API's item", () => {
  test("lists its pictures (main first, every size as absolute addresses) and documents", async () => {
    const cookie = await admin();
    const part = await newItem();
    const photo = await samplePhoto({ width: 900, height: 600 });
    const step = sampleStep();
    await addPicture(part.id, photo, cookie, "Spur gear, side view");
    await post(part.id, { intent: "add-document", document: file(step, "Spur gear.step") }, cookie);
    const [pictureHash, stepHash] = [await contentHash(photo), await contentHash(step)];
    const answer = await callApi(apiItem, apiRequest("GET", `/api/item/${part.id}`), { id: String(part.id) });
    expect(answer.status).toBe(200);
    const at = (width: number, extension: string) => `http://localhost:3000/media/${pictureHash}-${width}.${extension}`;
    const size = (slot: number, width: number, height: number) => ({
      width,
      height,
      avif: at(slot, "avif"),
      webp: at(slot, "webp"),
      jpeg: at(slot, "jpg"),
    });
    expect(answer.data.pictures).toEqual([
      {
        alt: "Spur gear, side view",
        url: at(1280, "jpg"),
        width: 900,
        height: 600,
        variants: [size(160, 160, 107), size(320, 320, 213), size(640, 640, 427), size(1280, 900, 600)],
      },
    ]);
    expect(answer.data.documents).toEqual([
      {
        fileName: "Spur gear.step",
        kind: "cad",
        type: "step",
        contentType: "model/step",
        size: step.length,
        url: `http://localhost:3000/media/${stepHash}-original.step`,
      },
    ]);
  });
});

describe("references by hash, for the catalog file", () => {
  async function partWithFiles() {
    const cookie = await admin();
    const part = await newItem();
    const photos = [await samplePhoto({ width: 300, height: 200 }), await samplePhoto({ width: 320, height: 200 })];
    for (const [index, photo] of photos.entries()) await addPicture(part.id, photo, cookie, `View ${index + 1}`);
    const documents = [samplePdf(), sampleAsciiStl()];
    await post(part.id, { intent: "add-document", document: file(documents[0], "Datasheet.pdf") }, cookie);
    await post(part.id, { intent: "add-document", document: file(documents[1], "Mesh.stl") }, cookie);
    return {
      part,
      pictures: await Promise.all(photos.map(contentHash)),
      documents: await Promise.all(documents.map(contentHash)),
    };
  }

  test("reads a list of parts' pictures and documents in one call each", async () => {
    const { part, pictures, documents } = await partWithFiles();
    const bare = await newItem();
    const pictureRefs = await pictureRefsOf([part.id, bare.id]);
    expect(pictureRefs.get(part.id)).toEqual([
      { hash: pictures[0], alt: "View 1", position: 0 },
      { hash: pictures[1], alt: "View 2", position: 1 },
    ]);
    expect(pictureRefs.has(bare.id)).toBe(false);
    expect((await documentRefsOf([part.id, bare.id])).get(part.id)).toEqual([
      { hash: documents[0], fileName: "Datasheet.pdf", kind: "datasheet" },
      { hash: documents[1], fileName: "Mesh.stl", kind: "cad" },
    ]);
  });

  test("replaces a part's pictures and documents by stored hashes inside the caller's transaction", async () => {
    const { part, pictures, documents } = await partWithFiles();
    const other = await newItem();
    await db.transaction().execute(async (trx) => {
      // Reordered, renamed, one dropped, one taken from another part.
      expect(await replaceItemPictures(other.id, [{ hash: pictures[1], alt: "Side" }], { executor: trx })).toEqual({
        ok: true,
      });
      expect(
        await replaceItemPictures(
          part.id,
          [
            { hash: pictures[1], alt: "Back" },
            { hash: pictures[0], alt: "Front" },
          ],
          {
            executor: trx,
          },
        ),
      ).toEqual({ ok: true });
      expect(
        await replaceItemDocuments(part.id, [{ hash: documents[1], fileName: "gear mesh" }], {
          executor: trx,
        }),
      ).toEqual({ ok: true });
    });
    expect((await pictureRefsOf([part.id])).get(part.id)).toEqual([
      { hash: pictures[1], alt: "Back", position: 0 },
      { hash: pictures[0], alt: "Front", position: 1 },
    ]);
    expect((await pictureRefsOf([other.id])).get(other.id)?.map((ref) => ref.hash)).toEqual([pictures[1]]);
    // The file name ends as its type does; the dropped PDF is no part's any more, and is gone.
    expect((await documentRefsOf([part.id])).get(part.id)).toEqual([
      { hash: documents[1], fileName: "gear mesh.stl", kind: "cad" },
    ]);
    expect(await storedFile(documents[0])).toBeUndefined();

    // Emptied, a part's pictures are gone, and a file only it showed with them.
    expect(await replaceItemPictures(part.id, [])).toEqual({ ok: true });
    expect(await storedFile(pictures[0])).toBeUndefined();
    expect(await storedFile(pictures[1])).toBeDefined();
  });

  test("an unknown, malformed, repeated or wrong-kind hash is a field refusal, and nothing is written", async () => {
    const { part, pictures, documents } = await partWithFiles();
    const before = await pictureRefsOf([part.id]);
    const unknown = "a".repeat(64);
    const refusals = [
      await replaceItemPictures(part.id, [
        { hash: pictures[1], alt: "x" },
        { hash: unknown, alt: "y" },
      ]),
      await replaceItemPictures(part.id, [{ hash: "not-a-hash", alt: "x" }]),
      await replaceItemPictures(part.id, [
        { hash: pictures[0], alt: "x" },
        { hash: pictures[0], alt: "y" },
      ]),
      await replaceItemPictures(part.id, [{ hash: documents[0], alt: "x" }]),
      await replaceItemDocuments(part.id, [{ hash: pictures[0], fileName: "a.pdf", kind: "datasheet" }]),
      await replaceItemPictures(part.id, [{ hash: pictures[0], alt: "Null \u0000 byte" }]),
    ];
    expect(refusals.map((refusal) => (refusal.ok ? "ok" : refusal.reason === "field" && refusal.field))).toEqual([
      "pictures",
      "pictures",
      "pictures",
      "pictures",
      "documents",
      "pictures",
    ]);
    expect(refusals[0]).toMatchObject({
      message: `No picture with the hash ${unknown} is stored: upload it on a part's page first`,
    });
    expect(await pictureRefsOf([part.id])).toEqual(before);
    expect(await replaceItemPictures(part.id + 1_000_000, [])).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("a hidden part's files", () => {
  test("appear on no public page or API answer, are kept while it is hidden, and are served to whoever has their address", async () => {
    const cookie = await admin();
    const part = await newItem({ name: `Draft Pulley ${Date.now()}` });
    const photo = await samplePhoto({ width: 400, height: 300 });
    const pdf = samplePdf();
    await addPicture(part.id, photo, cookie);
    await post(part.id, { intent: "add-document", document: file(pdf, "Pulley.pdf") }, cookie);
    const versionBefore = await publicVersion();
    expect((await updateItem(part.id, { hidden: 1 })).ok).toBe(true);
    expect(await publicVersion()).not.toBe(versionBefore);

    const page = await call(productPage.loader, getRequest(`/items/${part.id}`), { id: String(part.id) });
    expect(page.status).toBe(404);
    const cards = await call(home.loader, getRequest("/"));
    expect(cards.data.items.map((item: { id: number }) => item.id)).not.toContain(part.id);
    const list = await callApi(apiItems, apiRequest("GET", `/api/item?q=${encodeURIComponent(part.name)}`));
    expect(list.data).toEqual([]);
    expect((await callApi(apiItem, apiRequest("GET", `/api/item/${part.id}`), { id: String(part.id) })).status).toBe(
      404,
    );
    // Staff still see and edit them; the addresses are the content's sha256, listed nowhere public.
    const edit = await call(editProduct.loader, getRequest(`/dashboard/manage-product/${part.id}`, { cookie }), {
      id: String(part.id),
    });
    expect(edit.data.pictures).toHaveLength(1);
    expect(edit.data.documents).toHaveLength(1);
    expect((await fetchMedia(`${await contentHash(photo)}-160.jpg`)).status).toBe(200);
    expect((await fetchMedia(`${await contentHash(pdf)}-original.pdf`)).status).toBe(200);
  });
});
