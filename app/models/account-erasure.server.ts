import { type ExpressionBuilder, sql, type SqlBool, type Transaction as KyselyTransaction } from "kysely";

import { db, type DbOptions, inTransaction, isPostgres, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { ERASED_ADDRESS, ERASED_NAME, ERASED_REVIEWER, erasedEmail } from "~/lib/account-erasure";
import { containsPattern } from "~/lib/like-pattern";
import { OPEN_ORDER_STATUSES } from "~/lib/statuses";

// "Delete my account" (UK GDPR article 17; issue 53, docs/decisions/0053-account-erasure-and-retention.md). The
// account's row stays, emptied, because the documents kept for the law point at it: invoices and
// credit notes, and the orders behind them, keep the buyer's name and addresses as they were printed
// and nothing more (no email, no phone). Everything else that names the person goes, in one
// transaction, so no other process ever reads half of it.

type Transaction = KyselyTransaction<Database>;

export type ErasureRefusal =
  | { reason: "open-orders"; count: number }
  | { reason: "last-company-admin"; company: string }
  | { reason: "last-shop-admin" };
export type ErasureResult = { ok: true } | ({ ok: false } & ErasureRefusal);

/** Why the account cannot be deleted yet, in the words My Profile shows. */
export function whyNotErasable(refusal: ErasureRefusal) {
  switch (refusal.reason) {
    case "open-orders":
      return `You have ${refusal.count === 1 ? "an order" : `${refusal.count} orders`} still on the way. Cancel ${refusal.count === 1 ? "it" : "them"}, or wait until delivered, then delete your account.`;
    case "last-company-admin":
      return `You are the last admin of ${refusal.company}. Make another member an admin first (Company page), then delete your account.`;
    case "last-shop-admin":
      return "You are the shop's last admin. Make someone else an admin first, then delete your account.";
  }
}

/**
 * What stops the account being erased now: an order still on its way (the shop owes it parts, or
 * the person owes an approval), a company it is the last admin of, or the shop's last admin. The
 * rows counted are locked first on PostgreSQL, so two admins leaving at once cannot both pass.
 */
async function refusal(trx: Transaction, userId: number): Promise<ErasureRefusal | null> {
  // The account's row first: a checkout holds it while it writes an order (models/checkout), so the
  // open orders counted below include every order that will ever be placed for this account. An
  // admin's erasure locks every admin's row in one statement, in id order: two admins leaving at
  // once wait for each other instead of each holding their own row and waiting for the other's.
  const { role } = await trx.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirstOrThrow();
  let rows = trx
    .selectFrom("users")
    .select(["id", "role"])
    .where((eb) =>
      role === "admin" ? eb.or([eb("id", "=", userId), eb("role", "=", "admin")]) : eb("id", "=", userId),
    )
    .orderBy("id");
  if (isPostgres(trx)) rows = rows.forUpdate();
  const locked = await rows.execute();
  const person = locked.find((row) => row.id === userId);
  if (!person) throw new Error(`No account ${userId} to erase`);
  if (person.role === "admin" && locked.filter((row) => row.role === "admin").length <= 1) {
    return { reason: "last-shop-admin" };
  }
  const open = await trx
    .selectFrom("orders")
    .select(sql<number>`count(*)`.as("n"))
    .where("user_id", "=", userId)
    .where("status", "in", OPEN_ORDER_STATUSES)
    .executeTakeFirstOrThrow();
  if (Number(open.n) > 0) return { reason: "open-orders", count: Number(open.n) };
  const adminOf = await trx
    .selectFrom("company_members")
    .innerJoin("companies", "companies.id", "company_members.company_id")
    .select(["companies.id", "companies.name"])
    .where("company_members.user_id", "=", userId)
    .where("company_members.role", "=", "admin")
    .execute();
  for (const company of adminOf) {
    let admins = trx
      .selectFrom("company_members")
      .select("user_id")
      .where("company_id", "=", company.id)
      .where("role", "=", "admin");
    if (isPostgres(trx)) admins = admins.forUpdate();
    if ((await admins.execute()).length <= 1) return { reason: "last-company-admin", company: company.name };
  }
  return null;
}

/** Orders that an invoice or credit note was issued for: kept with their addresses, as the document is. */
function documentedOrderIds(trx: Transaction, userId: number) {
  return trx.selectFrom("invoices").select("order_id").where("user_id", "=", userId).where("order_id", "is not", null);
}

/**
 * The outbox's rows about the person, sent or not: to their address or account, about their
 * orders, and any that names them in its subject or text (an invitation they sent, a mail to their
 * company's admin about them). A namesake's mail may go with them: withdrawn is the safe side.
 */
function outboxAbout(person: { id: number; email: string; display_name: string }) {
  const mentions = (text: string) => {
    const pattern = containsPattern(text);
    return (["subject", "text_body", "html_body"] as const).map(
      (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
    );
  };
  return (eb: ExpressionBuilder<Database, "outbox">) =>
    eb.or([
      eb("user_id", "=", person.id),
      sql<SqlBool>`lower(recipient) = ${person.email.toLowerCase()}`,
      eb("order_id", "in", eb.selectFrom("orders").select("id").where("user_id", "=", person.id)),
      ...mentions(person.email),
      ...mentions(person.display_name),
    ]);
}

/**
 * Erases the account, or says why it cannot be erased yet. One transaction: the credentials end,
 * the person's own rows go, the kept documents lose all but what the law keeps, and the row is
 * emptied, so the address can sign up again as someone new.
 */
export function eraseAccount(userId: number, { executor = db }: DbOptions = {}): Promise<ErasureResult> {
  return inTransaction(executor, async (trx): Promise<ErasureResult> => {
    const blocked = await refusal(trx, userId);
    if (blocked) return { ok: false, ...blocked };
    const person = await trx
      .selectFrom("users")
      .select(["id", "email", "display_name"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const email = person.email.toLowerCase();

    // Ways in, and what the person keeps here: all theirs alone.
    for (const table of [
      "sessions",
      "api_keys",
      "email_tokens",
      "addresses",
      "carts",
      "parts_lists",
      "customer_part_numbers",
      "quotes",
      "company_members",
      "price_list_assignments",
      "punchout_sessions",
    ] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    await trx
      .deleteFrom("messages")
      .where(sql<SqlBool>`lower(email) = ${email}`)
      .execute();
    // Invitations to them, and the ones they sent not yet taken up (their mail is withdrawn below).
    await trx
      .deleteFrom("company_invitations")
      .where((eb) =>
        eb.or([
          sql<SqlBool>`lower(email) = ${email}`,
          eb.and([eb("invited_by", "=", userId), eb("accepted_at", "is", null)]),
        ]),
      )
      .execute();
    await trx.deleteFrom("outbox").where(outboxAbout(person)).execute();
    // Counters keyed by the address ("signUp:email:…", sign-in's "…:ada@example.com|client").
    // (rate-limiter-flexible's own table: outside the typed schema.)
    await sql`delete from rate_limits where lower(key) like ${containsPattern(email)} escape '\\'`.execute(trx);
    await trx
      .updateTable("punchout_connections")
      .set({ acting_user_id: null })
      .where("acting_user_id", "=", userId)
      .execute();
    await trx
      .updateTable("reviews")
      .set({ user_id: null, name: ERASED_REVIEWER })
      .where("user_id", "=", userId)
      .execute();

    // Kept for the law: documents with the name and addresses printed on them, nothing more.
    await trx.updateTable("invoices").set({ customer_email: "" }).where("user_id", "=", userId).execute();
    await trx.updateTable("orders").set({ phone: "" }).where("user_id", "=", userId).execute();
    await trx
      .updateTable("orders")
      .set({ address: ERASED_ADDRESS, billing_address: null, delivery_parts: null, billing_parts: null })
      .where("user_id", "=", userId)
      .where("id", "not in", documentedOrderIds(trx, userId))
      .execute();

    await trx
      .updateTable("users")
      .set({
        email: erasedEmail(userId),
        display_name: ERASED_NAME,
        password_hash: null,
        google_sub: null,
        google_email: null,
        phone: null,
        address: null,
        company: null,
        email_verified_at: null,
        role: "user",
        erased_at: now(),
      })
      .where("id", "=", userId)
      .execute();
    return { ok: true };
  });
}
