import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { ReplyErrors, StatusButton, StatusFilterSelect } from "~/components/forms";
import { useFormatDate } from "~/components/use-format-date";
import { smtpUrl } from "~/config/env.server";
import { OUTBOX_STATUSES } from "~/lib/statuses";
import { listOutbox, MAX_ATTEMPTS, retryMessage } from "~/mail/outbox.server";
import { RetryMessageSchema } from "~/validation/order";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Outbox")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const status = new URL(request.url).searchParams.get("status");
  const chosen = OUTBOX_STATUSES.find((value) => value === status);
  return {
    messages: await listOutbox({ status: chosen }),
    status: chosen ?? "",
    sending: smtpUrl() !== null,
    maxAttempts: MAX_ATTEMPTS,
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: RetryMessageSchema,
  async run({ value }) {
    if (!(await retryMessage(value.messageId))) return refuse(409, "Only a failed message can be retried.");
    return redirectWithFlash("/dashboard/outbox", `Message #${value.messageId} will be sent again.`);
  },
});

const statusStyles = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  held: "bg-slate-200 text-slate-900",
} as const;

export default function Outbox() {
  const { messages, status, sending, maxAttempts } = useLoaderData<typeof loader>();
  const formatDate = useFormatDate();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-2 text-sm text-slate-700">
        {sending
          ? `Every message the store sends, newest first. A failed send is tried again, waiting longer each time, up to ${maxAttempts} times.`
          : "SMTP_URL is not set, so mail is kept here and not sent: this is exactly what the store would send."}
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <StatusFilterSelect id="outbox-status" value={status} statuses={OUTBOX_STATUSES} allLabel="All messages" />
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
          Filter
        </button>
      </Form>
      <ReplyErrors reply={reply} />
      {messages.length === 0 ? (
        <p className="mt-6 text-slate-600">No messages.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <article
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                aria-labelledby={`message-${message.id}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h2 id={`message-${message.id}`} className="min-w-0 break-words font-semibold">
                    {message.subject}
                  </h2>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${statusStyles[message.status]}`}
                  >
                    {message.status}
                  </span>
                </div>
                <p className="mt-1 break-words text-sm text-slate-700">
                  To {message.recipient} · {formatDate(message.created_at)} · {message.attempts}{" "}
                  {message.attempts === 1 ? "attempt" : "attempts"}
                  {message.sent_at ? ` · sent ${formatDate(message.sent_at)}` : ""}
                </p>
                {message.status === "held" ? (
                  <p className="mt-1 text-sm text-slate-700">
                    Held until the customer confirms this address: it is sent then.
                  </p>
                ) : null}
                {message.last_error ? (
                  <p className="mt-1 break-words text-sm text-red-800">Last error: {message.last_error}</p>
                ) : null}
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-blue-800">Message text</summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-3 text-sm">
                    {message.text_body}
                  </pre>
                </details>
                {message.status === "failed" ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="messageId" value={message.id} />
                    <StatusButton name="intent" value="retry" variant="secondary" className="px-3 py-1">
                      Retry
                    </StatusButton>
                  </Form>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
