import { sql } from "kysely";

import { db, type DbOptions, type Executor } from "~/db/db.server";
import { ERASED_ADDRESS, ERASED_NAME } from "~/lib/account-erasure";

// How long the shop keeps what it no longer needs (issue 53; docs/operations.md, "Retention"): each
// rule deletes (or, for the documents the law keeps, empties) a batch of rows at a time, oldest
// first, each batch its own short statement, so a sweep never holds a lock that a shopper's request
// would wait behind. Every app process sweeps on a schedule; the rules are idempotent, so two
// processes sweeping at once only share the work.

const DAY_MS = 24 * 3_600_000;

/**
 * How long a sent message stays readable in the outbox: sent rows are only a record (the order and
 * its history are kept elsewhere), and without a bound the table grew by every message forever.
 */
export const SENT_MAIL_KEPT_MS = 30 * DAY_MS;

type Batch = { now: Date; limit: number };

/** A period before `now`, as the ISO text the timestamp columns hold. */
const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** How many rows a delete or update took. */
async function rowsOf(query: {
  executeTakeFirst: () => Promise<{ numDeletedRows?: bigint; numUpdatedRows?: bigint }>;
}) {
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);
}

export type RetentionRule = {
  name: string;
  /** What goes, and when: docs/operations.md lists the same. */
  what: string;
  sweep: (batch: Batch, executor: Executor) => Promise<number>;
};

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    name: "guest carts",
    what: "visitors' carts, once expired (30 days after their last change)",
    sweep: ({ now, limit }, executor) =>
      rowsOf(
        executor
          .deleteFrom("carts")
          .where("id", "in", (eb) =>
            eb.selectFrom("carts").select("id").where("expires_at", "<=", now.toISOString()).limit(limit),
          ),
      ),
  },
  {
    name: "sessions",
    what: "sessions, once expired",
    sweep: ({ now, limit }, executor) =>
      rowsOf(
        executor
          .deleteFrom("sessions")
          .where("id", "in", (eb) =>
            eb.selectFrom("sessions").select("id").where("expires_at", "<=", now.toISOString()).limit(limit),
          ),
      ),
  },
  {
    name: "one-time links",
    what: "one-time links (password reset, email proof), 7 days after use or expiry",
    sweep: ({ now, limit }, executor) => {
      const cutoff = before(now, 7 * DAY_MS);
      return rowsOf(
        executor.deleteFrom("email_tokens").where("id", "in", (eb) =>
          eb
            .selectFrom("email_tokens")
            .select("id")
            .where((row) => row.or([row("used_at", "<", cutoff), row("expires_at", "<", cutoff)]))
            .limit(limit),
        ),
      );
    },
  },
  {
    name: "invitations",
    what: "company invitations not taken up, 30 days after they expired",
    sweep: ({ now, limit }, executor) =>
      rowsOf(
        executor.deleteFrom("company_invitations").where("id", "in", (eb) =>
          eb
            .selectFrom("company_invitations")
            .select("id")
            .where("accepted_at", "is", null)
            .where("expires_at", "<", before(now, 30 * DAY_MS))
            .limit(limit),
        ),
      ),
  },
  {
    name: "mail",
    what: "mail sent, 30 days after sending; mail that failed, or held for an address never proven, after 90 and 30 days",
    sweep: ({ now, limit }, executor) =>
      rowsOf(
        executor.deleteFrom("outbox").where("id", "in", (eb) =>
          eb
            .selectFrom("outbox")
            .select("id")
            .where((row) =>
              row.or([
                row.and([row("status", "=", "sent"), row("sent_at", "<", before(now, SENT_MAIL_KEPT_MS))]),
                row.and([row("status", "=", "failed"), row("created_at", "<", before(now, 90 * DAY_MS))]),
                row.and([row("status", "=", "held"), row("created_at", "<", before(now, 30 * DAY_MS))]),
              ]),
            )
            .limit(limit),
        ),
      ),
  },
  {
    name: "rate limits",
    what: "rate-limit counters, an hour after they expired",
    sweep: async ({ now, limit }, executor) => {
      // rate-limiter-flexible's own table (outside the typed schema); `expire` is in milliseconds.
      const cutoff = now.getTime() - 3_600_000;
      const result = await sql`
        delete from rate_limits
        where key in (select key from rate_limits where expire < ${cutoff} limit ${limit})`.execute(executor);
      return Number(result.numAffectedRows ?? 0);
    },
  },
  {
    name: "erased accounts' documents",
    what: "an erased account's kept invoices and orders: name and addresses emptied six years after the year of issue",
    sweep: async ({ now, limit }, executor) => {
      const due = await executor
        .selectFrom("invoices")
        .innerJoin("users", "users.id", "invoices.user_id")
        .select(["invoices.id", "invoices.order_id"])
        .where("users.erased_at", "is not", null)
        .where("invoices.issued_at", "<", `${now.getUTCFullYear() - 6}-01-01T00:00:00.000Z`)
        .where("invoices.customer_name", "!=", ERASED_NAME)
        .limit(limit)
        .execute();
      if (!due.length) return 0;
      const invoiceIds = due.map((invoice) => invoice.id);
      const orderIds = due.map((invoice) => invoice.order_id);
      await executor
        .updateTable("invoices")
        .set({ customer_name: ERASED_NAME, billing_address: ERASED_ADDRESS, delivery_address: ERASED_ADDRESS })
        .set({ billing_parts: null })
        .where("id", "in", invoiceIds)
        .execute();
      await executor
        .updateTable("orders")
        .set({ address: ERASED_ADDRESS, billing_address: null, delivery_parts: null, billing_parts: null })
        .where("id", "in", orderIds)
        .execute();
      return due.length;
    },
  },
];

/** Rows a batch deletes at most: small enough that a batch takes milliseconds on either database. */
export const RETENTION_BATCH = 500;

/**
 * Runs every rule until it finds nothing more to do; answers how many rows each one removed or
 * emptied, by its name.
 */
export async function sweepRetention({
  now = new Date(),
  limit = RETENTION_BATCH,
  executor = db,
}: Partial<Batch> & DbOptions = {}) {
  const done: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    let total = 0;
    for (;;) {
      const count = await rule.sweep({ now, limit }, executor);
      total += count;
      if (count < limit) break;
    }
    done[rule.name] = total;
  }
  return done;
}
