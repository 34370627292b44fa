import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { createUserSession, requireSignedOut } from "~/auth/guards.server";
import { countAttempt, retryAfterMs, tooManyAttempts } from "~/auth/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { createUser, EmailTakenError } from "~/models/user.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { SignUpSchema } from "~/validation/auth";

export const meta: MetaFunction = () => [
  { title: "Create an account | Gearwright Parts" },
  { name: "description", content: "Create an account to order machine parts and write reviews." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { name, email, password } = submission.value;
  const waitMs = await retryAfterMs(request, email, "signUp");
  if (waitMs !== null) return tooManyAttempts(submission, waitMs);
  await countAttempt(request, email, "signUp");
  try {
    const user = await createUser({ email, password, displayName: name });
    return await createUserSession(user, safeRedirect(formData.get("redirectTo")));
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    return data(
      submission.reply({ fieldErrors: { email: [error.message] }, hideFields: ["password"] }),
      { status: 400 },
    );
  }
}

export default function SignUp() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(SignUpSchema, {
    id: "sign-up",
    lastResult,
  });

  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Sign Up</h1>
      <p className="mt-2 text-slate-600">Create an account to order parts and write reviews.</p>
      <Form method="post" replace {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Name" meta={fields.name} inputProps={{ autoComplete: "name" }} />
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <Field
          label="Password"
          meta={fields.password}
          type="password"
          hint="At least 6 characters."
          inputProps={{ autoComplete: "new-password" }}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton className="w-full" pendingText="Creating your account…">
          Sign Up
        </StatusButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to="/sign-in" className="font-semibold text-orange-800 underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
