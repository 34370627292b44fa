import { useFormatPrice } from "~/components/use-money";
import { type PriceBreak, unitPriceFor } from "~/lib/pricing";

/** "1+ £4.95, 10+ £4.40, 50+ £3.90": a part's quantity prices, when it has any. */
export function PriceBreakTable({
  caption = "Quantity prices",
  basePriceCents,
  breaks,
  minimum,
}: {
  caption?: string;
  basePriceCents: number;
  breaks: PriceBreak[];
  minimum: number;
}) {
  const formatPrice = useFormatPrice();
  if (!breaks.length) return null;
  const tiers = [
    { minQuantity: minimum, priceCents: unitPriceFor(basePriceCents, breaks, minimum) },
    ...breaks.filter((tier) => tier.minQuantity > minimum),
  ];
  return (
    <table className="mt-4 text-sm" data-testid="price-breaks">
      <caption className="text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-slate-600">
          <th scope="col" className="py-1 pr-6 text-left font-medium">
            Quantity
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Price per unit
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.minQuantity} className="border-b border-slate-200">
            <td className="py-1 pr-6">{tier.minQuantity}+</td>
            <td className="py-1 text-right font-medium">{formatPrice(tier.priceCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
