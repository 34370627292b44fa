import { Form } from "@remix-run/react";

import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { StatusButton } from "~/components/forms";
import type { CancellableLine, OrderAction } from "~/models/order.server";

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

/** An admin's Ship, Deliver and Cancel for one order, as its status allows. */
export function AdminOrderButtons({
  orderId,
  actions,
}: {
  orderId: number;
  actions: { intent: OrderAction; label: string }[];
}) {
  if (!actions.length) return null;
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="orderId" value={orderId} />
      {actions.map(({ intent, label }) => (
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
  );
}
