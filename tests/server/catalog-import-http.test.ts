import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_STRINGIFY_OPTIONS,
  MAX_CATALOG_FILE_BYTES,
} from "~/validation/catalog-import";
import { MAX_FORM_BYTES } from "~/web/request.server";

import { type ServerProcess, startServer } from "../support/server";
import { uniqueToken } from "../support/unique";
import { createSignedInUser } from "../support/users";

// The catalog import through the built server: an upload larger than any other form is taken on
// its own page only, and the server's import thread checks it.

let server: ServerProcess;
/** The server's temporary folder, where an uploaded file waits while its form is handled. */
const serverTmp = fs.mkdtempSync(path.join(os.tmpdir(), "import-http-"));

beforeAll(async () => {
  server = await startServer({ env: { TMPDIR: serverTmp } });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(serverTmp, { recursive: true, force: true });
});

/** What the server left in its temporary folder: nothing, once every upload was answered. */
const leftInTmp = () => fs.readdirSync(serverTmp).filter((name) => name.startsWith("storefront-upload-"));

/** A catalog file of new parts, larger than `bytes`. */
function fileOver(bytes: number) {
  const token = uniqueToken();
  const rows: string[][] = [];
  const description = "A washer for the import test. ".repeat(40);
  for (let n = 0; rows.length * description.length < bytes; n++) {
    rows.push(
      CATALOG_CSV_COLUMNS.map(
        (column) =>
          ({
            part_number: `GW-HTTP-${token}-${n}`,
            name: `Upload Washer ${n}`,
            price: "0.40",
            stock: "100",
            supplier: "Gearwright Works",
            hidden: "no",
            image: "/images/items/spur-gear.svg",
            description,
          })[column as string] ?? "",
      ),
    );
  }
  return stringify([[...CATALOG_CSV_COLUMNS], ...rows], CATALOG_CSV_STRINGIFY_OPTIONS);
}

function upload(cookie: string, content: string) {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("file", new File([content], "catalog.csv", { type: "text/csv" }));
  return fetch(`${server.origin}/dashboard/import`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.origin },
  });
}

test("a file larger than any form is taken for checking, and the server's import thread checks it", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const content = fileOver(MAX_FORM_BYTES + 1024 * 1024);
  const response = await upload(cookie, content);
  expect(response.status).toBe(302);
  const importPage = response.headers.get("location")!;
  expect(importPage).toMatch(/^\/dashboard\/import\/\d+$/);
  const until = Date.now() + 30_000;
  let html = "";
  while (!html.includes("Checked: ready to apply") && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    html = await (await fetch(`${server.origin}${importPage}`, { headers: { Cookie: cookie } })).text();
  }
  expect(html).toContain("Checked: ready to apply");
  expect(html).toMatch(/New parts<\/dt><dd[^>]*>[\d,]+</);
  // The file was streamed to disk while the form was read, and removed once it was stored.
  expect(leftInTmp()).toEqual([]);
});

test("with JavaScript the form posts to the page's .data address, which takes a file as large", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const before = await db.selectFrom("catalog_imports").select("id").execute();
  const form = new FormData();
  form.append("intent", "upload");
  form.append("file", new File([fileOver(MAX_FORM_BYTES + 1024 * 1024)], "catalog.csv", { type: "text/csv" }));
  const response = await fetch(`${server.origin}/dashboard/import.data`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.origin },
  });
  expect(response.status).not.toBe(413);
  expect(response.status).toBeLessThan(400);
  const after = await db.selectFrom("catalog_imports").select("id").execute();
  expect(after.length).toBe(before.length + 1);
});

test("only admins may upload: a customer is refused before the file is read", async () => {
  const { cookie } = await createSignedInUser();
  const response = await upload(cookie, fileOver(1024));
  expect(response.status).toBe(403);
});

/** Sends only a request's head, declaring `length` bytes, and returns the status line of the answer. */
function declare(path: string, length: number, cookie: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`,
      ),
    );
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\r\n")) {
        socket.destroy();
        resolve(answer.split("\r\n")[0]);
      }
    });
    socket.on("error", reject);
  });
}

test("a body declared larger than its page takes is refused with 413 before it is sent", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  expect(await declare("/dashboard/import", MAX_CATALOG_FILE_BYTES + 2 * 1024 * 1024, cookie)).toBe(
    "HTTP/1.1 413 Payload Too Large",
  );
  // The import page's bound is its own: every other form keeps the small one.
  expect(await declare("/contact", MAX_FORM_BYTES + 1024 * 1024, cookie)).toBe("HTTP/1.1 413 Payload Too Large");
});

/**
 * Sends a chunked body (no length declared) of `total` bytes, a megabyte at a time, and returns how
 * many the server took before it closed the connection (or all of them) and its status line if any.
 */
function sendChunked(pathname: string, total: number, cookie: string) {
  return new Promise<{ sent: number; status: string | null }>((resolve) => {
    const boundary = "streamed";
    let sent = 0;
    let answer = "";
    const socket = net.connect(server.port, "127.0.0.1", async () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalog.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      const megabyte = Buffer.alloc(1024 * 1024, "a");
      const chunk = (bytes: Buffer) => `${bytes.length.toString(16)}\r\n${bytes.toString("latin1")}\r\n`;
      socket.write(chunk(Buffer.from(head)));
      while (sent < total && !socket.destroyed) {
        sent += megabyte.length;
        if (!socket.write(chunk(megabyte))) {
          await new Promise((resume) => {
            socket.once("drain", resume);
            socket.once("close", resume);
          });
        }
      }
      if (!socket.destroyed) socket.end("0\r\n\r\n");
    });
    socket.on("data", (data) => (answer += data));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ sent, status: answer ? answer.split("\r\n")[0] : null }));
  });
}

test("a body that never says its length is cut off at the page's bound while it streams in, and leaves nothing behind", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const before = await db.selectFrom("catalog_imports").select("id").execute();
  const { sent, status } = await sendChunked("/dashboard/import", MAX_CATALOG_FILE_BYTES + 64 * 1024 * 1024, cookie);
  // The server stops reading at the bound: the rest never goes through (what the sockets' buffers
  // hold aside). A client still sending is reset rather than read to its end, so it may not see the 413.
  expect(sent).toBeLessThan(MAX_CATALOG_FILE_BYTES + 32 * 1024 * 1024);
  if (status) expect(status).toBe("HTTP/1.1 413 Payload Too Large");
  expect(await db.selectFrom("catalog_imports").select("id").execute()).toHaveLength(before.length);
  // The server removes what it wrote once it has answered, which a client it reset does not wait for.
  await expect.poll(leftInTmp, { timeout: 5_000 }).toEqual([]);
  expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
});
test("a body that is not a form on the upload page is a 400, and leaves no file behind", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const response = await fetch(`${server.origin}/dashboard/import`, {
    method: "POST",
    // A file part begun and never ended: the boundary never closes it.
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="catalog.csv"\r\n\r\npart_number,name\r\n',
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.origin, "Content-Type": "multipart/form-data; boundary=x" },
  });
  expect(response.status).toBe(400);
  expect(leftInTmp()).toEqual([]);
});
