import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { isGoogleEnabled } from "~/auth/authenticator.server";
import { requireSignedOut } from "~/auth/permissions.server";
import { createUserSession } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { Field, FormErrors, NewPasswordField, StatusButton } from "~/components/forms";
import { GoogleSignInButton } from "~/components/google-sign-in";
import { CartComesAlong } from "~/components/guest-checkout";
import { useZodForm } from "~/components/use-zod-form";
import { passwordMinLength } from "~/config/env.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { createUser, EMAIL_TAKEN } from "~/models/user.server";
import { sendEmailProof } from "~/services/email-proof.server";
import { signUpSchema } from "~/validation/auth";
import { passwordProblem } from "~/validation/password-policy.server";
import { anyone, formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { limitsFor } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Create an account"),
  { name: "description", content: "Create an account to order machine parts and write reviews." },
];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  return {
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
    googleEnabled: isGoogleEnabled,
    passwordMinLength: passwordMinLength(),
  };
}

export const action = formAction({
  guard: anyone,
  schema: () => signUpSchema(passwordMinLength()),
  hideFields: ["password"],
  limits: ({ value, context }) => limitsFor("signUp", `email:${value.email}`, context.clientAddress),
  async run({ request, context, value }) {
    const weak = await passwordProblem(value.password, { email: value.email, name: value.name });
    if (weak) return refuse(400, { fieldErrors: { password: [weak] } });
    // The account and the link that proves its address commit together; ordering does not wait for it.
    const created = await createUser(
      { email: value.email, password: value.password, displayName: value.name },
      (trx, user) => sendEmailProof(user, undefined, { executor: trx }),
    );
    if (!created.ok) return refuse(400, { fieldErrors: { email: [EMAIL_TAKEN] } });
    return createUserSession(created.user, { request, context, redirectTo: value.redirectTo });
  },
});

export default function SignUp() {
  const { redirectTo, googleEnabled, passwordMinLength } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(signUpSchema(passwordMinLength), { id: "sign-up", lastResult });

  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Sign Up</h1>
      <p className="mt-2 text-slate-600">Create an account to order parts and write reviews.</p>
      <CartComesAlong />
      <Form method="post" replace {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Name" meta={fields.name} inputProps={{ autoComplete: "name" }} />
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <NewPasswordField label="Password" meta={fields.password} minLength={passwordMinLength} />
        <FormErrors form={form} />
        <StatusButton className="w-full" pendingText="Creating your account…">
          Sign Up
        </StatusButton>
      </Form>
      {googleEnabled ? <GoogleSignInButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{" "}
        <AppLink
          to={redirectTo === "/" ? "/sign-in" : `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="font-semibold text-orange-800 underline"
        >
          Sign in
        </AppLink>
      </p>
    </div>
  );
}
