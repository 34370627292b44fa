import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthorizationError } from "remix-auth";

import { authenticator, isGoogleEnabled } from "~/auth/authenticator.server";
import { requireSignedOut } from "~/auth/permissions.server";
import { createUserSession } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { GoogleSignInButton } from "~/components/google-sign-in";
import { CartComesAlong } from "~/components/guest-checkout";
import { useZodForm } from "~/components/use-zod-form";
import { safeRedirect } from "~/lib/safe-redirect";
import { endCredentials } from "~/models/credentials.server";
import { SignInSchema } from "~/validation/auth";
import { anyone, formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { signInLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Sign in"),
  { name: "description", content: "Sign in to order parts, write reviews and follow your orders." },
];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: safeRedirect(redirectTo), googleEnabled: isGoogleEnabled };
}

export const action = formAction({
  guard: anyone,
  schema: SignInSchema,
  hideFields: ["password"],
  // A point is taken before the password is hashed and given back when it was right.
  limits: ({ value, context }) => signInLimits(value.email, context.clientAddress),
  refundOnSuccess: true,
  async run({ request, context, value, formData }) {
    try {
      // The strategy reads the already-parsed form from the context; remix-auth copies the request,
      // which needs an unread body, so it gets one without a body.
      const authenticated = await authenticator.authenticate(
        "form",
        new Request(request.url, { headers: request.headers }),
        {
          throwOnError: true,
          context: { formData },
        },
      );
      if (!("user" in authenticated)) throw new Error("The form strategy returned no user");
      // The owner knows the password: reset links sent earlier are no longer theirs to need.
      await endCredentials(authenticated.user.id, "sign-in by password");
      return await createUserSession(authenticated.user, { request, context, redirectTo: value.redirectTo });
    } catch (error) {
      if (error instanceof AuthorizationError) return refuse(401, { fieldErrors: { password: [error.message] } });
      throw error;
    }
  },
});

export default function SignIn() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(SignInSchema, {
    id: "sign-in",
    lastResult,
    defaultValue: { redirectTo },
  });

  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Sign In</h1>
      <p className="mt-2 text-slate-600">Welcome back. Sign in to order parts and follow your orders.</p>
      <CartComesAlong />
      <Form method="post" replace {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <Field
          label="Password"
          meta={fields.password}
          type="password"
          inputProps={{ autoComplete: "current-password" }}
        />
        <p className="text-right text-sm">
          <AppLink to="/forgot-password" className="font-semibold text-orange-800 underline">
            Forgot password?
          </AppLink>
        </p>
        <FormErrors form={form} />
        <StatusButton className="w-full" pendingText="Signing in…">
          Sign In
        </StatusButton>
      </Form>
      {googleEnabled ? <GoogleSignInButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        New here?{" "}
        <AppLink
          to={redirectTo === "/" ? "/sign-up" : `/sign-up?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="font-semibold text-orange-800 underline"
        >
          Create an account
        </AppLink>
      </p>
    </div>
  );
}
