import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { AppLink } from "~/components/app-link";

import { StatusButton } from "./forms";
import { buttonClass } from "./ui/button";

type ConfirmActionProps = {
  /** What the trigger says, e.g. "Cancel". */
  label: string;
  /** Accessible name of the trigger when the label alone is ambiguous in a list. */
  accessibleLabel?: string;
  /** The question asked before anything happens. */
  question: string;
  confirmLabel: string;
  /** The same page with a query that shows the confirmation panel: the way without JavaScript. */
  fallbackHref: string;
  /** The form fields that perform the action once confirmed. */
  fields: Record<string, string | number>;
  intent: string;
  variant?: "danger" | "secondary";
  /** Where the confirmed form posts, when another route does the work; the page's own by default. */
  action?: string;
};

/**
 * A destructive action that asks first: with JavaScript a modal dialog, without it a link to a
 * confirmation panel on the page (see ConfirmPanel). Either way the server does the work on POST.
 */
export function ConfirmAction({
  label,
  accessibleLabel,
  question,
  confirmLabel,
  fallbackHref,
  fields,
  intent,
  variant = "danger",
  action,
}: ConfirmActionProps) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const questionId = useId();
  // The dialog exists only while it is open, so a long table does not carry one per row.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) dialogRef.current?.showModal();
  }, [open]);
  if (!hydrated) {
    return (
      <AppLink to={fallbackHref} className={`${buttonClass(variant)} px-3 py-1`} aria-label={accessibleLabel}>
        {label}
      </AppLink>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`${buttonClass(variant)} px-3 py-1`}
        aria-label={accessibleLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <dialog
          ref={dialogRef}
          aria-labelledby={questionId}
          onClose={() => setOpen(false)}
          className="m-auto rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
        >
          <p id={questionId} className="text-lg font-semibold text-slate-900">
            {question}
          </p>
          <Form
            method="post"
            action={action}
            className="mt-6 flex justify-end gap-3"
            onSubmit={() => dialogRef.current?.close()}
          >
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="button" className={buttonClass("secondary")} onClick={() => dialogRef.current?.close()}>
              Back
            </button>
            <StatusButton name="intent" value={intent} variant="danger">
              {confirmLabel}
            </StatusButton>
          </Form>
        </dialog>
      ) : null}
    </>
  );
}

/** The confirmation shown on the page itself when ConfirmAction's fallback link was followed. */
export function ConfirmPanel({
  question,
  confirmLabel,
  cancelHref,
  fields,
  intent,
}: {
  question: string;
  confirmLabel: string;
  cancelHref: string;
  fields: Record<string, string | number>;
  intent: string;
}) {
  return (
    <section aria-label="Confirm" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4">
      <p className="font-semibold text-red-900">{question}</p>
      <Form method="post" className="mt-4 flex gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <StatusButton name="intent" value={intent} variant="danger">
          {confirmLabel}
        </StatusButton>
        <AppLink to={cancelHref} className={buttonClass("secondary")}>
          Back
        </AppLink>
      </Form>
    </section>
  );
}
