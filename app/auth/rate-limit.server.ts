import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
} from "rate-limiter-flexible";
import { createRawClient } from "~/db/db.server";

/**
 * Failed sign-ins and sign-up attempts are counted per client IP and per email in the application's
 * database, so the limit holds across every app process. The numbers come from the environment:
 * tests relax them by configuration, never by a separate code path.
 */
function settings() {
  return {
    points: Number(process.env.RATE_LIMIT_POINTS ?? 10),
    duration: Number(process.env.RATE_LIMIT_WINDOW_SECONDS ?? 60),
  };
}

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

type LimiterName = "signInEmail" | "signInIp" | "signUpIp" | "signUpEmail";

type StoreClient = ReturnType<typeof createRawClient>;
type LimiterState = { store?: StoreClient; limiters: Map<LimiterName, RateLimiterAbstract> };
const globalForLimits = globalThis as unknown as { storefrontLimits?: LimiterState };
const state: LimiterState = (globalForLimits.storefrontLimits ??= { limiters: new Map() });

function limiter(name: LimiterName): RateLimiterAbstract {
  let existing = state.limiters.get(name);
  if (!existing) {
    const client = (state.store ??= createRawClient());
    const options = { keyPrefix: name, tableName: "rate_limits", tableCreated: true, ...settings() };
    existing =
      client.kind === "postgres"
        ? new RateLimiterPostgres({ ...options, storeClient: client.pool, storeType: "pool" })
        : new RateLimiterSQLite({ ...options, storeClient: client.sqlite, storeType: "better-sqlite3" });
    state.limiters.set(name, existing);
  }
  return existing;
}

/** Closes the limiters' database client (tests call this before dropping their database). */
export async function closeRateLimiters() {
  const store = state.store;
  state.store = undefined;
  state.limiters.clear();
  if (store?.kind === "postgres") await store.pool.end();
  if (store?.kind === "sqlite") store.sqlite.close();
}

/**
 * The client's IP, when a trusted proxy in front of the app tells it (TRUST_PROXY=1). remix-serve
 * does not pass the socket's address to the app, and without a proxy the header is the client's
 * own word, so it is not used.
 */
export function clientIp(request: Request) {
  if (process.env.TRUST_PROXY !== "1") return null;
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("X-Real-IP") || null;
}

function keysFor(request: Request, email: string | undefined, kind: "signIn" | "signUp") {
  const ip = clientIp(request);
  const keys: [LimiterName, string][] = [];
  if (ip) keys.push([`${kind}Ip`, ip]);
  if (email) keys.push([`${kind}Email`, email.trim().toLowerCase()]);
  return keys;
}

/** Milliseconds until the request may try again, or null when none of its counters is used up. */
export async function retryAfterMs(request: Request, email: string | undefined, kind: "signIn" | "signUp") {
  const { points } = settings();
  for (const [name, key] of keysFor(request, email, kind)) {
    const state = await limiter(name).get(key);
    if (state && state.consumedPoints >= points) return Math.max(state.msBeforeNext, 1000);
  }
  return null;
}

/** The 429 a rate-limited form answers: the form again, with the message and a Retry-After. */
export function tooManyAttempts(
  submission: { reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]> },
  waitMs: number,
) {
  return data(submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: ["password"] }), {
    status: 429,
    headers: { "Retry-After": String(Math.ceil(waitMs / 1000)) },
  });
}

/** Counts one attempt (a failed sign-in, or any sign-up) against the request's counters. */
export async function countAttempt(request: Request, email: string | undefined, kind: "signIn" | "signUp") {
  for (const [name, key] of keysFor(request, email, kind)) {
    try {
      await limiter(name).consume(key);
    } catch (error) {
      // consume() rejects with the limiter's state once the budget is spent; that is not a failure.
      if (!(error instanceof RateLimiterRes)) throw error;
    }
  }
}

/** A successful sign-in clears that email's failures. */
export async function clearEmailFailures(email: string) {
  await limiter("signInEmail").delete(email.trim().toLowerCase());
}
