import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";

import type { MediaAnswer, mediaAnswer } from "~/web/media-response.server";

/**
 * Files kept in this process's memory once read: the hot variants (a catalog page's cards, a
 * product's main picture) are answered without the database. A file's content never changes at its
 * address, so a kept answer is never wrong, only possibly kept after its file was removed: for at
 * most KEPT_MS, as a browser or CDN keeps it for a year anyway (decision 27).
 */
const KEPT_BYTES = 32 * 1024 * 1024;
const KEPT_FILE_BYTES = 1024 * 1024;
const KEPT_MS = 60_000;

function decodePath(urlPath: string) {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/**
 * Uploaded files (/media/…) from the database, before the page cache and Remix: one indexed read,
 * written as stored (never compressed again), kept in memory while hot. Through Remix even the
 * store's /healthz runs at under 3× the bare Remix document route; the issue asks 5× of a variant
 * (docs/benchmarks.md has the figures).
 */
export function mediaFiles(answer: typeof mediaAnswer) {
  const kept = new LRUCache<string, MediaAnswer>({
    maxSize: KEPT_BYTES,
    maxEntrySize: KEPT_FILE_BYTES,
    sizeCalculation: (file) => Math.max(1, file.body?.byteLength ?? 0),
    ttl: KEPT_MS,
  });
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!req.path.startsWith("/media/") || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const fileName = decodePath(req.path.slice("/media/".length));
    const send = ({ status, headers, body }: MediaAnswer) => {
      res.writeHead(status, headers);
      res.end(req.method === "HEAD" ? undefined : (body ?? undefined));
    };
    // Only a plain GET is answered from memory or stored there; HEAD and If-None-Match read no bytes.
    const plain = req.method === "GET" && !req.get("If-None-Match");
    const found = plain ? kept.get(fileName) : undefined;
    if (found) return send(found);
    answer(fileName, { method: req.method, ifNoneMatch: req.get("If-None-Match") })
      .then((file) => {
        if (plain && file.status === 200 && file.body) kept.set(fileName, file);
        send(file);
      })
      .catch(next);
  };
}
