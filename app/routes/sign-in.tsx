import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthorizationError } from "remix-auth";
import { authenticator, isGoogleEnabled } from "~/auth/authenticator.server";
import { createUserSession, requireSignedOut } from "~/auth/guards.server";
import { clearEmailFailures, countAttempt, retryAfterMs, tooManyAttempts } from "~/auth/rate-limit.server";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { GoogleSignInButton } from "~/components/google-sign-in";
import { SignInSchema } from "~/validation/auth";
import { safeRedirect } from "~/utils/safe-redirect";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { readForm } from "~/utils/request.server";

export const meta: MetaFunction = () => [
  { title: "Sign in | Gearwright Parts" },
  { name: "description", content: "Sign in to order parts, write reviews and follow your orders." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: safeRedirect(redirectTo), googleEnabled: isGoogleEnabled };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email } = submission.value;
  const waitMs = await retryAfterMs(request, email, "signIn");
  if (waitMs !== null) return tooManyAttempts(submission, waitMs);
  try {
    // The strategy reads the already-parsed form from the context; remix-auth copies the request,
    // which needs an unread body, so it gets one without a body.
    const user = await authenticator.authenticate("form", new Request(request.url, { headers: request.headers }), {
      throwOnError: true,
      context: { formData },
    });
    await clearEmailFailures(email);
    return await createUserSession(user, submission.value.redirectTo);
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    await countAttempt(request, email, "signIn");
    return data(
      submission.reply({ fieldErrors: { password: [error.message] }, hideFields: ["password"] }),
      { status: 401 },
    );
  }
}

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
      <Form method="post" replace {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <Field
          label="Password"
          meta={fields.password}
          type="password"
          inputProps={{ autoComplete: "current-password" }}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton className="w-full" pendingText="Signing in…">
          Sign In
        </StatusButton>
      </Form>
      <GoogleSignInButton redirectTo={redirectTo} enabled={googleEnabled} />
      <p className="mt-6 text-center text-sm text-slate-700">
        New here?{" "}
        <Link
          to={redirectTo === "/" ? "/sign-up" : `/sign-up?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="font-semibold text-orange-800 underline"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
