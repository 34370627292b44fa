// A tiny document with no data: a liveness check, and the benchmark's baseline.
export const loader = () =>
  new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
