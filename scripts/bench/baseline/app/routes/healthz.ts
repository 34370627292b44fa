// A resource route, the yardstick for the store's /healthz.
export function loader() {
  return new Response("OK", { headers: { "Content-Type": "text/plain" } });
}
