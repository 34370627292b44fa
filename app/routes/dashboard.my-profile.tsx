import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { isGoogleEnabled } from "~/auth/authenticator.server";
import { requireUser } from "~/auth/permissions.server";
import { clearSessionCookie, startSession } from "~/auth/session.server";
import { FormErrors } from "~/components/forms";
import { EmailForm, PasswordForm, ProfileForm } from "~/components/profile/profile-forms";
import { LinkGoogle, SessionList, SignOutEverywhere } from "~/components/profile/sessions";
import { countLiveApiKeysOf, revokeApiKeysOf } from "~/models/api-key.server";
import { isEmailFree } from "~/models/email-verification.server";
import { deleteAllUserSessions, deleteUserSession, listUserSessions } from "~/models/session.server";
import { changePassword, passwordMatches, updateProfile } from "~/models/user.server";
import { sendEmailProof } from "~/services/email-proof.server";
import { ProfileActionSchema } from "~/validation/profile";
import { flashCookieHeader, redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

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
  limits: ({ user, value }) =>
    value.intent === "password" || value.intent === "email" ? [["passwordChange", `user:${user.id}`]] : [],
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
      case "email": {
        // A stolen session must not move the account to its thief's address: the password is asked.
        if (!(await passwordMatches(user.id, value.currentPassword))) {
          return refuse(400, { fieldErrors: { currentPassword: ["Current password is not right"] } });
        }
        if (!(await isEmailFree(value.email))) {
          return refuse(409, { fieldErrors: { email: ["An account with this email already exists"] } });
        }
        await sendEmailProof(user, value.email);
        return redirectWithFlash(
          "/dashboard/my-profile",
          `We sent a link to ${value.email.toLowerCase()}. Your email changes when you follow it.`,
        );
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
  const replyTo = (intent: string) => (reply?.initialValue?.intent === intent ? reply : undefined);

  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-bold">My Profile</h1>
      <ProfileForm email={email} profile={profile} lastResult={replyTo("profile")} />
      {hasPassword ? (
        <>
          <EmailForm email={email} lastResult={replyTo("email")} />
          <PasswordForm lastResult={replyTo("password")} />
        </>
      ) : (
        <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600">
          You sign in with Google, so there is no password to change here.
        </p>
      )}

      {google.enabled ? (
        <section aria-labelledby="google-heading" className="mt-10 border-t border-slate-200 pt-6">
          <h2 id="google-heading" className="text-xl font-semibold">
            Google sign-in
          </h2>
          <LinkGoogle linked={google.linked} />
        </section>
      ) : null}

      <section aria-labelledby="sessions-heading" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Sessions
        </h2>
        <FormErrors errors={replyTo("end-session")?.error?.[""] ?? null} />
        <SessionList sessions={sessions} />
        <SignOutEverywhere liveApiKeys={liveApiKeys} />
      </section>
    </section>
  );
}
