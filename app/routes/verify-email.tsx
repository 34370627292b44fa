import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { recoveredMessage } from "~/auth/account-recovery.server";
import { requireUser } from "~/auth/permissions.server";
import { getCurrentUser } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { StatusButton } from "~/components/forms";
import { usableTokenOwner } from "~/models/email-tokens.server";
import { proveEmail, sendEmailProof } from "~/services/email-proof.server";
import { EmailProofToken, UNUSABLE_EMAIL_LINK, VerifyEmailSchema } from "~/validation/auth";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, type FormReply, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { limitsFor } from "~/web/rate-limit.server";

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
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const user = await getCurrentUser(request);
  const owner = EmailProofToken.safeParse(token).success ? await usableTokenOwner(token, "verify") : undefined;
  return data(
    {
      token: owner ? token : null,
      signedIn: user !== null,
      // Pressed by anyone but the account itself, Confirm ends its other ways in: the page says so first.
      asTheAccount: owner !== undefined && user?.id === owner.id,
      signInFirst: `/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
    },
    { status: owner ? 200 : 400 },
  );
}

// "Confirm my email address" from this page, which anyone holding the link may press (the link may
// be opened on another device); "Send the link again", from the dashboard's banner or this page.
export const action = formAction({
  guard: getCurrentUser,
  schema: VerifyEmailSchema,
  limits: ({ user, value, context }) =>
    value.intent === "resend" && user ? limitsFor("passwordReset", `verify:${user.id}`, context.clientAddress) : [],
  async run({ request, user, value }) {
    if (value.intent === "resend") {
      const user = await requireUser(request);
      if (user.email_verified_at) return refuse(409, "Your email address is already confirmed.");
      await sendEmailProof(user);
      return redirectWithFlash("/dashboard/my-profile", `We sent a new link to ${user.email}.`);
    }
    const result = await proveEmail(value.token, user?.id ?? null);
    if (!result.ok) return refuse(400, result.reason === "taken" ? TAKEN : UNUSABLE_EMAIL_LINK);
    if (result.recovered) {
      // The owner of the address chooses the account's password now, through the reset path.
      return redirectWithFlash(
        `/reset-password?token=${result.recovered.resetToken}`,
        recoveredMessage(result.recovered.ended, {
          how: `${result.provenEmail} is confirmed as yours.`,
          choosePassword: "now",
        }),
      );
    }
    const message = result.email
      ? `Your email address is now ${result.email}.`
      : "Thank you: your email address is confirmed.";
    return redirectWithFlash("/dashboard/my-profile", message);
  },
});

export default function VerifyEmail() {
  const { token, signedIn, asTheAccount, signInFirst } = useLoaderData<typeof loader>();
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
          {asTheAccount ? null : <SignedOutConfirmation signInFirst={signInFirst} />}
          <input type="hidden" name="token" value={token ?? ""} />
          <StatusButton name="intent" value="confirm">
            Confirm my email address
          </StatusButton>
        </Form>
      )}
    </div>
  );
}

/**
 * Pressed by someone not signed in to the account, Confirm ends its other ways in (someone else may
 * have made it on this address): said before the press, with the way to keep them.
 */
function SignedOutConfirmation({ signInFirst }: { signInFirst: string }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p>
        You are not signed in to this account. Confirming here proves the address is yours, so to keep it safe from
        anyone else who may know its password we sign out every device signed in to it, revoke its API keys and remove
        its password; you choose a new password straight after.
      </p>
      <p className="mt-2">
        Made the account yourself?{" "}
        <AppLink to={signInFirst} className="font-semibold text-orange-800 underline">
          Sign in first
        </AppLink>{" "}
        and your sessions and password stay as they are.
      </p>
    </div>
  );
}
