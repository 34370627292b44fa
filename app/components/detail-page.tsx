import type { ReactNode } from "react";

import { AppLink } from "./app-link";
import { ReplyErrors } from "./forms";

/** The way back from a page about one thing to the list it was chosen from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <AppLink to={to} className="text-sm font-medium text-blue-800 underline print:hidden">
      ← {children}
    </AppLink>
  );
}

/**
 * A page about one order or quote, as buyers and staff both see one: the way back to the list, what
 * the last post refused, the confirmation a press asked for without JavaScript, then the page.
 */
export function DetailPage({
  back,
  reply,
  confirmations,
  children,
}: {
  back: { to: string; label: string };
  reply: Parameters<typeof ReplyErrors>[0]["reply"];
  confirmations?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section>
      <BackLink to={back.to}>{back.label}</BackLink>
      <ReplyErrors reply={reply} />
      {confirmations}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * Who the order or quote is for, as a term of its heading's list: staff see the person with a link to
 * mail them; a colleague sees only whose it is.
 */
export function PersonTerm({ term, name, email }: { term: string; name: string; email?: string }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words">
        {name}
        {email ? (
          <>
            {" "}
            <a href={`mailto:${email}`} className="text-blue-800 underline">
              {email}
            </a>
          </>
        ) : null}
      </dd>
    </>
  );
}
