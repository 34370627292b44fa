import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { signOut } from "~/auth/guards.server";
import { requireSameSite } from "~/utils/request.server";

// Signing out changes state, so it happens only on POST; a GET just goes home.
export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  requireSameSite(request);
  return signOut(request);
}
