import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, NewPasswordField, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { EmailChangeSchema, passwordChangeSchema, ProfileSchema } from "~/validation/profile";

type Profile = { displayName: string; phone: string; address: string; company: string };
type LastResult = SubmissionResult<string[]> | undefined;

/** My Profile's contact details: the order form is prefilled from them. The email is shown, not edited. */
export function ProfileForm({
  email,
  profile,
  lastResult,
}: {
  email: string;
  profile: Profile;
  lastResult: LastResult;
}) {
  const [form, fields] = useZodForm(ProfileSchema, { id: "profile", lastResult, defaultValue: profile });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <div className="space-y-1">
        <label htmlFor="profile-email" className="block text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id="profile-email"
          value={email}
          readOnly
          className="w-full rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-slate-700"
        />
      </div>
      <Field label="Display name" meta={fields.displayName} inputProps={{ autoComplete: "name" }} />
      <Field label="Phone" meta={fields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
      <Field label="Shipping address" meta={fields.address} inputProps={{ autoComplete: "street-address" }} />
      <Field label="Company (optional)" meta={fields.company} inputProps={{ autoComplete: "organization" }} />
      <FormErrors form={form} />
      <StatusButton intent="profile" pendingText="Saving…">
        Save profile
      </StatusButton>
    </Form>
  );
}

/** The password change: the current password first, so a borrowed session cannot take the account. */
export function PasswordForm({ lastResult, passwordMinLength }: { lastResult: LastResult; passwordMinLength: number }) {
  const [form, fields] = useZodForm(passwordChangeSchema(passwordMinLength), { id: "password", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-10 space-y-4 border-t border-slate-200 pt-6">
      <h2 className="text-xl font-semibold">Change password</h2>
      <input type="hidden" name="intent" value="password" />
      <Field
        label="Current password"
        meta={fields.currentPassword}
        type="password"
        inputProps={{ autoComplete: "current-password" }}
      />
      <NewPasswordField label="New password" meta={fields.newPassword} minLength={passwordMinLength} />
      <FormErrors form={form} />
      <StatusButton intent="password" pendingText="Changing…">
        Change password
      </StatusButton>
    </Form>
  );
}

export function EmailForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const [form, fields] = useZodForm(EmailChangeSchema, { id: "email-change", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-10 space-y-4 border-t border-slate-200 pt-6">
      <h2 className="text-xl font-semibold">Change email address</h2>
      <p className="text-sm text-slate-600">
        Now {email}. We send a link to the new address; it takes the place of this one when you follow it.
      </p>
      <input type="hidden" name="intent" value="email" />
      <Field label="New email address" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
      <Field
        label="Current password"
        meta={fields.currentPassword}
        type="password"
        inputProps={{ autoComplete: "current-password" }}
      />
      <FormErrors form={form} />
      <StatusButton intent="email" pendingText="Sending…">
        Send the link
      </StatusButton>
    </Form>
  );
}
