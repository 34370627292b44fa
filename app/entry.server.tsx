import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { hasGuestCartCookie } from "~/auth/guest-cart.server";
import { hasSessionCookie } from "~/auth/session.server";
import { NonceContext } from "~/components/nonce";
import { db } from "~/db/db.server";
import { startOffThreadReads, stopOffThreadReads } from "~/db/off-thread-reads.server";
import { startOutboxSender, stopOutboxSender } from "~/mail/sender.server";
import { startCatalogImportRunner, stopCatalogImportRunner } from "~/services/catalog-import-runner.server";
import { startApprovalSweeper, stopApprovalSweeper } from "~/services/companies.server";
import { messageAttachments } from "~/services/mail-attachments.server";
import { startRetentionSweeper, stopRetentionSweeper } from "~/services/retention.server";
import { preloadCommonPasswords } from "~/validation/password-policy.server";
import { closeRateLimiters } from "~/web/rate-limit.server";
import { refusalPage } from "~/web/refusal-page.server";
import { securityHeaders } from "~/web/security-headers.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Who may keep an answer. A signed-in visitor's pages and data (orders, addresses), and those of a
 * visitor with a cart of their own (its lines, the header's count), are never stored, not even by
 * their own browser; an anonymous page is revalidated every time. This runs
 * for documents and for single-fetch data requests alike, whatever the routes set.
 */
function applyCachePolicy(request: Request, headers: Headers) {
  if (hasSessionCookie(request) || hasGuestCartCookie(request)) headers.set("Cache-Control", "private, no-store");
  else if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  headers.append("Vary", "Cookie");
}

/** The refusal an action raised before looking at the form (see RequestRefused), if any. */
function requestRefusal(context: EntryContext) {
  for (const error of Object.values(context.staticHandlerContext.errors ?? {})) {
    if (isRouteErrorResponse(error) && typeof error.data?.requestRefused === "string") {
      return { status: error.status, message: error.data.requestRefused as string };
    }
  }
  return null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // A refused form gets the short refusal page, not the whole shop rendered around the reason.
  const refusal = requestRefusal(remixContext);
  if (refusal) return refusalPage(refusal.status, refusal.message);

  const nonce = randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(securityHeaders(nonce))) {
    responseHeaders.set(name, value);
  }
  applyCachePolicy(request, responseHeaders);
  // Bots get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared once everything is rendered: left running, the timer would hold the whole render (the
    // React tree and every loader's data) for ABORT_DELAY after the answer went, and under load those
    // renders outlive the young generation and fill the old one, whose collections then stall
    // every request (issue 24).
    const abortTimer = setTimeout(() => rendering.abort(), ABORT_DELAY);
    const sendDocument = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      rendering.pipe(body);
    };
    const rendering = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) sendDocument();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) sendDocument();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applyCachePolicy(request, response.headers);
  return response;
};

/** Called by our server once it listens: the outbox's sender loop (when SMTP_URL is set). */
export function startBackgroundWork({
  catalogImportWorker,
  catalogReadWorker,
}: { catalogImportWorker?: string; catalogReadWorker?: string } = {}) {
  startOutboxSender(messageAttachments);
  startCatalogImportRunner({ workerFile: catalogImportWorker });
  startOffThreadReads({ workerFile: catalogReadWorker });
  startApprovalSweeper();
  startRetentionSweeper();
  // The common-password list is read once, ahead of the first sign-up that needs it.
  preloadCommonPasswords();
}

/** Closes the database pool and the rate limiters' client; the server calls it on shutdown. */
export async function closeResources() {
  await stopOutboxSender();
  await stopCatalogImportRunner();
  await stopOffThreadReads();
  stopApprovalSweeper();
  await stopRetentionSweeper();
  await closeRateLimiters();
  await db.destroy();
}

/** Read by our server after a successful write: its page cache is emptied only when this moved. */
export { publicVersion } from "~/models/public-version.server";

/** Answers /media/… before Remix in production (server/app.ts): a stored file or a 404. */
export { mediaAnswer } from "~/web/media-response.server";

/** The shop's data as /metrics reports it (server/metrics.ts). */
export { shopMetrics } from "~/models/shop-metrics.server";
