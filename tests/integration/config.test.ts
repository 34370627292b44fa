import fs from "node:fs";

import { describe, expect, test } from "vitest";

import { config } from "~/config/env.server";
import { ConfigError, parseEnvironment, type VariableName, VARIABLES } from "~/config/schema.server";
import { formatMinor } from "~/lib/money";

// The one configuration module (docs/decisions/0022-one-configuration-module.md): every variable in
// one zod schema, and README.md's Configuration table and .env.example held to it.

const names = Object.keys(VARIABLES) as VariableName[];

/** README.md's Configuration table: each row's variables and its Default cell, backticks dropped. */
function readmeRows() {
  const section = fs.readFileSync("README.md", "utf8").split("## Configuration")[1].split("\n## ")[0];
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [variables, defaults] = line.split(" | ");
      return {
        names: [...variables.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]),
        defaults: defaults.replaceAll("`", ""),
      };
    });
}

/** Each README variable with its own default: "10, 60" or "a / b" split over a row's variables. */
function readmeDefaults() {
  return new Map(
    readmeRows().flatMap(({ names: rowNames, defaults }) => {
      const parts = defaults.split(/, | \/ /);
      const own = parts.length === rowNames.length ? parts : rowNames.map(() => defaults);
      return rowNames.map((name, index) => [name, own[index]] as const);
    }),
  );
}

/** .env.example's variables, set or commented out, with their example values. */
function exampleValues() {
  const lines = fs.readFileSync(".env.example", "utf8").split("\n");
  return Object.fromEntries(
    lines.flatMap((line) => {
      const match = /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      return match ? [[match[1], match[2]]] : [];
    }),
  );
}

/** The value a variable's own schema reads from `raw` (undefined: unset). */
function read(name: VariableName, raw: string | undefined) {
  return VARIABLES[name].parse(raw);
}

/** The lines a ConfigError names, or null when `env` is a configuration the shop runs with. */
function problemsWith(env: Record<string, string>) {
  try {
    parseEnvironment(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/**
 * Defaults the README writes in words, because they are made from other variables or are long:
 * what they amount to is checked by "defaults made from other variables" below.
 */
const DEFAULTS_IN_WORDS = new Set([
  "SESSION_SECRET",
  "HOST",
  "APP_URL",
  "MAIL_FROM",
  "GOOGLE_AUTH_URL",
  "GOOGLE_TOKEN_URL",
  "GOOGLE_USERINFO_URL",
]);

describe("the documents list the schema's variables", () => {
  test("README.md's Configuration table lists every variable in the schema, and no other", () => {
    expect([...readmeDefaults().keys()].sort()).toEqual([...names].sort());
  });

  test(".env.example lists every variable in the schema, and no other", () => {
    expect(Object.keys(exampleValues()).sort()).toEqual([...names].sort());
  });

  test("README.md's defaults are the schema's: a value the schema reads the same, or unset", () => {
    const defaults = readmeDefaults();
    for (const name of names.filter((name) => !DEFAULTS_IN_WORDS.has(name))) {
      const fallback = read(name, undefined);
      const documented = defaults.get(name);
      if (fallback === undefined) expect(documented, name).toBe("unset");
      else expect(read(name, documented), `${name}: README says ${documented}`).toEqual(fallback);
    }
  });

  test("defaults made from other variables", () => {
    const defaults = readmeDefaults();
    const fresh = parseEnvironment({});
    expect(fresh.appUrl).toBe("http://localhost:3000");
    expect(parseEnvironment({ PORT: "4100" }).appUrl).toBe("http://localhost:4100");
    expect(defaults.get("APP_URL")).toBe("http://localhost:$PORT");
    expect(parseEnvironment({ STORE_NAME: "Acme Spares" }).mailFrom).toBe("Acme Spares <shop@localhost>");
    expect(parseEnvironment({ STORE_VAT_NUMBER: "gb 999 9999 73" }).storeVatNumber).toBe("GB999999973");
    // The seller's Peppol address: its own, else its VAT number under the UK's VAT scheme, else none.
    expect(parseEnvironment({ STORE_PEPPOL_ID: "0088:5790000435968" }).storePeppolId).toEqual({
      scheme: "0088",
      value: "5790000435968",
    });
    expect(parseEnvironment({ STORE_VAT_NUMBER: "GB999999973" }).storePeppolId).toEqual({
      scheme: "9932",
      value: "GB999999973",
    });
    expect(fresh.storePeppolId).toBeNull();
    expect(defaults.get("MAIL_FROM")).toBe("STORE_NAME <shop@localhost>");
    expect(fresh.host).toBeUndefined();
    expect(fresh.sessionSecrets).toEqual([expect.stringContaining("not-for-production")]);
    expect(Object.values(fresh.googleUrls).map((url) => new URL(url).hostname)).toEqual([
      "accounts.google.com",
      "oauth2.googleapis.com",
      "www.googleapis.com",
    ]);
  });

  test("the demo's history: asked for by DEMO_DATA, else only while the admin password is the demo's", () => {
    expect(parseEnvironment({}).demoHistory).toBe(true);
    expect(parseEnvironment({ ADMIN_PASSWORD: "change-me-admin" }).demoHistory).toBe(true);
    expect(parseEnvironment({ ADMIN_PASSWORD: "a-shop-of-its-own" }).demoHistory).toBe(false);
    expect(parseEnvironment({ ADMIN_PASSWORD: "a-shop-of-its-own", DEMO_DATA: "1" }).demoHistory).toBe(true);
    expect(parseEnvironment({ DEMO_DATA: "0" }).demoHistory).toBe(false);
    expect(problemsWith({ DEMO_DATA: "yes" })).toEqual([expect.stringMatching(/^DEMO_DATA/)]);
  });

  test(".env.example's values are all accepted, in production too", () => {
    expect(problemsWith({ ...exampleValues(), NODE_ENV: "production" })).toBeNull();
  });
});

describe("values are read into the code's units", () => {
  test.each<[Record<string, string>, (config: ReturnType<typeof parseEnvironment>) => unknown, unknown]>([
    [
      { SHIPPING_FEE: "9.5", FREE_SHIPPING_OVER: "250" },
      (c) => c.pricing,
      expect.objectContaining({ shippingFeeCents: 950, freeShippingOverCents: 25_000 }),
    ],
    [{ TAX_RATE: "17.5" }, (c) => c.pricing.taxRateBasisPoints, 1750],
    [{ TAX_RATE: "0" }, (c) => c.pricing.taxRateBasisPoints, 0],
    [{}, (c) => c.dispatch, { cutoff: { hours: 14, minutes: 0 }, timeZone: "Europe/London" }],
    [
      { ORDER_CUTOFF: "16:30", STORE_TIMEZONE: "Europe/Berlin" },
      (c) => c.dispatch,
      { cutoff: { hours: 16, minutes: 30 }, timeZone: "Europe/Berlin" },
    ],
    [
      { STORE_CURRENCY: " eur ", STORE_LOCALE: "de-DE" },
      (c) => ({ currency: c.money.currency, locale: c.money.locale, price: formatMinor(-123456, c.money) }),
      { currency: "EUR", locale: "de-DE", price: "-1.234,56\u00a0€" },
    ],
    // How the locale writes prices and days is worked out once, for the browser (decision 39).
    [
      { STORE_CURRENCY: "EUR", STORE_LOCALE: "de-DE" },
      (c) => [c.money.priceWriting?.decimal, c.money.priceWriting?.group, c.money.dateWriting?.months[10]],
      [",", ".", "Nov."],
    ],
    [{ SESSION_SECRET: "new-secret, old-secret" }, (c) => c.sessionSecrets, ["new-secret", "old-secret"]],
    [{ SMTP_URL: "" }, (c) => c.smtpUrl, null],
    [{ SMTP_URL: " smtp://127.0.0.1:2525 " }, (c) => c.smtpUrl, "smtp://127.0.0.1:2525"],
    [
      { API_CORS_ORIGINS: "https://partner.example/, https://other.example:8443" },
      (c) => c.apiCorsOrigins,
      ["https://partner.example", "https://other.example:8443"],
    ],
    [{}, (c) => c.trustProxy, false],
    [{ TRUST_PROXY: "true" }, (c) => c.trustProxy, 1],
    [{ TRUST_PROXY: "2" }, (c) => c.trustProxy, 2],
    [{ TRUST_PROXY: "false" }, (c) => c.trustProxy, false],
    [{ TRUST_PROXY: "loopback, 10.0.0.0/8" }, (c) => c.trustProxy, "loopback, 10.0.0.0/8"],
    [{ NODE_ENV: "production", SESSION_SECRET: "s" }, (c) => [c.production, c.development], [true, false]],
    [
      { APP_URL: "https://shop.example", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" },
      (c) => c.google?.callbackURL,
      "https://shop.example/auth/google/callback",
    ],
    [{}, (c) => c.google, null],
  ])("%j", (env, pick, expected) => {
    expect(pick(parseEnvironment(env))).toEqual(expected);
  });
});

describe("a wrong value is refused with a line that names the variable, what was given and what is wanted", () => {
  test.each<[Record<string, string>, string]>([
    [{ NODE_ENV: "prod" }, 'NODE_ENV must be development, production or test (got "prod")'],
    [{ NODE_ENV: "production" }, "SESSION_SECRET must be set in production (see .env.example)"],
    [{ NODE_ENV: "production", SESSION_SECRET: " , " }, "SESSION_SECRET must be set in production (see .env.example)"],
    [
      { DATABASE_URL: "mysql://shop:hunter2@db/shop" },
      'DATABASE_URL must be a file: path (SQLite) or a postgres:// URL (PostgreSQL) (got "mysql://shop:***@db/shop")',
    ],
    [{ DATABASE_POOL_SIZE: "0" }, 'DATABASE_POOL_SIZE must be a whole number of connections, at least 1 (got "0")'],
    [{ PORT: "http" }, 'PORT must be a port number from 0 to 65535 (got "http")'],
    [{ PORT: "70000" }, 'PORT must be a port number from 0 to 65535 (got "70000")'],
    [
      { APP_URL: "shop.example.com" },
      'APP_URL must be an absolute http:// or https:// URL such as https://shop.example.com (got "shop.example.com")',
    ],
    [{ WEB_CONCURRENCY: "0" }, 'WEB_CONCURRENCY must be a whole number of processes, at least 1 (got "0")'],
    [{ PAGE_CACHE_SECONDS: "-1" }, 'PAGE_CACHE_SECONDS must be a whole number of seconds (got "-1")'],
    [{ PAGE_CACHE_MAX_BYTES: "64MB" }, 'PAGE_CACHE_MAX_BYTES must be a whole number of bytes (got "64MB")'],
    [{ HEADERS_TIMEOUT_MS: "10s" }, 'HEADERS_TIMEOUT_MS must be a whole number of milliseconds (got "10s")'],
    [
      { STORE_CURRENCY: "JPY" },
      "STORE_CURRENCY JPY has 0 decimals; the shop needs a currency with two, as prices are kept in hundredths",
    ],
    [{ STORE_CURRENCY: "pounds" }, 'STORE_CURRENCY must be an ISO 4217 code such as GBP (got "POUNDS")'],
    [
      { STORE_LOCALE: "not a locale!" },
      'STORE_LOCALE "not a locale!" or STORE_CURRENCY "GBP" is not known: use a locale such as en-GB and a currency such as GBP',
    ],
    [{ SHIPPING_FEE: "9.505" }, 'SHIPPING_FEE must be an amount with at most two decimals, such as 9.50 (got "9.505")'],
    [
      { FREE_SHIPPING_OVER: "£250" },
      'FREE_SHIPPING_OVER must be an amount with at most two decimals, such as 9.50 (got "£250")',
    ],
    [
      { TAX_RATE: "120" },
      'TAX_RATE must be a percent from 0 to 100 with at most two decimals, such as 17.5 (got "120")',
    ],
    [{ TAX_RATE: "-5" }, 'TAX_RATE must be a percent from 0 to 100 with at most two decimals, such as 17.5 (got "-5")'],
    [{ ADMIN_EMAIL: "admin" }, 'ADMIN_EMAIL must be an email address (got "admin")'],
    [
      { GOOGLE_CLIENT_ID: "id" },
      "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET turn Google sign-in on together: only GOOGLE_CLIENT_ID is set",
    ],
    [
      { GOOGLE_CLIENT_SECRET: "secret" },
      "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET turn Google sign-in on together: only GOOGLE_CLIENT_SECRET is set",
    ],
    [
      { GOOGLE_TOKEN_URL: "ftp://oauth.example/token" },
      'GOOGLE_TOKEN_URL must be an absolute http:// or https:// URL such as https://oauth2.googleapis.com/token (got "ftp://oauth.example/token")',
    ],
    [
      { SMTP_URL: "mail.example.com:587" },
      'SMTP_URL must be an absolute smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587 (got "mail.example.com:587")',
    ],
    [{ ORDER_NOTIFY_EMAIL: "orders" }, 'ORDER_NOTIFY_EMAIL must be an email address (got "orders")'],
    [{ OUTBOX_POLL_MS: "5" }, 'OUTBOX_POLL_MS must be a whole number of milliseconds, at least 10 (got "5")'],
    [{ ORDER_CUTOFF: "2pm" }, 'ORDER_CUTOFF must be a time of day such as 14:00 (got "2pm")'],
    [
      { STORE_TIMEZONE: "Europe/Londn" },
      'STORE_TIMEZONE must be a time zone such as Europe/London (got "Europe/Londn")',
    ],
    [
      { STORE_VAT_NUMBER: "GB999999974" },
      'STORE_VAT_NUMBER must be a UK VAT number, GB and 9 or 12 digits whose check digits hold (GB999999973) (got "GB999999974")',
    ],
    [
      { STORE_PEPPOL_ID: "0088:5790000435969" },
      'STORE_PEPPOL_ID must be a Peppol participant identifier: a scheme Peppol accepts and a value in its shape (0088:5790000435968) (got "0088:5790000435969")',
    ],
    [{ OUTBOX_LEASE_MS: "500" }, 'OUTBOX_LEASE_MS must be a whole number of milliseconds, at least 1000 (got "500")'],
    [{ RATE_LIMIT_POINTS: "0" }, 'RATE_LIMIT_POINTS must be a whole number of attempts, at least 1 (got "0")'],
    [
      { RATE_LIMIT_WINDOW_SECONDS: "1m" },
      'RATE_LIMIT_WINDOW_SECONDS must be a whole number of seconds, at least 1 (got "1m")',
    ],
    [
      { API_CORS_ORIGINS: "https://partner.example, partner.example" },
      'API_CORS_ORIGINS must list origins such as https://partner.example, comma-separated; "partner.example" is not one (got "https://partner.example, partner.example")',
    ],
    [
      { API_CORS_ORIGINS: "https://partner.example/app" },
      'API_CORS_ORIGINS must list origins such as https://partner.example, comma-separated; "https://partner.example/app" is not one (got "https://partner.example/app")',
    ],
  ])("%j", (env, problem) => {
    expect(problemsWith(env)).toEqual([problem]);
  });

  test("every wrong variable is named at once", () => {
    expect(
      problemsWith({ TAX_RATE: "120", PORT: "http", SMTP_URL: "mail.example.com" })?.map((line) => line.split(" ")[0]),
    ).toEqual(["PORT", "TAX_RATE", "SMTP_URL"]);
  });

  test("a secret is never repeated back, and a URL's password is hidden", () => {
    const problems = problemsWith({
      NODE_ENV: "production",
      SESSION_SECRET: "",
      DATABASE_URL: "mysql://shop:hunter2@db/shop",
    });
    expect(problems?.join("\n")).not.toContain("hunter2");
  });
});

describe("read once", () => {
  test("config() reads the environment on first use and keeps it: a later change is not seen", () => {
    const before = config().storeName;
    const written = process.env.STORE_NAME;
    process.env.STORE_NAME = `${before} renamed`;
    try {
      expect(config().storeName).toBe(before);
    } finally {
      if (written === undefined) delete process.env.STORE_NAME;
      else process.env.STORE_NAME = written;
    }
  });
});
