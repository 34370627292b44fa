// A fake Google on loopback: an authorization page with an account chooser, a token endpoint and a
// userinfo endpoint, so the end-to-end suite runs the real redirect, callback and account path.
import { randomBytes } from "node:crypto";
import http from "node:http";

const port = Number(process.env.FAKE_OAUTH_PORT || 4010);
const clientId = process.env.GOOGLE_CLIENT_ID || "e2e-client";
const clientSecret = process.env.GOOGLE_CLIENT_SECRET || "e2e-secret";

const codes = new Map(); // code -> { identity, redirectUri }
const tokens = new Map(); // access token -> identity

function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );
}

function readBody(request) {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(new URLSearchParams(body)));
  });
}

function send(response, status, body, headers = {}) {
  response.writeHead(status, headers);
  response.end(body);
}

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url, `http://127.0.0.1:${port}`);

  if (url.pathname === "/health") return send(response, 200, "ok");

  if (url.pathname === "/authorize" && request.method === "GET") {
    if (url.searchParams.get("client_id") !== clientId) return send(response, 400, "unknown client");
    const hidden = ["redirect_uri", "state"]
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(url.searchParams.get(name) ?? "")}">`)
      .join("");
    return send(
      response,
      200,
      `<!doctype html><html lang="en"><head><title>Fake Google: choose an account</title></head><body>
<main><h1>Choose an account</h1>
<form method="post" action="/authorize">${hidden}
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" value="Google Person"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
<button type="submit">Continue</button></form></main></body></html>`,
      { "Content-Type": "text/html; charset=utf-8" },
    );
  }

  if (url.pathname === "/authorize" && request.method === "POST") {
    const form = await readBody(request);
    const email = form.get("email");
    const code = randomBytes(12).toString("hex");
    codes.set(code, {
      redirectUri: form.get("redirect_uri"),
      identity: {
        sub: `fake-${email}`,
        email,
        email_verified: form.get("email_verified") === "true",
        name: form.get("name") || email,
      },
    });
    const target = new URL(form.get("redirect_uri"));
    target.searchParams.set("code", code);
    target.searchParams.set("state", form.get("state") ?? "");
    return send(response, 302, "", { Location: target.toString() });
  }

  if (url.pathname === "/token" && request.method === "POST") {
    const form = await readBody(request);
    const grant = codes.get(form.get("code"));
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return send(response, 401, JSON.stringify({ error: "invalid_client" }), { "Content-Type": "application/json" });
    }
    if (!grant || grant.redirectUri !== form.get("redirect_uri")) {
      return send(response, 400, JSON.stringify({ error: "invalid_grant" }), { "Content-Type": "application/json" });
    }
    codes.delete(form.get("code"));
    const accessToken = randomBytes(16).toString("hex");
    tokens.set(accessToken, grant.identity);
    return send(
      response,
      200,
      JSON.stringify({
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
      }),
      {
        "Content-Type": "application/json",
      },
    );
  }

  if (url.pathname === "/userinfo") {
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    const identity = tokens.get(token);
    if (!identity)
      return send(response, 401, JSON.stringify({ error: "invalid_token" }), { "Content-Type": "application/json" });
    return send(response, 200, JSON.stringify(identity), { "Content-Type": "application/json" });
  }

  send(response, 404, "not found");
});

server.listen(port, "127.0.0.1", () => console.log(`fake OAuth2 provider on http://127.0.0.1:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
