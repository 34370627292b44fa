import { formatDate } from "~/lib/dates";
import { DEFAULT_MONEY_FORMAT, formatMinor, type MoneyFormat, validMoneyFormat } from "~/lib/money";
import { DEFAULT_PRICING_RULES, type PricingRules } from "~/lib/pricing";

const DEV_SESSION_SECRET = "storefront-dev-secret-not-for-production";

function required(name: string, fallback: string) {
  const value = process.env[name];
  if (value) return value;
  if (process.env.NODE_ENV === "production") {
    throw new Error(`${name} must be set in production (see .env.example)`);
  }
  return fallback;
}

export function sessionSecrets() {
  return required("SESSION_SECRET", DEV_SESSION_SECRET)
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
}

export function storeName() {
  return process.env.STORE_NAME || "Gearwright Parts";
}

let moneyFormat: MoneyFormat | undefined;

/** STORE_CURRENCY and STORE_LOCALE, checked once: an unknown code stops the store at start. */
export function storeMoneyFormat(): MoneyFormat {
  moneyFormat ??= validMoneyFormat({
    currency: (process.env.STORE_CURRENCY || DEFAULT_MONEY_FORMAT.currency).trim().toUpperCase(),
    locale: (process.env.STORE_LOCALE || DEFAULT_MONEY_FORMAT.locale).trim(),
  });
  return moneyFormat;
}

/** A price as the store shows it, for messages written on the server. */
export function formatPrice(minor: number) {
  return formatMinor(minor, storeMoneyFormat());
}

/** A day as the store writes it ("24 Nov 2026" in en-GB), for messages written on the server. */
export function formatStoreDate(iso: string) {
  return formatDate(iso, storeMoneyFormat().locale);
}

export function appUrl() {
  return process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`;
}

export function googleConfig() {
  const clientID = process.env.GOOGLE_CLIENT_ID;
  const clientSecret = process.env.GOOGLE_CLIENT_SECRET;
  if (!clientID || !clientSecret) return null;
  return {
    clientID,
    clientSecret,
    callbackURL: new URL("/auth/google/callback", appUrl()).toString(),
    authorizationURL: process.env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenURL: process.env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
    userInfoURL: process.env.GOOGLE_USERINFO_URL || "https://www.googleapis.com/oauth2/v3/userinfo",
  };
}

/** A decimal amount or percent from the environment, as hundredths: "9.50" → 950, "17.5" → 1750. */
function hundredthsFrom(name: string, fallback: number) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) {
    throw new Error(`${name} must be a number with at most two decimals, such as 9.50 (got "${raw}")`);
  }
  const [whole, fraction = ""] = raw.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

let pricingRules: PricingRules | undefined;

/** SHIPPING_FEE, FREE_SHIPPING_OVER, TAX_RATE and TAX_LABEL, checked once: a bad value stops the store. */
export function storePricingRules(): PricingRules {
  if (!pricingRules) {
    const taxRateBasisPoints = hundredthsFrom("TAX_RATE", DEFAULT_PRICING_RULES.taxRateBasisPoints);
    if (taxRateBasisPoints > 100_00) throw new Error("TAX_RATE is a percent between 0 and 100");
    pricingRules = {
      shippingFeeCents: hundredthsFrom("SHIPPING_FEE", DEFAULT_PRICING_RULES.shippingFeeCents),
      freeShippingOverCents: hundredthsFrom("FREE_SHIPPING_OVER", DEFAULT_PRICING_RULES.freeShippingOverCents),
      taxRateBasisPoints,
      taxLabel: process.env.TAX_LABEL?.trim() || DEFAULT_PRICING_RULES.taxLabel,
    };
  }
  return pricingRules;
}

/** Where mail goes (`smtp://user:pass@host:587`); unset keeps every message in the outbox, unsent. */
export function smtpUrl() {
  return process.env.SMTP_URL?.trim() || null;
}

export function mailFrom() {
  return process.env.MAIL_FROM?.trim() || `${storeName()} <shop@localhost>`;
}

/** Who hears of new orders and contact messages; unset: nobody. */
export function orderNotifyEmail() {
  return process.env.ORDER_NOTIFY_EMAIL?.trim() || null;
}

/** How often each process looks for mail to send (OUTBOX_POLL_MS, default 1000). */
export function outboxPollMs() {
  const value = Number(process.env.OUTBOX_POLL_MS || 1000);
  return Number.isFinite(value) && value >= 10 ? value : 1000;
}

/**
 * How long a sender's claim on a message lasts (OUTBOX_LEASE_MS, default 60000): a message claimed by
 * a process that died is sent by another once this has passed. Longer than a send may take (the
 * SMTP connection's timeouts are below it).
 */
export function outboxLeaseMs() {
  const value = Number(process.env.OUTBOX_LEASE_MS || 60_000);
  return Number.isFinite(value) && value >= 1000 ? value : 60_000;
}
