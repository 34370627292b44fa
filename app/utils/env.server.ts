import { DEFAULT_MONEY_FORMAT, formatMinor, type MoneyFormat, validMoneyFormat } from "~/utils/money";

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
