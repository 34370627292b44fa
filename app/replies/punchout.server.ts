import { randomBytes } from "node:crypto";

import { storeName } from "~/config/env.server";
import { cxmlStatusResponse } from "~/documents/cxml.server";
import {
  authenticateConnection,
  type ConnectionSettings,
  type PunchoutConnection,
  type PunchoutProtocol,
  saveConnection,
} from "~/models/punchout";
import { type CxmlHeader, CxmlProblem } from "~/validation/cxml";
import { accept, refuse } from "~/web/form-action.server";
import { limitsFor, takePoints } from "~/web/rate-limit.server";
import { escapeHtml } from "~/web/refusal-page.server";
import { MAX_CXML_BYTES, readCappedBody, RequestRefused } from "~/web/request.server";

// What the punchout addresses answer (docs/decisions/0051-punchout.md): cXML in and out for the
// procurement system's server, and for the browser the page that carries the cart back.

function cxmlAnswer(body: string, status: number) {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/xml; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Runs a cXML request: the body read within MAX_CXML_BYTES, the handler's document answered with
 * 200, and every refusal as a cXML Response whose Status (and HTTP status) says why: 400 for a
 * document we cannot read, 401 for credentials, 409 for a repeat with other content, 413, 429.
 */
export async function cxmlExchange(request: Request, handle: (source: string) => Promise<string>) {
  try {
    const contentType = request.headers.get("Content-Type") ?? "";
    const source = new TextDecoder("utf-8", { fatal: true }).decode(await readCappedBody(request, MAX_CXML_BYTES));
    // Some systems post the document as a form field, as the browser does with the cart.
    const form = contentType.startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(source) : null;
    const document = form ? (form.get("cxml-urlencoded") ?? form.get("cXML-urlencoded") ?? "") : source;
    return cxmlAnswer(await handle(document), 200);
  } catch (error) {
    if (error instanceof CxmlProblem) return cxmlAnswer(cxmlStatusResponse(error.code, error.message), error.code);
    if (error instanceof RequestRefused)
      return cxmlAnswer(cxmlStatusResponse(error.status, error.message), error.status);
    if (error instanceof TypeError) {
      return cxmlAnswer(cxmlStatusResponse(400, "The document is not UTF-8 text."), 400);
    }
    throw error;
  }
}

const UNKNOWN_CREDENTIALS = "The credentials are not those of a connection we know, or the secret is not its secret.";

/**
 * The connection a request proves itself to be: a point is taken from the credential it claims
 * first (so guessing a connection's secret is as limited as using it), then the secret is checked
 * in constant time. Unknown identity and wrong secret answer alike.
 */
export async function authenticatedConnection(
  protocol: PunchoutProtocol,
  credentials: readonly { domain: string; identity: string }[],
  secret: string,
) {
  const claimed = credentials.find((credential) => credential.identity);
  const subject = claimed ? `${protocol}:${claimed.domain.toLowerCase()}:${claimed.identity}` : `${protocol}:none`;
  const outcome = await takePoints(limitsFor("punchout", subject, undefined));
  if (!outcome.ok) {
    throw new CxmlProblem(
      429,
      `Too many requests for this connection: try again in ${Math.ceil(outcome.retryAfterMs / 1000)} seconds.`,
    );
  }
  const connection = await authenticateConnection(protocol, credentials, secret);
  if (!connection) throw new CxmlProblem(401, UNKNOWN_CREDENTIALS);
  return connection;
}

export function cxmlConnection(header: CxmlHeader): Promise<PunchoutConnection> {
  return authenticatedConnection("cxml", header.from, header.senderSecret);
}

export type CartReturnPage = {
  action: string;
  target: string | null;
  fields: readonly [string, string][];
  lineCount: number;
  systemName: string;
};

/**
 * The page that carries the cart back: a form posting the fields to the procurement system, sent at
 * once by a script and, without JavaScript, by its button. It is a page of its own, not the shop's
 * document, so its policy can let this one form go to that one address (the shop's own allows none).
 */
export function cartReturnPage(cart: CartReturnPage, headers: HeadersInit = {}) {
  const nonce = randomBytes(16).toString("base64");
  const origin = new URL(cart.action).origin;
  const target = cart.target && /^[A-Za-z0-9_]{1,40}$/.test(cart.target) ? ` target="${escapeHtml(cart.target)}"` : "";
  const inputs = cart.fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const system = escapeHtml(cart.systemName);
  const lines = cart.lineCount === 1 ? "1 line" : `${cart.lineCount} lines`;
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Transferring your cart to ${system} | ${escapeHtml(storeName())}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}header{background:#0f172a;color:#fff;padding:12px 16px;font-weight:700}main{max-width:36rem;margin:4rem auto;padding:0 16px;text-align:center}button{margin-top:1rem;background:#9a3412;color:#fff;border:0;border-radius:6px;padding:10px 20px;font-size:1rem;font-weight:600;cursor:pointer}button:focus{outline:3px solid #0f172a;outline-offset:2px}</style>
</head><body><header>${escapeHtml(storeName())}</header><main>
<h1>Transferring your cart to ${system}</h1>
<p>Your cart (${lines}) goes back to ${system} as a requisition. Nothing is ordered until ${system} sends us the purchase order.</p>
<form id="cart-return" method="post" action="${escapeHtml(cart.action)}"${target}>
${inputs}
<button type="submit">Transfer cart to ${system}</button>
</form></main>
<script nonce="${nonce}">document.getElementById("cart-return").submit();</script>
</body></html>`;
  const answer = new Headers(headers);
  answer.set("Content-Type", "text/html; charset=utf-8");
  answer.set("Cache-Control", "no-store");
  answer.set(
    "Content-Security-Policy",
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action ${origin}; base-uri 'none'; frame-ancestors 'none'`,
  );
  answer.set("X-Content-Type-Options", "nosniff");
  answer.set("Referrer-Policy", "no-referrer");
  return new Response(body, { status: 200, headers: answer });
}

/** Staff's save of a company's connection: the new secret shown once, or why it was not saved. */
export async function saveConnectionReply(companyId: number, settings: ConnectionSettings) {
  const saved = await saveConnection(companyId, settings);
  if (saved.ok) return accept({ punchoutSecret: saved.secret }, { "Cache-Control": "no-store" });
  return saved.reason === "not-a-member"
    ? refuse(400, { fieldErrors: { actingUserId: ["Choose one of the company's members"] } })
    : refuse(409, {
        fieldErrors: { identity: ["Another company's connection has this protocol, domain and identity"] },
      });
}
