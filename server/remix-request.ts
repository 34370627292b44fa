// Express's request as the Fetch Request Remix reads. The adapter's createRemixRequest does the same,
// but aborts the request's signal only when the client goes before the answer is sent. Remix starts a
// timer for every document's data (its streamTimeout, 5 s) that only that abort clears, and the
// timer holds the page's loader data until it fires: under load, thousands of pages' data lived on
// past their answers and filled the old generation, whose collections then stalled every request
// (issue 24). Here the signal is aborted once the answer is over, sent or cut off; nothing reads it
// after that.
import { createRemixHeaders } from "@remix-run/express/dist/server.js";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * Why every request's signal is aborted. One for all: an abort without a reason makes a fresh
 * DOMException each time, and capturing its stack was 0.6 % of a catalog search's server time.
 */
const answerClosed = new DOMException("The answer was sent or the client went away", "AbortError");

export function createRemixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on("close", () => controller.abort(answerClosed));
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: createRemixHeaders(req.headers),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(requestUrl(req), init);
}

/**
 * The address asked for: the host as the "trust proxy" setting reads it (req.hostname), with the
 * port of X-Forwarded-Host or else Host, since req.hostname leaves the port out.
 */
function requestUrl(req: ExpressRequest) {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("Host"))].find(Number.isSafeInteger);
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
}
