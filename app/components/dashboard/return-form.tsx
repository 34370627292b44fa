import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId } from "react";

import { ErrorList, inputClass, StatusButton } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import type { ReturnableLine } from "~/models/order";

/**
 * Staff record parts that came back: which line, how many, why, and whether they go back on the
 * shelf. A disclosure that works without JavaScript; a refused return opens again with what was sent
 * and the reasons beside its fields.
 */
export function ReturnForm({
  orderId,
  lines,
  reply,
}: {
  orderId: number;
  lines: ReturnableLine[];
  reply?: SubmissionResult<string[]> | null;
}) {
  const id = useId();
  const sent = reply?.initialValue?.intent === "return" ? reply.initialValue : undefined;
  const errors = sent ? (reply?.error ?? {}) : {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const field = (name: "lineId" | "quantity" | "reason") => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": errors[name]?.length ? `${id}-${name}-errors` : undefined,
  });
  if (!lines.length) return null;
  return (
    <details className="mt-6 max-w-xl" open={sent ? true : undefined}>
      <summary className={`${buttonClass("secondary")} cursor-pointer list-none px-3 py-1`}>Record a return…</summary>
      <Form method="post" className="mt-2 grid gap-3 rounded-md border border-slate-200 p-3">
        <input type="hidden" name="orderId" value={orderId} />
        <div className="space-y-1">
          <label htmlFor={`${id}-lineId`} className="block text-sm font-medium text-slate-800">
            Part
          </label>
          <select
            name="lineId"
            defaultValue={text(sent?.lineId) ?? String(lines[0].id)}
            className={inputClass}
            {...field("lineId")}
          >
            {lines.map((line) => (
              <option key={line.id} value={line.id}>
                {line.partNumber} ({line.returnable} can come back) {line.name}
              </option>
            ))}
          </select>
          {errors.lineId?.length ? <ErrorList id={`${id}-lineId-errors`} errors={errors.lineId} /> : null}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-quantity`} className="block text-sm font-medium text-slate-800">
            Units back
          </label>
          <input
            name="quantity"
            inputMode="numeric"
            defaultValue={text(sent?.quantity) ?? "1"}
            className={`${inputClass} w-24`}
            {...field("quantity")}
          />
          {errors.quantity?.length ? <ErrorList id={`${id}-quantity-errors`} errors={errors.quantity} /> : null}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
            Why they came back
          </label>
          <input
            name="reason"
            maxLength={200}
            defaultValue={text(sent?.reason)}
            className={inputClass}
            {...field("reason")}
          />
          {errors.reason?.length ? <ErrorList id={`${id}-reason-errors`} errors={errors.reason} /> : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="restock" defaultChecked={sent ? sent.restock === "on" : true} />
          Back into stock (leave unticked for damaged parts)
        </label>
        <div>
          <StatusButton name="intent" value="return" className="px-3 py-1">
            Record return and credit the buyer
          </StatusButton>
        </div>
      </Form>
    </details>
  );
}
