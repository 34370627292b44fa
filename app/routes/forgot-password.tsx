import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { requestPasswordReset } from "~/services/password-reset.server";
import { ForgotPasswordSchema } from "~/validation/auth";
import { accept, anyone, formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { limitsFor } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Forgot password"),
  { name: "description", content: "Get a link to choose a new password." },
];

export const headers = routeHeaders;

export const RESET_SENT =
  "If an account uses this email, we sent a link to choose a new password. It works for an hour.";

export const action = formAction({
  guard: anyone,
  schema: ForgotPasswordSchema,
  // Per email and per client: nobody can flood an inbox or probe many addresses from one place.
  limits: ({ value, context }) =>
    limitsFor("passwordReset", `email:${value.email.toLowerCase()}`, context.clientAddress),
  async run({ value }) {
    await requestPasswordReset(value.email);
    // The same answer whether or not the email has an account.
    return accept({ sent: true });
  },
});

export default function ForgotPassword() {
  const reply = useActionData<typeof action>();
  const [form, fields] = useZodForm(ForgotPasswordSchema, { id: "forgot-password", lastResult: reply });
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Forgot password</h1>
      <p className="mt-2 text-slate-600">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      {reply && "sent" in reply && reply.sent ? (
        <p role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
          {RESET_SENT}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <FormErrors form={form} />
        <StatusButton className="w-full" pendingText="Sending…">
          Send the link
        </StatusButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Remembered it?{" "}
        <AppLink to="/sign-in" className="font-semibold text-orange-800 underline">
          Sign in
        </AppLink>
      </p>
    </div>
  );
}
