import type { ActionFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/permissions.server";
import { endSession } from "~/auth/session.server";
import { punchoutSessionOf } from "~/models/punchout";
import { cartReturnPage } from "~/replies/punchout.server";
import { returnCart } from "~/services/punchout.server";
import { redirectWithFlash } from "~/web/flash.server";
import { refusalPage } from "~/web/refusal-page.server";
import { RequestRefused, requireSameOrigin } from "~/web/request.server";

// "Transfer cart to <system>" on the cart of a punchout session: the cart goes back to the
// procurement system as a requisition (nothing is ordered), the cart is emptied, and this browser's
// session ends: its buyer carries on in their procurement system.
export async function action({ request }: ActionFunctionArgs) {
  // No form to read (readForm checks this for every other action): another site's post is refused here.
  try {
    requireSameOrigin(request);
  } catch (error) {
    if (error instanceof RequestRefused) return refusalPage(error.status, error.message);
    throw error;
  }
  const user = await requireUser(request);
  const session = user.punchout ? await punchoutSessionOf(user.punchout.sessionId) : null;
  if (!session || session.user_id !== user.id) {
    return refusalPage(400, "This browser is not shopping for a procurement system: check out from the cart instead.");
  }
  const cart = await returnCart(session);
  if (!cart)
    return redirectWithFlash("/cart", { kind: "error", message: "Your cart is empty: add parts, then transfer it." });
  return cartReturnPage(cart, { "Set-Cookie": await endSession(request) });
}

/** Only posted to (the cart page's Transfer button): a GET is told so, with the method that is. */
export function loader() {
  return refusalPage(405, "This address takes only POST requests.", { Allow: "POST" });
}
