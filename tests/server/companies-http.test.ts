import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { addLinesToCart } from "~/models/cart";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { placeTestOrder } from "../support/orders";
import { outboxLink } from "../support/outbox-links";
import { pdfText } from "../support/pdf";
import { postForm, type ServerProcess, startServer } from "../support/server";
import { createSignedInUser, newUser, sessionCookieFor } from "../support/users";

// Company accounts through the built server (issue 27): an invitation by emailed link, an order
// over the buyer's limit that an approver approves, the forms' refusals as 4xx with their reasons,
// who may open which company page, and the pro-forma invoice as a PDF read back as text.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

function get(path: string, cookie?: string) {
  return fetch(`${server.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  postForm(server.origin, path, fields, { cookie });

async function checkoutForm(cookie: string) {
  const html = await (await get("/checkout", cookie)).text();
  return {
    html,
    checkoutToken: /name="checkoutToken" value="([^"]+)"/.exec(html)![1],
    expectedTotal: /name="expectedTotal" value="(\d+)"/.exec(html)![1],
  };
}

test("a company admin invites by email; the invited address joins through the link; the order over their limit waits for an approver", async () => {
  const { companyId, admin } = await newCompany({ members: [] });
  const email = `new.buyer.${Date.now()}@presswork.co.uk`;

  const invited = await post(
    "/dashboard/company",
    { intent: "invite", email, role: "buyer", orderLimit: "50", monthlyLimit: "" },
    admin.cookie,
  );
  expect(invited.status).toBe(302);
  const message = await db
    .selectFrom("outbox")
    .select(["text_body", "subject"])
    .where("recipient", "=", email)
    .where("kind", "=", "company-invitation")
    .executeTakeFirstOrThrow();
  expect(message.subject).toContain("Northern Presswork Ltd");
  const link = new URL(await outboxLink(email, "company-invitation", "/dashboard/company/join"), "http://shop.test");

  // Signed out, the link leads to sign-in and back.
  const signedOut = await get(`${link.pathname}${link.search}`);
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("location")).toContain("/sign-in?redirectTo=");

  // Someone else signed in sees whose it is, and cannot use it.
  const stranger = await createSignedInUser();
  const strangerPage = await get(`${link.pathname}${link.search}`, stranger.cookie);
  expect(strangerPage.status).toBe(200);
  expect(await strangerPage.text()).toContain(`This invitation was sent to <strong>${email}</strong>`);
  const token = link.searchParams.get("token")!;
  const refused = await post("/dashboard/company/join", { token }, stranger.cookie);
  expect(refused.status).toBe(403);

  const buyer = await newUser({ email, displayName: "Ben Buyer", emailVerified: true });
  const buyerCookie = await sessionCookieFor(buyer);
  const page = await get(`${link.pathname}${link.search}`, buyerCookie);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toContain("no-store");
  const joined = await post("/dashboard/company/join", { token }, buyerCookie);
  expect(joined.status).toBe(302);
  expect(joined.headers.get("location")).toBe("/dashboard/company");
  expect(
    await db.selectFrom("company_members").selectAll().where("user_id", "=", buyer.id).executeTakeFirst(),
  ).toMatchObject({
    company_id: companyId,
    role: "buyer",
    order_limit_cents: 5000,
    monthly_limit_cents: null,
  });
  // Used once: the link is gone.
  expect((await get(`${link.pathname}${link.search}`, buyerCookie)).status).toBe(404);

  // Over £50: checkout says it will wait, and the order does.
  const part = await newItem({ price_cents: 4000, quantity: 10 });
  await addLinesToCart(buyer.id, [{ itemId: part.id, quantity: 2 }]);
  const form = await checkoutForm(buyerCookie);
  expect(form.html).toContain("Pay on account (30 days)");
  expect(form.html).toContain("over your limit per order");
  const placed = await post(
    "/checkout",
    {
      address: "Unit 2, Press Lane, Leeds LS1 4AB",
      phone: "+44 113 496 0000",
      checkoutToken: form.checkoutToken,
      expectedTotal: form.expectedTotal,
    },
    buyerCookie,
  );
  expect(placed.status).toBe(302);
  const orderId = Number(/\/dashboard\/my-order\/(\d+)/.exec(placed.headers.get("location")!)![1]);
  const orderPage = await (await get(`/dashboard/my-order/${orderId}`, buyerCookie)).text();
  expect(orderPage).toContain("Waiting for an approver; parts reserved until");

  // The buyer cannot approve (403); the company admin can, from the approvals page.
  expect((await get("/dashboard/approvals", buyerCookie)).status).toBe(403);
  expect(
    (await post("/dashboard/approvals", { intent: "approve", orderId: String(orderId) }, buyerCookie)).status,
  ).toBe(403);
  const approvals = await (await get("/dashboard/approvals", admin.cookie)).text();
  expect(approvals).toContain(`Approve #${orderId}`);
  expect(approvals).toContain("Ben Buyer");
  const approved = await post("/dashboard/approvals", { intent: "approve", orderId: String(orderId) }, admin.cookie);
  expect(approved.status).toBe(302);
  const status = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  expect(status.status).toBe("pending");
  // A second decision is a clear 409, not a 500.
  const again = await post("/dashboard/approvals", { intent: "reject", orderId: String(orderId) }, admin.cookie);
  expect(again.status).toBe(409);
  expect(await again.text()).toContain("decided on already");
});

test("who may open the company pages, and the forms' refusals", async () => {
  const { companyId, admin, members } = await newCompany({ members: [{ role: "buyer" }, { role: "approver" }] });
  const [buyer, approver] = members;
  const customer = await createSignedInUser();
  const staff = await createSignedInUser({ role: "admin" });

  expect((await get("/dashboard/company")).status).toBe(302);
  const lonely = await get("/dashboard/company", customer.cookie);
  expect(lonely.status).toBe(200);
  expect(await lonely.text()).toContain("not part of a company account");
  expect((await get("/dashboard/company", buyer.cookie)).status).toBe(200);
  expect((await get("/dashboard/approvals", customer.cookie)).status).toBe(403);
  expect((await get("/dashboard/approvals", approver.cookie)).status).toBe(200);
  expect((await get("/dashboard/manage-companies", admin.cookie)).status).toBe(403);
  expect((await get("/dashboard/manage-companies", staff.cookie)).status).toBe(200);
  expect((await get(`/dashboard/manage-companies/${companyId}`, staff.cookie)).status).toBe(200);
  expect((await get("/dashboard/manage-companies/999999", staff.cookie)).status).toBe(404);

  // Only company admins change members.
  const notAdmin = await post(
    "/dashboard/company",
    { intent: "invite", email: "someone@example.com", role: "buyer" },
    approver.cookie,
  );
  expect(notAdmin.status).toBe(403);
  // The last admin stays one.
  const demote = await post(
    "/dashboard/manage-companies/" + companyId,
    { intent: "update-member", userId: String(admin.user.id), role: "buyer" },
    staff.cookie,
  );
  expect(demote.status).toBe(409);
  // A limit that is not a whole amount, and a role that does not exist: 400 with the field's message.
  const bad = await post(
    "/dashboard/company",
    { intent: "update-member", userId: String(buyer.user.id), role: "boss", orderLimit: "12.5" },
    admin.cookie,
  );
  expect(bad.status).toBe(400);
  const badText = await bad.text();
  expect(badText).toContain("Choose a role: buyer, approver or company admin");
  expect(badText).toContain("A limit per order must be a whole amount");

  // Staff's company form checks the VAT number's check digits on the server.
  const wrongVat = await post(
    "/dashboard/manage-companies",
    {
      intent: "create",
      name: "Wrong VAT Ltd",
      vatNumber: "GB 123 4567 89",
      paymentTermsDays: "30",
      creditLimit: "1000",
      adminEmail: customer.user.email,
    },
    staff.cookie,
  );
  expect(wrongVat.status).toBe(400);
  expect(await wrongVat.text()).toContain("its check digits do not match");
  const created = await post(
    "/dashboard/manage-companies",
    {
      intent: "create",
      name: "Right VAT Ltd",
      vatNumber: "gb 999 9999 73",
      paymentTermsDays: "",
      creditLimit: "0",
      adminEmail: customer.user.email,
    },
    staff.cookie,
  );
  expect(created.status).toBe(302);
  const company = await db
    .selectFrom("companies")
    .selectAll()
    .where("name", "=", "Right VAT Ltd")
    .executeTakeFirstOrThrow();
  expect(company).toMatchObject({ vat_number: "GB999999973", payment_terms_days: null });
  const twice = await post(
    "/dashboard/manage-companies",
    { intent: "create", name: "Again Ltd", creditLimit: "0", adminEmail: customer.user.email },
    staff.cookie,
  );
  expect(twice.status).toBe(409);
  expect(await twice.text()).toContain("already a member of a company");
});

test("a pro-forma order: its PDF for the buyer, Ship refused until staff record the payment", async () => {
  const { members } = await newCompany({ paymentTermsDays: null, members: [{ role: "buyer", name: "Pat Proforma" }] });
  const buyer = members[0];
  const staff = await createSignedInUser({ role: "admin" });
  const stranger = await createSignedInUser();
  const part = await newItem({ part_number: "PF-BRG-6204", price_cents: 1234, quantity: 10 });
  const placed = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 3 }, { poNumber: "PO-PF-1" });
  if (!placed.ok) throw new Error(placed.reason);
  const orderId = placed.orderId;
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();

  const pdf = await get(`/dashboard/my-order/${orderId}/pro-forma.pdf`, buyer.cookie);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("content-type")).toBe("application/pdf");
  const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
  expect(text).toContain("Pro-forma invoice");
  expect(text).toContain("Northern Presswork Ltd");
  expect(text).toContain("PF-BRG-6204");
  expect(text).toContain("PO-PF-1");
  expect(text).toContain("awaiting payment");
  expect(text).toContain("This is not a VAT invoice");
  expect(text.replace(/\s+/g, " ")).toContain(`Total to pay £${(Number(order.total_cents) / 100).toFixed(2)}`);
  expect((await get(`/dashboard/my-order/${orderId}/pro-forma.pdf`, stranger.cookie)).status).toBe(404);
  expect((await get(`/dashboard/my-order/${orderId}/pro-forma.pdf`, staff.cookie)).status).toBe(200);

  const staffPage = await (await get(`/dashboard/manage-order/${orderId}`, staff.cookie)).text();
  expect(staffPage).toContain("Record payment received");
  expect(staffPage).not.toContain(">Mark shipped<");
  const ship = await post(
    `/dashboard/manage-order/${orderId}`,
    { intent: "ship", orderId: String(orderId), carrier: "dpd", trackingNumber: "15501234567890" },
    staff.cookie,
  );
  expect(ship.status).toBe(409);
  expect(await ship.text()).toContain("record its payment before it is dispatched");
  const paid = await post(
    `/dashboard/manage-order/${orderId}`,
    { intent: "record-payment", orderId: String(orderId) },
    staff.cookie,
  );
  expect(paid.status).toBe(302);
  const twice = await post(
    `/dashboard/manage-order/${orderId}`,
    { intent: "record-payment", orderId: String(orderId) },
    staff.cookie,
  );
  expect(twice.status).toBe(409);
  const shipped = await post(
    `/dashboard/manage-order/${orderId}`,
    { intent: "ship", orderId: String(orderId), carrier: "dpd", trackingNumber: "15501234567890" },
    staff.cookie,
  );
  expect(shipped.status).toBe(302);
});

test("what members share, over HTTP: the company's addresses refused to a buyer with 403, a colleague's quote read with its PDF and its Withdraw refused with 403, an outsider given 404", async () => {
  const { admin, members } = await newCompany({
    members: [{ role: "buyer", name: "Priya Planner" }, { role: "buyer" }],
  });
  const [asker, colleague] = members;
  const outsider = await createSignedInUser();
  const address = {
    intent: "save",
    book: "company",
    name: "Goods In",
    company: "",
    line1: "Dock 3, Wharf Road",
    line2: "",
    town: "Sheffield",
    postcode: "S3 8RA",
    country: "GB",
    phone: "",
  };
  const refusedAddress = await post("/dashboard/addresses", address, colleague.cookie);
  expect(refusedAddress.status).toBe(403);
  expect(await refusedAddress.text()).toContain("Only your company&#x27;s admins change its addresses.");
  const added = await post("/dashboard/addresses", address, admin.cookie);
  expect(added.status).toBe(302);
  expect(added.headers.get("location")).toBe("/dashboard/addresses#company-addresses");

  const part = await newItem({ price_cents: 1250, quantity: 100 });
  await addLinesToCart(asker.user.id, [{ itemId: part.id, quantity: 10 }]);
  const asked = await post("/cart", { intent: "request-quote", note: "Press line 2 spares" }, asker.cookie);
  expect(asked.status).toBe(302);
  const quotePath = asked.headers.get("location")!;
  expect(quotePath).toMatch(/^\/dashboard\/quotes\/\d+$/);

  const page = await get(quotePath, colleague.cookie);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Priya Planner asked for this quote for your company");
  const pdf = await get(`${quotePath}/quote.pdf`, colleague.cookie);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("content-type")).toBe("application/pdf");
  const withdraw = await post(quotePath, { intent: "withdraw" }, colleague.cookie);
  expect(withdraw.status).toBe(403);
  expect((await get(quotePath, outsider.cookie)).status).toBe(404);
  expect((await get(`${quotePath}/quote.pdf`, outsider.cookie)).status).toBe(404);
});
