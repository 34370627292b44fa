import { describe, expect, test } from "vitest";

import { storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { addCalendarDays } from "~/lib/quotes";
import { listAwaitingApproval } from "~/models/approvals.server";
import { addLinesToCart, cartLinesOf } from "~/models/cart";
import { acceptInvitation, changeMember, createInvitation, getCompany, invitationByToken } from "~/models/company";
import { customerPartNumbersOf } from "~/models/customer-part-numbers.server";
import { getInvoiceDocument, listInvoices } from "~/models/invoice";
import { MY_ORDERS_PER_PAGE, orderCsvBatches } from "~/models/order";
import { getQuote } from "~/models/quote";
import { creditUsed, recordPayment } from "~/models/trade-terms.server";
import * as cartPage from "~/routes/cart";
import * as listsPage from "~/routes/dashboard.lists";
import * as listPage from "~/routes/dashboard.lists_.$id";
import * as myOrdersPage from "~/routes/dashboard.my-order";
import * as myOrderPage from "~/routes/dashboard.my-order_.$id";
import * as myQuotesPage from "~/routes/dashboard.quotes";
import * as myQuotePage from "~/routes/dashboard.quotes_.$id";
import * as quotePdf from "~/routes/dashboard.quotes_.$id_.quote[.]pdf";
import { decideOrder, releaseExpiredApprovals } from "~/services/companies.server";
import { shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { call, getRequest, postRequest } from "../support/http";
import { placeTestOrder, stockOf, TEST_SHIPMENT } from "../support/orders";
import { createSignedInUser, newUser } from "../support/users";

// Company accounts (issue 27): roles and limits, approvals that reserve stock until they expire,
// trade terms with a credit limit held inside checkout, overdue invoices, and pro-forma orders that
// wait for their payment before dispatch.

async function orderRow(orderId: number) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

async function placed(userId: number, itemId: number, quantity: number) {
  const result = await placeTestOrder(userId, { itemId, quantity });
  if (!result.ok) throw new Error(`not placed: ${result.reason}`);
  return result.orderId;
}

describe("roles and limits", () => {
  test("an order within the buyer's limits is the company's, on account, and pending", async () => {
    const { companyId, members } = await newCompany({ members: [{ role: "buyer", orderLimitCents: 50_000 }] });
    const part = await newItem({ price_cents: 1000, quantity: 10 });
    const orderId = await placed(members[0].user.id, part.id, 2);
    expect(await orderRow(orderId)).toMatchObject({
      company_id: companyId,
      payment_method: "account",
      status: "pending",
      approval_expires_at: null,
    });
  });

  test("over the limit per order it awaits approval, its stock reserved, and the approvers are mailed", async () => {
    const { companyId, members } = await newCompany({
      members: [{ role: "buyer", orderLimitCents: 1_000 }, { role: "approver" }],
    });
    const [buyer, approver] = members;
    const part = await newItem({ price_cents: 1000, quantity: 10 });
    const orderId = await placed(buyer.user.id, part.id, 3);

    const order = await orderRow(orderId);
    expect(order.status).toBe("awaiting approval");
    expect(Date.parse(order.approval_expires_at!)).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(await stockOf(part.id)).toBe(7);
    const history = await db
      .selectFrom("order_status_changes")
      .select("status")
      .where("order_id", "=", orderId)
      .execute();
    expect(history.map((row) => row.status)).toEqual(["awaiting approval"]);
    const asked = await db
      .selectFrom("outbox")
      .select(["recipient", "subject"])
      .where("order_id", "=", orderId)
      .where("kind", "=", "approval-request")
      .execute();
    // The approver and the company admin, never the buyer.
    expect(asked.map((row) => row.recipient).sort()).toEqual(
      [approver.user.email, (await getCompany(companyId))!.members.find((m) => m.role === "admin")!.email].sort(),
    );
    expect(asked[0].subject).toContain(`order #${orderId}`);
    expect((await listAwaitingApproval(companyId)).map((row) => row.id)).toEqual([orderId]);

    // Awaiting approval, it cannot be shipped.
    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    expect(shipped).toMatchObject({ ok: false, reason: "not-allowed" });
  });

  test("the monthly limit counts the member's other orders this month", async () => {
    const { members } = await newCompany({ members: [{ role: "buyer", monthlyLimitCents: 5_000 }] });
    const part = await newItem({ price_cents: 1000, quantity: 20 });
    const first = await placed(members[0].user.id, part.id, 2);
    expect((await orderRow(first)).status).toBe("pending");
    const firstTotal = Number((await orderRow(first)).total_cents);
    expect(firstTotal).toBeLessThan(5_000);
    const second = await placed(members[0].user.id, part.id, 3);
    expect(Number((await orderRow(second)).total_cents) + firstTotal).toBeGreaterThan(5_000);
    expect((await orderRow(second)).status).toBe("awaiting approval");
  });

  test("approve sends it on to dispatch; reject cancels it and gives the stock back; nobody approves their own", async () => {
    const { companyId, members } = await newCompany({
      members: [
        { role: "buyer", orderLimitCents: 500 },
        { role: "approver", orderLimitCents: 500 },
      ],
    });
    const [buyer, approver] = members;
    const part = await newItem({ price_cents: 1000, quantity: 10 });
    const approved = await placed(buyer.user.id, part.id, 2);
    const rejected = await placed(buyer.user.id, part.id, 3);
    const own = await placed(approver.user.id, part.id, 1);
    expect(await stockOf(part.id)).toBe(4);

    expect(await decideOrder(own, { userId: approver.user.id, companyId }, "approve")).toEqual({
      ok: false,
      reason: "own-order",
    });
    // Another company's approver does not find it.
    const other = await newCompany({ members: [{ role: "approver" }] });
    expect(
      await decideOrder(approved, { userId: other.members[0].user.id, companyId: other.companyId }, "approve"),
    ).toEqual({ ok: false, reason: "not-found" });

    expect(await decideOrder(approved, { userId: approver.user.id, companyId }, "approve")).toMatchObject({
      ok: true,
      status: "pending",
    });
    expect(await decideOrder(approved, { userId: approver.user.id, companyId }, "reject")).toEqual({
      ok: false,
      reason: "decided",
    });
    expect(await decideOrder(rejected, { userId: approver.user.id, companyId }, "reject")).toMatchObject({
      ok: true,
      status: "cancelled",
    });
    expect(await stockOf(part.id)).toBe(7);
    const history = await db
      .selectFrom("order_status_changes")
      .select("status")
      .where("order_id", "=", approved)
      .orderBy("id")
      .execute();
    expect(history.map((row) => row.status)).toEqual(["awaiting approval", "pending"]);
    const told = await db.selectFrom("outbox").select("subject").where("order_id", "=", approved).execute();
    expect(told.some((row) => row.subject.includes("approved"))).toBe(true);

    const shipped = await shipReadyParts(approved, TEST_SHIPMENT);
    expect(shipped.ok).toBe(true);
  });

  test("a reservation nobody decided on in time is released; an expired order cannot be approved", async () => {
    const { companyId, members } = await newCompany({
      members: [{ role: "buyer", orderLimitCents: 500 }, { role: "approver" }],
    });
    const part = await newItem({ price_cents: 1000, quantity: 5 });
    const orderId = await placed(members[0].user.id, part.id, 4);
    expect(await stockOf(part.id)).toBe(1);

    const later = new Date(Date.now() + 73 * 3_600_000);
    expect(await releaseExpiredApprovals(new Date())).toBe(0);
    const { decideApproval } = await import("~/models/approvals.server");
    expect(await decideApproval(orderId, { userId: members[1].user.id, companyId }, "approve", { at: later })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await releaseExpiredApprovals(later)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await stockOf(part.id)).toBe(5);
    // Once released, a second sweep finds nothing of it.
    expect(await releaseExpiredApprovals(later)).toBe(0);
  });

  test("the buyer may withdraw an order that waits for approval: it is cancelled and its parts go back", async () => {
    const { members } = await newCompany({ members: [{ role: "buyer", orderLimitCents: 500 }] });
    const [buyer] = members;
    const part = await newItem({ price_cents: 1000, quantity: 5 });
    const orderId = await placed(buyer.user.id, part.id, 2);
    expect(await stockOf(part.id)).toBe(3);
    const page = await call(
      myOrderPage.loader,
      getRequest(`/dashboard/my-order/${orderId}?cancel=1`, { cookie: buyer.cookie }),
      {
        id: String(orderId),
      },
    );
    expect(page.data).toMatchObject({ confirmCancel: true, isOwn: true });
    const withdrawn = await call(
      myOrderPage.action,
      postRequest(
        `/dashboard/my-order/${orderId}`,
        { intent: "cancel", orderId: String(orderId) },
        { cookie: buyer.cookie },
      ),
      { id: String(orderId) },
    );
    expect(withdrawn.status).toBe(302);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await stockOf(part.id)).toBe(5);
  });

  test("a company never loses its last company admin", async () => {
    const { companyId, admin, members } = await newCompany({ members: [{ role: "buyer" }] });
    expect(await changeMember(companyId, admin.user.id, "remove")).toEqual({ ok: false, reason: "last-admin" });
    expect(
      await changeMember(companyId, admin.user.id, { role: "buyer", orderLimitCents: null, monthlyLimitCents: null }),
    ).toEqual({ ok: false, reason: "last-admin" });
    expect(
      await changeMember(companyId, members[0].user.id, {
        role: "admin",
        orderLimitCents: null,
        monthlyLimitCents: null,
      }),
    ).toEqual({ ok: true });
    expect(await changeMember(companyId, admin.user.id, "remove")).toEqual({ ok: true });
    expect((await getCompany(companyId))!.members.map((member) => member.role)).toEqual(["admin"]);
  });
});

describe("invitations", () => {
  test("the invited address joins once, with the role and limits the invitation gave", async () => {
    const { companyId, admin } = await newCompany();
    const invited = await newUser({ email: `buyer.${Date.now()}@presswork.co.uk` });
    const token = await createInvitation(
      companyId,
      { email: invited.email.toUpperCase(), role: "buyer", orderLimitCents: 25_000, monthlyLimitCents: 100_000 },
      admin.user.id,
    );
    expect(await invitationByToken(token)).toMatchObject({ company_id: companyId, email: invited.email });

    const stranger = await createSignedInUser();
    expect(await acceptInvitation(token, stranger.user)).toEqual({ ok: false, reason: "other-email" });
    expect(await acceptInvitation("not-a-token", invited)).toEqual({ ok: false, reason: "not-found" });
    expect(await acceptInvitation(token, invited)).toMatchObject({ ok: true, companyId });
    expect(await acceptInvitation(token, invited)).toEqual({ ok: false, reason: "not-found" });
    const member = (await getCompany(companyId))!.members.find((row) => row.id === invited.id);
    expect(member).toMatchObject({ role: "buyer", order_limit_cents: 25_000, monthly_limit_cents: 100_000 });
  });

  test("an account already in a company cannot join another", async () => {
    const first = await newCompany({ members: [{ role: "buyer" }] });
    const second = await newCompany();
    const token = await createInvitation(
      second.companyId,
      { email: first.members[0].user.email, role: "buyer", orderLimitCents: null, monthlyLimitCents: null },
      second.admin.user.id,
    );
    expect(await acceptInvitation(token, first.members[0].user)).toEqual({ ok: false, reason: "already-member" });
  });
});

describe("trade terms and the credit limit", () => {
  test("open orders and unpaid invoices count against the limit; an order over it is refused and nothing is written", async () => {
    const part = await newItem({ price_cents: 2000, quantity: 50 });
    const probe = await placeTestOrder((await createSignedInUser()).user.id, { itemId: part.id, quantity: 2 });
    if (!probe.ok) throw new Error("probe");
    const orderTotal = Number((await orderRow(probe.orderId)).total_cents);

    const { companyId, members } = await newCompany({
      creditLimitCents: orderTotal * 2 + 1,
      members: [{ role: "buyer" }],
    });
    const buyer = members[0].user.id;
    const first = await placed(buyer, part.id, 2);
    await placed(buyer, part.id, 2);
    expect(await creditUsed(companyId)).toBe(orderTotal * 2);
    const stockBefore = await stockOf(part.id);

    const refused = await placeTestOrder(buyer, { itemId: part.id, quantity: 2 });
    expect(refused).toEqual({ ok: false, reason: "credit-limit", availableCents: 1, totalCents: orderTotal });
    expect(await stockOf(part.id)).toBe(stockBefore);

    // Shipped and invoiced it still counts; paid, it no longer does.
    const shipped = await shipReadyParts(first, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);
    expect(await creditUsed(companyId)).toBe(orderTotal * 2);
    expect(await recordPayment(first)).toEqual({ ok: true, paidInvoices: [shipped.invoice.number], settled: true });
    expect(await creditUsed(companyId)).toBe(orderTotal);
    expect((await placeTestOrder(buyer, { itemId: part.id, quantity: 2 })).ok).toBe(true);
  });

  test("an invoice on account falls due after the company's terms; an overdue one stops orders on account until it is paid", async () => {
    const { members } = await newCompany({ paymentTermsDays: 30, members: [{ role: "buyer" }] });
    const part = await newItem({ price_cents: 1000, quantity: 20 });
    const orderId = await placed(members[0].user.id, part.id, 1);
    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);
    const invoice = await db
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", shipped.invoice.id)
      .executeTakeFirstOrThrow();
    expect(invoice.due_on).toBe(addCalendarDays(storeToday(), 30));
    expect(invoice.buyer_company).toBe("Northern Presswork Ltd");
    expect(invoice.paid_at).toBeNull();

    await db
      .updateTable("invoices")
      .set({ due_on: addCalendarDays(storeToday(), -1) })
      .where("id", "=", invoice.id)
      .execute();
    expect(await placeTestOrder(members[0].user.id, { itemId: part.id, quantity: 1 })).toEqual({
      ok: false,
      reason: "overdue",
      invoiceNumbers: [invoice.number],
    });
    await recordPayment(orderId);
    expect((await placeTestOrder(members[0].user.id, { itemId: part.id, quantity: 1 })).ok).toBe(true);
  });

  test("a private customer's order has no company, no payment method and no limit", async () => {
    const customer = await createSignedInUser();
    const part = await newItem({ price_cents: 1000, quantity: 5 });
    const orderId = await placed(customer.user.id, part.id, 5);
    expect(await orderRow(orderId)).toMatchObject({ company_id: null, payment_method: null, status: "pending" });
  });
});

describe("what members see of their company", () => {
  test("a member reads colleagues' orders and invoices, and changes only their own; outsiders see none of them", async () => {
    const { members } = await newCompany({ members: [{ role: "buyer", name: "Ben Buyer" }, { role: "buyer" }] });
    const [ben, colleague] = members;
    const outsider = await createSignedInUser();
    const part = await newItem({ price_cents: 1000, quantity: 10 });
    const orderId = await placed(ben.user.id, part.id, 2);
    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    if (!shipped.ok) throw new Error(shipped.reason);

    const page = await call(
      myOrderPage.loader,
      getRequest(`/dashboard/my-order/${orderId}`, { cookie: colleague.cookie }),
      {
        id: String(orderId),
      },
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ isOwn: false, order: { id: orderId, customer_name: "Ben Buyer" } });
    const outsiderPage = await call(
      myOrderPage.loader,
      getRequest(`/dashboard/my-order/${orderId}`, { cookie: outsider.cookie }),
      { id: String(orderId) },
    );
    expect(outsiderPage.status).toBe(404);
    // Reading is not changing: a colleague's Order again is theirs to press, Cancel is not.
    const cancel = await call(
      myOrderPage.action,
      postRequest(
        `/dashboard/my-order/${orderId}`,
        { intent: "cancel", orderId: String(orderId) },
        { cookie: colleague.cookie },
      ),
      { id: String(orderId) },
    );
    expect(cancel.status).toBe(404);
    const again = await call(
      myOrderPage.action,
      postRequest(
        `/dashboard/my-order/${orderId}`,
        { intent: "reorder", orderId: String(orderId) },
        { cookie: colleague.cookie },
      ),
      { id: String(orderId) },
    );
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/cart");

    const colleagueReader = {
      id: colleague.user.id,
      role: "user",
      companyId: (await orderRow(orderId)).company_id,
    };
    expect((await listInvoices(colleagueReader)).map((invoice) => invoice.number)).toEqual([shipped.invoice.number]);
    expect(await getInvoiceDocument({ number: shipped.invoice.number, reader: colleagueReader })).toBeDefined();
    const outsiderReader = { id: outsider.user.id, role: "user", companyId: null };
    expect(await listInvoices(outsiderReader)).toEqual([]);
    expect(await getInvoiceDocument({ number: shipped.invoice.number, reader: outsiderReader })).toBeUndefined();

    const exported = [];
    for await (const rows of orderCsvBatches({ ownerId: colleague.user.id, companyId: colleagueReader.companyId })) {
      exported.push(...rows.map((row) => row[0]));
    }
    expect(exported).toEqual([orderId]);
    const listed = await call(myOrdersPage.loader, getRequest("/dashboard/my-order", { cookie: colleague.cookie }));
    expect((listed.data as { companyOrders: { id: number }[] }).companyOrders.map((order) => order.id)).toEqual([
      orderId,
    ]);
  });
});

describe("My Orders for a company's member", () => {
  test("the colleagues' orders come a page at a time, each list paged on its own", async () => {
    const { members } = await newCompany({ members: [{ role: "buyer" }, { role: "buyer" }] });
    const [placer, reader] = members;
    const part = await newItem({ price_cents: 100, quantity: 100 });
    const colleagues: number[] = [];
    for (let count = 0; count <= MY_ORDERS_PER_PAGE; count++) colleagues.push(await placed(placer.user.id, part.id, 1));
    const own = await placed(reader.user.id, part.id, 1);

    const pageTwo = await call(
      myOrdersPage.loader,
      getRequest("/dashboard/my-order?colleaguesPage=2", { cookie: reader.cookie }),
    );
    const data = pageTwo.data as { orders: { id: number }[]; companyOrders: { id: number }[] };
    expect(data.orders.map((order) => order.id)).toEqual([own]);
    expect(data.companyOrders.map((order) => order.id)).toEqual([colleagues[0]]);
    expect(pageTwo.data.pageCounts).toEqual({ page: 1, colleaguesPage: 2 });
  });
});

describe("pro-forma orders", () => {
  test("a company not on account orders against a pro-forma invoice and its order waits for the payment to ship", async () => {
    const { members } = await newCompany({ paymentTermsDays: null, creditLimitCents: 0, members: [{ role: "buyer" }] });
    const part = await newItem({ price_cents: 1000, quantity: 5 });
    const orderId = await placed(members[0].user.id, part.id, 2);
    expect(await orderRow(orderId)).toMatchObject({ payment_method: "proforma", paid_at: null, status: "pending" });

    expect(await shipReadyParts(orderId, TEST_SHIPMENT)).toEqual({ ok: false, reason: "awaiting-payment" });
    expect(await db.selectFrom("shipments").select("id").where("order_id", "=", orderId).execute()).toEqual([]);
    expect(await recordPayment(orderId)).toEqual({ ok: true, paidInvoices: [], settled: true });
    expect(await recordPayment(orderId)).toEqual({ ok: false, reason: "nothing-due" });
    const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
    expect(shipped.ok).toBe(true);
    // Paid up front: its invoice has no due day.
    if (shipped.ok) {
      const invoice = await db
        .selectFrom("invoices")
        .select("due_on")
        .where("id", "=", shipped.invoice.id)
        .executeTakeFirstOrThrow();
      expect(invoice.due_on).toBeNull();
    }
  });

  test("a private customer's order has no payment to record", async () => {
    const customer = await createSignedInUser();
    const part = await newItem({ quantity: 5 });
    expect(await recordPayment(await placed(customer.user.id, part.id, 1))).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("what a company's members share", () => {
  async function companyWithColleagues() {
    const { companyId, members } = await newCompany({
      members: [
        { role: "buyer", name: "Priya Planner" },
        { role: "buyer", name: "Colin Colleague" },
      ],
    });
    const outsider = await createSignedInUser({ displayName: "Otto Outsider" });
    const gear = await newItem({ price_cents: 1250, quantity: 500 });
    await addLinesToCart(members[0].user.id, [{ itemId: gear.id, quantity: 40 }]);
    return { companyId, asker: members[0], colleague: members[1], outsider, gear };
  }

  test("a quote asked for the company is read by every member, acted on only by whoever asked", async () => {
    const { companyId, asker, colleague, outsider } = await companyWithColleagues();
    const asked = await call(
      cartPage.action,
      postRequest("/cart", { intent: "request-quote", note: "Press line 2 spares" }, { cookie: asker.cookie }),
    );
    expect(asked.status).toBe(302);
    const quoteId = Number(/(\d+)$/.exec(asked.location!)![1]);
    expect(await db.selectFrom("quotes").select("company_id").where("id", "=", quoteId).executeTakeFirst()).toEqual({
      company_id: companyId,
    });

    const listed = await call(myQuotesPage.loader, getRequest("/dashboard/quotes", { cookie: colleague.cookie }));
    expect(listed.data).toMatchObject({
      inCompany: true,
      quotes: [expect.objectContaining({ id: quoteId, customerName: "Priya Planner" })],
    });
    const page = await call(
      myQuotePage.loader,
      getRequest(`/dashboard/quotes/${quoteId}`, { cookie: colleague.cookie }),
      { id: String(quoteId) },
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ mine: false, quote: { id: quoteId } });
    const pdf = await call(
      quotePdf.loader,
      getRequest(`/dashboard/quotes/${quoteId}/quote.pdf`, { cookie: colleague.cookie }),
      { id: String(quoteId) },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");

    const withdraw = await call(
      myQuotePage.action,
      postRequest(`/dashboard/quotes/${quoteId}`, { intent: "withdraw" }, { cookie: colleague.cookie }),
      { id: String(quoteId) },
    );
    expect(withdraw.status).toBe(403);
    expect(JSON.stringify(withdraw.data)).toContain("only they can accept or withdraw it");
    expect((await getQuote(quoteId))!.status).toBe("requested");

    // Outside the company it does not exist.
    const outsiderList = await call(myQuotesPage.loader, getRequest("/dashboard/quotes", { cookie: outsider.cookie }));
    expect(outsiderList.data).toMatchObject({ quotes: [], inCompany: false });
    const outsiderPage = await call(
      myQuotePage.loader,
      getRequest(`/dashboard/quotes/${quoteId}`, { cookie: outsider.cookie }),
      { id: String(quoteId) },
    );
    expect(outsiderPage.status).toBe(404);
    const outsiderPdf = await call(
      quotePdf.loader,
      getRequest(`/dashboard/quotes/${quoteId}/quote.pdf`, { cookie: outsider.cookie }),
      { id: String(quoteId) },
    );
    expect(outsiderPdf.status).toBe(404);

    // The one who asked still withdraws it.
    const own = await call(
      myQuotePage.action,
      postRequest(`/dashboard/quotes/${quoteId}`, { intent: "withdraw" }, { cookie: asker.cookie }),
      { id: String(quoteId) },
    );
    expect(own.status).toBe(302);
    expect((await getQuote(quoteId))!.status).toBe("withdrawn");
  });

  test("a colleague's parts list is read and put into your own cart; only its keeper changes it", async () => {
    const { asker: keeper, colleague, outsider, gear } = await companyWithColleagues();
    const saved = await call(
      cartPage.action,
      postRequest("/cart", { intent: "save-list", name: "Press 2 service kit" }, { cookie: keeper.cookie }),
    );
    expect(saved.status).toBe(302);
    const listId = Number(/(\d+)$/.exec(saved.location!)![1]);

    const lists = await call(listsPage.loader, getRequest("/dashboard/lists", { cookie: colleague.cookie }));
    expect(lists.data).toMatchObject({
      inCompany: true,
      mine: [],
      shared: [{ id: listId, name: "Press 2 service kit", lineCount: 1, keptBy: "Priya Planner" }],
    });
    const keeperLists = await call(listsPage.loader, getRequest("/dashboard/lists", { cookie: keeper.cookie }));
    expect(keeperLists.data).toMatchObject({ mine: [{ id: listId }], shared: [] });
    const page = await call(listPage.loader, getRequest(`/dashboard/lists/${listId}`, { cookie: colleague.cookie }), {
      id: String(listId),
    });
    expect(page.data).toMatchObject({ list: { mine: false, keptBy: "Priya Planner", lines: [{ quantity: 40 }] } });

    const added = await call(
      listsPage.action,
      postRequest("/dashboard/lists", { intent: "add-to-cart", listId: String(listId) }, { cookie: colleague.cookie }),
    );
    expect(added.status).toBe(302);
    expect(await cartLinesOf(colleague.user.id)).toEqual([expect.objectContaining({ itemId: gear.id, quantity: 40 })]);

    for (const form of [
      { intent: "rename", name: "Mine now" },
      { intent: "delete" },
      { intent: "update", itemId: String(gear.id), quantity: "1" },
      { intent: "remove", itemId: String(gear.id) },
    ]) {
      const refused = await call(
        listPage.action,
        postRequest(`/dashboard/lists/${listId}`, form, { cookie: colleague.cookie }),
        { id: String(listId) },
      );
      expect(refused.status, form.intent).toBe(403);
      expect(JSON.stringify(refused.data)).toContain("Only Priya Planner, who keeps this list, changes it");
    }
    const kept = await db.selectFrom("parts_lists").select("name").where("id", "=", listId).executeTakeFirstOrThrow();
    expect(kept.name).toBe("Press 2 service kit");

    // A part number is the reader's own: the colleague sets theirs from the list, the keeper's stays as it was.
    const numbered = await call(
      listPage.action,
      postRequest(
        `/dashboard/lists/${listId}`,
        { intent: "part-number", itemId: String(gear.id), customerPartNumber: "CC-GEAR-20" },
        { cookie: colleague.cookie },
      ),
      { id: String(listId) },
    );
    expect(numbered.status).toBe(302);
    expect(await customerPartNumbersOf(colleague.user.id, [gear.id])).toEqual(new Map([[gear.id, "CC-GEAR-20"]]));
    expect(await customerPartNumbersOf(keeper.user.id, [gear.id])).toEqual(new Map());

    const outsiderPage = await call(
      listPage.loader,
      getRequest(`/dashboard/lists/${listId}`, { cookie: outsider.cookie }),
      { id: String(listId) },
    );
    expect(outsiderPage.status).toBe(404);
    const outsiderAdd = await call(
      listsPage.action,
      postRequest("/dashboard/lists", { intent: "add-to-cart", listId: String(listId) }, { cookie: outsider.cookie }),
    );
    expect(outsiderAdd.status).toBe(404);
    expect(await cartLinesOf(outsider.user.id)).toEqual([]);
  });
});
