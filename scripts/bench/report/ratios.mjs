// Comparing two measurements. Two ways to compare throughput. Measured: requests answered per
// wall-clock second under load. CPU: requests answered per CPU-second the server used, which is
// what its throughput is when it is the only thing running; other people's jobs on a shared
// machine move the first, not the second.
import { fmt } from "../lib/report.mjs";

export const ratio = (value, of) => (value && of ? value / of : null);
export const showRatio = (value) => (value === null || value === undefined ? "–" : fmt.pct(value));
export const showTimes = (value) =>
  value === null || value === undefined ? "–" : `${value.toFixed(value < 10 ? 2 : 1)}×`;
export const verdict = (value, target) => (value === null ? "not measured" : value >= target ? "**pass**" : "**FAIL**");

/** `a` against `b` both ways: by wall-clock req/s and by req/s per CPU-second. */
export const both = (a, b) => ({ wall: ratio(a?.rps, b?.rps), cpu: ratio(a?.cpuRps, b?.cpuRps) });
export const showBoth = (pair) => `${showRatio(pair.wall)} measured, ${showRatio(pair.cpu)} by CPU`;
export const showBothTimes = (pair) => `${showTimes(pair.wall)} measured, ${showTimes(pair.cpu)} by CPU`;

/** Pass or fail by CPU where it was measured, saying so when the wall clock disagrees. */
export function judge(pair, target) {
  const decisive = pair.cpu ?? pair.wall;
  const result = verdict(decisive, target);
  const disagree = pair.cpu !== null && pair.wall !== null && pair.wall >= target !== pair.cpu >= target;
  return disagree ? `${result} (by CPU; the wall-clock ratio says otherwise, see the load average)` : result;
}
