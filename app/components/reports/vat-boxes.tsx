import { useFormatPrice } from "~/components/use-money";
import type { VatReturn } from "~/models/reports.server";

/** HMRC's boxes, what each asks for, and why the shop leaves a box empty when it does. */
export const VAT_BOXES: { box: keyof VatReturn["boxes"]; asks: string; why?: string }[] = [
  { box: 1, asks: "VAT due on sales and other outputs" },
  {
    box: 2,
    asks: "VAT due on acquisitions of goods made in Northern Ireland from EU member states",
    why: "The shop trades from Great Britain: only a Northern Ireland business fills it.",
  },
  { box: 3, asks: "Total VAT due (boxes 1 and 2)", why: "Your return adds box 2, which the shop cannot know." },
  {
    box: 4,
    asks: "VAT reclaimed on purchases and other inputs",
    why: "The shop knows what it sells, not what the business buys: take it from your purchase records.",
  },
  { box: 5, asks: "Net VAT to pay or reclaim (box 3 less box 4)", why: "It needs box 4." },
  { box: 6, asks: "Total value of sales and other outputs, excluding VAT (whole pounds)" },
  { box: 7, asks: "Total value of purchases and other inputs, excluding VAT", why: "As box 4: from your purchases." },
  {
    box: 8,
    asks: "Total value of supplies of goods from Northern Ireland to EU member states",
    why: "Only a Northern Ireland business fills it.",
  },
  {
    box: 9,
    asks: "Total value of acquisitions of goods made in Northern Ireland from EU member states",
    why: "Only a Northern Ireland business fills it.",
  },
];

/** The period's VAT return as HMRC numbers it: each box filled from the documents, or why it is not. */
export function VatBoxes({ vat }: { vat: VatReturn }) {
  const formatPrice = useFormatPrice();
  return (
    <table className="mt-3 w-full max-w-3xl text-sm" data-testid="vat-boxes">
      <caption className="sr-only">VAT return boxes</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left">
          <th scope="col" className="py-2 pr-3">
            Box
          </th>
          <th scope="col" className="py-2 pr-3">
            What it asks for
          </th>
          <th scope="col" className="py-2 text-right">
            Figure
          </th>
        </tr>
      </thead>
      <tbody>
        {VAT_BOXES.map(({ box, asks, why }) => {
          const figure = vat.boxes[box];
          return (
            <tr key={box} className="border-b border-slate-200 align-top" data-testid={`vat-box-${box}`}>
              <th scope="row" className="py-2 pr-3 text-left">
                {box}
              </th>
              <td className="py-2 pr-3">
                {asks}
                {figure === null && why ? <p className="text-slate-700">Not filled: {why}</p> : null}
              </td>
              <td className="py-2 text-right font-semibold tabular-nums">
                {figure === null ? "—" : formatPrice(figure)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
