// Uploads under load: staff post 12-megapixel photos to a part's edit page (each derived into its
// twelve variants by sharp, on libuv's pool) while a few buyers read catalog page 1 from the same
// process. What is measured: how long each upload takes to answer, and the catalog's p99 and the
// server's event-loop delay over those seconds, beside the catalog's p99 alone just before.
import fs from "node:fs";

import Database from "better-sqlite3";

import { measure } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { READER, signUp } from "../lib/session.mjs";

/** 12-megapixel photos posted one after another, each a new file (scripts/bench/media-seed.ts). */
export const UPLOADS = 3;
/** The buyers reading the catalog meanwhile, as many as the latency rows have. */
export const UPLOAD_READERS = 4;

const ADMIN = { ...READER, name: "Bench Admin", email: "bench-admin@example.com" };

/** An admin through the sign-up form, made one in the database (the role is read on every request). */
async function signUpAdmin(server, databaseFile) {
  const cookie = await signUp(server.origin, ADMIN);
  const sqlite = new Database(databaseFile);
  try {
    sqlite.prepare("update users set role = 'admin' where email = ?").run(ADMIN.email);
  } finally {
    sqlite.close();
  }
  return cookie;
}

async function postPicture(server, cookie, partItemId, file) {
  const form = new FormData();
  form.append("intent", "add-picture");
  form.append("alt", "Steel spur gear, 12 megapixels");
  form.append("image", new File([fs.readFileSync(file)], "gear-12mp.jpg", { type: "image/jpeg" }));
  const started = performance.now();
  const response = await fetch(`${server.origin}/dashboard/manage-product/${partItemId}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

function percentile(values, share) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

/** The uploads, one after another, while UPLOAD_READERS read `/items` from the same server. */
export async function measureUploads(server, { databaseFile, partItemId, uploads, config }) {
  process.stdout.write(`  ${`${uploads.length} uploads of 12 MP + catalog (${UPLOAD_READERS} conn.)`.padEnd(42)} `);
  const cookie = await signUpAdmin(server, databaseFile);
  const url = `${server.origin}/items`;
  const alone = await measure({ url, connections: UPLOAD_READERS, duration: config.slice * 2 });

  const during = [];
  let window = null;
  const readers = measure({
    url,
    connections: UPLOAD_READERS,
    // Long enough for every upload at twice the budget; the window below is what counts.
    duration: 2 + uploads.length * 6,
    eachResponse: (_status, ms) => {
      if (window && !window.end) during.push(ms);
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  server.eventLoopDelay.start();
  window = { start: performance.now() };
  const posts = [];
  for (const file of uploads) posts.push(await postPicture(server, cookie, partItemId, file));
  window.end = performance.now();
  const eventLoopDelay = await server.eventLoopDelay.read();
  const reading = await readers;

  const result = {
    uploads: posts,
    slowestUploadMs: Math.max(...posts.map((post) => post.ms)),
    allAnswered: posts.every((post) => post.status === 302),
    catalogAlone: { p99: alone.p99, rps: alone.rps },
    catalogDuring: { p99: percentile(during, 0.99), requests: during.length, errors: reading.errors },
    eventLoopDelay,
  };
  console.log(
    `uploads ${posts.map((post) => `${fmt.int(post.ms)} ms (${post.status})`).join(", ")}; ` +
      `catalog p99 ${fmt.ms(result.catalogDuring.p99)} ms meanwhile, ${fmt.ms(alone.p99)} ms alone; ` +
      `event-loop delay max ${fmt.ms(eventLoopDelay.maxMs)} ms`,
  );
  return result;
}
