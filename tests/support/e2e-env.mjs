// The one place the end-to-end ports and settings are named, shared by the config, the server script
// and the sign-in fixture.
import { fileURLToPath } from "node:url";

export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
export const FAKE_OAUTH_PORT = Number(process.env.FAKE_OAUTH_PORT || 4010);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

/**
 * The database the end-to-end server runs on (created fresh by serve-e2e.mjs): a SQLite file under
 * .tmp/e2e, or the storefront_e2e database on the PostgreSQL server E2E_POSTGRES_URL names.
 */
export function e2eDatabaseUrl() {
  const server = process.env.E2E_POSTGRES_URL;
  if (server) {
    const url = new URL(server);
    url.pathname = "/storefront_e2e";
    return url.toString();
  }
  return `file:${fileURLToPath(new URL("../../.tmp/e2e/storefront.db", import.meta.url))}`;
}

export function e2eServerEnv(databaseUrl = e2eDatabaseUrl()) {
  const fake = `http://127.0.0.1:${FAKE_OAUTH_PORT}`;
  return {
    NODE_ENV: "production",
    PORT: String(E2E_PORT),
    APP_URL: E2E_BASE_URL,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "e2e-session-secret",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    GOOGLE_CLIENT_ID: "e2e-client",
    GOOGLE_CLIENT_SECRET: "e2e-secret",
    GOOGLE_AUTH_URL: `${fake}/authorize`,
    GOOGLE_TOKEN_URL: `${fake}/token`,
    GOOGLE_USERINFO_URL: `${fake}/userinfo`,
    // No SMTP server: mail stays in the outbox, where the admin reads it.
    SMTP_URL: "",
  };
}
