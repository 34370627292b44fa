import { randomUUID } from "node:crypto";

import type { RequestHandler } from "express";
import morgan from "morgan";

declare module "http" {
  interface IncomingMessage {
    /** The id this request carries in the access log and the X-Request-Id header. */
    requestId?: string;
  }
}

/** Gives every request an id, answered in X-Request-Id, so a visitor's report can be found in the log. */
export const assignRequestId: RequestHandler = (req, res, next) => {
  req.requestId = randomUUID();
  res.setHeader("X-Request-Id", req.requestId);
  next();
};

/**
 * One JSON line per request when it ends: method, path (without the query string, which can carry
 * tokens), status, duration and request id. No bodies and no cookies are ever logged.
 */
export function accessLog(stream: NodeJS.WritableStream = process.stdout): RequestHandler {
  return morgan(
    (tokens, req, res) =>
      JSON.stringify({
        time: new Date().toISOString(),
        pid: process.pid,
        requestId: req.requestId,
        method: req.method,
        path: (req.originalUrl ?? req.url ?? "").split("?", 1)[0],
        status: res.statusCode,
        durationMs: Number(tokens["response-time"](req, res) ?? -1),
        bytes: Number(res.getHeader("Content-Length") ?? 0) || undefined,
        cache: res.getHeader("X-Cache"),
      }),
    { stream },
  );
}
