// A latency budget is about what a buyer waits, not about a queue: with 50 connections on two
// cores every uncached page's p99 is mostly time spent waiting behind the others. So the catalog
// and search pages' p99 is measured again with a few buyers at once, in rounds like the rest.
import { log } from "../../lib/run.mjs";
import { figuresLine, measureInRounds } from "./rounds.mjs";
import { SEARCH_ROWS } from "./search.mjs";

export const LATENCY_CONNECTIONS = 4;
const LATENCY_PAGES = [
  ...["items-uncached", "search-part", "search-word", "search-word-new", "filter"],
  ...SEARCH_ROWS.map((row) => row.name),
];

/** Measures the latency pages of `plan` again, each result beside its page's in `results` as `latency`. */
export async function measureLatency(plan, results, { config, cleanup }) {
  const latencyPlan = plan.filter((step) => LATENCY_PAGES.includes(step.name));
  if (latencyPlan.length) log(`Latency with ${LATENCY_CONNECTIONS} connections, ${config.rounds} rounds`);
  const combined = await measureInRounds(latencyPlan, { config, connections: LATENCY_CONNECTIONS, cleanup });
  for (const step of latencyPlan) {
    const latency = combined[step.name];
    if (!latency) continue;
    results[step.name].latency = latency;
    console.log(figuresLine(step.label, latency, `  (${LATENCY_CONNECTIONS} connections)`));
  }
}
