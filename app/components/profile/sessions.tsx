import { Form } from "@remix-run/react";

import { FormErrors, StatusButton } from "~/components/forms";
import { RowActionForm } from "~/components/row-action-form";
import { useFormatDate } from "~/components/use-format-date";

type SessionRow = {
  id: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
  current: boolean;
};

/** The account's signed-in browsers, each with a button that ends it; the current one is marked. */
export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  const formatDate = useFormatDate();
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-medium">
              {session.user_agent ?? "Unknown browser"}
              {session.current ? (
                <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                  This browser
                </span>
              ) : null}
            </p>
            <p className="text-sm text-slate-600">
              Last seen <time dateTime={session.last_seen_at}>{formatDate(session.last_seen_at)}</time>
              {session.ip ? ` from ${session.ip}` : ""}, signed in{" "}
              <time dateTime={session.created_at}>{formatDate(session.created_at)}</time>
            </p>
          </div>
          <RowActionForm
            idField="sessionId"
            id={session.id}
            intent="end-session"
            variant="secondary"
            aria-label={`${session.current ? "Sign out" : "End session"}: ${session.user_agent ?? "unknown browser"}${session.current ? " (this browser)" : ""}`}
          >
            {session.current ? "Sign out" : "End session"}
          </RowActionForm>
        </li>
      ))}
    </ul>
  );
}

/** Ends every session and, unless kept on purpose, the account's API keys too. */
export function SignOutEverywhere({ liveApiKeys }: { liveApiKeys: number }) {
  return (
    <Form method="post" className="mt-6">
      <p className="text-sm text-slate-700">
        Signed in on a shared or lost device? End every session, including this one.
      </p>
      {liveApiKeys > 0 ? (
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name="keepApiKeys" className="h-4 w-4" />
          Keep my {liveApiKeys === 1 ? "API key" : `${liveApiKeys} API keys`} working (they are revoked otherwise)
        </label>
      ) : null}
      <StatusButton
        name="intent"
        value="sign-out-everywhere"
        variant="secondary"
        className="mt-4"
        pendingText="Signing out…"
      >
        Sign out everywhere
      </StatusButton>
    </Form>
  );
}

/** My Profile's sessions: every signed-in browser, ending one, and signing out everywhere. */
export function Sessions({
  sessions,
  liveApiKeys,
  errors,
}: {
  sessions: SessionRow[];
  liveApiKeys: number;
  errors: string[] | null;
}) {
  return (
    <section aria-labelledby="sessions-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        Sessions
      </h2>
      <FormErrors errors={errors} />
      <SessionList sessions={sessions} />
      <SignOutEverywhere liveApiKeys={liveApiKeys} />
    </section>
  );
}
