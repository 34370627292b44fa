import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { startGoogleSignIn } from "~/auth/oauth.server";

// Starting sign-in writes the OAuth state to the session, so only a POST may do it.
export const loader = () => redirect("/sign-in");

export async function action({ request }: ActionFunctionArgs) {
  return startGoogleSignIn(request);
}
