import { PostgresAdapter } from "kysely";

import { outboxLeaseMs } from "~/config/env.server";
import { db, type DbOptions, type Executor, now } from "~/db/db.server";
import type { OutboxStatus } from "~/db/schema";

import type { RenderedMessage } from "./letter.server";
import { hideOneTimeLinks } from "./messages.server";
import { sealLinkToken } from "./one-time-links.server";

/** How often a message is tried before it is marked failed, and the first retry's delay. */
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30 * 60_000;

/**
 * Puts a message in the outbox. Called with the transaction of the change the message is about, so
 * the two commit together or not at all.
 *
 * `toAccount` names the customer whose own address `recipient` is. Until that account has proven its
 * address the message is held: anyone can sign up with a stranger's address, and orders would
 * otherwise mail that stranger whatever name, address and PO number the sign-up chose. Proving the
 * address releases it (`releaseHeldMessages`). Mail without `toAccount` (the shop's own address, the
 * link that proves an address) is never held.
 */
export type OutgoingMessage = RenderedMessage & {
  kind: string;
  recipient: string;
  orderId?: number | null;
  toAccount?: number;
  /** An invoice or credit note to attach as a PDF, made from its row when the message is sent. */
  invoiceId?: number;
};

export function enqueueMessage(message: OutgoingMessage, options: DbOptions = {}) {
  return enqueueMessages([message], options);
}

/** Rows per INSERT: a stock arrival can tell a thousand buyers at once. */
const MESSAGES_PER_INSERT = 100;

/** Many messages in one go, as enqueueMessage puts each (held the same way), in few statements. */
export async function enqueueMessages(messages: readonly OutgoingMessage[], { executor = db }: DbOptions = {}) {
  if (!messages.length) return;
  const timestamp = now();
  const accounts = [...new Set(messages.flatMap((message) => message.toAccount ?? []))];
  const proven = await provenAccounts(executor, accounts);
  for (let start = 0; start < messages.length; start += MESSAGES_PER_INSERT) {
    await executor
      .insertInto("outbox")
      .values(
        messages.slice(start, start + MESSAGES_PER_INSERT).map((message) => ({
          kind: message.kind,
          recipient: message.recipient,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          link_token: message.linkToken ? sealLinkToken(message.linkToken) : null,
          order_id: message.orderId ?? null,
          invoice_id: message.invoiceId ?? null,
          user_id: message.toAccount ?? null,
          status: message.toAccount !== undefined && !proven.has(message.toAccount) ? "held" : "pending",
          next_attempt_at: timestamp,
          created_at: timestamp,
        })),
      )
      .execute();
  }
}

/**
 * Of these accounts, those whose address is proven; read in the messages' own transaction, so an
 * address proven a moment ago counts.
 */
async function provenAccounts(executor: Executor, userIds: readonly number[]) {
  if (!userIds.length) return new Set<number>();
  const users = await executor
    .selectFrom("users")
    .select("id")
    .where("id", "in", [...userIds])
    .where("email_verified_at", "is not", null)
    .execute();
  return new Set(users.map((user) => user.id));
}

/**
 * Sends the account's held mail now that it has proven `provenEmail`: called in the transaction that
 * proves it, so no message is left held once the address counts. Mail held for the address the
 * account had before a change goes to the proven one: it is the account's mail, and that address
 * was never shown to be its owner's.
 */
export async function releaseHeldMessages(userId: number, provenEmail: string, { executor = db }: DbOptions = {}) {
  await executor
    .updateTable("outbox")
    .set({ status: "pending", recipient: provenEmail, next_attempt_at: now() })
    .where("user_id", "=", userId)
    .where("status", "=", "held")
    .execute();
}

function later(ms: number) {
  return new Date(Date.now() + ms).toISOString();
}

/**
 * Claims up to `limit` due messages for this sender: pending ones whose time has come, and sending
 * ones whose sender's lease ran out. PostgreSQL skips rows another sender holds (FOR UPDATE SKIP
 * LOCKED); SQLite runs one write transaction at a time (BEGIN IMMEDIATE), so two processes never
 * claim the same row either way.
 */
export function claimDueMessages(limit = 10) {
  return db.transaction().execute(async (trx) => {
    const timestamp = now();
    let due = trx
      .selectFrom("outbox")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", timestamp)]),
          eb.and([eb("status", "=", "sending"), eb("claimed_until", "<", timestamp)]),
        ]),
      )
      .orderBy("id")
      .limit(limit);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (!ids.length) return [];
    return trx
      .updateTable("outbox")
      .set((eb) => ({ status: "sending", claimed_until: later(outboxLeaseMs()), attempts: eb("attempts", "+", 1) }))
      .where("id", "in", ids)
      .returning([
        "id",
        "kind",
        "recipient",
        "subject",
        "text_body",
        "html_body",
        "link_token",
        "attempts",
        "invoice_id",
        "order_id",
      ])
      .execute();
  });
}

export type ClaimedMessage = Awaited<ReturnType<typeof claimDueMessages>>[number];

/** Sent: its one-time link's sealed token goes, so the row keeps nothing that acts for anyone. */
export async function markSent(id: number) {
  await db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: now(), claimed_until: null, last_error: null, link_token: null })
    .where("id", "=", id)
    .execute();
}

/** The delay before attempt `attempts + 1`: doubling from two seconds, at most half an hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** A failed send: tried again later with a longer wait, or marked failed after the last attempt. */
export async function markAttemptFailed(message: Pick<ClaimedMessage, "id" | "attempts">, error: string) {
  const failed = message.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable("outbox")
    .set({
      status: failed ? "failed" : "pending",
      next_attempt_at: later(failed ? 0 : retryDelayMs(message.attempts)),
      claimed_until: null,
      last_error: error.slice(0, 500),
    })
    .where("id", "=", message.id)
    .execute();
}

/**
 * The outbox for admins, newest first, narrowed by status. One-time links (a password reset, a proof
 * of address) are hidden: whoever reads one can take over the account it was sent for. The row keeps
 * the real link, so a retry sends it.
 */
export async function listOutbox({ status }: { status?: OutboxStatus } = {}) {
  let query = db
    .selectFrom("outbox")
    .select([
      "id",
      "kind",
      "recipient",
      "subject",
      "text_body",
      "status",
      "attempts",
      "last_error",
      "order_id",
      "created_at",
      "sent_at",
      "next_attempt_at",
    ])
    .orderBy("id", "desc")
    .limit(200);
  if (status) query = query.where("status", "=", status);
  const messages = await query.execute();
  return messages.map((message) => ({ ...message, text_body: hideOneTimeLinks(message.text_body) }));
}

/** An admin's retry of a failed message: due now, with a fresh set of attempts. */
export async function retryMessage(id: number) {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now(), last_error: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The failed messages, newest first (the admin home), and how many in all. */
export async function failedMessages(limit: number) {
  const failed = db.selectFrom("outbox").where("status", "=", "failed");
  const [{ count }, messages] = await Promise.all([
    failed.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    failed
      .select(["id", "recipient", "subject", "last_error", "created_at"])
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(count), messages };
}
