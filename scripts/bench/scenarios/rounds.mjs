// Pages measured in rounds. On a shared machine the speed drifts from one minute to the next, so
// every page gets a short slice in each round, and a page's result is the sum of its slices: drift
// then falls on every page alike and the ratios hold.
import { combine, measureOnServer, warmUp } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";

/** autocannon's options for one page of the plan: `nextPath` gives each request its own path. */
export function loadOptions(step, { duration, connections }) {
  return {
    connections,
    duration,
    url: `${step.server.origin}${step.path}`,
    headers: step.headers ?? {},
    ...(step.nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: step.nextPath() }) }] } : {}),
  };
}

/**
 * Every page of `plan` a slice of `config.slice` seconds with `connections` in each of
 * `config.rounds` rounds, until the run is interrupted; `onRound(round, runs)` hears each round's
 * runs. Returns each page's slices combined, by page name.
 */
export async function measureInRounds(plan, { config, connections, cleanup, onRound = () => {} }) {
  const options = (step) => loadOptions(step, { duration: config.slice, connections });
  const runs = Object.fromEntries(plan.map((step) => [step.name, []]));
  // A server that sat idle while the other pages were measured starts its next slice cold (V8 shrinks
  // an idle process's heap): the bare Remix app's first slice after 40 s idle cost up to a third
  // more CPU per request on its event loop and twice as much on its other threads. Every slice
  // follows a short unmeasured load of its own page, so no page pays for its server's idle time.
  const warmSlice = (step) =>
    config.sliceWarmup > 0 ? warmUp({ ...options(step), duration: config.sliceWarmup }, config.sliceWarmup) : undefined;
  for (let round = 1; round <= config.rounds && plan.length && !cleanup.interrupted; round++) {
    const measured = [];
    for (const step of plan) {
      if (cleanup.interrupted) break;
      await warmSlice(step);
      const run = await measureOnServer(step.server, options(step));
      runs[step.name].push(run);
      measured.push([step, run]);
    }
    onRound(round, measured);
  }
  return Object.fromEntries(
    plan.filter((step) => runs[step.name].length).map((step) => [step.name, combine(runs[step.name])]),
  );
}

/** One measured page as a progress line: throughput, latency, CPU, and anything that went wrong. */
export function figuresLine(label, result, suffix = "") {
  return (
    `  ${label.padEnd(42)} ${fmt.int(result.rps).padStart(7)} req/s  p50 ${fmt.ms(result.p50).padStart(5)} ms  p99 ${fmt.ms(result.p99).padStart(5)} ms` +
    suffix
  );
}
