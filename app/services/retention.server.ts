import { retentionSweepMs } from "~/config/env.server";
import { sweepRetention } from "~/models/retention.server";

// Every app process sweeps what the shop no longer keeps (app/models/retention.server.ts) every
// RETENTION_SWEEP_MS, the first time a little after it starts; the rules are idempotent, so
// processes sweeping at once only share the work.

const FIRST_SWEEP_MS = 30_000;
let timer: ReturnType<typeof setTimeout> | undefined;
let sweeping: Promise<unknown> | undefined;

function sweepThenWait() {
  sweeping = sweepRetention()
    .catch((error) => console.error("The retention sweep failed; it runs again later:", error))
    .finally(() => {
      sweeping = undefined;
      if (timer) timer = setTimeout(sweepThenWait, retentionSweepMs()).unref();
    });
}

export function startRetentionSweeper() {
  if (timer) return;
  timer = setTimeout(sweepThenWait, Math.min(FIRST_SWEEP_MS, retentionSweepMs())).unref();
}

/** On shutdown: no new sweep; the one under way (a batch of milliseconds) finishes. */
export async function stopRetentionSweeper() {
  if (timer) clearTimeout(timer);
  timer = undefined;
  await sweeping;
}
