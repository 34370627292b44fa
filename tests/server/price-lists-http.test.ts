import net from "node:net";

import { afterAll, beforeAll, expect, test } from "vitest";

import { addPriceListRule, assignPriceList, createPriceList } from "~/models/price-lists";
import { MAX_PRICE_LIST_FILE_BYTES } from "~/validation/price-lists";
import { MAX_FORM_BYTES } from "~/web/request.server";

import { newItem } from "../support/builders";
import { type ServerProcess, startServer } from "../support/server";
import { createSignedInUser } from "../support/users";

// Price lists through the built server, two worker processes on one database (issue 50): a rules
// file larger than any other form is read on the list's page only and refused by its rows; the
// rules download is a private attachment; and a buyer with a contract never gets the page the page
// cache keeps for visitors, nor does a visitor get the buyer's.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { WEB_CONCURRENCY: "2" } });
  await server.waitForWorkers(2);
});

afterAll(async () => {
  await server?.stop();
});

async function listWithRule() {
  const part = await newItem({ price_cents: 5000, quantity: 50 });
  const listId = await createPriceList({
    name: "HTTP 2027",
    validFrom: null,
    validUntil: null,
    fixedEvenIfHigher: false,
  });
  await addPriceListRule(listId, { kind: "part", partNumber: part.part_number, unitPriceCents: 4200, breaks: [] });
  return { part, listId };
}

function upload(cookie: string, listId: number, content: string) {
  const form = new FormData();
  form.append("intent", "check-import");
  form.append("file", new File([content], "rules.csv", { type: "text/csv" }));
  return fetch(`${server.origin}/dashboard/price-lists/${listId}`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.origin },
  });
}

test("a rules file larger than any other form is read, and refused by its rows (400), never a 413 or 500", async () => {
  const { cookie } = await createSignedInUser({ role: "admin" });
  const { listId } = await listWithRule();
  const rows = ["part_number,category,percent_off,unit_price,breaks"];
  for (let n = 0; rows.join("\r\n").length < MAX_FORM_BYTES + 512 * 1024; n += 1000) {
    rows.push(...Array.from({ length: 1000 }, (_, k) => `NO-SUCH-${n + k},,,12.00,"10:11.00, 50:10.00"`));
  }
  const response = await upload(cookie, listId, rows.join("\r\n"));
  expect(response.status).toBe(400);
  // React writes <!-- --> between a text's parts.
  const html = (await response.text()).replaceAll("<!-- -->", "");
  expect(html).toContain("Row 2: No part has the part number NO-SUCH-0");
  expect(html).toMatch(/and [\d,]+ more rows: fix these and check the file again/);
});

test("a body declared over the rules file's bound is a 413 before it is read; a customer is refused (403)", async () => {
  const admin = await createSignedInUser({ role: "admin" });
  const customer = await createSignedInUser();
  const { listId } = await listWithRule();
  const statusLine = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () =>
      socket.write(
        `POST /dashboard/price-lists/${listId} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
          `Origin: ${server.origin}\r\nCookie: ${admin.cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${MAX_PRICE_LIST_FILE_BYTES + 2 * 1024 * 1024}\r\n\r\n`,
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
  expect(statusLine).toBe("HTTP/1.1 413 Payload Too Large");
  const refused = await upload(customer.cookie, listId, "part_number,category,percent_off,unit_price,breaks\r\n");
  expect(refused.status).toBe(403);
});

test("the rules download is a private CSV attachment, for staff only", async () => {
  const admin = await createSignedInUser({ role: "admin" });
  const customer = await createSignedInUser();
  const { listId, part } = await listWithRule();
  const response = await fetch(`${server.origin}/dashboard/price-lists/${listId}/rules.csv`, {
    headers: { Cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="price-list-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(await response.text()).toContain(`${part.part_number},,,42.00,`);
  const refused = await fetch(`${server.origin}/dashboard/price-lists/${listId}/rules.csv`, {
    headers: { Cookie: customer.cookie },
  });
  expect(refused.status).toBe(403);
  const missing = await fetch(`${server.origin}/dashboard/price-lists/999999999/rules.csv`, {
    headers: { Cookie: admin.cookie },
  });
  expect(missing.status).toBe(404);
});

test("through two processes, a buyer with a contract and a visitor each get their own price of a part, never the other's", async () => {
  const { part, listId } = await listWithRule();
  const buyer = await createSignedInUser();
  await assignPriceList(listId, { email: buyer.user.email }, 0);
  const page = `${server.origin}/items/${part.id}`;
  for (let round = 0; round < 6; round += 1) {
    const visitor = await fetch(page);
    const visitorHtml = (await visitor.text()).replaceAll("<!-- -->", "");
    expect(visitorHtml).toContain("£50.00");
    expect(visitorHtml).not.toContain("Your price");
    const signedIn = await fetch(page, { headers: { Cookie: buyer.cookie } });
    const buyerHtml = (await signedIn.text()).replaceAll("<!-- -->", "");
    expect(buyerHtml).toContain("Your price £42.00");
    expect(signedIn.headers.get("cache-control")).toMatch(/private|no-store/);
  }
});
