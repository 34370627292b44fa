import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";

import { AddToCartForm } from "~/components/add-to-cart";
import { AppLink } from "~/components/app-link";
import { PriceBreakTable } from "~/components/price-breaks";
import { useFormatDate } from "~/components/use-format-date";
import { useExclTax, useFormatPrice } from "~/components/use-money";
import { type BuyerTiers, shownUnitPrice } from "~/lib/contract-prices";
import { type DispatchClock, supplyOf, supplyWording } from "~/lib/dispatch";
import type { PriceBreak } from "~/lib/pricing";

type Part = {
  id: number;
  name: string;
  price_cents: number;
  quantity: number;
  min_order_quantity: number;
  lead_time_days: number;
  allow_backorder: number;
};

/** A typed quantity as a whole number of units within what one line may hold; null when it is not one. */
function quantityOf(text: string, part: Part) {
  const quantity = /^\d{1,6}$/.test(text.trim()) ? Number(text) : NaN;
  return quantity >= 1 ? Math.max(quantity, part.min_order_quantity) : null;
}

/**
 * What a quantity costs and when it leaves: "25 × £10.60 = £265.00 excl. VAT; from 50: £9.40 each",
 * then "8 now, 17 on backorder, dispatched by 4 Dec 2026". Worked out as the buyer types with
 * JavaScript; without it, "Show price" asks the page for the quantity (its loader reads `quantity`).
 */
function QuantityPrice({
  part,
  breaks,
  yourPrice,
  quantity,
  clock,
}: {
  part: Part;
  breaks: PriceBreak[];
  yourPrice: BuyerTiers | null;
  quantity: number;
  clock: DispatchClock;
}) {
  const formatPrice = useFormatPrice();
  const exclTax = useExclTax();
  const unit = shownUnitPrice(yourPrice, part.price_cents, breaks, quantity);
  const next = (yourPrice?.tiers ?? breaks).find((tier) => tier.minQuantity > quantity);
  return (
    <div className="basis-full text-sm" aria-live="polite" data-testid="quantity-price">
      <p className="font-medium">
        {quantity} × {formatPrice(unit)} = {formatPrice(unit * quantity)} {exclTax}
        {next ? `; from ${next.minQuantity}: ${formatPrice(next.priceCents)} each` : ""}
      </p>
      <SupplyNote part={part} quantity={quantity} clock={clock} />
    </div>
  );
}

/**
 * When a quantity of a part would leave if ordered now ("8 now, 17 on backorder, dispatched by …"),
 * or that a stock-only part has too few.
 */
export function SupplyNote({
  part,
  quantity,
  clock,
}: {
  part: Pick<Part, "quantity" | "lead_time_days" | "allow_backorder">;
  quantity: number;
  clock: DispatchClock;
}) {
  const formatDate = useFormatDate();
  const supply = supplyOf(clock, { quantity, available: part.quantity, leadTimeDays: part.lead_time_days });
  const shortWithoutBackorder = supply.backorder > 0 && !part.allow_backorder;
  return (
    <p className={shortWithoutBackorder ? "text-red-800" : "text-slate-700"} data-testid="supply">
      {shortWithoutBackorder
        ? `Only ${part.quantity} in stock: this part is not taken on backorder.`
        : supplyWording(clock, supply, (day) => formatDate(`${day}T00:00:00Z`))}
    </p>
  );
}

/** The product page's buying box: price, stock and when it leaves, quantity prices, Add to Cart. */
export function ProductBuy({
  part,
  breaks,
  yourPrice,
  quantity: loadedQuantity,
  clock,
  dispatch,
}: {
  part: Part;
  breaks: PriceBreak[];
  /** A signed-in buyer's contract prices by quantity; null: list price. */
  yourPrice: BuyerTiers | null;
  /** The quantity the page was asked for (`?quantity=`), else the part's minimum. */
  quantity: number;
  clock: DispatchClock;
  /** When one unit leaves, in words. */
  dispatch: string;
}) {
  const formatPrice = useFormatPrice();
  const exclTax = useExclTax();
  const location = useLocation();
  const root = useRouteLoaderData("root") as { user: unknown } | undefined;
  const [typed, setTyped] = useState(String(loadedQuantity));
  const quantity = quantityOf(typed, part);
  const inStock = part.quantity > 0;
  const orderable = inStock || part.allow_backorder === 1;
  return (
    <>
      {yourPrice ? (
        <div className="mt-4" data-testid="your-price">
          <p className="text-2xl font-semibold">
            Your price {formatPrice(yourPrice.tiers[0].priceCents)}{" "}
            <span className="text-sm font-normal text-slate-600">per unit, {exclTax}</span>
          </p>
          <p className="text-sm text-slate-700">
            List price <s>{formatPrice(part.price_cents)}</s>; your agreed price ({yourPrice.listName}).
          </p>
        </div>
      ) : (
        <p className="mt-4 text-2xl font-semibold">
          {formatPrice(part.price_cents)}{" "}
          <span className="text-sm font-normal text-slate-600">per unit, {exclTax}</span>
        </p>
      )}
      <p className={`mt-2 font-medium ${inStock ? "text-green-900" : "text-red-800"}`} data-testid="stock">
        {inStock ? `In stock: ${part.quantity}` : "Out of stock"}
        {orderable ? <span className="block text-slate-800">{dispatch}</span> : null}
      </p>
      {part.min_order_quantity > 1 ? (
        <p className="mt-1 text-sm text-slate-700">Sold in at least {part.min_order_quantity}.</p>
      ) : null}
      {yourPrice ? (
        yourPrice.tiers.length > 1 ? (
          <PriceBreakTable
            caption="Your quantity prices"
            basePriceCents={yourPrice.tiers[0].priceCents}
            breaks={yourPrice.tiers.slice(1)}
            minimum={part.min_order_quantity}
          />
        ) : null
      ) : (
        <PriceBreakTable basePriceCents={part.price_cents} breaks={breaks} minimum={part.min_order_quantity} />
      )}
      {orderable ? (
        <>
          <AddToCartForm item={part} withQuantity quantity={typed} onQuantityChange={setTyped}>
            {quantity ? (
              <QuantityPrice part={part} breaks={breaks} yourPrice={yourPrice} quantity={quantity} clock={clock} />
            ) : null}
            <noscript>
              <button
                type="submit"
                formMethod="get"
                formAction={location.pathname}
                className="rounded-md border border-slate-400 px-4 py-2 font-semibold"
              >
                Show price
              </button>
            </noscript>
          </AddToCartForm>
          <p className="mt-3 text-sm">
            <AppLink
              to={root?.user ? `/order/${part.id}` : `/sign-in?redirectTo=${encodeURIComponent(`/items/${part.id}`)}`}
              className="font-semibold text-orange-800 underline"
            >
              {root?.user ? "Order just this part" : "Sign in to order"}
            </AppLink>
          </p>
        </>
      ) : null}
    </>
  );
}
