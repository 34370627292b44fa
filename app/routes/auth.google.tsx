import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";

import { redirectToGoogle } from "~/auth/oauth.server";
import { requireUser } from "~/auth/permissions.server";
import { getCurrentUser } from "~/auth/session.server";
import { LinkGoogleForm } from "~/components/profile/google-sign-in-settings";
import { safeRedirect } from "~/lib/safe-redirect";
import { passwordMatches } from "~/models/user.server";
import { GoogleStartSchema } from "~/validation/profile";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Link your Google account"),
  { name: "robots", content: "noindex" },
];

export const headers = routeHeaders;

// Starting sign-in writes the OAuth state to a cookie, so only a POST may do it. A signed-in visitor
// gets the link form here too (where a refused password comes back).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export const action = formAction({
  guard: getCurrentUser,
  schema: GoogleStartSchema,
  hideFields: ["currentPassword"],
  // A point per password check, as the password change takes: a stolen cookie must not guess here.
  limits: ({ user, value }) =>
    value.intent === "link" && user ? [["passwordChange", `user:${user.id}`] as const] : [],
  refundOnSuccess: true,
  async run({ request, user, value }) {
    if (value.intent === "sign-in") {
      return redirectToGoogle(request, { mode: "sign-in", returnTo: safeRedirect(value.redirectTo) });
    }
    if (!user) throw redirect("/sign-in?redirectTo=/dashboard/my-profile");
    // Checked before leaving for Google: with only a copy of the cookie, a thief cannot link their own.
    if (!(await passwordMatches(user.id, value.currentPassword ?? ""))) {
      return refuse(400, { fieldErrors: { currentPassword: ["Current password is not right"] } });
    }
    return redirectToGoogle(request, { mode: "link", returnTo: "/dashboard/my-profile" });
  },
});

export default function LinkGoogle() {
  const reply = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Link your Google account</h1>
      <LinkGoogleForm lastResult={reply} />
    </section>
  );
}
