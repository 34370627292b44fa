// The one place the end-to-end ports and settings are named, shared by the config and the server script.
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
export const FAKE_OAUTH_PORT = Number(process.env.FAKE_OAUTH_PORT || 4010);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

export function e2eServerEnv(databaseUrl) {
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
  };
}
