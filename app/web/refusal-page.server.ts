import { storeName } from "~/config/env.server";
import { staticPageSecurityHeaders } from "~/web/security-headers.server";

const TITLES: Record<number, string> = {
  400: "This request was not understood",
  401: "These credentials were not accepted",
  403: "This request was refused",
  405: "This method is not allowed here",
  413: "This request is too large",
  415: "This request was not understood",
  410: "This link has been used or has expired",
  429: "Too many requests",
};

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A short page for a request refused before the shop looked at it (another site's form, a body too
 * large or of the wrong shape, a method we do not take). It costs nothing to build, carries the
 * security headers, and says in plain words what happened and how to get back. The production
 * server sends it before Remix runs; pages send it for refusals their actions raise.
 */
export function refusalPage(status: number, message: string, extraHeaders: Record<string, string> = {}) {
  const title = TITLES[status] ?? "This request was refused";
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${escapeHtml(storeName())}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}header{background:#0f172a;color:#fff;padding:12px 16px;font-weight:700}main{max-width:36rem;margin:4rem auto;padding:0 16px;text-align:center}a{color:#9a3412;font-weight:600}</style>
</head><body><header>${escapeHtml(storeName())}</header><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the shop</a></p></main></body></html>`;
  return new Response(body, {
    status,
    headers: {
      ...staticPageSecurityHeaders(),
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      ...extraHeaders,
    },
  });
}
