import { db, now } from "~/db/db.server";

export function createMessage(input: { name: string; email: string; message: string }) {
  return db
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
