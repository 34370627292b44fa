import { getFormProps } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { isGoogleEnabled } from "~/auth/authenticator.server";
import { requireUser } from "~/auth/permissions.server";
import { clearSessionCookie, startSession } from "~/auth/session.server";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { LinkGoogle, SessionList, SignOutEverywhere } from "~/components/profile/sessions";
import { useZodForm } from "~/components/use-zod-form";
import { countLiveApiKeysOf, revokeApiKeysOf } from "~/models/api-key.server";
import { deleteAllUserSessions, deleteUserSession, listUserSessions } from "~/models/session.server";
import { changePassword, updateProfile } from "~/models/user.server";
import { flashCookieHeader, redirectWithFlash } from "~/utils/flash.server";
import { formAction, refuse } from "~/utils/form-action.server";
import { routeHeaders } from "~/utils/headers";
import { pageTitle } from "~/utils/meta";
import { PasswordChangeSchema, ProfileActionSchema, ProfileSchema } from "~/validation/profile";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "My Profile")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [sessions, liveApiKeys] = await Promise.all([listUserSessions(user.id), countLiveApiKeysOf(user.id)]);
  return {
    email: user.email,
    hasPassword: user.hasPassword,
    google: { linked: user.hasGoogle, enabled: isGoogleEnabled },
    profile: {
      displayName: user.display_name,
      phone: user.phone ?? "",
      address: user.address ?? "",
      company: user.company ?? "",
    },
    sessions: sessions.map((session) => ({ ...session, current: session.id === user.sessionId })),
    liveApiKeys,
  };
}

/** Back to sign-in with a message, this browser's cookie removed. */
async function signedOut(message: string) {
  const headers = new Headers({ "Set-Cookie": await clearSessionCookie() });
  headers.append("Set-Cookie", await flashCookieHeader(message));
  return redirect("/sign-in", { headers });
}

export const action = formAction({
  guard: requireUser,
  schema: ProfileActionSchema,
  hideFields: ["currentPassword", "newPassword"],
  // A point per password check, taken before the hash: a stolen cookie must not guess its way to the account.
  limits: ({ user, value }) => (value.intent === "password" ? [["passwordChange", `user:${user.id}`]] : []),
  refundOnSuccess: true,
  async run({ request, context, user, value }) {
    switch (value.intent) {
      case "profile":
        await updateProfile(user.id, value);
        return redirectWithFlash("/dashboard/my-profile", "Profile saved");
      case "password": {
        const updated = await changePassword(user.id, value.currentPassword, value.newPassword);
        if (!updated) return refuse(400, { fieldErrors: { currentPassword: ["Current password is not right"] } });
        // Every session ended with the change; this browser gets a fresh one.
        const headers = new Headers({ "Set-Cookie": await startSession(updated, { request, context }) });
        return redirectWithFlash("/dashboard/my-profile", "Password changed. Other devices have been signed out.", {
          headers,
        });
      }
      case "end-session": {
        const ended = await deleteUserSession(user.id, value.sessionId);
        if (!ended) return refuse(404, "That session has already ended.");
        if (value.sessionId === user.sessionId) return signedOut("You have been signed out.");
        return redirectWithFlash("/dashboard/my-profile", "Session ended.");
      }
      case "sign-out-everywhere": {
        const revoked = value.revokeApiKeys ? await revokeApiKeysOf(user.id) : 0;
        await deleteAllUserSessions(user.id);
        const keys = revoked ? ` ${revoked === 1 ? "Your API key was" : `Your ${revoked} API keys were`} revoked.` : "";
        return signedOut(`You have been signed out on every device.${keys}`);
      }
    }
  },
});

export default function MyProfile() {
  const { email, hasPassword, google, profile, sessions, liveApiKeys } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [profileForm, profileFields] = useZodForm(ProfileSchema, {
    id: "profile",
    lastResult: reply?.initialValue?.intent === "profile" ? reply : undefined,
    defaultValue: profile,
  });
  const [passwordForm, passwordFields] = useZodForm(PasswordChangeSchema, {
    id: "password",
    lastResult: reply?.initialValue?.intent === "password" ? reply : undefined,
  });
  const otherReply = reply?.initialValue?.intent === "end-session" ? reply : undefined;

  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-bold">My Profile</h1>
      <Form method="post" {...getFormProps(profileForm)} noValidate className="mt-6 space-y-4">
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
        <Field label="Display name" meta={profileFields.displayName} inputProps={{ autoComplete: "name" }} />
        <Field label="Phone" meta={profileFields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
        <Field label="Shipping address" meta={profileFields.address} inputProps={{ autoComplete: "street-address" }} />
        <Field label="Company (optional)" meta={profileFields.company} inputProps={{ autoComplete: "organization" }} />
        <FormErrors id={profileForm.errorId} errors={profileForm.errors} />
        <StatusButton intent="profile" pendingText="Saving…">
          Save profile
        </StatusButton>
      </Form>

      {hasPassword ? (
        <Form
          method="post"
          {...getFormProps(passwordForm)}
          noValidate
          className="mt-10 space-y-4 border-t border-slate-200 pt-6"
        >
          <h2 className="text-xl font-semibold">Change password</h2>
          <input type="hidden" name="intent" value="password" />
          <Field
            label="Current password"
            meta={passwordFields.currentPassword}
            type="password"
            inputProps={{ autoComplete: "current-password" }}
          />
          <Field
            label="New password"
            meta={passwordFields.newPassword}
            type="password"
            inputProps={{ autoComplete: "new-password" }}
          />
          <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
          <StatusButton intent="password" pendingText="Changing…">
            Change password
          </StatusButton>
        </Form>
      ) : (
        <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600">
          You sign in with Google, so there is no password to change here.
        </p>
      )}

      <section aria-labelledby="google-heading" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="google-heading" className="text-xl font-semibold">
          Google sign-in
        </h2>
        <LinkGoogle linked={google.linked} enabled={google.enabled} />
      </section>

      <section aria-labelledby="sessions-heading" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Sessions
        </h2>
        <FormErrors errors={otherReply?.error?.[""] ?? null} />
        <SessionList sessions={sessions} />
        <SignOutEverywhere liveApiKeys={liveApiKeys} />
      </section>
    </section>
  );
}
