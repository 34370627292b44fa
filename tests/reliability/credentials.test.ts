import { afterAll, beforeAll, expect, test } from "vitest";

import { createApiKey } from "~/models/api-key.server";

import type { ServerProcess } from "../support/server";
import { createSignedInUser, TEST_PASSWORD } from "../support/users";
import { postForm, startCluster } from "./support";

// Issue 55, finding 2, under load: a program keeps reading with an API key, through both processes
// of a two-process shop, while the key's owner changes the password. From the moment the change has
// answered, no read with the key succeeds, on either process; before it, reads work.

let shop: ServerProcess | undefined;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

test("a key read in a loop while its owner changes the password: refused on both processes from the change on", async () => {
  const { user, cookie } = await createSignedInUser({ displayName: "Kay Keyholder" });
  const { key } = await createApiKey({ userId: user.id, name: "warehouse sync" });
  const read = () =>
    fetch(`${shop!.origin}/api/order`, { headers: { Authorization: `Bearer ${key}`, Connection: "close" } }).then(
      (response) => response.status,
    );
  expect(await read()).toBe(200);

  let changedAt = Number.POSITIVE_INFINITY;
  const reads: { startedAt: number; status: number }[] = [];
  let stop = false;
  const readers = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const startedAt = performance.now();
      reads.push({ startedAt, status: await read() });
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const changed = await postForm(
    shop!.origin,
    "/dashboard/my-profile",
    { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "tangerine-lathe-1987" },
    { cookie },
  );
  changedAt = performance.now();
  expect(changed.status).toBe(302);
  await new Promise((resolve) => setTimeout(resolve, 500));
  stop = true;
  await Promise.all(readers);

  const after = reads.filter((entry) => entry.startedAt > changedAt);
  expect(after.length).toBeGreaterThan(10);
  expect(after.filter((entry) => entry.status !== 401)).toEqual([]);
  expect(reads.filter((entry) => entry.startedAt < changedAt).some((entry) => entry.status === 200)).toBe(true);
  expect(reads.filter((entry) => entry.status >= 500)).toEqual([]);
});
