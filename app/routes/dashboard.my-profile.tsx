import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { isGoogleEnabled } from "~/auth/authenticator.server";
import { requireUser } from "~/auth/permissions.server";
import { redirectSignedOut, startSession } from "~/auth/session.server";
import { GoogleSignIn } from "~/components/profile/google-sign-in-settings";
import { EmailForm, PasswordForm, ProfileForm } from "~/components/profile/profile-forms";
import { Sessions } from "~/components/profile/sessions";
import { DeleteAccount, PERSONAL_DATA_PATH, YourData } from "~/components/profile/your-data";
import { passwordMinLength } from "~/config/env.server";
import { eraseAccount, whyNotErasable } from "~/models/account-erasure.server";
import { countLiveApiKeysOf } from "~/models/api-key.server";
import { isEmailFree } from "~/models/email-verification.server";
import { deleteUserSession, listUserSessions } from "~/models/session.server";
import { passwordMatches, updateProfile } from "~/models/user.server";
import { changePasswordAndTell, signOutEverywhere, unlinkGoogleAndTell } from "~/services/account-security.server";
import { sendEmailProof } from "~/services/email-proof.server";
import { passwordProblem } from "~/validation/password-policy.server";
import { profileActionSchema } from "~/validation/profile";
import { redirectWithFlash } from "~/web/flash.server";
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
    passwordMinLength: passwordMinLength(),
    google: { linked: user.hasGoogle, email: user.google_email, enabled: isGoogleEnabled },
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

const WRONG_PASSWORD = { fieldErrors: { currentPassword: ["Current password is not right"] } };
const WRONG_DELETE_PASSWORD = { fieldErrors: { password: ["Password is not right"] } };
const keysRevoked = (count: number) =>
  count ? ` ${count === 1 ? "Your API key was" : `Your ${count} API keys were`} revoked.` : "";

export const action = formAction({
  guard: requireUser,
  schema: () => profileActionSchema(passwordMinLength()),
  hideFields: ["currentPassword", "newPassword", "password"],
  // A point per password check, taken before the hash: a stolen cookie must not guess its way to the account.
  limits: ({ user, value }) =>
    "currentPassword" in value || "password" in value ? [["passwordChange", `user:${user.id}`] as const] : [],
  refundOnSuccess: true,
  async run({ request, context, user, value }) {
    switch (value.intent) {
      case "profile":
        await updateProfile(user.id, value);
        return redirectWithFlash("/dashboard/my-profile", "Profile saved");
      case "password": {
        const weak = await passwordProblem(value.newPassword, { email: user.email, name: user.display_name });
        if (weak) return refuse(400, { fieldErrors: { newPassword: [weak] } });
        const changed = await changePasswordAndTell(user.id, value);
        if (!changed) return refuse(400, WRONG_PASSWORD);
        // Every session ended with the change; this browser gets a fresh one.
        const headers = new Headers({ "Set-Cookie": await startSession(changed.user, { request, context }) });
        const message = `Password changed. Other devices have been signed out.${keysRevoked(changed.ended.apiKeysRevoked)}`;
        return redirectWithFlash("/dashboard/my-profile", message, { headers });
      }
      case "email": {
        // A stolen session must not move the account to its thief's address: the password is asked.
        if (!(await passwordMatches(user.id, value.currentPassword))) return refuse(400, WRONG_PASSWORD);
        if (!(await isEmailFree(value.email))) {
          return refuse(409, { fieldErrors: { email: ["An account with this email already exists"] } });
        }
        await sendEmailProof(user, value.email);
        const to = value.email.toLowerCase();
        return redirectWithFlash(
          "/dashboard/my-profile",
          `We sent a link to ${to}. Your email changes when you follow it; ${user.email} was told, with a link that cancels it.`,
        );
      }
      case "unlink-google": {
        if (!(await passwordMatches(user.id, value.currentPassword))) return refuse(400, WRONG_PASSWORD);
        if (!(await unlinkGoogleAndTell(user))) return refuse(409, "No Google account is linked.");
        return redirectWithFlash("/dashboard/my-profile", "Google unlinked: it can no longer sign in to this account.");
      }
      case "end-session": {
        const ended = await deleteUserSession(user.id, value.sessionId);
        if (!ended) return refuse(404, "That session has already ended.");
        if (value.sessionId === user.sessionId) return redirectSignedOut("/sign-in", "You have been signed out.");
        return redirectWithFlash("/dashboard/my-profile", "Session ended.");
      }
      // A page's action answers the page (Remix renders what it returns as the page's data): the
      // file is the download address's own answer (decision 52).
      case "export-data":
        return redirect(PERSONAL_DATA_PATH, 303);
      case "delete-account": {
        if (!(await passwordMatches(user.id, value.password))) return refuse(400, WRONG_DELETE_PASSWORD);
        const erased = await eraseAccount(user.id);
        if (!erased.ok) return refuse(409, whyNotErasable(erased));
        return redirectSignedOut(
          "/",
          "Your account has been deleted. Invoices we must keep by law keep only the name and address printed on them.",
        );
      }
      case "sign-out-everywhere": {
        const { apiKeysRevoked } = await signOutEverywhere(user.id, { keepApiKeys: value.keepApiKeys ?? false });
        return redirectSignedOut("/sign-in", `You have been signed out on every device.${keysRevoked(apiKeysRevoked)}`);
      }
    }
  },
});

export default function MyProfile() {
  const { email, hasPassword, passwordMinLength, google, profile, sessions, liveApiKeys } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const replyTo = (intent: string) => (reply?.initialValue?.intent === intent ? reply : undefined);

  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-bold">My Profile</h1>
      <ProfileForm email={email} profile={profile} lastResult={replyTo("profile")} />
      {hasPassword ? (
        <>
          <EmailForm email={email} lastResult={replyTo("email")} />
          <PasswordForm lastResult={replyTo("password")} passwordMinLength={passwordMinLength} />
        </>
      ) : (
        <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600">
          This account has no password: you sign in with Google. To set one, use “Forgot password?” on the sign-in page.
        </p>
      )}

      <GoogleSignIn google={google} hasPassword={hasPassword} lastResult={replyTo("unlink-google")} />

      <Sessions sessions={sessions} liveApiKeys={liveApiKeys} errors={replyTo("end-session")?.error?.[""] ?? null} />
      <YourData />
      <DeleteAccount hasPassword={hasPassword} lastResult={replyTo("delete-account")} />
    </section>
  );
}
