import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { requireUser } from "~/auth/permissions.server";
import { limitsFor } from "~/auth/rate-limit.server";
import { getCurrentUser } from "~/auth/session.server";
import { StatusButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { proveEmail, sendEmailProof } from "~/models/email-verification.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { formAction, refuse } from "~/utils/form-action.server";
import { routeHeaders } from "~/utils/headers";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Confirm your email address"),
  { name: "description", content: "Confirm that your email address belongs to your account." },
  { name: "robots", content: "noindex" },
];

export const headers = routeHeaders;

const ResendSchema = z.object({ intent: z.literal("resend") });

// Following the link in the message: the address is proven once, and the visitor lands on My Profile.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = /^[A-Za-z0-9_-]{20,100}$/.test(token)
    ? await proveEmail(token)
    : { ok: false as const, reason: "unusable" as const };
  if (result.ok) {
    const message = result.email
      ? `Your email address is now ${result.email}.`
      : "Thank you: your email address is confirmed.";
    throw await redirectWithFlash("/dashboard/my-profile", message);
  }
  const signedIn = (await getCurrentUser(request)) !== null;
  return data({ reason: result.reason, signedIn }, { status: 400 });
}

// "Send the link again", from the banner on the dashboard or from this page.
export const action = formAction({
  guard: requireUser,
  schema: ResendSchema,
  limits: ({ user, context }) => limitsFor("passwordReset", `verify:${user.id}`, context.clientAddress),
  async run({ user }) {
    if (user.email_verified_at) return refuse(409, "Your email address is already confirmed.");
    await sendEmailProof(db, user);
    return redirectWithFlash("/dashboard/my-profile", `We sent a new link to ${user.email}.`);
  },
});

export default function VerifyEmail() {
  const { reason, signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Confirm your email address</h1>
      <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
        {reason === "taken"
          ? "Another account uses this email address now, so yours was not changed."
          : "This link has expired or was already used."}
      </p>
      {signedIn ? (
        <Form method="post" className="mt-4">
          <StatusButton name="intent" value="resend" variant="secondary">
            Send the link again
          </StatusButton>
        </Form>
      ) : (
        <p className="mt-4 text-sm">
          <Link to="/sign-in?redirectTo=%2Fdashboard%2Fmy-profile" className="font-semibold text-orange-800 underline">
            Sign in
          </Link>{" "}
          to get a new link.
        </p>
      )}
    </div>
  );
}
