import { db } from "~/db/db.server";

// Everything the shop holds about one customer, for "Download my data" (UK GDPR articles 15 and 20;
// issue 53, docs/decisions/0052-personal-data-export.md): one JSON document, read and written a
// section at a time. What proves or grants access (password and key hashes, token hashes, session
// ids) is left out: it is the shop's, not the person's, and a copy of it would be a key.

export type Person = { id: number; email: string };
type Section = { name: string; read: (person: Person) => Promise<unknown> };

/** Lines under their headers: `lines` grouped by `key`, the key column left out. */
function nest<Line extends Record<string, unknown>, Key extends keyof Line>(lines: readonly Line[], key: Key) {
  const groups = new Map<unknown, Omit<Line, Key>[]>();
  for (const line of lines) {
    const { [key]: owner, ...rest } = line;
    groups.set(owner, [...(groups.get(owner) ?? []), rest]);
  }
  return (owner: unknown) => groups.get(owner) ?? [];
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

async function account({ id }: Person) {
  const { password_hash: passwordHash, ...user } = await db
    .selectFrom("users")
    .select([
      "email",
      "display_name",
      "phone",
      "address",
      "company",
      "role",
      "email_verified_at",
      "google_email",
      "created_at",
      "password_hash",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...user, password_set: passwordHash !== null };
}

async function orders({ id }: Person) {
  const headers = await db
    .selectFrom("orders")
    .select([
      "id",
      "created_at",
      "status",
      "po_number",
      "address",
      "billing_address",
      "phone",
      "payment_method",
      "subtotal_cents",
      "shipping_cents",
      "tax_cents",
      "total_cents",
    ])
    .where("user_id", "=", id)
    .orderBy("id")
    .execute();
  const lines = headers.length
    ? await db
        .selectFrom("order_lines")
        .select(["order_id", "part_number", "item_name", "quantity", "unit_price_cents", "line_total_cents"])
        .where("order_id", "in", ids(headers))
        .orderBy("order_id")
        .orderBy("position")
        .execute()
    : [];
  const linesOf = nest(lines, "order_id");
  return headers.map((order) => ({ ...order, lines: linesOf(order.id) }));
}

async function quotes({ id }: Person) {
  const headers = await db
    .selectFrom("quotes")
    .select(["id", "number", "status", "note", "valid_until", "created_at"])
    .where("user_id", "=", id)
    .orderBy("id")
    .execute();
  const lines = headers.length
    ? await db
        .selectFrom("quote_lines")
        .select(["quote_id", "part_number", "item_name", "quantity"])
        .where("quote_id", "in", ids(headers))
        .orderBy("quote_id")
        .orderBy("position")
        .execute()
    : [];
  const linesOf = nest(lines, "quote_id");
  return headers.map(({ id: quoteId, ...quote }) => ({ ...quote, lines: linesOf(quoteId) }));
}

async function partsLists({ id }: Person) {
  const lists = await db
    .selectFrom("parts_lists")
    .select(["id", "name", "created_at", "updated_at"])
    .where("user_id", "=", id)
    .orderBy("id")
    .execute();
  const lines = lists.length
    ? await db
        .selectFrom("parts_list_lines")
        .innerJoin("items", "items.id", "parts_list_lines.item_id")
        .select(["parts_list_lines.list_id", "items.part_number", "items.name", "parts_list_lines.quantity"])
        .where("parts_list_lines.list_id", "in", ids(lists))
        .orderBy("parts_list_lines.list_id")
        .orderBy("parts_list_lines.position")
        .execute()
    : [];
  const linesOf = nest(lines, "list_id");
  return lists.map(({ id: listId, ...list }) => ({ ...list, lines: linesOf(listId) }));
}

/** The sections in the order the document holds them. */
export const PERSONAL_DATA_SECTIONS: readonly Section[] = [
  { name: "account", read: account },
  {
    name: "addresses",
    read: ({ id }) =>
      db
        .selectFrom("addresses")
        .select(["name", "company", "line1", "line2", "town", "postcode", "country", "phone", "created_at"])
        .where("user_id", "=", id)
        .orderBy("id")
        .execute(),
  },
  {
    name: "company_memberships",
    read: ({ id }) =>
      db
        .selectFrom("company_members")
        .innerJoin("companies", "companies.id", "company_members.company_id")
        .select([
          "companies.name as company",
          "company_members.role",
          "company_members.order_limit_cents",
          "company_members.monthly_limit_cents",
          "company_members.created_at",
        ])
        .where("company_members.user_id", "=", id)
        .execute(),
  },
  { name: "orders", read: orders },
  {
    name: "invoices_and_credit_notes",
    read: ({ id }) =>
      db
        .selectFrom("invoices")
        .select(["number", "kind", "issued_at", "billing_address", "delivery_address", "po_number", "total_cents"])
        .where("user_id", "=", id)
        .orderBy("id")
        .execute(),
  },
  { name: "quotes", read: quotes },
  { name: "parts_lists", read: partsLists },
  {
    name: "cart",
    read: ({ id }) =>
      db
        .selectFrom("cart_lines")
        .innerJoin("carts", "carts.id", "cart_lines.cart_id")
        .innerJoin("items", "items.id", "cart_lines.item_id")
        .select(["items.part_number", "items.name", "cart_lines.quantity", "cart_lines.added_at"])
        .where("carts.user_id", "=", id)
        .execute(),
  },
  {
    name: "your_part_numbers",
    read: ({ id }) =>
      db
        .selectFrom("customer_part_numbers")
        .innerJoin("items", "items.id", "customer_part_numbers.item_id")
        .select(["items.part_number as our_part_number", "customer_part_numbers.customer_part_number"])
        .where("customer_part_numbers.user_id", "=", id)
        .execute(),
  },
  {
    name: "reviews",
    read: ({ id }) =>
      db
        .selectFrom("reviews")
        .leftJoin("items", "items.id", "reviews.item_id")
        .select(["items.part_number", "reviews.name", "reviews.rating", "reviews.review", "reviews.created_at"])
        .where("reviews.user_id", "=", id)
        .orderBy("reviews.id")
        .execute(),
  },
  {
    name: "contact_messages",
    read: ({ email }) =>
      db
        .selectFrom("messages")
        .select(["name", "email", "message", "created_at"])
        .where("email", "=", email)
        .orderBy("id")
        .execute(),
  },
  {
    name: "api_keys",
    read: ({ id }) =>
      db
        .selectFrom("api_keys")
        .select(["name", "prefix", "created_at", "last_used_at", "revoked_at"])
        .where("user_id", "=", id)
        .orderBy("id")
        .execute(),
  },
  {
    name: "sessions",
    read: ({ id }) =>
      db
        .selectFrom("sessions")
        .select(["created_at", "last_seen_at", "expires_at", "user_agent", "ip"])
        .where("user_id", "=", id)
        .orderBy("created_at")
        .execute(),
  },
  {
    name: "your_price_lists",
    read: ({ id }) =>
      db
        .selectFrom("price_list_assignments")
        .innerJoin("price_lists", "price_lists.id", "price_list_assignments.price_list_id")
        .select([
          "price_lists.name",
          "price_lists.valid_from",
          "price_lists.valid_until",
          "price_list_assignments.priority",
        ])
        .where("price_list_assignments.user_id", "=", id)
        .orderBy("price_list_assignments.priority")
        .execute(),
  },
  {
    name: "procurement_punchouts",
    read: ({ id }) =>
      db
        .selectFrom("punchout_sessions")
        .innerJoin("punchout_connections", "punchout_connections.id", "punchout_sessions.connection_id")
        .select([
          "punchout_connections.system_name",
          "punchout_sessions.operation",
          "punchout_sessions.created_at",
          "punchout_sessions.started_at",
          "punchout_sessions.transferred_at",
        ])
        .where("punchout_sessions.user_id", "=", id)
        .orderBy("punchout_sessions.id")
        .execute(),
  },
  {
    name: "mail_sent_to_you",
    read: ({ id, email }) =>
      db
        .selectFrom("outbox")
        .select(["recipient", "subject", "kind", "status", "created_at", "sent_at"])
        .where((eb) => eb.or([eb("user_id", "=", id), eb("recipient", "=", email)]))
        .orderBy("id")
        .execute(),
  },
];

/**
 * The document as a stream: each section is read when the one before it has been sent, so a
 * customer with years of orders is never held in memory whole.
 */
export function personalDataStream(person: Person) {
  const encoder = new TextEncoder();
  let next = -1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === -1) {
        controller.enqueue(encoder.encode(`{\n  "exported_at": ${JSON.stringify(new Date().toISOString())}`));
        next = 0;
        return;
      }
      const section = PERSONAL_DATA_SECTIONS[next];
      if (!section) {
        controller.enqueue(encoder.encode("\n}\n"));
        controller.close();
        return;
      }
      next += 1;
      const rows = JSON.stringify(await section.read(person), null, 2).replace(/\n/g, "\n  ");
      controller.enqueue(encoder.encode(`,\n  ${JSON.stringify(section.name)}: ${rows}`));
    },
  });
}
