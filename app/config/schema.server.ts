import { z } from "zod";

import { databaseDialectOf, withoutPassword } from "~/lib/database-url";
import { dateWriting } from "~/lib/dates";
import { isTimeZone, readCutoff } from "~/lib/dispatch";
import { DEFAULT_MONEY_FORMAT, type MoneyFormat, priceWriting, validMoneyFormat } from "~/lib/money";
import { readPeppolId } from "~/lib/peppol-id";
import { DEFAULT_PRICING_RULES } from "~/lib/pricing";
import { validGbVatNumber } from "~/lib/vat-number";

import {
  email,
  hundredths,
  list,
  oneOf,
  optional,
  originOf,
  readable,
  text,
  url,
  wholeNumber,
  withDefault,
} from "./settings.server";

// Every environment variable the shop and its server read, with its default in the code's own units
// and the refusals a person meets when a value is wrong. README.md's Configuration table and
// .env.example list the same variables (tests/integration/config.test.ts holds them to it).

const DEV_SESSION_SECRET = "storefront-dev-secret-not-for-production";

const milliseconds = (min = 0) => wholeNumber({ what: "a whole number of milliseconds", min });
const seconds = (min = 0) => wholeNumber({ what: "a whole number of seconds", min });
const amount = () => hundredths({ what: "an amount with at most two decimals, such as 9.50" });
const webUrl = (example: string) => url({ protocols: ["http:", "https:"], example });
/** Google's endpoint, unless the variable names another OAuth2 server's (the tests' fake one). */
const googleEndpoint = (google: string) => withDefault(webUrl(google), google);

const databaseUrl = text().refine((value) => databaseDialectOf(value) !== null, {
  message: "must be a file: path (SQLite) or a postgres:// URL (PostgreSQL)",
});

/**
 * Express's `trust proxy`: false (the socket's peer is the client), or how many proxies to trust.
 * `1` (or `true`) trusts one proxy in front, a number that many hops; anything else is passed to
 * Express as trusted addresses ("loopback", "10.0.0.0/8"). Unset, `X-Forwarded-For` is the
 * client's own word and ignored.
 */
function trustProxySetting(raw: string): boolean | number | string {
  if (raw === "0" || raw === "false") return false;
  if (raw === "true") return 1;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** The admin password of the demo (and of .env.example): a shop that faces the internet sets its own. */
export const DEMO_ADMIN_PASSWORD = "change-me-admin";

/** Each variable's schema, from the text as written to the value in the code's units; unset means its default. */
export const VARIABLES = {
  NODE_ENV: optional(oneOf(["development", "production", "test"])),
  DATABASE_URL: withDefault(databaseUrl, "file:./data/storefront.db"),
  DATABASE_POOL_SIZE: withDefault(wholeNumber({ what: "a whole number of connections", min: 1 }), 10),
  /** Comma-separated, newest first: a cookie signed with an older one still reads while it is listed. */
  SESSION_SECRET: optional(list((secret) => secret, { what: "secrets" })),

  PORT: withDefault(wholeNumber({ what: "a port number", max: 65535 }), 3000),
  HOST: optional(text()),
  APP_URL: optional(webUrl("https://shop.example.com")),
  TRUST_PROXY: optional(text().transform(trustProxySetting)),
  WEB_CONCURRENCY: withDefault(wholeNumber({ what: "a whole number of processes", min: 1 }), 1),
  PAGE_CACHE_SECONDS: withDefault(seconds(), 2),
  PAGE_CACHE_MAX_BYTES: withDefault(wholeNumber({ what: "a whole number of bytes" }), 64 * 1024 * 1024),
  HEADERS_TIMEOUT_MS: withDefault(milliseconds(), 10_000),
  REQUEST_TIMEOUT_MS: withDefault(milliseconds(), 30_000),
  SHUTDOWN_GRACE_MS: withDefault(milliseconds(), 10_000),

  STORE_NAME: withDefault(text(), "Gearwright Parts"),
  STORE_CURRENCY: withDefault(
    text().transform((code) => code.toUpperCase()),
    DEFAULT_MONEY_FORMAT.currency,
  ),
  STORE_LOCALE: withDefault(text(), DEFAULT_MONEY_FORMAT.locale),
  SHIPPING_FEE: withDefault(amount(), DEFAULT_PRICING_RULES.shippingFeeCents),
  FREE_SHIPPING_OVER: withDefault(amount(), DEFAULT_PRICING_RULES.freeShippingOverCents),
  TAX_RATE: withDefault(
    hundredths({ what: "a percent from 0 to 100 with at most two decimals, such as 17.5", max: 100_00 }),
    DEFAULT_PRICING_RULES.taxRateBasisPoints,
  ),
  TAX_LABEL: withDefault(text(), DEFAULT_PRICING_RULES.taxLabel),
  /** The seller's VAT registration, printed on every invoice and credit note. */
  STORE_VAT_NUMBER: optional(
    readable(validGbVatNumber, "must be a UK VAT number, GB and 9 or 12 digits whose check digits hold (GB999999973)"),
  ),
  /** Where the shop's e-invoices come from on the Peppol network ("0088:5790000435968"); app/lib/peppol-id.ts. */
  STORE_PEPPOL_ID: optional(
    readable((raw) => {
      const read = readPeppolId(raw);
      return read.ok ? read.id : null;
    }, "must be a Peppol participant identifier: a scheme Peppol accepts and a value in its shape (0088:5790000435968)"),
  ),
  /** Orders in by this time (the store's clock) on a working day leave that day (app/lib/dispatch.ts). */
  ORDER_CUTOFF: withDefault(readable(readCutoff, "must be a time of day such as 14:00"), { hours: 14, minutes: 0 }),
  STORE_TIMEZONE: withDefault(
    readable((raw) => (isTimeZone(raw) ? raw : null), "must be a time zone such as Europe/London"),
    "Europe/London",
  ),

  ADMIN_EMAIL: withDefault(email(), "admin@example.com"),
  // Documented in .env.example; change it (or set ADMIN_PASSWORD) on any shop that faces the internet.
  ADMIN_PASSWORD: withDefault(text(), DEMO_ADMIN_PASSWORD),
  /**
   * The demo's history (scripts/seed/demo-history.ts) on `npm start` into an empty database: `1`
   * yes, `0` no; unset, only while ADMIN_PASSWORD is the demo's own (a shop that faces the internet
   * has its own, so never gets it unasked).
   */
  DEMO_DATA: optional(oneOf(["0", "1"])),

  GOOGLE_CLIENT_ID: optional(text()),
  GOOGLE_CLIENT_SECRET: optional(text()),
  GOOGLE_AUTH_URL: googleEndpoint("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: googleEndpoint("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: googleEndpoint("https://www.googleapis.com/oauth2/v3/userinfo"),

  SMTP_URL: optional(url({ protocols: ["smtp:", "smtps:"], example: "smtp://user:pass@smtp.example.com:587" })),
  MAIL_FROM: optional(text()),
  ORDER_NOTIFY_EMAIL: optional(email()),
  OUTBOX_POLL_MS: withDefault(milliseconds(10), 1000),
  RETENTION_SWEEP_MS: withDefault(milliseconds(1000), 3_600_000),
  /** Longer than a send may take: the SMTP connection's timeouts (app/mail/sender.server.ts) are below it. */
  OUTBOX_LEASE_MS: withDefault(milliseconds(1000), 60_000),

  /** The fewest characters a new password may have: the original shop's 6 by default (docs/security.md). */
  PASSWORD_MIN_LENGTH: withDefault(wholeNumber({ what: "a whole number of characters", min: 6, max: 64 }), 6),

  RATE_LIMIT_POINTS: withDefault(wholeNumber({ what: "a whole number of attempts", min: 1 }), 10),
  RATE_LIMIT_WINDOW_SECONDS: withDefault(seconds(1), 60),
  API_CORS_ORIGINS: optional(list(originOf, { what: "origins such as https://partner.example" })),
  /** Lets a client other than this machine read /metrics, with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optional(text()),
};

export type VariableName = keyof typeof VARIABLES;
const variables = z.object(VARIABLES);

/** The values a message never repeats back. */
const SECRET_VARIABLES = new Set<string>(["SESSION_SECRET", "ADMIN_PASSWORD", "GOOGLE_CLIENT_SECRET", "METRICS_TOKEN"]);

/** The configuration in the code's terms; the refusals that need several variables are made here. */
function toConfig(env: z.output<typeof variables>, refuse: (variable: VariableName, message: string) => void) {
  const production = env.NODE_ENV === "production";
  if (production && !env.SESSION_SECRET?.length) {
    refuse("SESSION_SECRET", "SESSION_SECRET must be set in production (see .env.example)");
  }
  let money: MoneyFormat = { currency: env.STORE_CURRENCY, locale: env.STORE_LOCALE };
  try {
    validMoneyFormat(money);
    // Worked out once here, sent to the browser with the root's data (see PriceWriting).
    money = { ...money, priceWriting: priceWriting(money), dateWriting: dateWriting(money.locale) };
  } catch (error) {
    refuse("STORE_CURRENCY", (error as Error).message);
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    const set = env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_ID" : "GOOGLE_CLIENT_SECRET";
    refuse(set, `GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET turn Google sign-in on together: only ${set} is set`);
  }
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const storeName = env.STORE_NAME;
  const googleUrls = {
    authorizationURL: env.GOOGLE_AUTH_URL,
    tokenURL: env.GOOGLE_TOKEN_URL,
    userInfoURL: env.GOOGLE_USERINFO_URL,
  };
  return {
    production,
    development: env.NODE_ENV === "development",
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    sessionSecrets: env.SESSION_SECRET?.length ? env.SESSION_SECRET : [DEV_SESSION_SECRET],

    port: env.PORT,
    host: env.HOST,
    appUrl,
    trustProxy: env.TRUST_PROXY ?? false,
    webConcurrency: env.WEB_CONCURRENCY,
    metricsToken: env.METRICS_TOKEN,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    pageCacheMaxBytes: env.PAGE_CACHE_MAX_BYTES,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,

    storeName,
    money,
    pricing: {
      shippingFeeCents: env.SHIPPING_FEE,
      freeShippingOverCents: env.FREE_SHIPPING_OVER,
      taxRateBasisPoints: env.TAX_RATE,
      taxLabel: env.TAX_LABEL,
    },
    storeVatNumber: env.STORE_VAT_NUMBER ?? null,
    /** The seller's Peppol address: STORE_PEPPOL_ID, or else its UK VAT number under the UK's VAT scheme (9932). */
    storePeppolId:
      env.STORE_PEPPOL_ID ?? (env.STORE_VAT_NUMBER ? { scheme: "9932", value: env.STORE_VAT_NUMBER } : null),
    dispatch: { cutoff: env.ORDER_CUTOFF, timeZone: env.STORE_TIMEZONE },
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    demoHistory: env.DEMO_DATA === undefined ? env.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD : env.DEMO_DATA === "1",

    /** Google sign-in, when both its client id and secret are set. */
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientID: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            callbackURL: new URL("/auth/google/callback", appUrl).toString(),
            ...googleUrls,
          }
        : null,
    googleUrls,

    /** Unset keeps every message in the outbox, unsent. */
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? `${storeName} <shop@localhost>`,
    orderNotifyEmail: env.ORDER_NOTIFY_EMAIL ?? null,
    outboxPollMs: env.OUTBOX_POLL_MS,
    /** How often each app process sweeps what the shop no longer keeps (app/models/retention.server.ts). */
    retentionSweepMs: env.RETENTION_SWEEP_MS,
    outboxLeaseMs: env.OUTBOX_LEASE_MS,

    passwordMinLength: env.PASSWORD_MIN_LENGTH,
    rateLimitPoints: env.RATE_LIMIT_POINTS,
    rateLimitWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    apiCorsOrigins: env.API_CORS_ORIGINS ?? [],
  };
}

export type Config = ReturnType<typeof toConfig>;

const environment = variables.transform((values, ctx) =>
  toConfig(values, (variable, message) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [variable], message })),
);

/** Every problem with the environment at once, one line each, so a person fixes them in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The shop cannot start with these environment variables (README.md's Configuration table lists them all):\n${problems.map((problem) => `  ${problem}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** "TAX_RATE must be a percent … (got "120")": the variable, what is wanted, what was given. */
function problemOf(issue: z.ZodIssue, env: Record<string, string | undefined>) {
  const variable = String(issue.path[0]);
  // A refusal that spans variables is written whole, naming what it is about.
  if (/^[A-Z][A-Z0-9_]* /.test(issue.message)) return issue.message;
  if (SECRET_VARIABLES.has(variable)) return `${variable} ${issue.message}`;
  return `${variable} ${issue.message} (got "${withoutPassword(env[variable]?.trim() ?? "")}")`;
}

/** The configuration `env` describes, or a ConfigError that names every variable that is wrong. */
export function parseEnvironment(env: Record<string, string | undefined>): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => problemOf(issue, env)));
  return parsed.data;
}
