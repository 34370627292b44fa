import { useFetcher, useFetchers } from "@remix-run/react";

import { StatusButton } from "~/components/forms";
import type { BillLine } from "~/models/pricing.server";
import { MAX_ORDER_QUANTITY } from "~/validation/order";
import type { FormReply } from "~/web/form-action.server";

// A cart line's own forms, posted to /cart by fetchers: the page stays where it is.

export function QuantityForm({ line }: { line: BillLine }) {
  const fetcher = useFetcher<FormReply>();
  const errors = fetcher.data?.error?.quantity;
  return (
    <fetcher.Form method="post" action="/cart" className="inline-flex flex-wrap items-center justify-end gap-2">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="itemId" value={line.itemId} />
      <label htmlFor={`quantity-${line.itemId}`} className="sr-only">
        Quantity of {line.name}
      </label>
      <input
        id={`quantity-${line.itemId}`}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={line.minOrderQuantity}
        max={MAX_ORDER_QUANTITY}
        defaultValue={line.quantity}
        key={line.quantity}
        aria-invalid={errors ? true : undefined}
        className="w-20 rounded-md border border-slate-300 px-2 py-1 text-right"
      />
      <StatusButton variant="secondary" className="px-3 py-1" disabled={fetcher.state !== "idle"}>
        Update
      </StatusButton>
      {errors ? (
        <span role="alert" className="basis-full text-sm text-red-700">
          {errors.join(" ")}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

export function RemoveForm({ line }: { line: BillLine }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="itemId" value={line.itemId} />
      <StatusButton variant="danger" className="px-3 py-1" aria-label={`Remove ${line.name}`}>
        Remove
      </StatusButton>
    </fetcher.Form>
  );
}

/** Lines being removed disappear at once; the server's answer confirms it. */
export function usePendingRemovals() {
  const removals = useFetchers()
    .filter((fetcher) => fetcher.formAction?.startsWith("/cart") && fetcher.formData?.get("intent") === "remove")
    .map((fetcher) => Number(fetcher.formData!.get("itemId")));
  return new Set(removals);
}
