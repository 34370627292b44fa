import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { limitsFor } from "~/auth/rate-limit.server";
import { getCurrentUser } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { StatusButton } from "~/components/forms";
import { isEmailTokenUsable } from "~/models/email-tokens.server";
import { proveEmail, sendEmailProof } from "~/services/email-proof.server";
import { EmailProofToken, UNUSABLE_EMAIL_LINK, VerifyEmailSchema } from "~/validation/auth";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, type FormReply, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Confirm your email address"),
  { name: "description", content: "Confirm that your email address belongs to your account." },
  { name: "robots", content: "noindex" },
];

export const headers = routeHeaders;

const TAKEN = "Another account uses this email address now, so yours was not changed.";

// Following the link only shows the page: mail scanners open links in messages, so the address is
// proven by the button on it, a POST that no scanner sends.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const signedIn = (await getCurrentUser(request)) !== null;
  const usable = EmailProofToken.safeParse(token).success && (await isEmailTokenUsable(token, "verify"));
  return data({ token: usable ? token : null, signedIn }, { status: usable ? 200 : 400 });
}

// "Confirm my email address" from this page, which anyone holding the link may press (the link may
// be opened on another device); "Send the link again", from the dashboard's banner or this page.
export const action = formAction({
  guard: getCurrentUser,
  schema: VerifyEmailSchema,
  limits: ({ user, value, context }) =>
    value.intent === "resend" && user ? limitsFor("passwordReset", `verify:${user.id}`, context.clientAddress) : [],
  async run({ request, value }) {
    if (value.intent === "resend") {
      const user = await requireUser(request);
      if (user.email_verified_at) return refuse(409, "Your email address is already confirmed.");
      await sendEmailProof(user);
      return redirectWithFlash("/dashboard/my-profile", `We sent a new link to ${user.email}.`);
    }
    const result = await proveEmail(value.token);
    if (!result.ok) return refuse(400, result.reason === "taken" ? TAKEN : UNUSABLE_EMAIL_LINK);
    const message = result.email
      ? `Your email address is now ${result.email}.`
      : "Thank you: your email address is confirmed.";
    return redirectWithFlash("/dashboard/my-profile", message);
  },
});

export default function VerifyEmail() {
  const { token, signedIn } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  const problem = reply?.error?.[""]?.[0] ?? reply?.error?.token?.[0] ?? (token ? null : UNUSABLE_EMAIL_LINK);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Confirm your email address</h1>
      {problem ? (
        <>
          <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            {problem}
          </p>
          {signedIn ? (
            <Form method="post" className="mt-4">
              <StatusButton name="intent" value="resend" variant="secondary">
                Send the link again
              </StatusButton>
            </Form>
          ) : (
            <p className="mt-4 text-sm">
              <AppLink
                to="/sign-in?redirectTo=%2Fdashboard%2Fmy-profile"
                className="font-semibold text-orange-800 underline"
              >
                Sign in
              </AppLink>{" "}
              to get a new link.
            </p>
          )}
        </>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p>Press the button to confirm that this email address belongs to your account.</p>
          <input type="hidden" name="token" value={token ?? ""} />
          <StatusButton name="intent" value="confirm">
            Confirm my email address
          </StatusButton>
        </Form>
      )}
    </div>
  );
}
