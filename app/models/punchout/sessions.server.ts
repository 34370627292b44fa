import { createHash, randomBytes } from "node:crypto";

import { type Transaction } from "kysely";

import { db, type DbOptions, now } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { LIST_PRICE, type PriceRuleKind, type PriceSource } from "~/lib/contract-prices";
import { holdPartsInIdOrder } from "~/models/part-locks.server";

/** How long a start link is good for: the procurement system opens it at once. */
export const START_LINK_LIFETIME_MS = 5 * 60_000;
/** How long a browser may shop for its procurement system: a working day. */
export const PUNCHOUT_SESSION_LIFETIME_MS = 8 * 3_600_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type OpenSession = {
  connectionId: number;
  userId: number;
  operation: "create" | "edit" | "oci";
  buyerCookie: string;
  returnUrl: string;
  returnTarget?: string | null;
};

/** Opens a punchout session and returns its id and the start link's token (kept only as a hash). */
export async function openPunchoutSession(session: OpenSession, { executor = db }: DbOptions = {}) {
  const token = randomBytes(32).toString("base64url");
  const created = new Date();
  const row = await executor
    .insertInto("punchout_sessions")
    .values({
      connection_id: session.connectionId,
      user_id: session.userId,
      start_token_hash: hashToken(token),
      start_expires_at: new Date(created.getTime() + START_LINK_LIFETIME_MS).toISOString(),
      operation: session.operation,
      buyer_cookie: session.buyerCookie,
      return_url: session.returnUrl,
      return_target: session.returnTarget ?? null,
      created_at: created.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/**
 * Uses a start link: once, before it expires, and only while its connection stands. The update that
 * marks it used is the check, so two browsers opening one link at once cannot both get in.
 */
export async function redeemStartLink(token: string, { executor = db }: DbOptions = {}) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const timestamp = now();
  const used = await executor
    .updateTable("punchout_sessions")
    .set({ started_at: timestamp })
    .where("start_token_hash", "=", hashToken(token))
    .where("started_at", "is", null)
    .where("start_expires_at", ">", timestamp)
    .returning(["id", "user_id", "operation"])
    .executeTakeFirst();
  return used ? { id: used.id, userId: used.user_id, operation: used.operation } : null;
}

/** A punchout session with where its cart goes and what its connection is called. */
export async function punchoutSessionOf(id: number, { executor = db }: DbOptions = {}) {
  const row = await executor
    .selectFrom("punchout_sessions")
    .innerJoin("punchout_connections", "punchout_connections.id", "punchout_sessions.connection_id")
    .select([
      "punchout_sessions.id",
      "punchout_sessions.user_id",
      "punchout_sessions.connection_id",
      "punchout_sessions.buyer_cookie",
      "punchout_sessions.return_url",
      "punchout_sessions.return_target",
      "punchout_sessions.transferred_at",
      "punchout_connections.protocol",
      "punchout_connections.domain",
      "punchout_connections.identity",
      "punchout_connections.system_name",
      "punchout_connections.company_id",
    ])
    .where("punchout_sessions.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export type PunchoutSession = NonNullable<Awaited<ReturnType<typeof punchoutSessionOf>>>;

export type TransferredPrice = { itemId: number; quantity: number; unitPriceCents: number; priceSource: PriceSource };

/**
 * Keeps what a session sent back, at the prices it was sent with (a purchase order naming the session
 * is charged these), and marks it transferred. A session transferred again (an "edit") replaces them.
 */
export async function recordTransfer(
  trx: Transaction<Database>,
  sessionId: number,
  lines: readonly TransferredPrice[],
) {
  await trx.deleteFrom("punchout_transferred_lines").where("punchout_session_id", "=", sessionId).execute();
  if (lines.length) {
    await holdPartsInIdOrder(
      trx,
      lines.map((line) => line.itemId),
    );
    await trx
      .insertInto("punchout_transferred_lines")
      .values(
        lines.map((line) => ({
          punchout_session_id: sessionId,
          item_id: line.itemId,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          price_list_id: line.priceSource.kind === "contract" ? line.priceSource.listId : null,
          price_list_name: line.priceSource.kind === "contract" ? line.priceSource.listName : null,
          price_rule: line.priceSource.kind === "contract" ? line.priceSource.rule : null,
        })),
      )
      .execute();
  }
  await trx.updateTable("punchout_sessions").set({ transferred_at: now() }).where("id", "=", sessionId).execute();
}

/** The prices a connection's sessions transferred, by session and part, for the references given. */
export async function transferredPrices(connectionId: number, sessionIds: readonly number[]) {
  const prices = new Map<string, TransferredPrice>();
  if (!sessionIds.length) return prices;
  const rows = await db
    .selectFrom("punchout_transferred_lines")
    .innerJoin("punchout_sessions", "punchout_sessions.id", "punchout_transferred_lines.punchout_session_id")
    .select([
      "punchout_sessions.id as session_id",
      "punchout_transferred_lines.item_id",
      "punchout_transferred_lines.quantity",
      "punchout_transferred_lines.unit_price_cents",
      "punchout_transferred_lines.price_list_id",
      "punchout_transferred_lines.price_list_name",
      "punchout_transferred_lines.price_rule",
    ])
    .where("punchout_sessions.connection_id", "=", connectionId)
    .where("punchout_sessions.id", "in", [...new Set(sessionIds)])
    .execute();
  for (const row of rows) {
    prices.set(`${row.session_id}:${row.item_id}`, {
      itemId: row.item_id,
      quantity: row.quantity,
      unitPriceCents: Number(row.unit_price_cents),
      priceSource:
        row.price_list_id !== null && row.price_list_name !== null
          ? {
              kind: "contract",
              listId: row.price_list_id,
              listName: row.price_list_name,
              rule: (row.price_rule ?? "part") as PriceRuleKind,
            }
          : LIST_PRICE,
    });
  }
  return prices;
}

/**
 * A line's reference to its session as the cart went back ("PS12": cXML's SupplierPartAuxiliaryID,
 * OCI's CUST_FIELD1, ten characters at most), read back from a purchase order.
 */
export const sessionReference = (sessionId: number) => `PS${sessionId}`;

export function sessionIdOfReference(reference: string) {
  const match = /^PS(\d{1,8})$/.exec(reference.trim());
  return match ? Number(match[1]) : null;
}
