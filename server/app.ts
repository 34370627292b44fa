import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import expressStaticGzip from "express-static-gzip";

import type { shopMetrics } from "~/models/shop-metrics.server";
import type { mediaAnswer } from "~/web/media-response.server";

import type { ServerConfig } from "./config";
import type { StorefrontLoadContext } from "./load-context";
import { mediaFiles } from "./media-files";
import { createMetrics } from "./metrics";
import { CACHEABLE_HEADER, type CachedPage, encodedBody, PageCache } from "./page-cache";
import { credentialPostsInFlight, crossSiteRefusal, declaredSizeLimit, methodFilter, sendRefusal } from "./refusals";
// We call Remix ourselves rather than through the adapter's handler (which writes straight to the
// socket), so that the page cache can keep the Response: see decision 0012.
import { createRemixRequest } from "./remix-request";
import { accessLog, assignRequestId } from "./request-log";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The build, with what our server calls in its entry module (app/entry.server.tsx) beside Remix's. */
export type StorefrontBuild = ServerBuild & {
  entry: {
    module: {
      closeResources?: () => Promise<void>;
      startBackgroundWork?: (options?: { catalogImportWorker?: string; catalogReadWorker?: string }) => void;
      publicVersion?: () => Promise<string>;
      mediaAnswer?: typeof mediaAnswer;
      shopMetrics?: typeof shopMetrics;
    };
  };
};

type AppOptions = {
  build: StorefrontBuild;
  config: ServerConfig;
  /** Where build/ and public/ are: the working directory, as with remix-serve. */
  root?: string;
  log?: NodeJS.WritableStream;
};

/**
 * The production request pipeline, in order, before Remix: request id, HSTS (when APP_URL is
 * https), access log, request metrics and /metrics (server/metrics.ts), method filter, declared
 * body size, cross-site refusal, anonymous page
 * cache, compression, static files, then Remix with the client's address in its load context. See
 * docs/decisions/0012-own-server-and-page-cache.md and 0019-page-cache-invalidation.md.
 */
export function createStorefrontApp({ build, config, root = process.cwd(), log }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // Nothing here reads req.query (Remix reads the URL itself), and Express's parse of every query
  // string with qs was 1 % of a catalog search's time on the server.
  app.set("query parser", false);
  const { publicVersion, mediaAnswer, shopMetrics } = build.entry.module;
  const pageCache = new PageCache(config.pageCacheSeconds * 1000, config.pageCacheMaxBytes, publicVersion);
  const handleRemix = createRequestHandler(build, "production");
  if (!publicVersion || !mediaAnswer || !shopMetrics) {
    throw new Error(
      "The build's entry module does not export publicVersion, mediaAnswer and shopMetrics: rebuild the app.",
    );
  }
  const metrics = createMetrics({ build, pageCache, shopMetrics, token: config.metricsToken });

  app.use(assignRequestId);
  const { strictTransportSecurity } = config;
  if (strictTransportSecurity) {
    app.use((_req, res, next) => {
      res.setHeader("Strict-Transport-Security", strictTransportSecurity);
      next();
    });
  }
  app.use(accessLog(log));
  app.use(metrics.count);
  app.use(metrics.serve);
  // Under /api, a 405's Allow is the call's own: asked of it as an OPTIONS, which every call answers.
  app.use(
    methodFilter(async (req) => {
      if (!/^\/api(\/|$)/.test(req.path)) return null;
      const asked = new Request(new URL(req.originalUrl, "http://localhost"), { method: "OPTIONS" });
      const answer = await handleRemix(asked, loadContext(req));
      return answer.status === 204 ? answer.headers.get("Allow") : null;
    }),
  );
  app.use(declaredSizeLimit);
  app.use(crossSiteRefusal);
  app.use(credentialPostsInFlight());
  app.use(mediaFiles(mediaAnswer));
  app.use((req, res, next) => serveFromCache(pageCache, req, res, next));
  app.use(compression());
  // The build wrote each asset's compressed copies (scripts/precompress-assets.mjs): the one the
  // browser accepts is sent as it is, and compression() leaves an encoded answer alone.
  app.use(
    "/assets",
    expressStaticGzip(path.join(root, "build", "client", "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, setHeaders: noSniff },
    }),
  );
  app.use(publicFiles(path.join(root, "public")));
  app.all("*", (req, res, next) => {
    handlePage({ pageCache, handleRemix, publicVersion, req, res }).catch(next);
  });
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const refusal = clientErrorOf(error);
    if (refusal) {
      // The request's own fault (a malformed %-escape in the path): one short line, no stack.
      console.warn(
        JSON.stringify({ level: "warn", requestId: req.requestId, status: refusal.status, message: String(error) }),
      );
      if (res.headersSent) return next(error);
      return void sendRefusal(res, req.path, refusal.status, refusal.message);
    }
    console.error(JSON.stringify({ level: "error", requestId: req.requestId, message: String(error) }), error);
    if (res.headersSent) return next(error);
    void sendRefusal(res, req.path, 500, "Something went wrong on our side. Please try again in a moment.");
  });
  return { app, pageCache, metrics: metrics.registry };
}

/**
 * An error Express raised for a request it could not read, with the 4xx it carries: a path with a
 * malformed percent-escape (`/items/%FF`) is a URIError with status 400 from its route matching.
 */
function clientErrorOf(error: unknown): { status: number; message: string } | null {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number" || status < 400 || status > 499) return null;
  const message =
    error instanceof URIError
      ? "This address is not valid: it has a malformed percent-escape (such as %FF or a lone %)."
      : "This request could not be read.";
  return { status, message };
}

/**
 * public/ (images, favicon), cached for an hour. Its files are listed once at start, so a page
 * request goes straight to Remix instead of costing a stat() and a not-found error on the way; a
 * file added to public/ is served after the next start, as after a deploy.
 */
function publicFiles(dir: string) {
  const serve = express.static(dir, { maxAge: "1h", index: false, setHeaders: noSniff });
  const files = new Set<string>();
  const walk = (folder: string, urlPrefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${urlPrefix}${entry.name}/`);
      else if (entry.isFile()) files.add(`${urlPrefix}${entry.name}`);
    }
  };
  if (fs.existsSync(dir)) walk(dir, "/");
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) =>
    files.has(decodePath(req.path)) ? serve(req, res, next) : next();
}

/** A file is only ever what its type says: a browser never sniffs an image or a script into HTML. */
function noSniff(res: ServerResponse) {
  res.setHeader("X-Content-Type-Options", "nosniff");
}

function decodePath(urlPath: string) {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

function loadContext(req: ExpressRequest): StorefrontLoadContext {
  return { clientAddress: req.ip, requestId: req.requestId };
}

function cacheKey(req: ExpressRequest) {
  return req.originalUrl;
}

/** Answers an anonymous page from the cache while it is fresh, or stale while another request refreshes it. */
function serveFromCache(pageCache: PageCache, req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (!pageCache.eligible(req.method, req.path, req.headers.cookie)) return next();
  const found = pageCache.lookup(cacheKey(req));
  if (found && (found.fresh || pageCache.renderInFlight(cacheKey(req))))
    return sendCachedPage(req, res, found.page, "HIT");
  next();
}

type PageArgs = {
  pageCache: PageCache;
  handleRemix: ReturnType<typeof createRequestHandler>;
  publicVersion: () => Promise<string>;
  req: ExpressRequest;
  res: ExpressResponse;
};

async function handlePage({ pageCache, handleRemix, publicVersion, req, res }: PageArgs) {
  const render = () => handleRemix(createRemixRequest(req, res), loadContext(req));
  if (!pageCache.eligible(req.method, req.path, req.headers.cookie)) {
    const response = await render();
    // A write through this process shows on the very next anonymous page: when it changed what
    // such a page shows, the cache is emptied before the answer goes out, so the redirect that
    // follows cannot meet an old copy. A post that changed nothing public leaves it warm.
    if (!SAFE_METHODS.has(req.method) && response.status < 400) await pageCache.afterWrite(publicVersion);
    return sendUncached(res, response);
  }

  const key = cacheKey(req);
  // Another request may have stored the page while this one passed the static files.
  const stored = pageCache.lookup(key);
  if (stored?.fresh) return sendCachedPage(req, res, stored.page, "HIT");
  const inFlight = pageCache.renderInFlight(key);
  if (inFlight) {
    const shared = await inFlight.catch(() => null);
    if (shared) return sendCachedPage(req, res, shared, "HIT");
  }
  // A HEAD's answer has no body: kept, it would answer every GET after it with an empty page.
  if (req.method === "HEAD") return sendUncached(res, await render());
  let uncacheable: Response | undefined;
  const page = await pageCache.render(key, async () => {
    const response = await render();
    if (!isCacheable(response)) {
      uncacheable = response;
      return null;
    }
    return toCachedPage(response);
  });
  if (page) return sendCachedPage(req, res, page, "MISS");
  if (uncacheable) return sendUncached(res, uncacheable);
  // Another request's render could not be shared (not cacheable): this one renders for itself.
  return sendUncached(res, await render());
}

/** Only a plain 200 a route opted in to, with no cookie set, is kept. */
function isCacheable(response: Response) {
  return response.status === 200 && response.headers.has(CACHEABLE_HEADER) && !response.headers.has("Set-Cookie");
}

async function toCachedPage(response: Response): Promise<CachedPage> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== CACHEABLE_HEADER && name !== "content-length" && name !== "content-encoding")
      headers.push([name, value]);
  });
  return {
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()),
    encoded: new Map(),
    storedAt: Date.now(),
  };
}

function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, cache: "HIT" | "MISS") {
  const encoding = (req.acceptsEncodings("br", "gzip", "identity") || "identity") as "br" | "gzip" | "identity";
  const body = encodedBody(page, encoding);
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("Content-Length", body.byteLength);
  res.setHeader("X-Cache", cache);
  res.setHeader("Age", Math.floor((Date.now() - page.storedAt) / 1000));
  res.end(req.method === "HEAD" ? undefined : body);
}

async function sendUncached(res: ExpressResponse, response: Response) {
  if (response.headers.has(CACHEABLE_HEADER)) {
    const headers = new Headers(response.headers);
    headers.delete(CACHEABLE_HEADER);
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  res.setHeader("X-Cache", "MISS");
  await sendResponse(res, response);
}

/**
 * A Response written to Express as the adapter's sendRemixResponse does, but reading its body only as
 * fast as the client takes it: the adapter writes whatever the body yields without waiting for the
 * socket, so a 45 MB catalog export sat in memory, and each chunk is read again only once the last
 * has drained. A client that goes away cancels the body (its reads stop).
 */
export async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const flushable = res as ExpressResponse & { flush?: () => void };
  // React hands a page over in 2 KB pieces, most of them at once. The compressor is flushed once for
  // those read in one turn of the event loop, not after each: a deflate block per piece made the
  // catalog's page twice as large gzipped. A streamed page still leaves as it renders.
  let flushing = false;
  const flushSoon = () => {
    if (flushing || !flushable.flush) return;
    flushing = true;
    setImmediate(() => {
      flushing = false;
      if (!res.writableEnded) flushable.flush?.();
    });
  };
  const drained = drainWaiter(res);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const more = res.write(value);
      flushSoon();
      if (!more && !(await drained())) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

/**
 * A wait, as often as the writer needs it, until the socket takes more (true) or the client has gone
 * (false). One drain listener serves the whole answer: compression() adds a drain listener to its
 * compressor but removes none (it overrides on, not off), so a listener per wait piled up on a long
 * answer ("11 drain listeners added to [Gzip]" in the soak run's log).
 */
function drainWaiter(res: ExpressResponse) {
  let wake: ((ok: boolean) => void) | null = null;
  let listening = false;
  const settle = (ok: boolean) => {
    const waiting = wake;
    wake = null;
    waiting?.(ok);
  };
  return () => {
    if (res.destroyed || res.writableEnded) return Promise.resolve(false);
    // Most answers never wait: they get no listeners.
    if (!listening) {
      listening = true;
      res.on("drain", () => settle(true));
      res.once("close", () => settle(false));
    }
    return new Promise<boolean>((resolve) => {
      wake = resolve;
    });
  };
}
