import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { newUserSession, requireUser } from "~/auth/guards.server";
import { commitSession, getSession, sessionStorage, setFlash } from "~/auth/session.server";
import { readForm } from "~/utils/request.server";
import { attemptWrite, writeFailed } from "~/utils/write.server";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { bumpSessionVersion, changePassword, updateProfile } from "~/models/user.server";
import { PasswordChangeSchema, ProfileSchema, SignOutEverywhereSchema } from "~/validation/profile";

export const meta: MetaFunction = () => [{ title: "My Profile | Gearwright Parts" }];

const ProfileActionSchema = z.discriminatedUnion("intent", [ProfileSchema, PasswordChangeSchema, SignOutEverywhereSchema]);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    email: user.email,
    hasPassword: user.hasPassword,
    profile: {
      displayName: user.display_name,
      phone: user.phone ?? "",
      address: user.address ?? "",
      company: user.company ?? "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: ProfileActionSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["currentPassword", "newPassword"] }), { status: 400 });
  }
  if (submission.value.intent === "sign-out-everywhere") {
    await bumpSessionVersion(user.id);
    const fresh = await sessionStorage.getSession();
    setFlash(fresh, { kind: "success", message: "You have been signed out on every device." });
    return redirect("/sign-in", { headers: { "Set-Cookie": await commitSession(fresh) } });
  }
  const session = await getSession(request);
  if (submission.value.intent === "profile") {
    const profile = submission.value;
    const saved = await attemptWrite(() => updateProfile(user.id, profile));
    if (!saved.ok) return writeFailed(submission);
    setFlash(session, { kind: "success", message: "Profile saved" });
    return redirect("/dashboard/my-profile", { headers: { "Set-Cookie": await commitSession(session) } });
  }
  const updated = await changePassword(user.id, submission.value.currentPassword, submission.value.newPassword);
  if (!updated) {
    return data(
      submission.reply({ fieldErrors: { currentPassword: ["Current password is not right"] }, hideFields: ["currentPassword", "newPassword"] }),
      { status: 400 },
    );
  }
  // Other devices are signed out by the version bump; this one gets a fresh cookie with the message.
  const fresh = await newUserSession(updated);
  setFlash(fresh, { kind: "success", message: "Password changed. Other devices have been signed out." });
  return redirect("/dashboard/my-profile", { headers: { "Set-Cookie": await commitSession(fresh) } });
}

export default function MyProfile() {
  const { email, hasPassword, profile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [profileForm, profileFields] = useZodForm(ProfileSchema, {
    id: "profile",
    lastResult: lastResult?.initialValue?.intent === "profile" ? lastResult : undefined,
    defaultValue: profile,
  });
  const [passwordForm, passwordFields] = useZodForm(PasswordChangeSchema, {
    id: "password",
    lastResult: lastResult?.initialValue?.intent === "password" ? lastResult : undefined,
  });

  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-bold">My Profile</h1>
      <Form method="post" {...getFormProps(profileForm)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <div className="space-y-1">
          <label htmlFor="profile-email" className="block text-sm font-medium text-slate-800">Email</label>
          <input id="profile-email" value={email} readOnly className="w-full rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-slate-700" />
        </div>
        <Field label="Display name" meta={profileFields.displayName} inputProps={{ autoComplete: "name" }} />
        <Field label="Phone" meta={profileFields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
        <Field label="Shipping address" meta={profileFields.address} inputProps={{ autoComplete: "street-address" }} />
        <Field label="Company (optional)" meta={profileFields.company} inputProps={{ autoComplete: "organization" }} />
        <FormErrors id={profileForm.errorId} errors={profileForm.errors} />
        <StatusButton intent="profile" pendingText="Saving…">Save profile</StatusButton>
      </Form>

      {hasPassword ? (
        <Form method="post" {...getFormProps(passwordForm)} noValidate className="mt-10 space-y-4 border-t border-slate-200 pt-6">
          <h2 className="text-xl font-semibold">Change password</h2>
          <input type="hidden" name="intent" value="password" />
          <Field label="Current password" meta={passwordFields.currentPassword} type="password" inputProps={{ autoComplete: "current-password" }} />
          <Field label="New password" meta={passwordFields.newPassword} type="password" inputProps={{ autoComplete: "new-password" }} />
          <StatusButton intent="password" pendingText="Changing…">Change password</StatusButton>
        </Form>
      ) : (
        <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600">You sign in with Google, so there is no password to change here.</p>
      )}
      <Form method="post" className="mt-10 border-t border-slate-200 pt-6">
        <h2 className="text-xl font-semibold">Sessions</h2>
        <p className="mt-2 text-sm text-slate-700">Signed in on a shared or lost device? End every session, including this one.</p>
        <StatusButton name="intent" value="sign-out-everywhere" variant="secondary" className="mt-4" pendingText="Signing out…">
          Sign out everywhere
        </StatusButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
