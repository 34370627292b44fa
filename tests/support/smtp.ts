import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the test's SMTP server received it. */
export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/**
 * A real SMTP server on loopback that keeps what it receives. `refuse(true)` makes it answer every
 * message with a temporary failure (451), as a mail server that is down for a while would.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((address) => address.text).join(", ") : (mail.to?.text ?? "");
          received.push({
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: mail.html || "",
            attachments: mail.attachments.map((attachment) => ({
              filename: attachment.filename ?? "",
              contentType: attachment.contentType,
              content: attachment.content,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-session (the outbox's crash test does it on purpose) resets its connection;
  // smtp-server reports that on the server, and without a listener it would end the test process.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") console.error("test SMTP server:", error);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(value: boolean) {
      refusing = value;
    },
    /** Waits until `predicate` holds for what was received, or fails after `timeoutMs`. */
    async waitFor(predicate: (mail: ReceivedMail[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for mail; received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
