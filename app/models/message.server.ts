import { db, type DbOptions, now } from "~/db/db.server";

export type ContactMessage = { name: string; email: string; message: string };

/** A contact message, stored for admins to read (its notice mail is the contact service's). */
export function createMessage(input: ContactMessage, { executor = db }: DbOptions = {}) {
  return executor
    .insertInto("messages")
    .values({ ...input, created_at: now() })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export function listMessages() {
  return db
    .selectFrom("messages")
    .select(["id", "name", "email", "message", "created_at"])
    .orderBy("id", "desc")
    .limit(500)
    .execute();
}
