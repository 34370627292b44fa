import { Form } from "@remix-run/react";

import { inputClass } from "~/components/forms";
import { useFormatPrice } from "~/components/use-money";
import type { Preview } from "~/models/pricing.server";

const WHY = { part: "the part's own price", category: "its category's percentage", all: "the all-parts percentage" };

const NOT_FOUND = {
  "no-part": "No part has this part number.",
  "no-account": "No account has this email.",
  "no-company": "No such company.",
};

/** "Price of part X for company Y at quantity Q, and why": a GET form, so it works without JavaScript. */
export function PricePreview({
  companies,
  preview,
  problem,
}: {
  companies: { id: number; name: string }[];
  preview: Preview | null;
  problem: string | null;
}) {
  const formatPrice = useFormatPrice();
  return (
    <>
      <Form method="get" aria-label="Preview a price" className="mt-4 grid max-w-3xl gap-3 md:grid-cols-4">
        <label className="block text-sm font-medium text-slate-800">
          Part number
          <input name="partNumber" className={inputClass} required />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Quantity
          <input name="quantity" inputMode="numeric" defaultValue="1" className={inputClass} required />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Company
          <select name="companyId" className={inputClass}>
            <option value="">None: a customer</option>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Or a customer&apos;s email
          <input name="email" type="email" className={inputClass} />
        </label>
        <div className="md:col-span-4">
          <button type="submit" className="rounded-md border border-slate-400 px-4 py-2 font-semibold">
            Show price
          </button>
        </div>
      </Form>
      <div aria-live="polite" data-testid="price-preview" className="mt-3">
        {problem ? <p className="text-red-800">{problem}</p> : null}
        {preview && !preview.ok ? <p className="text-red-800">{NOT_FOUND[preview.reason]}</p> : null}
        {preview?.ok ? (
          <p>
            {preview.quantity} × {preview.partName} for {preview.whom}: {formatPrice(preview.price.unitPriceCents)} each
            {preview.price.source.kind === "contract"
              ? `, from price list “${preview.price.source.listName}” (${WHY[preview.price.source.rule]}); list price ${formatPrice(preview.price.listUnitPriceCents)}.`
              : ": list price (no list of theirs prices this part lower)."}
          </p>
        ) : null}
      </div>
    </>
  );
}
