import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, StatusButton } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { useZodForm } from "~/components/use-zod-form";
import { LinkGoogleSchema, UnlinkGoogleSchema } from "~/validation/profile";

type LastResult = SubmissionResult<string[]> | undefined;

/**
 * Links Google to this account, the password asked first. A plain document form, not Remix's
 * <Form>: the answer is a redirect to Google, which only a full navigation can follow. A wrong
 * password comes back from /auth/google as its own page with this form and the message.
 */
export function LinkGoogleForm({ lastResult }: { lastResult?: LastResult }) {
  const [form, fields] = useZodForm(LinkGoogleSchema, { id: "link-google", lastResult });
  return (
    <form method="post" action="/auth/google" {...getFormProps(form)} noValidate className="mt-3 space-y-4">
      <p className="text-sm text-slate-700">
        Sign in with a Google account as well as your password. We ask for your password first.
      </p>
      <input type="hidden" name="intent" value="link" />
      <Field
        label="Current password"
        meta={fields.currentPassword}
        type="password"
        inputProps={{ autoComplete: "current-password" }}
      />
      <FormErrors form={form} />
      <button type="submit" className={buttonClass("secondary")}>
        Link Google account
      </button>
    </form>
  );
}

/** The linked Google account, by its address, and Unlink while the account has a password to fall back on. */
export function LinkedGoogle({
  googleEmail,
  hasPassword,
  lastResult,
}: {
  googleEmail: string | null;
  hasPassword: boolean;
  lastResult?: LastResult;
}) {
  const [form, fields] = useZodForm(UnlinkGoogleSchema, { id: "unlink-google", lastResult });
  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-slate-700">
        {googleEmail ? (
          <>
            Google is linked: <strong className="font-semibold">{googleEmail}</strong> can sign in to this account.
          </>
        ) : (
          "Google is linked: you can sign in with Google too."
        )}
      </p>
      {hasPassword ? (
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="unlink-google" />
          <Field
            label="Current password"
            meta={fields.currentPassword}
            type="password"
            inputProps={{ autoComplete: "current-password" }}
          />
          <FormErrors form={form} />
          <StatusButton intent="unlink-google" variant="secondary" pendingText="Unlinking…">
            Unlink Google
          </StatusButton>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">
          Google is how you sign in, so it stays linked until you have a password: set one with “Forgot password?” on
          the sign-in page.
        </p>
      )}
    </div>
  );
}

/** My Profile's Google section: the linked account and Unlink, or the link form; nothing when neither can be. */
export function GoogleSignIn({
  google,
  hasPassword,
  lastResult,
}: {
  google: { linked: boolean; email: string | null; enabled: boolean };
  hasPassword: boolean;
  lastResult?: LastResult;
}) {
  if (!google.linked && !(google.enabled && hasPassword)) return null;
  return (
    <section aria-labelledby="google-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="google-heading" className="text-xl font-semibold">
        Google sign-in
      </h2>
      {google.linked ? (
        <LinkedGoogle googleEmail={google.email} hasPassword={hasPassword} lastResult={lastResult} />
      ) : (
        <LinkGoogleForm />
      )}
    </section>
  );
}
