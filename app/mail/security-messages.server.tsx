import { appUrl, storeName } from "~/config/env.server";

import { html, Letter, type RenderedMessage } from "./letter.server";
import { ONE_TIME_TOKEN_MARKER } from "./one-time-links.server";

// What the account's owner is told when something that signs in to it changes (docs/security.md,
// "Security notices"): a password changed or reset, an email address asked for or changed, Google
// linked or unlinked, an API key made. None carries a secret; each says what to do if it was not them.

const NOT_YOU =
  "If this was not you, reset your password now with “Forgot password?” on the sign-in page: that signs out every device, revokes the account's API keys and cancels any change of email address.";

function profileLink() {
  return new URL("/dashboard/my-profile", appUrl()).toString();
}

/** One notice: a heading, what happened in a few sentences, and where to look. */
function notice(
  name: string,
  { subject, heading, lines, link = profileLink(), linkToken }: NoticeContent,
): RenderedMessage {
  const text = [`Hello ${name},`, "", ...lines, "", link].join("\n");
  return {
    subject: `${storeName()}: ${subject}`,
    text,
    html: html(
      <Letter heading={heading} link={link}>
        <p>Hello {name},</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </Letter>,
    ),
    linkToken,
  };
}

type NoticeContent = { subject: string; heading: string; lines: string[]; link?: string; linkToken?: string };

export function passwordChangedNotice(name: string, how: "changed" | "reset"): RenderedMessage {
  return notice(name, {
    subject: "your password was changed",
    heading: "Your password was changed",
    lines: [
      how === "reset"
        ? `The password of your ${storeName()} account was reset with a link we emailed to you. Every device was signed out and the account's API keys were revoked.`
        : `The password of your ${storeName()} account was changed on My Profile. Your other devices were signed out and the account's API keys were revoked.`,
      NOT_YOU,
    ],
  });
}

/**
 * To the account's current address when someone asks to move it to `newEmail`, with a link that
 * cancels the move (it works once, until the change is made or a newer one asked for).
 */
export function emailChangeRequestedNotice(name: string, newEmail: string, cancelToken: string): RenderedMessage {
  return notice(name, {
    subject: "a change of your email address was asked for",
    heading: "Someone asked to change your email address",
    lines: [
      `Someone signed in to your ${storeName()} account asked to move it to ${newEmail}. It moves only when a link sent to that address is followed.`,
      "If this was not you, cancel the change with the link below, then reset your password: whoever asked knows it.",
    ],
    link: new URL(`/cancel-email-change?token=${ONE_TIME_TOKEN_MARKER}`, appUrl()).toString(),
    linkToken: cancelToken,
  });
}

/** To the old address once the account has moved to `newEmail`. */
export function emailChangedNotice(name: string, newEmail: string): RenderedMessage {
  return notice(name, {
    subject: "your email address was changed",
    heading: "Your email address was changed",
    lines: [
      `Your ${storeName()} account now signs in and receives its mail at ${newEmail}. We will not write to this address again.`,
      `If this was not you, write to us at once from this address through the contact page: ${new URL("/contact", appUrl()).toString()}`,
    ],
  });
}

export function googleLinkedNotice(name: string, googleEmail: string): RenderedMessage {
  return notice(name, {
    subject: "Google sign-in was linked to your account",
    heading: "Google sign-in was linked",
    lines: [`The Google account ${googleEmail} can now sign in to your ${storeName()} account.`, NOT_YOU],
  });
}

export function googleUnlinkedNotice(name: string, googleEmail: string | null): RenderedMessage {
  return notice(name, {
    subject: "Google sign-in was removed from your account",
    heading: "Google sign-in was removed",
    lines: [
      `${googleEmail ? `The Google account ${googleEmail}` : "The linked Google account"} can no longer sign in to your ${storeName()} account.`,
      NOT_YOU,
    ],
  });
}

export function apiKeyCreatedNotice(name: string, key: { name: string; prefix: string }): RenderedMessage {
  return notice(name, {
    subject: "a new API key was made for your account",
    heading: "A new API key was made",
    lines: [
      `An API key named “${key.name}” (it starts ${key.prefix}…) was made for your ${storeName()} account. Programs that hold it act as you.`,
      NOT_YOU,
    ],
    link: new URL("/dashboard/api-keys", appUrl()).toString(),
  });
}
