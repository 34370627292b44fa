import { appUrl, storeName } from "~/config/env.server";

import { html, Letter, type RenderedMessage } from "./letter.server";
import { ONE_TIME_TOKEN_MARKER } from "./one-time-links.server";

// The account messages (a reset link, an email proof) and the contact notice, each rendered twice
// from one description: plain text and HTML (letter.server.tsx). Order messages: order-messages.server.tsx.

type OneTimePath = "/reset-password" | "/verify-email" | "/cancel-email-change" | "/dashboard/company/join";

/**
 * A link that acts for whoever follows it (reset a password, prove an address): its token is the
 * secret, so the link is written with a marker in its place, filled in only as the message is sent.
 */
function oneTimeLink(path: OneTimePath) {
  return new URL(`${path}?token=${ONE_TIME_TOKEN_MARKER}`, appUrl()).toString();
}

const ONE_TIME_LINK = /\S*?[?&]token=[^\s&]*/g;
export const LINK_HIDDEN = "(link hidden)";

/**
 * A message's text with its one-time links replaced by LINK_HIDDEN, for admins to read: the link
 * would let its reader act as the account it was sent for.
 */
export function hideOneTimeLinks(text: string) {
  return text.replace(ONE_TIME_LINK, LINK_HIDDEN);
}

/** The link to choose a new password: valid for an hour, once. */
export function passwordResetMessage(name: string, token: string): RenderedMessage {
  const link = oneTimeLink("/reset-password");
  const heading = "Choose a new password";
  const lines = [
    `Hello ${name},`,
    "",
    `Someone (we hope you) asked to reset the password of your ${storeName()} account.`,
    "Follow this link within an hour to choose a new one; it works once:",
    "",
    link,
    "",
    "If you did not ask, ignore this message: your password stays as it is.",
  ];
  return {
    linkToken: token,
    subject: `${storeName()}: reset your password`,
    text: lines.join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        <p>Hello {name},</p>
        <p>
          Someone (we hope you) asked to reset the password of your {storeName()} account. Follow the link below within
          an hour to choose a new one; it works once. If you did not ask, ignore this message.
        </p>
      </Letter>,
    ),
  };
}

/** The link that proves an email address belongs to the account (a new one, when it is a change). */
export function verifyEmailMessage(name: string, token: string, change: boolean): RenderedMessage {
  const link = oneTimeLink("/verify-email");
  const why = change
    ? `You asked to use this address for your ${storeName()} account. It takes the place of the old one when you open this link and confirm:`
    : `Please confirm that this address belongs to your ${storeName()} account by opening this link and pressing Confirm:`;
  return {
    linkToken: token,
    subject: `${storeName()}: confirm your email address`,
    text: [`Hello ${name},`, "", why, "", link, "", "The link works once, for two days."].join("\n"),
    html: html(
      <Letter heading="Confirm your email address" link={link}>
        <p>Hello {name},</p>
        <p>{why}</p>
        <p>The link works once, for two days.</p>
      </Letter>,
    ),
  };
}

/** To ORDER_NOTIFY_EMAIL: a visitor wrote through the contact page. */
export function contactNotice(message: { name: string; email: string; message: string }): RenderedMessage {
  const link = new URL("/dashboard/messages", appUrl()).toString();
  const heading = `New message from ${message.name}`;
  return {
    subject: `${storeName()}: message from ${message.name}`,
    text: [`${heading} <${message.email}>:`, "", message.message, "", link].join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        <p>{message.email}</p>
        <p style={{ whiteSpace: "pre-line" }}>{message.message}</p>
      </Letter>,
    ),
  };
}

/** An invitation to order for a company: the link makes whoever signs in with this address a member. */
export function companyInvitationMessage(companyName: string, inviterName: string, token: string): RenderedMessage {
  const link = oneTimeLink("/dashboard/company/join");
  const heading = `Join ${companyName} on ${storeName()}`;
  return {
    linkToken: token,
    subject: `${storeName()}: ${inviterName} invites you to order for ${companyName}`,
    text: [
      "Hello,",
      "",
      `${inviterName} invites you to order for ${companyName} on ${storeName()}.`,
      "Follow this link within 7 days and sign in (or create an account) with this email address to join:",
      "",
      link,
      "",
      "If you do not know them, ignore this message.",
    ].join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        <p>Hello,</p>
        <p>
          {inviterName} invites you to order for {companyName} on {storeName()}. Follow the link below within 7 days and
          sign in (or create an account) with this email address to join. If you do not know them, ignore this message.
        </p>
      </Letter>,
    ),
  };
}

/** An approver is asked to approve (or reject) a colleague's order over their limit. */
export function approvalRequestMessage(order: {
  id: number;
  buyerName: string;
  companyName: string;
  total: string;
  reason: string;
  expires: string;
}): RenderedMessage {
  const link = new URL("/dashboard/approvals", appUrl()).toString();
  const heading = `Order #${order.id} needs your approval`;
  return {
    subject: `${storeName()}: order #${order.id} by ${order.buyerName} needs your approval`,
    text: [
      "Hello,",
      "",
      `${order.buyerName} placed order #${order.id} for ${order.companyName}: ${order.total}, ${order.reason}.`,
      `Its parts are reserved until ${order.expires}. Approve or reject it here:`,
      "",
      link,
    ].join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        <p>Hello,</p>
        <p>
          {order.buyerName} placed order #{order.id} for {order.companyName}: {order.total}, {order.reason}. Its parts
          are reserved until {order.expires}. Approve or reject it on your approvals page.
        </p>
      </Letter>,
    ),
  };
}
