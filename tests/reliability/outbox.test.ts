import { afterAll, expect, test } from "vitest";

import { db } from "~/db/db.server";

import { newItem } from "../support/builders";
import type { ServerProcess } from "../support/server";
import { startSmtpServer } from "../support/smtp";
import { newUser, sessionCookieFor } from "../support/users";
import { recordStats, startCluster } from "./support";

// Order confirmations through the outbox while the mail server refuses for a while and one of the
// two sending processes is killed: every acknowledged order's confirmation arrives, and none twice
// unless its sender died between sending it and marking it sent.

const ORDERS = 60;
const SHIPPING = { address: "9 Relay Road, Leeds LS2 7EW", phone: "+44 113 496 0999" };
let shop: ServerProcess | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

afterAll(async () => {
  await shop?.stop();
  await smtp?.close();
});

test("the SMTP server refuses, orders go on, a sender is killed: every confirmation arrives, none is lost", async () => {
  smtp = await startSmtpServer();
  // A short lease, so the killed process's claimed messages go out again within the test.
  shop = await startCluster(2, { SMTP_URL: smtp.url, OUTBOX_POLL_MS: "50", OUTBOX_LEASE_MS: "3000" });
  const item = await newItem({
    name: "Outbox Test Gear",
    img: "/images/items/spur-gear.svg",
    description: "Mailed about.",
    price_cents: 1500,
    quantity: 10_000,
    supplier_name: "Gearwright Works",
  });
  const customers = await Promise.all(
    Array.from({ length: 6 }, async (_, index) => {
      // Proven addresses: mail to an unproven one is held, not sent (mail.test.ts covers that).
      const user = await newUser({
        email: `outbox-${index}-${item.id}@example.com`,
        displayName: `Buyer ${index}`,
        emailVerified: true,
      });
      return sessionCookieFor(user);
    }),
  );

  smtp.refuse(true);
  const acknowledged: number[] = [];
  let unanswered = 0;
  let serverErrors = 0;
  let next = 0;
  const place = async () => {
    while (next < ORDERS) {
      const index = next++;
      try {
        const response = await fetch(`${shop!.origin}/api/order`, {
          method: "POST",
          headers: {
            Cookie: customers[index % customers.length],
            "Content-Type": "application/json",
            Origin: shop!.origin,
          },
          body: JSON.stringify({ itemId: item.id, quantity: 1, ...SHIPPING }),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status === 201) acknowledged.push((await response.json())._id);
        else if (response.status >= 500) serverErrors++;
        // Spread the orders over the refusal, the recovery and the crash.
        await new Promise((resolve) => setTimeout(resolve, 20));
      } catch {
        unanswered++;
      }
    }
  };
  const placing = Promise.all(Array.from({ length: 4 }, place));
  await new Promise((resolve) => setTimeout(resolve, 600));
  smtp.refuse(false);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [victim] = shop.workerPids();
  process.kill(victim, "SIGKILL");
  await placing;
  await shop.waitForWorkers(2);

  const subjectOf = (orderId: number) => `order #${orderId} placed`;
  await smtp.waitFor(
    (mail) => acknowledged.every((orderId) => mail.some((message) => message.subject.endsWith(subjectOf(orderId)))),
    60_000,
  );
  const counts = acknowledged.map(
    (orderId) => smtp!.received.filter((mail) => mail.subject.endsWith(subjectOf(orderId))).length,
  );
  const lost = counts.filter((count) => count === 0).length;
  const sentAgain = counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  // An order placed as its process died was not acknowledged, but its confirmation is in the outbox
  // too, perhaps waiting out a retry after the refusal: it goes out as well, within its backoff.
  const unsent = () =>
    db.selectFrom("outbox").select("id").where("status", "!=", "sent").where("kind", "=", "order-placed").execute();
  await expect.poll(async () => (await unsent()).length, { timeout: 60_000, interval: 250 }).toBe(0);
  const stillUnsent = await unsent();
  console.log(
    `outbox: ${acknowledged.length} orders acknowledged (${unanswered} unanswered), ${smtp.received.length} messages received, ${sentAgain} sent again after the crash`,
  );
  recordStats({
    suite: "outbox",
    requests: ORDERS,
    failures: stillUnsent.length,
    serverErrors,
    oversells: 0,
    ordersLost: lost,
  });
  expect(serverErrors).toBe(0);
  expect(lost).toBe(0);
  expect(stillUnsent).toEqual([]);
  // Only a message claimed by the killed process, sent and not yet marked, may go twice.
  expect(sentAgain).toBeLessThanOrEqual(10);
  expect(acknowledged.length).toBeGreaterThan(ORDERS / 2);
});
