import { config } from "~/config/env.server";

/**
 * A year, this host only: whether the shop's other subdomains are all on HTTPS is the operator's
 * to know, and a proxy in front may add includeSubDomains and preload.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * The production server's settings: the one configuration (app/config, read once), and what the
 * server makes of it. Reading it checks every variable, the app's included, so a wrong value stops
 * the start with a message that names it rather than failing on some later request.
 */
export function readConfig() {
  const settings = config();
  return {
    ...settings,
    keepAliveTimeoutMs: 5_000,
    /** The Strict-Transport-Security every answer carries when APP_URL is https; undefined on http. */
    strictTransportSecurity: new URL(settings.appUrl).protocol === "https:" ? STRICT_TRANSPORT_SECURITY : undefined,
  };
}

export type ServerConfig = ReturnType<typeof readConfig>;
