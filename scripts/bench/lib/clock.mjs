// The run's own clock for the progress lines: seconds since the benchmark started.
const startedAt = Date.now();

export function elapsed() {
  return `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
}
