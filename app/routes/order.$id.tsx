import { randomUUID } from "node:crypto";

import { getFormProps } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWhoOrders } from "~/auth/permissions.server";
import { BillTotals, usePricingRules } from "~/components/bill";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { OrderedPartFacts } from "~/components/ordered-part-facts";
import { PriceBreakTable } from "~/components/price-breaks";
import { SupplyNote } from "~/components/product-buy";
import { useFormatPrice } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import { formatPrice } from "~/config/env.server";
import { shownUnitPrice } from "~/lib/contract-prices";
import { totalsFor } from "~/lib/pricing";
import { shippingDefaultsFor } from "~/models/order";
import { buyerTiersFor, listPriceBreaks } from "~/models/pricing.server";
import { checkoutFromForm, checkoutRefusal, orderPlacedRedirect } from "~/replies/checkout.server";
import { dispatchClockNow } from "~/replies/dispatch.server";
import { placeOrder } from "~/services/checkout.server";
import { orderSchema, quantityLimitMessage } from "~/validation/order";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { requireItemFromParams } from "~/web/params.server";
import { orderingLimits } from "~/web/rate-limit.server";

const NO_SUCH_PART = "This part does not exist.";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  pageTitle(matches, data ? `Order ${data.item.name}` : "Order"),
  { name: "description", content: data?.item.description.slice(0, 155) ?? "Order a part." },
];

export const headers = routeHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWhoOrders(request);
  const item = await requireItemFromParams(params.id, NO_SUCH_PART);
  const breaks = await listPriceBreaks(item.id);
  return {
    item,
    breaks,
    // The buyer's own prices where a price list of theirs gives them: the total the form sends is theirs.
    yourPrice: await buyerTiersFor(user.id, item, breaks),
    clock: dispatchClockNow(),
    checkoutToken: randomUUID(),
    shipping: await shippingDefaultsFor(user),
  };
}

// The original's single-part order, through the same checkout as the cart: one line, one transaction.
export const action = formAction({
  guard: requireUserWhoOrders,
  load: ({ params }) => requireItemFromParams(params.id, NO_SUCH_PART),
  // The page's stock and minimum are the form's limits; the database re-checks them when ordering.
  schema: ({ loaded: item }) => orderSchema(item.quantity, item.min_order_quantity, item.allow_backorder === 1),
  limits: ({ user }) => orderingLimits(user.id),
  async run({ user, loaded: item, value }) {
    const result = await placeOrder(checkoutFromForm(user.id, [{ itemId: item.id, quantity: value.quantity }], value));
    if (result.ok) return orderPlacedRedirect(result);
    if (result.reason === "problems" && result.bill.lines[0]?.problem?.kind === "short") {
      return refuse(409, { fieldErrors: { quantity: [quantityLimitMessage(result.bill.lines[0].problem.available)] } });
    }
    if (result.reason === "total-changed") {
      // Without JavaScript the page's total was for the quantity it first showed.
      const total = formatPrice(result.bill.totals.totalCents);
      return refuse(409, `The total for ${value.quantity} is ${total}. Check it and place the order again.`);
    }
    return checkoutRefusal(result);
  },
});

export default function OrderItem() {
  const { item, breaks, yourPrice, clock, checkoutToken, shipping } = useLoaderData<typeof loader>();
  const formatPrice = useFormatPrice();
  const rules = usePricingRules();
  const lastResult = useActionData<typeof action>();
  // Out of stock, a part that takes backorders can still be ordered: it leaves after its lead time.
  const orderable = item.quantity > 0 || item.allow_backorder === 1;
  const [form, fields] = useZodForm(orderSchema(item.quantity, item.min_order_quantity, item.allow_backorder === 1), {
    id: `order-${item.id}`,
    lastResult,
    defaultValue: { quantity: String(item.min_order_quantity), ...shipping },
  });
  // The total for the quantity in the box: what the form says it showed (JavaScript keeps it in step).
  const typed = Number(fields.quantity.value ?? item.min_order_quantity);
  const quantity = Number.isInteger(typed) && typed > 0 ? typed : item.min_order_quantity;
  const unitPriceCents = shownUnitPrice(yourPrice, item.price_cents, breaks, quantity);
  const totals = totalsFor([{ lineTotalCents: unitPriceCents * quantity }], rules);

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <img
        src={item.img}
        alt={item.name}
        width={800}
        height={600}
        className="w-full rounded-lg border border-slate-200 bg-white"
      />
      <div>
        <h1 className="text-3xl font-bold">{item.name}</h1>
        <p className="mt-3 text-slate-700">{item.description}</p>
        <OrderedPartFacts item={item} yourPrice={yourPrice} />
        <PriceBreakTable
          caption={yourPrice ? "Your quantity prices" : undefined}
          basePriceCents={yourPrice ? yourPrice.tiers[0].priceCents : item.price_cents}
          breaks={yourPrice ? yourPrice.tiers.slice(1) : breaks}
          minimum={item.min_order_quantity}
        />
        {orderable ? null : (
          <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
            Out of stock: this part cannot be ordered right now.
          </p>
        )}
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <input type="hidden" name={fields.checkoutToken.name} value={checkoutToken} />
          <input type="hidden" name={fields.expectedTotal.name} value={totals.totalCents} />
          <Field
            label="Quantity"
            meta={fields.quantity}
            type="number"
            inputProps={{
              min: item.min_order_quantity,
              ...(item.allow_backorder === 1 ? {} : { max: Math.max(item.quantity, 1) }),
              step: 1,
              inputMode: "numeric",
            }}
          />
          <Field label="Shipping address" meta={fields.address} inputProps={{ autoComplete: "street-address" }} />
          <Field label="Phone" meta={fields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
          <Field label="Purchase order number (optional)" meta={fields.poNumber} />
          <div aria-live="polite">
            <SupplyNote part={item} quantity={quantity} clock={clock} />
            <p className="text-sm text-slate-600">
              Total for {quantity} at {formatPrice(unitPriceCents)} each:
            </p>
            <BillTotals totals={totals} rules={rules} />
          </div>
          <FormErrors form={form} />
          <StatusButton disabled={!orderable} pendingText="Placing your order…">
            Place Order
          </StatusButton>
        </Form>
      </div>
    </div>
  );
}
