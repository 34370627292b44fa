import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";

// The benchmark's window on the event loop (scripts/bench/lib/server.mjs). A search that blocks
// the loop delays every other request, which an outside client sees only mixed with its own
// network and queueing; the loop's own delay says how long the server could not answer at all.
// Only a parent that started the server with an IPC channel can ask, and nothing is measured until
// it does: `npm start`, a service manager and the tests' servers have no channel.

/** Node's default: a timer every 10 ms, whose lateness is the delay. */
const RESOLUTION_MS = 10;

export const EVENT_LOOP_DELAY_START = "event-loop-delay:start";
export const EVENT_LOOP_DELAY_READ = "event-loop-delay:read";

/** Milliseconds the loop was late, the timer's own interval taken off (the histogram includes it). */
function summary(histogram: IntervalHistogram) {
  const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
  return {
    resolutionMs: RESOLUTION_MS,
    samples: histogram.count,
    meanMs: late(histogram.mean),
    p50Ms: late(histogram.percentile(50)),
    p99Ms: late(histogram.percentile(99)),
    maxMs: late(histogram.max),
  };
}

/**
 * Answers the parent's EVENT_LOOP_DELAY_START (measure from now) and EVENT_LOOP_DELAY_READ (stop, and
 * send `{ eventLoopDelay: summary }`, null if it was never started). Does nothing without a channel.
 */
export function answerEventLoopDelayAsks() {
  if (!process.send) return;
  let histogram: IntervalHistogram | undefined;
  process.on("message", (message) => {
    if (message === EVENT_LOOP_DELAY_START) {
      histogram?.disable();
      histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
    } else if (message === EVENT_LOOP_DELAY_READ) {
      histogram?.disable();
      process.send?.({ eventLoopDelay: histogram ? summary(histogram) : null });
      histogram = undefined;
    }
  });
}
