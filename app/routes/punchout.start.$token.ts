import { type LoaderFunctionArgs } from "@remix-run/node";

import { startSession } from "~/auth/session.server";
import { PUNCHOUT_SESSION_LIFETIME_MS, redeemStartLink } from "~/models/punchout";
import { redirectWithFlash } from "~/web/flash.server";
import { refusalPage } from "~/web/refusal-page.server";

// The one-time link a setup request answered with: opened once, within minutes, it signs this
// browser in as the company's member for a punchout session (docs/decisions/0051-punchout.md).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const started = await redeemStartLink(params.token ?? "");
  if (!started) {
    return refusalPage(410, "This start link has been used or has expired. Start again from your procurement system.");
  }
  const cookie = await startSession(
    { id: started.userId },
    { request, context, punchout: { sessionId: started.id, lifetimeMs: PUNCHOUT_SESSION_LIFETIME_MS } },
  );
  const landing = started.operation === "edit" ? "/cart" : "/items";
  return redirectWithFlash(landing, "Add the parts you need, then transfer the cart to your procurement system.", {
    headers: { "Set-Cookie": cookie, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
