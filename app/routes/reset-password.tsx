import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { createUserSession } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { FormErrors, NewPasswordField, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { passwordMinLength } from "~/config/env.server";
import type { EndedCredentials } from "~/models/credentials.server";
import { resetTokenOwner } from "~/models/password-reset.server";
import { resetPasswordWithLink } from "~/services/password-reset.server";
import { isWellFormedResetToken, resetPasswordSchema, UNUSABLE_EMAIL_LINK } from "~/validation/auth";
import { passwordProblem } from "~/validation/password-policy.server";
import { anyone, formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { passwordPostLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Choose a new password"),
  { name: "description", content: "Choose a new password with the link we emailed you." },
  { name: "robots", content: "noindex" },
];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = isWellFormedResetToken(token) && (await resetTokenOwner(token)) !== undefined;
  return { token: usable ? token : "", usable, passwordMinLength: passwordMinLength() };
}

export const action = formAction({
  guard: anyone,
  schema: () => resetPasswordSchema(passwordMinLength()),
  hideFields: ["password"],
  // A new password is hashed, so this form shares sign-in's per-client budget (and, in server/, its
  // two-at-once gate); the point is given back when the link was good.
  limits: ({ context }) => passwordPostLimits(context.clientAddress),
  refundOnSuccess: true,
  async run({ request, context, value }) {
    const owner = await resetTokenOwner(value.token);
    if (!owner) return refuse(400, UNUSABLE_EMAIL_LINK);
    const weak = await passwordProblem(value.password, { email: owner.email, name: owner.display_name });
    if (weak) return refuse(400, { fieldErrors: { password: [weak] } });
    const reset = await resetPasswordWithLink(value.token, value.password);
    if (!reset) return refuse(400, UNUSABLE_EMAIL_LINK);
    // Every other session of the account has ended; this browser starts a fresh one.
    return createUserSession(reset, {
      request,
      context,
      redirectTo: "/",
      flash: resetConfirmation(reset.ended),
    });
  },
});

/** The confirmation: what else the reset ended (keys revoked, another's Google unlinked), said plainly. */
function resetConfirmation({ apiKeysRevoked, googleRemoved }: EndedCredentials) {
  const parts = ["Your password is changed, and you are signed in. Every other device was signed out"];
  if (apiKeysRevoked) {
    parts.push(`${apiKeysRevoked === 1 ? "your API key was" : `your ${apiKeysRevoked} API keys were`} revoked`);
  }
  if (googleRemoved !== false) {
    parts.push(`the Google account ${googleRemoved ? `${googleRemoved} ` : ""}was unlinked: its address is not yours`);
  }
  return `${parts.join("; ")}.`;
}

export default function ResetPassword() {
  const { token, usable, passwordMinLength } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [form, fields] = useZodForm(resetPasswordSchema(passwordMinLength), {
    id: "reset-password",
    lastResult: reply,
  });
  // A link used up since the page was shown gets the same answer as one that was unusable from the start.
  const unusable = !usable || form.errors?.includes(UNUSABLE_EMAIL_LINK);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      {unusable ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {UNUSABLE_EMAIL_LINK}{" "}
          <AppLink to="/forgot-password" className="font-semibold underline">
            Ask for a new link
          </AppLink>
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <input type="hidden" name="token" value={token} />
          <NewPasswordField label="New password" meta={fields.password} minLength={passwordMinLength} />
          <FormErrors form={form} />
          <StatusButton className="w-full" pendingText="Saving…">
            Save the new password
          </StatusButton>
        </Form>
      )}
    </div>
  );
}
