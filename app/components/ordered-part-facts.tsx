import type { BuyerTiers } from "~/lib/contract-prices";

import { useFormatPrice } from "./use-money";

/** The facts the single-part order page states before its form: the part, its stock, supplier and price. */
export function OrderedPartFacts({
  item,
  yourPrice,
}: {
  /** The buyer's contract prices by quantity, when a price list of theirs gives them. */
  yourPrice?: BuyerTiers | null;
  item: {
    part_number: string;
    quantity: number;
    supplier_name: string;
    price_cents: number;
    min_order_quantity: number;
  };
}) {
  const formatPrice = useFormatPrice();
  return (
    <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
      <dt className="text-slate-600">Part number</dt>
      <dd className="font-mono font-medium">{item.part_number}</dd>
      <dt className="text-slate-600">Quantity Available</dt>
      <dd className="font-medium" data-testid="quantity-available">
        {item.quantity}
      </dd>
      <dt className="text-slate-600">Supplier Name</dt>
      <dd className="font-medium">{item.supplier_name}</dd>
      <dt className="text-slate-600">Price/unit</dt>
      <dd className="font-medium">
        {yourPrice ? (
          <span data-testid="your-price">
            Your price {formatPrice(yourPrice.tiers[0].priceCents)}, list <s>{formatPrice(item.price_cents)}</s>
          </span>
        ) : (
          formatPrice(item.price_cents)
        )}
      </dd>
      {item.min_order_quantity > 1 ? (
        <>
          <dt className="text-slate-600">Minimum order</dt>
          <dd className="font-medium">{item.min_order_quantity}</dd>
        </>
      ) : null}
    </dl>
  );
}
