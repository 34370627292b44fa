import { formatDate } from "~/lib/dates";
import { dispatchClock } from "~/lib/dispatch";
import { formatMinor } from "~/lib/money";

import { type Config, parseEnvironment } from "./schema.server";

export { type Config, ConfigError } from "./schema.server";

let loaded: Config | undefined;

/**
 * The shop's configuration, read from the environment on first use and kept for the life of the
 * process (docs/decisions/0022-one-configuration-module.md). A wrong value throws a ConfigError
 * naming every variable that is wrong; the server asks at start, so it never runs with one.
 */
export function config(): Config {
  loaded ??= parseEnvironment(process.env);
  return loaded;
}

// The values most of the app reads, by name.

export const storeName = () => config().storeName;
/** STORE_CURRENCY and STORE_LOCALE: how prices and dates are written. */
export const storeMoneyFormat = () => config().money;
/** ORDER_CUTOFF and STORE_TIMEZONE: when stock in hand leaves (app/lib/dispatch.ts). */
export const dispatchSettings = () => config().dispatch;
/** SHIPPING_FEE, FREE_SHIPPING_OVER, TAX_RATE and TAX_LABEL. */
export const storePricingRules = () => config().pricing;
/** STORE_VAT_NUMBER, cleaned ("GB999999973"); null when the store has not set one. */
export const storeVatNumber = () => config().storeVatNumber;
/** STORE_PEPPOL_ID (or the VAT number under scheme 9932): where e-invoices come from; null when neither is set. */
export const storePeppolId = () => config().storePeppolId;
export const appUrl = () => config().appUrl;
/** PASSWORD_MIN_LENGTH: the fewest characters a new password may have. */
export const passwordMinLength = () => config().passwordMinLength;
export const googleConfig = () => config().google;
/** Where mail goes (`smtp://user:pass@host:587`); null keeps every message in the outbox, unsent. */
export const smtpUrl = () => config().smtpUrl;
export const mailFrom = () => config().mailFrom;
/** Who hears of new orders and contact messages; null: nobody. */
export const orderNotifyEmail = () => config().orderNotifyEmail;
/** How often each process looks for mail to send. */
export const outboxPollMs = () => config().outboxPollMs;
export const retentionSweepMs = () => config().retentionSweepMs;
/** How long a sender's claim on a message lasts: a message a dead process claimed is sent by another after this. */
export const outboxLeaseMs = () => config().outboxLeaseMs;

/** A price as the store shows it, for messages written on the server. */
export function formatPrice(minor: number) {
  return formatMinor(minor, storeMoneyFormat());
}

/** A day as the store writes it ("24 Nov 2026" in en-GB), for messages written on the server. */
export function formatStoreDate(iso: string) {
  const { locale, dateWriting } = storeMoneyFormat();
  return formatDate(iso, locale, dateWriting);
}

/** A calendar day ("2026-12-04") as the store writes it: a dispatch date, on pages and in mail. */
export function formatStoreDay(day: string) {
  return formatStoreDate(`${day}T00:00:00Z`);
}

/** Today in the store's time zone (YYYY-MM-DD): what a quote's validity and a document's year are read from. */
export function storeToday(now = new Date()) {
  return dispatchClock(now, dispatchSettings()).today;
}
