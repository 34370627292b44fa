import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

import { LRUCache } from "lru-cache";

/**
 * The header a route sets to say an anonymous answer may be kept (app/web/headers.ts). The server
 * reads it and removes it: browsers never see it.
 */
export const CACHEABLE_HEADER = "x-storefront-cacheable";

/**
 * Cookies that make a request personal: such a request is never answered from, or stored in, the
 * cache. The session, a one-time message, and a visitor's own cart (app/auth/guest-cart.server.ts:
 * its lines and the header's count are theirs alone).
 */
export const PERSONAL_COOKIES = ["__session=", "__flash=", "__cart="];

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The body compressed per encoding, made on first use. */
  encoded: Map<"br" | "gzip", Buffer>;
  storedAt: number;
  /** The public version read before the page was rendered (unknown when it could not be read). */
  version?: string;
};

export type Lookup = { page: CachedPage; fresh: boolean } | undefined;

/**
 * Anonymous pages kept in memory for a short time (PAGE_CACHE_SECONDS), keyed by URL, bounded in
 * bytes with least-recently-used eviction. A stale entry is refreshed by one request while the
 * others are answered from it (no stampede), and a write made through this process that changed
 * what anonymous pages show empties it. What may be kept, and why the CSP nonce may be, is in
 * docs/decisions/0012-own-server-and-page-cache.md; when it is emptied, in 0019-page-cache-invalidation.md.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly renders = new Map<string, Promise<CachedPage | null>>();
  /** Moves on with every clear, so a render that started before a write never stores its result. */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    maxBytes: number,
    /** The public version's reader (app/models/public-version.server.ts). */
    private readonly readVersion?: () => Promise<string>,
  ) {
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (page) => Math.max(1, page.body.byteLength * 2 + 1024),
    });
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  /** Whether a request may be answered from the cache: an anonymous GET or HEAD for a page. */
  eligible(method: string, path: string, cookieHeader: string | undefined) {
    if (!this.enabled || (method !== "GET" && method !== "HEAD")) return false;
    if (path.startsWith("/api/") || path === "/api" || path.startsWith("/assets/")) return false;
    return !cookieHeader || !PERSONAL_COOKIES.some((name) => cookieHeader.includes(name));
  }

  lookup(key: string): Lookup {
    const page = this.entries.get(key);
    if (!page) return undefined;
    return { page, fresh: Date.now() - page.storedAt < this.ttlMs };
  }

  /** A render of this key already under way (its result is shared with whoever waits), if any. */
  renderInFlight(key: string) {
    return this.renders.get(key);
  }

  /**
   * Runs one render for the key and stores what it returns, unless the cache was emptied while it
   * ran. Concurrent callers for the same key should wait on renderInFlight instead.
   */
  async render(key: string, work: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const generation = this.generation;
    const running = this.currentVersion().then(async (version) => {
      const page = await work();
      // Read before the page was rendered: the page shows every change up to it.
      if (page && generation === this.generation) this.entries.set(key, { ...page, version });
      return page;
    });
    this.renders.set(key, running);
    try {
      return await running;
    } finally {
      if (this.renders.get(key) === running) this.renders.delete(key);
    }
  }

  private async currentVersion() {
    return this.readVersion?.().catch(() => undefined);
  }

  /**
   * Called after a successful write through this process, before its answer goes out, with the
   * public version's reader (app/models/public-version.server.ts). An entry rendered at the version
   * there is now shows every change anonymous pages show, the write's included, and stays; the
   * others go (all of them when the version cannot be read), so the write shows on the next page.
   * Changes committed by other processes move the version too: entries rendered before them go,
   * those rendered since stay. Only writes and renders pay for the read, never a page from the cache.
   */
  async afterWrite(readPublicVersion: () => Promise<string>) {
    if (!this.enabled) return;
    const version = await readPublicVersion().catch(() => undefined);
    const stale = [...this.entries.entries()].filter(([, page]) => version === undefined || page.version !== version);
    if (!stale.length && !this.renders.size) return;
    // Renders under way may have read the version before the write: they do not store.
    this.generation += 1;
    this.renders.clear();
    for (const [key] of stale) this.entries.delete(key);
  }

  /** Empties the cache at once: entries, and renders under way, which will not store their result. */
  clear() {
    this.generation += 1;
    this.entries.clear();
    this.renders.clear();
  }

  get size() {
    return this.entries.size;
  }
}

/** The body for an Accept-Encoding choice, compressed once and kept beside the page. */
export function encodedBody(page: CachedPage, encoding: "br" | "gzip" | "identity") {
  if (encoding === "identity") return page.body;
  let body = page.encoded.get(encoding);
  if (!body) {
    body =
      encoding === "br"
        ? brotliCompressSync(page.body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.byteLength },
          })
        : gzipSync(page.body, { level: 6 });
    page.encoded.set(encoding, body);
  }
  return body;
}
