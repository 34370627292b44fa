import { databaseAnswers } from "~/models/health.server";

// Readiness: this process can serve pages, because its database answers. (/healthz, liveness,
// touches nothing, so a slow database never gets a healthy process restarted.)
export async function loader() {
  const ready = await databaseAnswers();
  return new Response(ready ? "ready" : "the database is not answering", {
    status: ready ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
