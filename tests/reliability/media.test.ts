import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { contentHash } from "~/lib/media";

import { newItem } from "../support/builders";
import { samplePhoto } from "../support/media-samples";
import type { ServerProcess } from "../support/server";
import { createSignedInUser } from "../support/users";
import { pidsInLog, recordStats, startCluster } from "./support";

// Uploaded files through two app processes on one database (decision 27: files live in the
// database so that every process and machine sees the same ones): a picture uploaded through one is
// served by both, byte for byte; the same file uploaded to several parts at once through both is
// stored once; and a part letting go of a file while another takes it up never loses the file.

let shop: ServerProcess;
let admin: string;
let requests = 0;
let serverErrors = 0;

beforeAll(async () => {
  shop = await startCluster(2, { PAGE_CACHE_SECONDS: "0" });
  admin = (await createSignedInUser({ role: "admin" })).cookie;
});

afterAll(async () => {
  await shop?.stop();
});

/** A post of the edit page's forms as the browser sends it, on a new connection each time. */
async function post(itemId: number, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${shop.origin}/dashboard/manage-product/${itemId}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Origin: shop.origin, "Sec-Fetch-Site": "same-origin", Cookie: admin, Connection: "close" },
  });
  await response.arrayBuffer();
  requests++;
  if (response.status >= 500) serverErrors++;
  return response.status;
}

const picture = (bytes: Uint8Array) => new File([new Uint8Array(bytes)], "gear.jpg", { type: "image/jpeg" });

async function fetchVariant(fileName: string) {
  const response = await fetch(`${shop.origin}/media/${fileName}`, { headers: { Connection: "close" } });
  requests++;
  if (response.status >= 500) serverErrors++;
  return {
    status: response.status,
    etag: response.headers.get("etag"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function linksTo(hash: string) {
  return db
    .selectFrom("item_pictures")
    .innerJoin("media", "media.id", "item_pictures.media_id")
    .select("item_pictures.item_id")
    .where("media.hash", "=", hash)
    .execute();
}

async function variantsOf(hash: string) {
  const rows = await db
    .selectFrom("media_variants")
    .innerJoin("media", "media.id", "media_variants.media_id")
    .select("media_variants.variant")
    .where("media.hash", "=", hash)
    .execute();
  return rows.length;
}

test("a picture uploaded through one process is served by both, the same bytes every time", async () => {
  const part = await newItem();
  const photo = await samplePhoto({ width: 800, height: 600 });
  expect(await post(part.id, { intent: "add-picture", image: picture(photo), alt: "Gear" })).toBe(302);
  const fileName = `${await contentHash(photo)}-320.webp`;

  const before = pidsInLog(shop.output());
  const answers = await Promise.all(Array.from({ length: 40 }, () => fetchVariant(fileName)));
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  expect(new Set(answers.map((answer) => answer.bytes.toString("base64"))).size).toBe(1);
  expect(new Set(answers.map((answer) => answer.etag))).toEqual(new Set([`"${fileName}"`]));
  // Both workers answered /media requests.
  const mediaLines = shop
    .output()
    .split("\n")
    .filter((line) => line.includes(`"path":"/media/${fileName}"`));
  const answeredBy = new Set(mediaLines.map((line) => Number(/"pid":(\d+)/.exec(line)?.[1])));
  expect(answeredBy.size).toBe(2);
  expect([...answeredBy].every((pid) => shop.workerPids().includes(pid) || before.has(pid))).toBe(true);
});

test("the same new file uploaded to four parts at once, through both processes, is stored once", async () => {
  const parts = await Promise.all(Array.from({ length: 4 }, () => newItem()));
  // Wider than 640: all four widths, the widest at its own 700 px.
  const photo = await samplePhoto({ width: 700, height: 500 });
  const statuses = await Promise.all(
    parts.map((part) => post(part.id, { intent: "add-picture", image: picture(photo), alt: "Shared gear" })),
  );
  expect(statuses).toEqual([302, 302, 302, 302]);
  const hash = await contentHash(photo);
  const stored = await db.selectFrom("media").select("id").where("hash", "=", hash).execute();
  expect(stored).toHaveLength(1);
  expect(await variantsOf(hash)).toBe(12);
  expect((await linksTo(hash)).map((link) => link.item_id).sort()).toEqual(parts.map((part) => part.id).sort());
});

test("a part letting go of a file while another takes it up, twenty times: the file is never lost", async () => {
  const rounds = 20;
  const parts = await Promise.all(Array.from({ length: 2 }, () => newItem()));
  const photo = await samplePhoto({ width: 400, height: 300 });
  const hash = await contentHash(photo);
  expect(await post(parts[0].id, { intent: "add-picture", image: picture(photo), alt: "Gear" })).toBe(302);
  for (let round = 0; round < rounds; round++) {
    const [holder, taker] = round % 2 === 0 ? parts : [parts[1], parts[0]];
    const statuses = await Promise.all([
      post(holder.id, { intent: "remove-picture", hash }),
      post(taker.id, { intent: "add-picture", image: picture(photo), alt: "Gear" }),
    ]);
    expect(statuses).toEqual([302, 302]);
    // The part that took it up shows it, and all its variants are stored (read from the database:
    // the server may answer from memory what it read a moment ago).
    expect((await linksTo(hash)).map((link) => link.item_id)).toEqual([taker.id]);
    expect(await variantsOf(hash)).toBe(9);
  }
  // The last part lets go: the file goes.
  const last = rounds % 2 === 0 ? parts[0] : parts[1];
  expect(await post(last.id, { intent: "remove-picture", hash })).toBe(302);
  expect(await db.selectFrom("media").select("id").where("hash", "=", hash).executeTakeFirst()).toBeUndefined();
  expect(serverErrors).toBe(0);
  recordStats({ suite: "media", requests, failures: 0, serverErrors, oversells: 0, ordersLost: 0 });
});
