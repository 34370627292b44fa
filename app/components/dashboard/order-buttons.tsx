import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId } from "react";

import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { ErrorList, inputClass, StatusButton } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { CARRIERS } from "~/lib/carriers";
import type { CancellableLine, OrderAction } from "~/models/order";

export function cancelLineQuestion(orderId: number, line: CancellableLine) {
  return `Cancel the ${line.openUnits} of ${line.partNumber} ${line.name} not yet shipped on order #${orderId}? What was held for it goes back into stock.`;
}

const CANCEL_LINE_CONFIRM = "Yes, cancel the line";

/** The question a line's Cancel asks on the page itself (`?cancelLine=`), the way without JavaScript. */
export function CancelLinePanel({
  orderId,
  line,
  backHref,
}: {
  orderId: number;
  line: CancellableLine;
  backHref: string;
}) {
  return (
    <ConfirmPanel
      question={cancelLineQuestion(orderId, line)}
      confirmLabel={CANCEL_LINE_CONFIRM}
      cancelHref={backHref}
      fields={{ orderId, lineId: line.id }}
      intent="cancel-line"
    />
  );
}

/** A line's Cancel: asks first, in a dialog or (without JavaScript) on the page at `fallbackHref`. */
export function CancelLineButton({
  orderId,
  line,
  fallbackHref,
}: {
  orderId: number;
  line: CancellableLine;
  fallbackHref: string;
}) {
  return (
    <ConfirmAction
      label="Cancel line"
      accessibleLabel={`Cancel line ${line.partNumber}`}
      question={cancelLineQuestion(orderId, line)}
      confirmLabel={CANCEL_LINE_CONFIRM}
      fallbackHref={fallbackHref}
      fields={{ orderId, lineId: line.id }}
      intent="cancel-line"
    />
  );
}

export function cancelQuestion(orderId: number, summary: string) {
  return `Cancel order #${orderId} (${summary})? The parts go back into stock.`;
}

/** The customer's Cancel: asks first, in a dialog or (without JavaScript) on the page at `fallbackHref`. */
export function CancelOrderButton({
  orderId,
  summary,
  fallbackHref,
}: {
  orderId: number;
  summary: string;
  fallbackHref: string;
}) {
  return (
    <ConfirmAction
      label="Cancel"
      accessibleLabel={`Cancel order #${orderId}`}
      question={cancelQuestion(orderId, summary)}
      confirmLabel="Yes, cancel the order"
      fallbackHref={fallbackHref}
      fields={{ orderId }}
      intent="cancel"
    />
  );
}

/** What was sent in a Ship the server refused, and why, so the form opens again with it. */
export type ShipRefusal = {
  carrier: string;
  trackingNumber: string;
  errors: { carrier?: string[] | null; trackingNumber?: string[] | null };
};

/** The refusal of this order's Ship in an action's reply, if that is what the reply is. */
export function shipRefusalOf(reply: SubmissionResult<string[]> | null | undefined, orderId: number) {
  const sent = reply?.initialValue;
  if (!reply?.error || sent?.intent !== "ship" || String(sent.orderId) !== String(orderId)) return undefined;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    carrier: text(sent.carrier),
    trackingNumber: text(sent.trackingNumber),
    errors: { carrier: reply.error.carrier, trackingNumber: reply.error.trackingNumber },
  } satisfies ShipRefusal;
}

/**
 * Ship asks how the parcel travels first: the carrier, and the number to follow it by (required on
 * the server for carriers that track). A disclosure, so it works without JavaScript and a list of
 * orders stays a list until one is being shipped; a refused Ship opens again with what was sent.
 */
function ShipForm({ orderId, label, refused }: { orderId: number; label: string; refused?: ShipRefusal }) {
  const id = useId();
  const carrierErrors = refused?.errors.carrier;
  const trackingErrors = refused?.errors.trackingNumber;
  return (
    <details className="max-w-full" open={refused ? true : undefined}>
      <summary className={`${buttonClass("secondary")} cursor-pointer list-none px-3 py-1`}>{label}…</summary>
      <Form
        method="post"
        className="mt-2 flex flex-wrap items-end gap-2 rounded-md border border-slate-200 p-3 text-left"
      >
        <input type="hidden" name="orderId" value={orderId} />
        <div className="space-y-1">
          <label htmlFor={`${id}-carrier`} className="block text-sm font-medium text-slate-800">
            Carrier
          </label>
          <select
            id={`${id}-carrier`}
            name="carrier"
            required
            defaultValue={refused?.carrier ?? ""}
            aria-invalid={carrierErrors?.length ? true : undefined}
            aria-describedby={carrierErrors?.length ? `${id}-carrier-errors` : undefined}
            className={inputClass}
          >
            <option value="" disabled>
              Choose…
            </option>
            {CARRIERS.map((carrier) => (
              <option key={carrier.id} value={carrier.id}>
                {carrier.name}
              </option>
            ))}
          </select>
          {carrierErrors?.length ? <ErrorList id={`${id}-carrier-errors`} errors={carrierErrors} /> : null}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-tracking`} className="block text-sm font-medium text-slate-800">
            Tracking number
          </label>
          <input
            id={`${id}-tracking`}
            name="trackingNumber"
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            defaultValue={refused?.trackingNumber}
            aria-invalid={trackingErrors?.length ? true : undefined}
            aria-describedby={`${id}-tracking-hint${trackingErrors?.length ? ` ${id}-tracking-errors` : ""}`}
            className={inputClass}
          />
          <p id={`${id}-tracking-hint`} className="text-xs text-slate-600">
            Needed for a tracked carrier; spaces and dashes are fine.
          </p>
          {trackingErrors?.length ? <ErrorList id={`${id}-tracking-errors`} errors={trackingErrors} /> : null}
        </div>
        <StatusButton name="intent" value="ship" className="px-3 py-1" aria-label={`${label}: order #${orderId}`}>
          {label}
        </StatusButton>
      </Form>
    </details>
  );
}

/** An admin's Ship, Deliver and Cancel for one order, as its status allows. */
export function AdminOrderButtons({
  orderId,
  actions,
  reply,
}: {
  orderId: number;
  actions: { intent: OrderAction; label: string }[];
  /** The page's action reply: a refused Ship of this order opens its form again. */
  reply?: SubmissionResult<string[]> | null;
}) {
  if (!actions.length) return null;
  const ship = actions.find((action) => action.intent === "ship");
  const others = actions.filter((action) => action.intent !== "ship");
  return (
    <div className="flex flex-wrap gap-2">
      {ship ? <ShipForm orderId={orderId} label={ship.label} refused={shipRefusalOf(reply, orderId)} /> : null}
      {others.length ? (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="orderId" value={orderId} />
          {others.map(({ intent, label }) => (
            <StatusButton
              key={intent}
              name="intent"
              value={intent}
              variant={intent === "cancel" ? "danger" : "secondary"}
              className="px-3 py-1"
              aria-label={`${label}: order #${orderId}`}
            >
              {label}
            </StatusButton>
          ))}
        </Form>
      ) : null}
    </div>
  );
}
