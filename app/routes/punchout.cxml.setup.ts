import type { ActionFunctionArgs } from "@remix-run/node";

import { cxmlSetupResponse } from "~/documents/cxml.server";
import { cxmlConnection, cxmlExchange } from "~/replies/punchout.server";
import { setUpPunchout } from "~/services/punchout.server";
import { readSetupRequest } from "~/validation/cxml";
import { refusalPage } from "~/web/refusal-page.server";

// A procurement system's PunchOutSetupRequest (cXML Level 1): its credential and shared secret are
// checked, and the answer is a one-time start link into a session as the company's member. Not a
// page: no cookie counts here, and the cross-site refusal leaves it alone (docs/decisions/0051-punchout.md).
export async function action({ request }: ActionFunctionArgs) {
  return cxmlExchange(request, async (source) => {
    const setup = readSetupRequest(source);
    const connection = await cxmlConnection(setup.header);
    const startUrl = await setUpPunchout(connection, {
      operation: setup.operation,
      buyerCookie: setup.buyerCookie,
      returnUrl: setup.browserFormPost,
      requester: { email: setup.email, name: setup.name },
      items: setup.items,
    });
    return cxmlSetupResponse(startUrl);
  });
}

/** Only posted to (a PunchOutSetupRequest): a GET is told so, with the method that is. */
export function loader() {
  return refusalPage(405, "This address takes only POST requests.", { Allow: "POST" });
}
