import { type ActionFunctionArgs, redirect } from "@remix-run/node";

import { endSession } from "~/auth/session.server";
import { withPageRefusals } from "~/web/form-action.server";
import { requireSameOrigin } from "~/web/request.server";

// Signing out changes state, so it happens only on POST; a GET just goes home.
export const loader = () => redirect("/");

/** Deletes this browser's session row: a saved copy of the cookie opens nothing afterwards. */
export async function action({ request }: ActionFunctionArgs) {
  await withPageRefusals(() => requireSameOrigin(request));
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}
