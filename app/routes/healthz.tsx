// Liveness: the process answers. No data, no database (see /readyz for that), and the benchmark's
// baseline for a resource route.
export const loader = () =>
  new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
