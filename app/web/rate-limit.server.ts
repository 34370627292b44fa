import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
} from "rate-limiter-flexible";

import { config } from "~/config/env.server";
import { createRawClient, isDatabaseBusy } from "~/db/db.server";

/**
 * Attempts are counted in the application's database, so every app process shares one count. A
 * point is taken before the expensive or harmful work (a password hash, a write), so a burst of
 * concurrent attempts cannot all slip in before the first one is counted; a successful sign-in or
 * password change gives its points back. The numbers scale from the environment: tests relax them
 * by configuration, never by a separate code path.
 */
function base() {
  return { points: config().rateLimitPoints, window: config().rateLimitWindowSeconds };
}

const HOUR = 60 * 60;

/** Each policy: how many points in how many seconds. See docs/security.md for why each exists. */
const POLICIES = {
  /** Guesses at one account from one client: the tight limit, so no one else is locked out. */
  signInPair: () => ({ points: base().points, duration: base().window }),
  /** The same, per hour: one client alone can never use up the account's hourly ceiling. */
  signInPairHourly: () => ({ points: base().points * 3, duration: HOUR }),
  /** Guesses at one account from everywhere: the ceiling against distributed guessing. */
  signInEmail: () => ({ points: base().points * 10, duration: HOUR }),
  /** Attempts from one client across accounts (password spraying, hash floods): sign-ins and resets together. */
  signInClient: () => ({ points: base().points * 3, duration: base().window }),
  /** Accounts created per email and per client. */
  signUp: () => ({ points: base().points, duration: base().window }),
  /** Wrong current passwords on My Profile: a stolen cookie must not become a stolen account. */
  passwordChange: () => ({ points: base().points, duration: base().window }),
  /** Contact messages and reviews, per client and per account. */
  posting: () => ({ points: base().points, duration: base().window }),
  /** Actions that create credentials (API keys, by anyone) or change roles (admins). */
  adminChange: () => ({ points: base().points * 3, duration: base().window }),
  /** Password reset requests, per email and per client. */
  passwordReset: () => ({ points: Math.max(1, Math.floor(base().points / 2)), duration: base().window * 15 }),
  /** Orders placed and cancelled, per account: each one mails the customer and the shop. */
  ordering: () => ({ points: base().points, duration: base().window }),
  /**
   * Requests from one procurement system's credential (setups and purchase orders), counted before
   * its secret is checked: its engineers punch out many times a day; guessing its secret cannot.
   */
  punchout: () => ({ points: base().points * 30, duration: base().window }),
  /** "Download my data", per account: each reads everything the account has, so a few an hour. */
  dataExport: () => ({ points: Math.max(1, Math.floor(base().points / 2)), duration: HOUR }),
  /** Visitors' carts made per client: a browser makes one, so a script cannot fill the table. */
  guestCarts: () => ({ points: base().points * 6, duration: base().window }),
} as const;

export type LimitPolicy = keyof typeof POLICIES;
/** One counter to take a point from: a policy and what it counts (an email, a client, a user id). */
export type LimitKey = readonly [LimitPolicy, string];

type StoreClient = ReturnType<typeof createRawClient>;
type LimiterState = { store?: StoreClient; limiters: Map<string, RateLimiterAbstract> };
const globalForLimits = globalThis as unknown as { storefrontLimits?: LimiterState };
const state: LimiterState = (globalForLimits.storefrontLimits ??= { limiters: new Map() });

function limiter(policy: LimitPolicy): RateLimiterAbstract {
  const settings = POLICIES[policy]();
  // Keyed by the settings too, so a test that changes the environment gets fresh limiters.
  const cacheKey = `${policy}:${settings.points}:${settings.duration}`;
  let existing = state.limiters.get(cacheKey);
  if (!existing) {
    const client = (state.store ??= createRawClient());
    // Expired counters go with the shop's retention sweep (app/models/retention.server.ts), not a
    // timer per limiter.
    const options = {
      keyPrefix: policy,
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      ...settings,
    };
    existing =
      client.kind === "postgres"
        ? new RateLimiterPostgres({ ...options, storeClient: client.pool, storeType: "pool" })
        : new RateLimiterSQLite({ ...options, storeClient: client.sqlite, storeType: "better-sqlite3" });
    state.limiters.set(cacheKey, existing);
  }
  return existing;
}

/** Closes the limiters' database client (tests and a graceful shutdown call this). */
export async function closeRateLimiters() {
  const store = state.store;
  state.store = undefined;
  state.limiters.clear();
  if (store?.kind === "postgres") await store.pool.end();
  if (store?.kind === "sqlite") store.sqlite.close();
}

/**
 * Where the tightest counter a request took from stands: its policy, its points per window, what is
 * left and when the window renews. The API says it in `RateLimit` and `RateLimit-Policy` headers.
 */
export type RateQuota = {
  policy: LimitPolicy;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
};

export type LimitOutcome =
  { ok: true; taken: LimitKey[]; quota: RateQuota | null } | { ok: false; retryAfterMs: number; quota: RateQuota };

function quotaOf(policy: LimitPolicy, state: RateLimiterRes): RateQuota {
  const settings = POLICIES[policy]();
  return {
    policy,
    limit: settings.points,
    windowSeconds: settings.duration,
    remaining: Math.max(0, state.remainingPoints),
    resetSeconds: Math.max(0, Math.ceil(state.msBeforeNext / 1000)),
  };
}

/**
 * The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured fields): the policy
 * (`q` points per `w` seconds) and what is left of it (`r`, renewed in `t` seconds).
 */
export function rateLimitHeaders(quota: RateQuota): Record<string, string> {
  return {
    "RateLimit-Policy": `"${quota.policy}";q=${quota.limit};w=${quota.windowSeconds}`,
    RateLimit: `"${quota.policy}";r=${quota.remaining};t=${quota.resetSeconds}`,
  };
}

/** How long a point waits for SQLite's write lock before the request fails, as the main handle would. */
const LOCK_WAIT_MS = 5000;

/**
 * Runs a limiter call, trying again while SQLite is locked by another writer: a checkout of this
 * process in the middle of its transaction, or another process. The wait is a timer, not
 * better-sqlite3's synchronous busy wait, so the transaction holding the lock can finish meanwhile.
 */
async function withLockRetry<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    try {
      return await call();
    } catch (error) {
      if (!isDatabaseBusy(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Takes a point from each counter in order and stops at the first that is used up: a refused
 * attempt spends nothing further down the list, so an attacker locked out of the tight limit does
 * not also use up the looser ones.
 */
export async function takePoints(keys: readonly LimitKey[]): Promise<LimitOutcome> {
  const taken: LimitKey[] = [];
  let tightest: RateQuota | null = null;
  for (const key of keys) {
    try {
      const state = await withLockRetry(() => limiter(key[0]).consume(normalizeKey(key[1])));
      taken.push(key);
      const quota = quotaOf(key[0], state);
      if (!tightest || quota.remaining < tightest.remaining) tightest = quota;
    } catch (error) {
      // consume() rejects with the limiter's state once the budget is spent; anything else is a real error.
      if (!(error instanceof RateLimiterRes)) throw error;
      return { ok: false, retryAfterMs: Math.max(error.msBeforeNext, 1000), quota: quotaOf(key[0], error) };
    }
  }
  return { ok: true, taken, quota: tightest };
}

// A right password from a client wipes that client's failed guesses at the account: whoever is
// there knows the password, so the tight limit has nothing left to protect.
const CLEARED_ON_SUCCESS: ReadonlySet<LimitPolicy> = new Set(["signInPair", "signInPairHourly"]);

/** Gives the points back after a success (a right password is not a guess). */
export async function refundPoints(keys: readonly LimitKey[]) {
  await Promise.all(
    keys.map(([policy, subject]) =>
      withLockRetry<unknown>(() =>
        CLEARED_ON_SUCCESS.has(policy)
          ? limiter(policy).delete(normalizeKey(subject))
          : limiter(policy).reward(normalizeKey(subject), 1),
      ),
    ),
  );
}

function normalizeKey(value: string) {
  return value.trim().toLowerCase();
}

export function tooManyAttemptsMessage(retryAfterMs: number) {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return minutes <= 1
    ? "Too many attempts. Please wait a minute and try again."
    : `Too many attempts. Please try again in ${minutes} minutes.`;
}

/** The counters for a sign-in attempt: per account and client, per account, per client. */
export function signInLimits(email: string, client: string | undefined): LimitKey[] {
  return [
    ["signInPair", `${email}|${client ?? "unknown"}`],
    ["signInPairHourly", `${email}|${client ?? "unknown"}`],
    ["signInEmail", email],
    ...passwordPostLimits(client),
  ];
}

/**
 * The per-client counter every post that may hash a password takes (sign-in, a new password from a
 * reset link): one budget, so a client cannot flood one form while it is cut off from the other.
 */
export function passwordPostLimits(client: string | undefined): LimitKey[] {
  return client ? [["signInClient", client]] : [];
}

/** The counter for placing or cancelling an order: per account, whichever way it is sent. */
export function orderingLimits(userId: number): LimitKey[] {
  return [["ordering", `user:${userId}`]];
}

/** The counter for a visitor's first Add to Cart, which makes their cart: per client, when known. */
export function newGuestCartLimits(client: string | undefined): LimitKey[] {
  return client ? [["guestCarts", `client:${client}`]] : [];
}

/** Counters per client and per something else (an email, a user): the client's only when known. */
export function limitsFor(policy: LimitPolicy, subject: string, client: string | undefined): LimitKey[] {
  return client
    ? [
        [policy, `client:${client}`],
        [policy, subject],
      ]
    : [[policy, subject]];
}
