import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { DEFAULT_PRICING_RULES, totalsFor } from "~/lib/pricing";
import { MAX_ATTEMPTS } from "~/mail/outbox.server";
import { SENT_MAIL_KEPT_MS, sweepRetention } from "~/models/retention.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { SHIP_FIELDS, SHIPPING } from "../support/orders";
import { pdfText } from "../support/pdf";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { startSmtpServer } from "../support/smtp";
import { createSignedInUser } from "../support/users";

// Order mail through the outbox, sent by the built server's own sender loop to a real SMTP server
// on loopback, and kept unsent (readable by admins) when no SMTP server is configured.

const NOTIFY = "orders@gearwright.test";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Gearwright Parts <shop@gearwright.test>",
      ORDER_NOTIFY_EMAIL: NOTIFY,
      OUTBOX_POLL_MS: "50",
      APP_URL: "http://shop.test",
      STORE_VAT_NUMBER: "GB 999 9999 73",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

async function checkOut(origin: string, cookie: string, itemId: number, quantity: number, poNumber = "") {
  await postForm(origin, "/cart", { intent: "add", itemId: String(itemId), quantity: String(quantity) }, { cookie });
  const html = await (await fetch(`${origin}/checkout`, { headers: { Cookie: cookie } })).text();
  const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)![1];
  return postForm(
    origin,
    "/checkout",
    { ...SHIPPING, poNumber, checkoutToken: randomUUID(), expectedTotal },
    { cookie },
  );
}

async function verifyLinkTo(email: string) {
  await smtp.waitFor((mail) =>
    mail.some((message) => message.to === email && message.subject.endsWith("confirm your email address")),
  );
  const message = smtp.received
    .filter((mail) => mail.to === email && mail.subject.endsWith("confirm your email address"))
    .at(-1)!;
  const link = /http:\/\/shop\.test(\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(message.text);
  if (!link) throw new Error(`no verification link in: ${message.text}`);
  return link[1];
}

/** Presses "Confirm my email address" on the page the link opens. */
function confirm(link: string, cookie?: string) {
  const token = new URL(link, server!.origin).searchParams.get("token")!;
  return postForm(server!.origin, "/verify-email", { intent: "confirm", token }, cookie ? { cookie } : {});
}

function sessionOf(response: Response) {
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith("__session="))!
    .split(";")[0];
}

function outboxOf(orderId: number) {
  return db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

describe("order mail", () => {
  test("a placed order's confirmation arrives with its lines, totals, PO number, address and link; the shop hears of it", async () => {
    const { user, cookie } = await createSignedInUser({ displayName: "Dana Fitter" });
    const item = await newItem({ price_cents: 1250, quantity: 10 });
    const placed = await checkOut(server!.origin, cookie, item.id, 3, "PO-MAIL-1");
    expect(placed.status).toBe(302);
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());

    await smtp.waitFor((mail) => mail.filter((message) => message.subject.includes(`order #${orderId} `)).length >= 2);
    const confirmation = smtp.received.find((mail) => mail.subject.endsWith(`order #${orderId} placed`))!;
    expect(confirmation.to).toBe(user.email);
    const totals = totalsFor([{ lineTotalCents: 3750 }], DEFAULT_PRICING_RULES);
    const { created_at } = await db
      .selectFrom("orders")
      .select("created_at")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    // The day in STORE_LOCALE's default, en-GB: "24 Nov 2026".
    const placedOn = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(created_at),
    );
    expect(placedOn).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    for (const text of [
      "Hello Dana Fitter",
      `Order #${orderId}, placed ${placedOn}`,
      `3 × ${item.part_number} ${item.name} at £12.50 = £37.50`,
      `Total: ${pounds.format(totals.totalCents / 100)}`,
      "Purchase order: PO-MAIL-1",
      `Ship to: ${SHIPPING.address}`,
      `http://shop.test/dashboard/my-order/${orderId}`,
    ]) {
      expect(confirmation.text).toContain(text);
    }
    expect(confirmation.html).toContain(item.part_number);
    expect(confirmation.html).toContain(`Order #${orderId}, placed ${placedOn}`);
    expect(confirmation.html).toContain(pounds.format(totals.totalCents / 100));
    const notice = smtp.received.find((mail) => mail.subject.includes(`new order #${orderId}`))!;
    expect(notice.to).toBe(NOTIFY);
    expect(notice.text).toContain(user.email);

    await expect.poll(async () => (await outboxOf(orderId)).map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  test("shipping, delivering and cancelling each send one message about the order", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    const shipped = Number(
      (await checkOut(server!.origin, cookie, item.id, 1)).headers.get("Location")!.split("/").pop(),
    );
    const cancelled = Number(
      (await checkOut(server!.origin, cookie, item.id, 1)).headers.get("Location")!.split("/").pop(),
    );
    for (const intent of ["ship", "deliver"]) {
      const path = `/dashboard/manage-order/${shipped}`;
      expect(
        (
          await postForm(
            server!.origin,
            path,
            { intent, orderId: String(shipped), ...(intent === "ship" ? SHIP_FIELDS : {}) },
            { cookie: admin.cookie },
          )
        ).status,
      ).toBe(302);
    }
    const path = `/dashboard/my-order/${cancelled}`;
    expect(
      (await postForm(server!.origin, path, { intent: "cancel", orderId: String(cancelled) }, { cookie })).status,
    ).toBe(302);

    const subjects = [`order #${shipped} shipped`, `order #${shipped} delivered`, `order #${cancelled} cancelled`];
    await smtp.waitFor((mail) =>
      subjects.every((subject) => mail.some((message) => message.subject.endsWith(subject))),
    );
    for (const subject of subjects) {
      const matching = smtp.received.filter((mail) => mail.subject.endsWith(subject));
      expect(matching).toHaveLength(1);
      expect(matching[0].to).toBe(user.email);
    }
    expect(smtp.received.find((mail) => mail.subject.endsWith(subjects[2]))!.text).toContain("went back into stock");
    // The shipped mail says how the parcel travels, as staff typed it into the Ship form.
    const shippedMail = smtp.received.find((mail) => mail.subject.endsWith(subjects[0]))!;
    expect(shippedMail.text).toContain("Sent with DPD, tracking number 15501234567890.");
    expect(shippedMail.html).toContain('href="https://track.dpd.co.uk/parcels/15501234567890"');

    // It carries the shipment's VAT invoice, the same PDF the buyer downloads, with the seller's VAT number.
    const number = /Your VAT invoice (INV-\d{4}-\d{6})/.exec(shippedMail.text)?.[1];
    expect(shippedMail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `${number}.pdf`, contentType: "application/pdf" },
    ]);
    const attached = pdfText(shippedMail.attachments[0].content);
    expect(attached).toMatch(new RegExp(`Invoice number\\s+${number}`));
    expect(attached).toContain("VAT registration number: GB 999 9999 73");
    expect(attached).toMatch(new RegExp(`Order\\s+#${shipped}`));

    const download = await fetch(`${server!.origin}/dashboard/invoices/${number}.pdf`, { headers: { Cookie: cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe(`inline; filename="${number}.pdf"`);
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdfText(new Uint8Array(await download.arrayBuffer()))).toBe(attached);
    // Another buyer is told there is no such document; a visitor is sent to sign in.
    const stranger = await createSignedInUser();
    const refused = await fetch(`${server!.origin}/dashboard/invoices/${number}.pdf`, {
      headers: { Cookie: stranger.cookie },
    });
    expect(refused.status).toBe(404);
    const visitor = await fetch(`${server!.origin}/dashboard/invoices/${number}.pdf`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(
      `/sign-in?redirectTo=${encodeURIComponent(`/dashboard/invoices/${number}.pdf`)}`,
    );
  });

  test("a company order: the pro-forma invoice rides on the confirmation; over a limit, the approvers are asked", async () => {
    const proforma = await newCompany({ paymentTermsDays: null, members: [{ role: "buyer", name: "Pia Proforma" }] });
    const item = await newItem({ part_number: `PF-${randomUUID().slice(0, 8)}`, price_cents: 2000, quantity: 10 });
    const placed = await checkOut(server!.origin, proforma.members[0].cookie, item.id, 2, "PO-PF-MAIL");
    expect(placed.status).toBe(302);
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());
    await smtp.waitFor((mail) => mail.filter((message) => message.subject.includes(`order #${orderId}`)).length >= 2);
    const confirmation = smtp.received.find((mail) => mail.subject.endsWith(`order #${orderId} placed`))!;
    expect(confirmation.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `pro-forma-order-${orderId}.pdf`, contentType: "application/pdf" },
    ]);
    const attached = pdfText(confirmation.attachments[0].content);
    expect(attached).toContain("Pro-forma invoice");
    expect(attached).toContain(item.part_number);
    expect(attached).toContain("PO-PF-MAIL");
    // The shop's own notice carries no document.
    const notice = smtp.received.find((mail) => mail.subject.includes(`new order #${orderId}`))!;
    expect(notice.attachments).toEqual([]);

    const limited = await newCompany({
      members: [{ role: "buyer", orderLimitCents: 1000, name: "Lee Limited" }, { role: "approver" }],
    });
    const over = await checkOut(server!.origin, limited.members[0].cookie, item.id, 1);
    const overId = Number(over.headers.get("Location")!.split("/").pop());
    const approverEmails = [limited.admin.user.email, limited.members[1].user.email].sort();
    await smtp.waitFor(
      (mail) =>
        mail.filter((message) => message.subject.includes(`order #${overId} by Lee Limited needs your approval`))
          .length >= 2,
    );
    const asked = smtp.received.filter((mail) =>
      mail.subject.includes(`order #${overId} by Lee Limited needs your approval`),
    );
    expect(asked.map((mail) => mail.to).sort()).toEqual(approverEmails);
    expect(asked[0].text).toContain("http://shop.test/dashboard/approvals");
    expect(asked[0].text).toContain("over the buyer's spending limit");
  });

  test("a contact message reaches ORDER_NOTIFY_EMAIL", async () => {
    const text = `Do you cut module 3 gears? ${randomUUID()}`;
    const sent = await postForm(server!.origin, "/contact", {
      name: "Iris Bolt",
      email: "iris@example.com",
      message: text,
      website: "",
    });
    expect(sent.status).toBe(302);
    await smtp.waitFor((mail) => mail.some((message) => message.text.includes(text)));
    const notice = smtp.received.find((mail) => mail.text.includes(text))!;
    expect(notice.to).toBe(NOTIFY);
    expect(notice.subject).toContain("message from Iris Bolt");
    expect(notice.text).toContain("iris@example.com");
  });

  test("a refused checkout writes no mail; an order and its mail commit together", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 2, allow_backorder: 0 });
    await postForm(server!.origin, "/cart", { intent: "add", itemId: String(item.id), quantity: "2" }, { cookie });
    const html = await (await fetch(`${server!.origin}/checkout`, { headers: { Cookie: cookie } })).text();
    const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)![1];
    await db.updateTable("items").set({ quantity: 1 }).where("id", "=", item.id).execute();
    const refused = await postForm(
      server!.origin,
      "/checkout",
      { ...SHIPPING, checkoutToken: randomUUID(), expectedTotal },
      { cookie },
    );
    expect(refused.status).toBe(409);
    const rows = await db.selectFrom("outbox").select("id").where("recipient", "=", user.email).execute();
    expect(rows).toEqual([]);
  });

  test("while the SMTP server refuses, mail waits and is retried; once it accepts, each message arrives once", async () => {
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    smtp.refuse(true);
    const placed = await checkOut(server!.origin, cookie, item.id, 1);
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());
    await expect
      .poll(async () => (await outboxOf(orderId)).find((row) => row.recipient === user.email), { timeout: 10_000 })
      .toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringContaining("451") });
    smtp.refuse(false);
    // The first retry waits two seconds.
    await smtp.waitFor((mail) => mail.some((message) => message.subject.endsWith(`order #${orderId} placed`)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((mail) => mail.subject.endsWith(`order #${orderId} placed`))).toHaveLength(1);
    const [row] = (await outboxOf(orderId)).filter((message) => message.recipient === user.email);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  test(`after ${MAX_ATTEMPTS} refusals a message is failed and shown to admins, who can send it again`, async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { user, cookie } = await createSignedInUser();
    const item = await newItem({ quantity: 10 });
    smtp.refuse(true);
    const placed = await checkOut(server!.origin, cookie, item.id, 1);
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());
    const mine = async () => (await outboxOf(orderId)).find((row) => row.recipient === user.email)!;
    await expect.poll(async () => (await mine())?.attempts, { timeout: 10_000 }).toBe(1);
    // Skip the waits between attempts: the last one is due now.
    await db
      .updateTable("outbox")
      .set({ attempts: MAX_ATTEMPTS - 1, next_attempt_at: new Date().toISOString() })
      .where("id", "=", (await mine()).id)
      .execute();
    await expect.poll(async () => (await mine()).status, { timeout: 10_000 }).toBe("failed");

    const page = await (
      await fetch(`${server!.origin}/dashboard/outbox?status=failed`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(page).toContain(`order #${orderId} placed`);
    expect(page).toContain("Last error");
    smtp.refuse(false);
    const retry = await postForm(
      server!.origin,
      "/dashboard/outbox",
      { intent: "retry", messageId: String((await mine()).id) },
      { cookie: admin.cookie },
    );
    expect(retry.status).toBe(302);
    await smtp.waitFor((mail) => mail.some((message) => message.subject.endsWith(`order #${orderId} placed`)));
    await expect.poll(async () => (await mine()).status).toBe("sent");
    const again = await postForm(
      server!.origin,
      "/dashboard/outbox",
      { intent: "retry", messageId: String((await mine()).id) },
      { cookie: admin.cookie },
    );
    expect(again.status).toBe(409);
  });
});

describe("password reset", () => {
  const RESET_SENT = "If an account uses this email, we sent a link to choose a new password.";

  async function requestReset(email: string) {
    const response = await postForm(server!.origin, "/forgot-password", { email });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(RESET_SENT);
  }

  async function linkFor(email: string) {
    await smtp.waitFor((mail) =>
      mail.some((message) => message.to === email && message.subject.endsWith("reset your password")),
    );
    const message = smtp.received.filter((mail) => mail.to === email).at(-1)!;
    const link = /http:\/\/shop\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text);
    if (!link) throw new Error(`no reset link in: ${message.text}`);
    return link[1];
  }

  test("the link from the message sets a new password once, ends every session and signs in afresh", async () => {
    const { user, cookie } = await createSignedInUser();
    await requestReset(user.email.toUpperCase());
    const token = await linkFor(user.email);

    const page = await fetch(`${server!.origin}/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("New password");

    const tooShort = await postForm(server!.origin, "/reset-password", { token, password: "abc" });
    expect(tooShort.status).toBe(400);

    const reset = await postForm(server!.origin, "/reset-password", { token, password: "a-brand-new-password" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/");
    const fresh = reset.headers
      .getSetCookie()
      .find((value) => value.startsWith("__session="))!
      .split(";")[0];
    // The old session is over; the new one works.
    expect(
      (await fetch(`${server!.origin}/dashboard/my-profile`, { headers: { Cookie: cookie }, redirect: "manual" }))
        .status,
    ).toBe(302);
    expect(
      (await fetch(`${server!.origin}/dashboard/my-profile`, { headers: { Cookie: fresh }, redirect: "manual" }))
        .status,
    ).toBe(200);
    const signIn = await postForm(server!.origin, "/sign-in", { email: user.email, password: "a-brand-new-password" });
    expect(signIn.status).toBe(302);

    // Once only.
    const again = await postForm(server!.origin, "/reset-password", { token, password: "another-password" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link has expired or was already used");
    expect(await (await fetch(`${server!.origin}/reset-password?token=${token}`)).text()).toContain(
      "Ask for a new link",
    );
  });

  test("a link expires after an hour; an unknown email gets the same answer and no mail; only hashes are stored", async () => {
    const { user } = await createSignedInUser();
    await requestReset(user.email);
    const token = await linkFor(user.email);
    const stored = await db
      .selectFrom("email_tokens")
      .select(["token_hash", "expires_at"])
      .where("user_id", "=", user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    const hour = Date.parse(stored[0].expires_at) - Date.now();
    expect(hour).toBeGreaterThan(59 * 60_000);
    expect(hour).toBeLessThanOrEqual(60 * 60_000);
    await db
      .updateTable("email_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(
      (await postForm(server!.origin, "/reset-password", { token, password: "a-brand-new-password" })).status,
    ).toBe(400);

    // Counted by recipient: the first reset's own mail may still be on its way meanwhile.
    const toNobody = () => smtp.received.filter((mail) => mail.to === "nobody-here@example.com").length;
    await requestReset("nobody-here@example.com");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toNobody()).toBe(0);
    expect(
      await db.selectFrom("outbox").select("id").where("recipient", "=", "nobody-here@example.com").execute(),
    ).toEqual([]);
  });

  test("a used link's page says so once, with one link to ask for a new one", async () => {
    const { user } = await createSignedInUser();
    await requestReset(user.email);
    const token = await linkFor(user.email);
    expect(
      (await postForm(server!.origin, "/reset-password", { token, password: "a-brand-new-password" })).status,
    ).toBe(302);
    const opened = await (await fetch(`${server!.origin}/reset-password?token=${token}`)).text();
    const postedAgain = await postForm(server!.origin, "/reset-password", { token, password: "another-password" });
    expect(postedAgain.status).toBe(400);
    for (const html of [opened, await postedAgain.text()]) {
      expect(html).toContain("This link has expired or was already used.");
      expect(html.match(/Ask for a new/g)).toEqual(["Ask for a new"]);
      expect(html.match(/href="\/forgot-password"/g)).toHaveLength(1);
      expect(html).not.toContain("Save the new password");
    }
  });

  test("admins read reset and proof messages with their links hidden; a retry still sends the real link", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const { user } = await createSignedInUser();
    const signUp = await postForm(server!.origin, "/sign-up", {
      name: "Proof Reader",
      email: `proof-${randomUUID().slice(0, 8)}@example.com`,
      password: "a-good-password",
    });
    expect(signUp.status).toBe(302);
    const resetRow = () =>
      db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", user.email)
        .where("kind", "=", "password-reset")
        .executeTakeFirstOrThrow();
    smtp.refuse(true);
    try {
      await requestReset(user.email);
      await expect.poll(async () => (await resetRow()).attempts, { timeout: 10_000 }).toBe(1);
      // Skip the waits between attempts: the last one is due now.
      await db
        .updateTable("outbox")
        .set({ attempts: MAX_ATTEMPTS - 1, next_attempt_at: new Date().toISOString() })
        .where("id", "=", (await resetRow()).id)
        .execute();
      await expect.poll(async () => (await resetRow()).status, { timeout: 10_000 }).toBe("failed");
    } finally {
      smtp.refuse(false);
    }

    const outboxPage = async (query = "") =>
      (await fetch(`${server!.origin}/dashboard/outbox${query}`, { headers: { Cookie: admin.cookie } })).text();
    const failed = await outboxPage("?status=failed");
    expect(failed).toContain(user.email);
    expect(failed).toContain("(link hidden)");
    // No message shows a live link: neither this reset nor the proof the sign-up sent.
    const everything = await outboxPage();
    expect(everything).toContain("Proof Reader");
    expect(everything).not.toMatch(/[?&]token=/);

    const retry = await postForm(
      server!.origin,
      "/dashboard/outbox",
      { intent: "retry", messageId: String((await resetRow()).id) },
      { cookie: admin.cookie },
    );
    expect(retry.status).toBe(302);
    const token = await linkFor(user.email);
    const reset = await postForm(server!.origin, "/reset-password", { token, password: "a-brand-new-password" });
    expect(reset.status).toBe(302);
  });

  test("requests are limited per email: the next one is a 429 and sends nothing", async () => {
    // Two requests per email (half of RATE_LIMIT_POINTS), counted from none.
    const limited = await startServer({ env: { RATE_LIMIT_POINTS: "4", SMTP_URL: "" } });
    await db.deleteFrom("rate_limits" as never).execute();
    try {
      const { user } = await createSignedInUser();
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await postForm(limited.origin, "/forgot-password", { email: user.email })).status);
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
      const rows = await db.selectFrom("email_tokens").select("id").where("user_id", "=", user.id).execute();
      expect(rows).toHaveLength(2);
    } finally {
      await limited.stop();
    }
  });
});

describe("email verification", () => {
  test("sign-up sends a link that proves the email once; until then the dashboard asks, and can send it again", async () => {
    const email = `proof-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await postForm(server!.origin, "/sign-up", {
      name: "Pat Prover",
      email,
      password: "a-good-password",
    });
    expect(signUp.status).toBe(302);
    const cookie = sessionOf(signUp);
    const profile = async () =>
      (
        await (await fetch(`${server!.origin}/dashboard/my-profile`, { headers: { Cookie: cookie } })).text()
      ).replaceAll("<!-- -->", "");
    expect(await profile()).toContain("Please confirm your email address");

    const resend = await postForm(server!.origin, "/verify-email", { intent: "resend" }, { cookie });
    expect(resend.status).toBe(302);
    const link = await verifyLinkTo(email);
    const verifiedAt = async () =>
      (await db.selectFrom("users").select("email_verified_at").where("email", "=", email).executeTakeFirstOrThrow())
        .email_verified_at;
    // Opening the link (as a mail scanner would) proves nothing: the page asks for a press.
    const opened = await fetch(`${server!.origin}${link}`, { redirect: "manual" });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Confirm my email address");
    expect(await verifiedAt()).toBeNull();
    const proven = await confirm(link, cookie);
    expect(proven.status).toBe(302);
    expect(proven.headers.get("Location")).toBe("/dashboard/my-profile");
    expect(await verifiedAt()).not.toBeNull();
    expect(await profile()).not.toContain("Please confirm your email address");

    const again = await confirm(link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link has expired or was already used.");
    const reopened = await fetch(`${server!.origin}${link}`, { redirect: "manual" });
    expect(reopened.status).toBe(400);
    expect(await reopened.text()).toContain("This link has expired or was already used.");
    expect((await postForm(server!.origin, "/verify-email", { intent: "resend" }, { cookie })).status).toBe(409);
    // Asking again needs the account: a signed-out visitor is sent to sign in.
    const signedOut = await postForm(server!.origin, "/verify-email", { intent: "resend" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/sign-in/);
  });

  test("a new address needs the current password and takes effect when its link is followed", async () => {
    const { user, cookie } = await createSignedInUser();
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const wrong = await postForm(
      server!.origin,
      "/dashboard/my-profile",
      { intent: "email", email: newEmail, currentPassword: "not-the-password" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    const taken = await postForm(
      server!.origin,
      "/dashboard/my-profile",
      { intent: "email", email: (await createSignedInUser()).user.email, currentPassword: "correct-horse-battery" },
      { cookie },
    );
    expect(taken.status).toBe(409);
    const asked = await postForm(
      server!.origin,
      "/dashboard/my-profile",
      { intent: "email", email: newEmail, currentPassword: "correct-horse-battery" },
      { cookie },
    );
    expect(asked.status).toBe(302);
    // Nothing changes until the link is followed.
    expect(
      (await db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email,
    ).toBe(user.email);
    const link = await verifyLinkTo(newEmail);
    // Confirmed by the account itself (signed in): its password and sessions stay (signed out, they
    // end: tests/server/account-recovery.test.ts).
    expect((await confirm(link, cookie)).status).toBe(302);
    const moved = await db
      .selectFrom("users")
      .select(["email", "email_verified_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(moved.email).toBe(newEmail);
    expect(moved.email_verified_at).not.toBeNull();
    expect(
      (await postForm(server!.origin, "/sign-in", { email: newEmail, password: "correct-horse-battery" })).status,
    ).toBe(302);
  });

  test("an address another account took meanwhile is not given away", async () => {
    const { user, cookie } = await createSignedInUser();
    const wanted = `wanted-${randomUUID().slice(0, 8)}@example.com`;
    await postForm(
      server!.origin,
      "/dashboard/my-profile",
      { intent: "email", email: wanted, currentPassword: "correct-horse-battery" },
      { cookie },
    );
    const link = await verifyLinkTo(wanted);
    await postForm(server!.origin, "/sign-up", { name: "Quick", email: wanted, password: "a-good-password" });
    const refused = await confirm(link, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Another account uses this email address now");
    expect(
      (await db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email,
    ).toBe(user.email);
  });
});

describe("mail to an unproven address", () => {
  async function signUpUnproven(email: string) {
    const signUp = await postForm(server!.origin, "/sign-up", {
      name: "Una Proven",
      email,
      password: "a-good-password",
    });
    expect(signUp.status).toBe(302);
    return sessionOf(signUp);
  }

  function orderIdOf(placed: Response) {
    expect(placed.status).toBe(302);
    return Number(placed.headers.get("Location")!.split("/").pop());
  }

  /** The outbox rows to the customer about this order, as kind and status. */
  async function customerMailOf(orderId: number) {
    return (await outboxOf(orderId))
      .filter((row) => row.kind !== "order-notice")
      .map((row) => ({ kind: row.kind, status: row.status, recipient: row.recipient }));
  }

  test("order mail is held and shown to admins as held; the shop's notice and the proof link go out", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const email = `held-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signUpUnproven(email);
    const item = await newItem({ quantity: 10 });
    const orderId = orderIdOf(await checkOut(server!.origin, cookie, item.id, 1, "PO-HELD"));
    const cancelled = await postForm(
      server!.origin,
      `/dashboard/my-order/${orderId}`,
      { intent: "cancel", orderId: String(orderId) },
      { cookie },
    );
    expect(cancelled.status).toBe(302);

    // The shop's own address is not a customer's: its notice goes, and it was queued after the confirmation.
    await smtp.waitFor((mail) => mail.some((message) => message.subject.includes(`new order #${orderId}`)));
    await verifyLinkTo(email);
    await expect
      .poll(async () => (await outboxOf(orderId)).find((row) => row.kind === "order-notice")?.status)
      .toBe("sent");
    expect(await customerMailOf(orderId)).toEqual([
      { kind: "order-placed", status: "held", recipient: email },
      { kind: "order-cancelled", status: "held", recipient: email },
    ]);
    const received = smtp.received.filter((mail) => mail.to === email);
    expect(received).toHaveLength(1);
    expect(received[0].subject).toMatch(/confirm your email address$/);

    const page = await (
      await fetch(`${server!.origin}/dashboard/outbox?status=held`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(page).toContain(`order #${orderId} placed`);
    expect(page).toContain("Held until the customer confirms this address");
    expect(page).toContain("PO-HELD");
  });

  test("proving the address sends what was held, released by the proof itself", async () => {
    const email = `release-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signUpUnproven(email);
    const item = await newItem({ quantity: 10 });
    const orderId = orderIdOf(await checkOut(server!.origin, cookie, item.id, 2));
    expect((await customerMailOf(orderId)).map((row) => row.status)).toEqual(["held"]);

    const proven = await confirm(await verifyLinkTo(email), cookie);
    expect(proven.status).toBe(302);
    // Released when the proof committed, not later by some other job.
    expect((await customerMailOf(orderId)).map((row) => row.status)).not.toContain("held");
    await smtp.waitFor((mail) =>
      mail.some((message) => message.to === email && message.subject.endsWith(`order #${orderId} placed`)),
    );
    // From now on nothing is held.
    const more = orderIdOf(await checkOut(server!.origin, cookie, item.id, 1));
    expect((await customerMailOf(more)).map((row) => row.status)).not.toContain("held");
  });

  test("held mail follows its account to the address it proves; whoever proves the old address gets none of it", async () => {
    const first = `first-${randomUUID().slice(0, 8)}@example.com`;
    const moved = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signUpUnproven(first);
    const item = await newItem({ quantity: 10 });
    const orderId = orderIdOf(await checkOut(server!.origin, cookie, item.id, 1));

    const change = await postForm(
      server!.origin,
      "/dashboard/my-profile",
      { intent: "email", email: moved, currentPassword: "a-good-password" },
      { cookie },
    );
    expect(change.status).toBe(302);
    expect((await confirm(await verifyLinkTo(moved), cookie)).status).toBe(302);
    await smtp.waitFor((mail) =>
      mail.some((message) => message.to === moved && message.subject.endsWith(`order #${orderId} placed`)),
    );

    // The first address is free again; its real owner signs up and proves it.
    const owner = await signUpUnproven(first);
    await smtp.waitFor(
      (mail) =>
        mail.filter((message) => message.to === first && message.subject.endsWith("confirm your email address"))
          .length === 2,
    );
    expect((await confirm(await verifyLinkTo(first), owner)).status).toBe(302);
    const toFirst = await db
      .selectFrom("outbox")
      .select("kind")
      .where("recipient", "=", first)
      .where("kind", "!=", "verify-email")
      .execute();
    expect(toFirst).toEqual([]);
  });
});

describe("without SMTP_URL", () => {
  test("mail is kept in the outbox, unsent, and admins read exactly what would have been sent", async () => {
    // The sending server shares this database: stop it, so that only a store without SMTP runs.
    await server?.stop();
    server = undefined;
    const quiet = await startServer({ env: { SMTP_URL: "", OUTBOX_POLL_MS: "50" } });
    try {
      const admin = await createSignedInUser({ role: "admin" });
      const { user, cookie } = await createSignedInUser();
      const item = await newItem({ quantity: 10 });
      const placed = await checkOut(quiet.origin, cookie, item.id, 2, "PO-QUIET");
      const orderId = Number(placed.headers.get("Location")!.split("/").pop());
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = (await outboxOf(orderId)).filter((row) => row.recipient === user.email);
      expect(rows).toMatchObject([{ status: "pending", attempts: 0 }]);
      const page = await (
        await fetch(`${quiet.origin}/dashboard/outbox`, { headers: { Cookie: admin.cookie } })
      ).text();
      expect(page).toContain("SMTP_URL is not set");
      expect(page).toContain(`order #${orderId} placed`);
      expect(page).toContain("Purchase order: PO-QUIET");
      expect(page).toContain(user.email);
      const customer = await fetch(`${quiet.origin}/dashboard/outbox`, { headers: { Cookie: cookie } });
      expect(customer.status).toBe(403);
    } finally {
      await quiet.stop();
    }
  });
});

describe("the outbox's upkeep", () => {
  test("sent messages older than the kept time are removed; pending, failed and newer sent ones stay", async () => {
    const tag = randomUUID().slice(0, 8);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const keptDays = SENT_MAIL_KEPT_MS / (24 * 60 * 60 * 1000);
    const rows = [
      { name: "old sent", status: "sent", at: daysAgo(keptDays + 1), stays: false },
      { name: "recent sent", status: "sent", at: daysAgo(keptDays - 1), stays: true },
      { name: "old failed", status: "failed", at: daysAgo(keptDays + 5), stays: true },
      { name: "old pending", status: "pending", at: daysAgo(keptDays + 5), stays: true },
    ] as const;
    for (const row of rows) {
      await db
        .insertInto("outbox")
        .values({
          kind: "test",
          recipient: `${tag}@example.com`,
          subject: `${row.name} ${tag}`,
          text_body: "",
          html_body: "",
          status: row.status,
          next_attempt_at: row.at,
          created_at: row.at,
          sent_at: row.status === "sent" ? row.at : null,
        })
        .execute();
    }
    // The sweep every app process runs (a server of another test file may have run it first: what
    // is left is what counts).
    await sweepRetention();
    const left = await db
      .selectFrom("outbox")
      .select("subject")
      .where("recipient", "=", `${tag}@example.com`)
      .execute();
    expect(left.map((row) => row.subject).sort()).toEqual(
      rows
        .filter((row) => row.stays)
        .map((row) => `${row.name} ${tag}`)
        .sort(),
    );
  });
});
