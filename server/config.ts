import { appUrl, storeMoneyFormat, storePricingRules } from "~/config/env.server";

/** The production server's settings, read once from the environment (README lists them). */
export type ServerConfig = {
  port: number;
  host: string | undefined;
  /** Express's `trust proxy`: false (the socket's peer is the client), or how many proxies to trust. */
  trustProxy: boolean | number | string;
  /** Seconds an anonymous page is kept in memory; 0 turns the page cache off. */
  pageCacheSeconds: number;
  pageCacheMaxBytes: number;
  webConcurrency: number;
  /** A request must send its headers within this, and all of itself (body included) within requestTimeoutMs. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How long a SIGTERM waits for requests in flight before closing what is left. */
  shutdownGraceMs: number;
  /** The Strict-Transport-Security every answer carries when APP_URL is https; undefined on http. */
  strictTransportSecurity: string | undefined;
};

/**
 * A year, this host only: whether the shop's other subdomains are all on HTTPS is the operator's
 * to know, and a proxy in front may add includeSubDomains and preload.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

function number(name: string, fallback: number) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0 (got "${raw}")`);
  return value;
}

/**
 * TRUST_PROXY: unset means no proxy, so `X-Forwarded-For` is the client's own word and ignored.
 * `1` (or `true`) trusts one proxy in front, a number that many hops; anything else is passed to
 * Express as a list of trusted addresses ("loopback", "10.0.0.0/8").
 */
export function trustProxySetting(raw = process.env.TRUST_PROXY): ServerConfig["trustProxy"] {
  if (raw === undefined || raw === "" || raw === "0" || raw === "false") return false;
  if (raw === "true") return 1;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

export function readConfig(): ServerConfig {
  // The app reads these per request; checked here too, so a bad value stops the start, not every page.
  storeMoneyFormat();
  storePricingRules();
  return {
    port: number("PORT", 3000),
    host: process.env.HOST || undefined,
    trustProxy: trustProxySetting(),
    pageCacheSeconds: number("PAGE_CACHE_SECONDS", 2),
    pageCacheMaxBytes: number("PAGE_CACHE_MAX_BYTES", 64 * 1024 * 1024),
    webConcurrency: Math.max(1, Math.floor(number("WEB_CONCURRENCY", 1))),
    headersTimeoutMs: number("HEADERS_TIMEOUT_MS", 10_000),
    requestTimeoutMs: number("REQUEST_TIMEOUT_MS", 30_000),
    keepAliveTimeoutMs: 5_000,
    shutdownGraceMs: number("SHUTDOWN_GRACE_MS", 10_000),
    strictTransportSecurity: new URL(appUrl()).protocol === "https:" ? STRICT_TRANSPORT_SECURITY : undefined,
  };
}
