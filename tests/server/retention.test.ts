import { randomBytes } from "node:crypto";

import { expect, test } from "vitest";

import { db } from "~/db/db.server";

import { startServer } from "../support/server";
import { createSignedInUser } from "../support/users";

// Issue 53: the server sweeps what the shop no longer keeps by itself, on its schedule
// (RETENTION_SWEEP_MS), without a request or a command.

test("a running server removes an expired session on its own schedule", async () => {
  const { user } = await createSignedInUser();
  const id = randomBytes(32).toString("hex");
  const past = new Date(Date.now() - 60_000).toISOString();
  await db
    .insertInto("sessions")
    .values({ id, user_id: user.id, created_at: past, expires_at: past, last_seen_at: past })
    .execute();
  const server = await startServer({ env: { RETENTION_SWEEP_MS: "1000" } });
  try {
    await expect
      .poll(async () => (await db.selectFrom("sessions").select("id").where("id", "=", id).execute()).length, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(0);
  } finally {
    await server.stop();
  }
});
