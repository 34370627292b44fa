// Summarises a V8 CPU profile (node --cpu-prof, or `npm run bench -- --profile`): where the time went,
// by function and by package, self time only, as a share of the time the process was busy (a bench
// server idles between its measurements, so a share of every sample would shrink with the run).
//   node scripts/bench/profile-summary.mjs .tmp/bench/profiles/large.cpuprofile [top]
import fs from "node:fs";
import path from "node:path";

const [file, topArg = "30"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [top]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const top = Number(topArg);

// Self time per node: samples × the interval between them.
const selfTime = new Map();
for (let index = 0; index < profile.samples.length; index++) {
  const delta = profile.timeDeltas[index] ?? 0;
  selfTime.set(profile.samples[index], (selfTime.get(profile.samples[index]) ?? 0) + delta);
}

function packageOf(url) {
  if (!url) return "(native / V8)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node core";
  if (url.includes("/build/server/")) return "app (server build)";
  return path.basename(url);
}

const byFunction = new Map();
const byPackage = new Map();
let total = 0;
for (const node of profile.nodes) {
  const time = selfTime.get(node.id) ?? 0;
  if (!time) continue;
  total += time;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || "(anonymous)"}  ${url ? `${path.basename(url)}:${lineNumber + 1}` : ""}  [${packageOf(url)}]`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
  const pkg = ["(idle)", "(program)", "(garbage collector)"].includes(functionName) ? functionName : packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
}

const busy = total - (byPackage.get("(idle)") ?? 0);
const share = (time) => `${((time / busy) * 100).toFixed(1).padStart(5)}%`;
const show = (map, count) =>
  [...map.entries()]
    .filter(([key]) => !key.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, time]) => `${share(time)}  ${(time / 1000).toFixed(0).padStart(7)} ms  ${key}`)
    .join("\n");

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares below are of the busy time)` +
    `\n\nBy package (self time)\n${show(byPackage, 20)}\n\nBy function (self time)\n${show(byFunction, top)}`,
);
