import { type ActionFunctionArgs, redirect } from "@remix-run/node";

import { startGoogleSignIn } from "~/auth/oauth.server";
import { withPageRefusals } from "~/web/form-action.server";

// Starting sign-in writes the OAuth state to a cookie, so only a POST may do it.
export const loader = () => redirect("/sign-in");

export async function action({ request }: ActionFunctionArgs) {
  return withPageRefusals(() => startGoogleSignIn(request));
}
