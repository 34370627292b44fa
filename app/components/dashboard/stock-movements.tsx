import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useFormatDate } from "~/components/use-format-date";
import { useZodForm } from "~/components/use-zod-form";
import { StockAdjustmentSchema } from "~/validation/product";

type Movement = {
  id: number;
  change: number;
  quantity_after: number;
  reason: string;
  created_at: string;
  user_email: string | null;
};

/** The latest stock changes made by hand, so an admin can see who changed what and why. */
export function StockMovements({ movements }: { movements: Movement[] }) {
  const formatDate = useFormatDate();
  if (movements.length === 0) return <p className="mt-4 text-sm text-slate-600">No stock changes by hand yet.</p>;
  return (
    <div className="mt-6">
      <h3 className="font-semibold">Recent stock changes</h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm">
        {movements.map((movement) => (
          <li key={movement.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span className="font-medium">
              {movement.change > 0 ? `+${movement.change}` : movement.change} → {movement.quantity_after}
            </span>
            <span className="flex-1 text-slate-700">{movement.reason}</span>
            <span className="text-slate-600">
              {movement.user_email ?? "a removed account"},{" "}
              <time dateTime={movement.created_at}>{formatDate(movement.created_at)}</time>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Add or remove stock" on a product's edit page: a relative change with its reason, and the log. */
export function StockSection({
  itemId,
  quantity,
  movements,
  lastResult,
}: {
  itemId: number;
  quantity: number;
  movements: Movement[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(StockAdjustmentSchema, { id: `adjust-stock-${itemId}`, lastResult });
  return (
    <section aria-labelledby="stock-heading" className="mt-10 max-w-2xl border-t border-slate-200 pt-6">
      <h2 id="stock-heading" className="text-xl font-semibold">
        Add or remove stock
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {quantity} in stock now. A change here adds to or takes from whatever is in stock when you save, so orders
        placed meanwhile are kept.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="adjust-stock" />
        <Field
          label="Units (+ or −)"
          meta={fields.change}
          type="number"
          inputProps={{ step: 1, inputMode: "numeric", placeholder: "20 or -3" }}
        />
        <Field label="Reason" meta={fields.reason} inputProps={{ placeholder: "Received from supplier" }} />
        <StatusButton intent="adjust-stock" pendingText="Saving…" className="sm:mt-6">
          Save stock change
        </StatusButton>
        <div className="sm:col-span-3">
          <FormErrors form={form} />
        </div>
      </Form>
      <StockMovements movements={movements} />
    </section>
  );
}
