import { once } from "node:events";

import { afterAll, beforeAll, expect, test } from "vitest";

import { EVENT_LOOP_DELAY_READ, EVENT_LOOP_DELAY_START } from "../../server/event-loop-delay";
import { type ServerProcess, startServer } from "../support/server";

// The benchmark reads the server's event-loop delay through an IPC channel (scripts/bench/lib/server.mjs):
// the built server answers it, and measures nothing until asked.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ ipc: true });
});

afterAll(async () => {
  await server?.stop();
});

/** Sends a message to the server and waits for its answer. */
async function ask(message: string) {
  const answer = once(server.child, "message");
  server.child.send(message);
  const [reply] = (await answer) as [{ eventLoopDelay: Record<string, number> | null }];
  return reply;
}

test("asked before it was started, the server has measured nothing", async () => {
  expect(await ask(EVENT_LOOP_DELAY_READ)).toEqual({ eventLoopDelay: null });
});

test("started, the server measures its event loop's delay while it answers requests, and reads it out", async () => {
  server.child.send(EVENT_LOOP_DELAY_START);
  for (let request = 0; request < 20; request++) await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
  // A sample every 10 ms: a few hundred milliseconds make sure of some.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { eventLoopDelay } = await ask(EVENT_LOOP_DELAY_READ);
  expect(eventLoopDelay).toMatchObject({ resolutionMs: 10 });
  const { samples, meanMs, p50Ms, p99Ms, maxMs } = eventLoopDelay!;
  expect(samples).toBeGreaterThan(0);
  for (const value of [meanMs, p50Ms, p99Ms, maxMs]) expect(value).toBeGreaterThanOrEqual(0);
  expect(p99Ms).toBeGreaterThanOrEqual(p50Ms);
  expect(maxMs).toBeGreaterThanOrEqual(p99Ms);
  // Read once: the next read has nothing until it is started again.
  expect(await ask(EVENT_LOOP_DELAY_READ)).toEqual({ eventLoopDelay: null });
});
