import type { Transaction } from "kysely";

import { db } from "~/db/db.server";
import type { Database, User } from "~/db/schema";
import type { RenderedMessage } from "~/mail/letter.server";
import { enqueueMessage, releaseHeldMessages } from "~/mail/outbox.server";
import {
  apiKeyCreatedNotice,
  googleLinkedNotice,
  googleUnlinkedNotice,
  passwordChangedNotice,
} from "~/mail/security-messages.server";
import { createApiKey } from "~/models/api-key.server";
import {
  type Credential,
  endCredentials,
  ENDED_BY,
  type EndedCredentials,
  endTheseCredentials,
} from "~/models/credentials.server";
import {
  changePassword,
  createUser,
  getUserByEmail,
  getUserByGoogleIdentity,
  type GoogleIdentity,
  linkGoogleIdentity,
  markEmailProven,
} from "~/models/user.server";

// Changes to how an account is signed in to, each with the notice its owner gets, in one transaction
// (docs/security.md: "What ends what" and "Security notices").

type Account = Pick<User, "id" | "email" | "display_name">;

/** The notice to the account's own address (held, like its other mail, until that address is proven). */
function tell(trx: Transaction<Database>, account: Account, message: RenderedMessage) {
  return enqueueMessage(
    { ...message, kind: "security-notice", recipient: account.email, toAccount: account.id },
    { executor: trx },
  );
}

/** My Profile's password change (see `changePassword` for what it ends), told to the account. */
export function changePasswordAndTell(userId: number, passwords: { currentPassword: string; newPassword: string }) {
  return changePassword(userId, passwords, (trx, user) =>
    tell(trx, user, passwordChangedNotice(user.display_name, "changed")),
  );
}

/** "Sign out everywhere": every session, pending changes of address, and the API keys unless kept. */
export function signOutEverywhere(userId: number, { keepApiKeys }: { keepApiKeys: boolean }) {
  const ending: readonly Credential[] = ENDED_BY["sign out everywhere"].filter(
    (credential) => !(keepApiKeys && credential === "apiKeys"),
  );
  return endTheseCredentials(userId, ending);
}

/** A new API key for the account (shown once, by the caller), and a notice naming it. */
export function createApiKeyAndTell(account: Account, name: string) {
  return db.transaction().execute(async (trx) => {
    const created = await createApiKey({ userId: account.id, name }, { executor: trx });
    await tell(trx, account, apiKeyCreatedNotice(account.display_name, created));
    return created;
  });
}

/** Links Google to the signed-in account (its password was checked first), told to the account. */
export function linkGoogleAndTell(account: Account, identity: GoogleIdentity) {
  return db.transaction().execute(async (trx) => {
    if (!(await linkGoogleIdentity(account.id, identity, { executor: trx }))) return false;
    await tell(trx, account, googleLinkedNotice(account.display_name, identity.email));
    return true;
  });
}

/** Removes Google sign-in from an account that keeps its password, told to the account. */
export function unlinkGoogleAndTell(account: Account) {
  return db.transaction().execute(async (trx) => {
    const { googleRemoved } = await endCredentials(account.id, "Google unlinked", { executor: trx });
    if (googleRemoved === false) return false;
    await tell(trx, account, googleUnlinkedNotice(account.display_name, googleRemoved));
    return true;
  });
}

export type GoogleSignInResult =
  | { ok: true; user: User; recovered?: EndedCredentials }
  | { ok: false; reason: "unverified-google-email" | "taken-meanwhile" };

/**
 * The account for a Google identity: the one already linked to it; else, when Google vouches for
 * the email, the account with that address, linked now; else a new, password-less account.
 *
 * An account whose address was never proven may have been made by someone else on the owner's
 * address (a "pre-account takeover"): Google's proof is the owner's arrival, so what "address proven
 * by its owner" ends, ends (the maker's sessions, keys and password) before the owner is let in.
 */
export async function signInWithGoogle(identity: GoogleIdentity): Promise<GoogleSignInResult> {
  const linked = await getUserByGoogleIdentity(identity);
  if (linked) return { ok: true, user: linked };
  if (!identity.emailVerified) return { ok: false, reason: "unverified-google-email" };

  const byEmail = await getUserByEmail(identity.email);
  if (byEmail) return linkByVerifiedEmail(byEmail, identity);
  const created = await createUser({
    email: identity.email,
    displayName: identity.displayName || identity.email.split("@")[0],
    google: identity,
    emailVerified: true,
  });
  // An account with this email made a moment ago by another request: the next sign-in finds it.
  return created.ok ? created : { ok: false, reason: "taken-meanwhile" };
}

/** Thrown inside the link's transaction so that nothing it did stays: another request linked the identity first. */
class LinkedMeanwhile extends Error {}

async function linkByVerifiedEmail(byEmail: User, identity: GoogleIdentity): Promise<GoogleSignInResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<GoogleSignInResult> => {
      const recovered = byEmail.email_verified_at
        ? undefined
        : await endCredentials(byEmail.id, "address proven by its owner", { executor: trx });
      if (!(await linkGoogleIdentity(byEmail.id, identity, { executor: trx }))) throw new LinkedMeanwhile();
      if (recovered) {
        await markEmailProven(byEmail.id, { executor: trx });
        await releaseHeldMessages(byEmail.id, byEmail.email, { executor: trx });
      }
      await tell(trx, byEmail, googleLinkedNotice(byEmail.display_name, identity.email));
      const user = await trx.selectFrom("users").selectAll().where("id", "=", byEmail.id).executeTakeFirstOrThrow();
      return { ok: true, user, recovered };
    });
  } catch (error) {
    if (error instanceof LinkedMeanwhile) return { ok: false, reason: "taken-meanwhile" };
    throw error;
  }
}
