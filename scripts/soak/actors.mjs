// The soak's load: people doing what a shop's day holds, each a loop with its own pace, every request
// through nginx and recorded by kind (what the run's p99s and error counts are kept by).
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { formHeaders, SHIPPING } from "../bench/lib/session.mjs";

const SEARCHES = ["bearing", "gear", "m8", "shaft", "coupling", "6204", "spur", "seal", "bolt", "pulley"];

/**
 * One request, timed and recorded as `kind`; answers the response with its body read as text
 * (`null` when the connection failed: recorded as status 0).
 */
export function requester(origin, record) {
  return async function request(kind, path, { cookie, form, multipart, headers = {} } = {}) {
    const method = form || multipart ? "POST" : "GET";
    const started = performance.now();
    let status = 0;
    let error;
    try {
      const response = await fetch(`${origin}${path}`, {
        method,
        redirect: "manual",
        headers: form
          ? { ...formHeaders(origin, cookie), ...headers }
          : {
              ...(cookie ? { Cookie: cookie } : {}),
              ...(multipart ? { Origin: origin, "Sec-Fetch-Site": "same-origin" } : {}),
              ...headers,
            },
        body: form ? new URLSearchParams(form) : multipart,
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      const text = await response.text();
      return { status, location: response.headers.get("location"), text };
    } catch (failure) {
      error = String(failure?.cause?.code ?? failure?.message ?? failure);
      return null;
    } finally {
      record({ at: Date.now(), kind, status, ms: performance.now() - started, ...(error ? { error } : {}) });
    }
  };
}

/** Loops `step` while `running()`, `pauseMs` between rounds; a round that throws is counted, the loop goes on. */
async function loop(running, pauseMs, step, failures) {
  while (running()) {
    try {
      await step();
    } catch (error) {
      failures.push(String(error?.message ?? error).slice(0, 200));
    }
    await sleep(pauseMs);
  }
}

const pick = (list, index) => list[index % list.length];

/**
 * Starts every actor; `world` has the parts, categories, buyers' cookies, staff's cookie and the
 * price list to import into. Answers a promise that settles when `running()` turns false and every
 * loop has finished its round.
 */
export function startActors({ request, running, world, failures, query }) {
  let round = 0;
  const loops = [];

  // Anonymous browsing: home, a category, a part's page, a page of the catalog.
  for (let visitor = 0; visitor < 4; visitor++) {
    loops.push(
      loop(
        running,
        250,
        async () => {
          round += 1;
          await request("home", "/");
          await request("category", `/items?category=${pick(world.categories, round + visitor)}`);
          await request("part page", `/items/${pick(world.parts, round * 7 + visitor).id}`);
          await request("catalog", `/items?page=${1 + (round % 5)}`);
        },
        failures,
      ),
    );
  }
  // Engineers' search.
  for (let searcher = 0; searcher < 2; searcher++) {
    loops.push(
      loop(
        running,
        300,
        async () => {
          round += 1;
          await request("search", `/items?q=${encodeURIComponent(pick(SEARCHES, round + searcher))}`);
        },
        failures,
      ),
    );
  }
  // Buyers: a cart of two or three parts (one that runs out and takes backorders), then checkout.
  world.buyers.forEach((buyer, index) => {
    loops.push(
      loop(
        running,
        1_500,
        async () => {
          round += 1;
          const parts = [
            pick(world.parts, round + index),
            pick(world.parts, round * 3 + index),
            pick(world.backorderParts, round),
          ];
          for (const part of parts) {
            await request("add to cart", "/cart", {
              cookie: buyer.cookie,
              form: { intent: "add", itemId: String(part.id), quantity: String(part.min_order_quantity) },
            });
          }
          await request("cart", "/cart", { cookie: buyer.cookie });
          const page = await request("checkout page", "/checkout", { cookie: buyer.cookie });
          const checkoutToken = /name="checkoutToken" value="([^"]+)"/.exec(page?.text ?? "")?.[1];
          const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(page?.text ?? "")?.[1];
          if (!checkoutToken || !expectedTotal) return;
          await request("place order", "/checkout", {
            cookie: buyer.cookie,
            form: { ...SHIPPING, checkoutToken, expectedTotal },
          });
          await request("my orders", "/dashboard/my-order", { cookie: buyer.cookie });
        },
        failures,
      ),
    );
  });
  // A quote: asked for from a cart, priced and sent by staff, accepted by the buyer.
  loops.push(
    loop(
      running,
      20_000,
      async () => {
        round += 1;
        const buyer = pick(world.buyers, round);
        const part = pick(world.parts, round);
        await request("add to cart", "/cart", {
          cookie: buyer.cookie,
          form: { intent: "add", itemId: String(part.id), quantity: String(part.min_order_quantity * 25) },
        });
        const asked = await request("ask for a quote", "/cart", {
          cookie: buyer.cookie,
          form: { intent: "request-quote", note: "For the spring build" },
        });
        const quoteId = /\/dashboard\/quotes\/(\d+)/.exec(asked?.location ?? "")?.[1];
        if (!quoteId) return;
        const staffPage = await request("staff quote page", `/dashboard/manage-quotes/${quoteId}`, {
          cookie: world.staff,
        });
        const version = /name="version" value="(\d+)"/.exec(staffPage?.text ?? "")?.[1];
        const lineIds = [...(staffPage?.text ?? "").matchAll(/name="lines\[(\d+)\]\.lineId" value="(\d+)"/g)];
        if (!version || !lineIds.length) return;
        const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
        const lines = Object.fromEntries(
          lineIds.flatMap(([, index, id]) => [
            [`lines[${index}].lineId`, id],
            [`lines[${index}].unitPrice`, "9.50"],
          ]),
        );
        await request("send quote", `/dashboard/manage-quotes/${quoteId}`, {
          cookie: world.staff,
          form: { intent: "send", version, validUntil, ...lines },
        });
        const buyerPage = await request("quote page", `/dashboard/quotes/${quoteId}`, { cookie: buyer.cookie });
        const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(buyerPage?.text ?? "")?.[1];
        if (!expectedTotal) return;
        await request("accept quote", `/dashboard/quotes/${quoteId}`, {
          cookie: buyer.cookie,
          form: { intent: "accept", ...SHIPPING, expectedTotal },
        });
      },
      failures,
    ),
  );
  // Staff ship the oldest order that has stock for it, and open the orders list.
  loops.push(
    loop(
      running,
      4_000,
      async () => {
        await request("manage orders", "/dashboard/manage-order", { cookie: world.staff });
        const orderId = await query.oldestShippable();
        if (!orderId) return;
        await request("ship", `/dashboard/manage-order/${orderId}`, {
          cookie: world.staff,
          form: { intent: "ship", orderId: String(orderId), carrier: "dpd", trackingNumber: "1550 1234 5678 90" },
        });
      },
      failures,
    ),
  );
  // Buyers download their invoices.
  loops.push(
    loop(
      running,
      3_000,
      async () => {
        round += 1;
        const invoice = await query.someInvoice(round);
        if (!invoice) return;
        const buyer = world.buyers.find((candidate) => candidate.id === invoice.userId);
        if (buyer) await request("invoice PDF", `/dashboard/invoices/${invoice.number}.pdf`, { cookie: buyer.cookie });
      },
      failures,
    ),
  );
  // Staff import the price list's rules file back (download, check, apply), now and then.
  loops.push(
    loop(
      running,
      90_000,
      async () => {
        const listPath = `/dashboard/price-lists/${world.priceListId}`;
        const file = await request("rules file", `${listPath}/rules.csv`, { cookie: world.staff });
        if (file?.status !== 200) return;
        // A price moved, as staff's own edits of the file would: the check has a change to apply.
        round += 1;
        const edited = file.text.replace(/7\.(25|35)/, round % 2 ? "7.35" : "7.25");
        const body = new FormData();
        body.set("intent", "check-import");
        body.set("file", new Blob([edited], { type: "text/csv" }), `rules-${randomUUID()}.csv`);
        const checked = await request("check price list", listPath, { cookie: world.staff, multipart: body });
        // The check answers with the list's page showing what the file changes (`?import=<id>`).
        const preview = checked?.location ?? "";
        const importId = /[?&]import=(\d+)/.exec(preview)?.[1];
        if (!importId) return;
        await request("price list preview", preview, { cookie: world.staff });
        await request("apply price list", listPath, {
          cookie: world.staff,
          form: { intent: "apply-import", importId },
        });
      },
      failures,
    ),
  );
  return Promise.all(loops);
}
