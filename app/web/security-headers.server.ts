import { config } from "~/config/env.server";

/**
 * Headers on every document. The CSP allows only scripts carrying this response's nonce (and what
 * they load, through 'strict-dynamic'), so injected markup cannot run script.
 */
export function securityHeaders(nonce: string): Record<string, string> {
  const { development: isDev, googleUrls } = config();
  // Google's own sign-in page, and the one GOOGLE_AUTH_URL names instead (the tests' fake server).
  const signInOrigins = new Set(["https://accounts.google.com", new URL(googleUrls.authorizationURL).origin]);
  const csp = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${isDev ? " ws:" : ""}`,
    `form-action 'self' ${[...signInOrigins].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** Headers for a page without scripts (the refusal page): nothing may run or be framed. */
export function staticPageSecurityHeaders(): Record<string, string> {
  return {
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}
