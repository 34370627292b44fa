import { Form } from "@remix-run/react";

import { StatusButton } from "~/components/forms";
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
          <Form method="post">
            <input type="hidden" name="sessionId" value={session.id} />
            <StatusButton
              name="intent"
              value="end-session"
              variant="secondary"
              className="px-3 py-1"
              aria-label={`End session: ${session.user_agent ?? "unknown browser"}${session.current ? " (this browser)" : ""}`}
            >
              {session.current ? "Sign out" : "End session"}
            </StatusButton>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** Ends every session, with the offer to revoke the account's API keys too. */
export function SignOutEverywhere({ liveApiKeys }: { liveApiKeys: number }) {
  return (
    <Form method="post" className="mt-6">
      <p className="text-sm text-slate-700">
        Signed in on a shared or lost device? End every session, including this one.
      </p>
      {liveApiKeys > 0 ? (
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name="revokeApiKeys" className="h-4 w-4" />
          Also revoke my {liveApiKeys === 1 ? "API key" : `${liveApiKeys} API keys`}
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

/** Links Google to this account: the only way to add Google sign-in to an account that has a password. */
export function LinkGoogle({ linked }: { linked: boolean }) {
  if (linked) return <p className="mt-2 text-sm text-slate-700">Google is linked: you can sign in with Google too.</p>;
  // A plain form: the answer is a redirect to Google, which only a full navigation can follow.
  return (
    <form method="post" action="/auth/google" className="mt-3">
      <input type="hidden" name="intent" value="link" />
      <button
        type="submit"
        className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
      >
        Link Google account
      </button>
    </form>
  );
}
