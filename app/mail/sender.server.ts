import nodemailer, { type Transporter } from "nodemailer";

import { mailFrom, outboxPollMs, smtpUrl } from "~/config/env.server";

import { hasLinkMarker, openLinkToken, withLinkToken } from "./one-time-links.server";
import { claimDueMessages, type ClaimedMessage, markAttemptFailed, markSent } from "./outbox.server";

let timer: ReturnType<typeof setInterval> | undefined;
let transport: Transporter | undefined;
let working: Promise<void> | undefined;

/** What a message being sent is about: the documents it carries are made from these. */
export type MessageDocuments = { kind: string; invoiceId: number | null; orderId: number | null };

export type Attachment = { filename: string; content: Buffer; contentType: string };

/**
 * Makes the PDFs a message carries (an invoice, a credit note, a pro-forma invoice) when it is sent.
 * Mail sits below the models that read documents (docs/decisions/0021-layers.md), so the server
 * hands the maker in.
 */
export type AttachmentMaker = (message: MessageDocuments) => Promise<Attachment[]>;

const noDocuments: AttachmentMaker = async (message) => {
  if (message.invoiceId !== null) throw new Error(`No attachment maker was given for invoice ${message.invoiceId}`);
  return [];
};

/**
 * Sends what is due until nothing is: claim a batch, send each message, mark it sent or failed.
 * A crash between sending and marking sends that one message again after its claim runs out.
 */
export async function sendDueMessages(through: Transporter, attachmentOf: AttachmentMaker = noDocuments) {
  for (;;) {
    const batch = await claimDueMessages(10);
    if (!batch.length) return;
    for (const message of batch) {
      try {
        const { text, html } = bodiesToSend(message);
        await through.sendMail({
          from: mailFrom(),
          to: message.recipient,
          subject: message.subject,
          text,
          html,
          attachments: await attachmentOf({
            kind: message.kind,
            invoiceId: message.invoice_id,
            orderId: message.order_id,
          }),
        });
        await markSent(message.id);
      } catch (error) {
        await markAttemptFailed(message, error instanceof Error ? error.message : String(error));
      }
    }
  }
}

/** The message's bodies as they leave: its one-time link's token unsealed into its place. */
function bodiesToSend(message: ClaimedMessage) {
  if (!hasLinkMarker(message.text_body) && !hasLinkMarker(message.html_body)) {
    return { text: message.text_body, html: message.html_body };
  }
  const token = message.link_token ? openLinkToken(message.link_token) : null;
  if (!token) throw new Error("Its one-time link cannot be opened (no sealed token, or SESSION_SECRET changed)");
  return { text: withLinkToken(message.text_body, token), html: withLinkToken(message.html_body, token) };
}

/** Each app process sends from the outbox every OUTBOX_POLL_MS; without SMTP_URL mail stays there. */
export function startOutboxSender(attachmentOf: AttachmentMaker) {
  const url = smtpUrl();
  if (!url || timer) return;
  // Bounded waits, so that a send ends well within a claim's lease (OUTBOX_LEASE_MS).
  transport = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const sender = transport;
  timer = setInterval(() => {
    working ??= sendDueMessages(sender, attachmentOf)
      .catch((error) => console.error("The outbox sender failed; it tries again shortly:", error))
      .finally(() => {
        working = undefined;
      });
  }, outboxPollMs());
}

/** On shutdown: no new rounds, the one under way finishes. */
export async function stopOutboxSender() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await working;
  transport?.close();
  transport = undefined;
}
