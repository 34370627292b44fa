import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { StatusButton } from "~/components/status-button";
import type { FormReply } from "~/web/form-action.server";

/**
 * Add to Cart, posted to /cart from wherever the part is shown. Without JavaScript the cart sends
 * the buyer back to this page with a message; with it the header's count moves at once.
 */
export function AddToCartForm({
  item,
  withQuantity = false,
  compact = false,
  returnTo,
  quantity,
  onQuantityChange,
  children,
}: {
  item: { id: number; name: string; min_order_quantity: number; quantity: number; allow_backorder: number };
  /** A quantity box (the product page); cards add the part's minimum. */
  withQuantity?: boolean;
  compact?: boolean;
  /** Where the cart sends the buyer back without JavaScript: this page's URL unless its canonical one is given. */
  returnTo?: string;
  /** The box's quantity, when the page follows it (the product page's price for a quantity). */
  quantity?: number | string;
  onQuantityChange?: (quantity: string) => void;
  /** Shown in the form under the quantity (what that quantity costs). */
  children?: ReactNode;
}) {
  const fetcher = useFetcher<FormReply>();
  const location = useLocation();
  const errors = fetcher.data?.error ? Object.values(fetcher.data.error).flat() : [];
  const quantityId = `add-quantity-${item.id}`;
  // Not disabled while on its way: a disabled button loses focus, which would drop a keyboard user
  // to the start of the page. A second press is refused here instead.
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
      className={compact ? "mt-3" : "mt-6 flex flex-wrap items-end gap-3"}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="returnTo" value={returnTo ?? `${location.pathname}${location.search}`} />
      {withQuantity ? (
        <div>
          <label htmlFor={quantityId} className="block text-sm font-medium">
            Quantity
          </label>
          <input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={item.min_order_quantity}
            // More than stock is a backorder for a part that takes them.
            max={item.allow_backorder ? undefined : Math.max(item.quantity, item.min_order_quantity)}
            {...(onQuantityChange
              ? { value: quantity ?? "", onChange: (event) => onQuantityChange(event.target.value) }
              : { defaultValue: quantity ?? item.min_order_quantity })}
            className="w-24 rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
      ) : (
        <input type="hidden" name="quantity" value={item.min_order_quantity} />
      )}
      {children}
      {/* A card's button names its part, after the words it shows (WCAG 2.5.3: voice users say those). */}
      <StatusButton
        className={compact ? "w-full px-4 py-2 text-sm" : ""}
        aria-disabled={busy || undefined}
        aria-label={compact ? `Add to Cart: ${item.name}` : undefined}
      >
        Add to Cart
      </StatusButton>
      {errors.length ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
