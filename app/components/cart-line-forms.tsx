import { useFetcher, useFetchers } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { StatusButton } from "~/components/forms";
import { LineQuantityForm } from "~/components/line-quantity-form";
import type { BillLine } from "~/models/pricing.server";
import type { FormReply } from "~/web/form-action.server";

// A cart line's own forms, posted to /cart by fetchers: the page stays where it is.

export function QuantityForm({ line }: { line: BillLine }) {
  const fetcher = useFetcher<FormReply>();
  return <LineQuantityForm line={line} fetcher={fetcher} />;
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

/** An empty cart says where parts are found: the catalog, or a pasted list in the quick order. */
export function EmptyCart() {
  return (
    <p className="mt-6 text-slate-700">
      Your cart is empty. Find parts in the{" "}
      <AppLink to="/items" className="font-semibold text-orange-800 underline">
        catalog
      </AppLink>{" "}
      or paste a parts list into a{" "}
      <AppLink to="/quick-order" className="font-semibold text-orange-800 underline">
        quick order
      </AppLink>
      .
    </p>
  );
}
