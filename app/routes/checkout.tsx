import { randomUUID } from "node:crypto";

import { getFormProps } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWhoOrders } from "~/auth/permissions.server";
import { CheckoutAddressFields } from "~/components/addresses/checkout-address-fields";
import { AppLink } from "~/components/app-link";
import { BillLines, BillTotals, usePricingRules } from "~/components/bill";
import { CheckoutTermsNote } from "~/components/company/checkout-terms";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { LineProblemNote } from "~/components/line-problem";
import { useZodForm } from "~/components/use-zod-form";
import { splitOneLineAddress } from "~/lib/addresses";
import { checkoutAddressesOf, keepTypedAddresses } from "~/models/address.server";
import { getCart } from "~/models/cart";
import { customerPartNumbersOf } from "~/models/customer-part-numbers.server";
import { shippingDefaultsFor } from "~/models/order";
import { checkoutTermsFor } from "~/models/trade-terms.server";
import {
  addressRefusal,
  checkoutAddresses,
  checkoutFromForm,
  checkoutRefusal,
  orderPlacedRedirect,
} from "~/replies/checkout.server";
import { billOfDispatch } from "~/replies/dispatch.server";
import { placeOrder } from "~/services/checkout.server";
import { CheckoutSchema } from "~/validation/cart";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { orderingLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Checkout")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWhoOrders(request);
  const cart = billOfDispatch(await getCart(user.id));
  const numbers = await customerPartNumbersOf(
    user.id,
    cart.lines.map((line) => line.itemId),
  );
  const bill = {
    ...cart,
    lines: cart.lines.map((line) => ({ ...line, customerPartNumber: numbers.get(line.itemId) })),
  };
  if (!bill.lines.length) throw redirect("/cart");
  // A new token per page shown: posting this page twice (a double click, a reload) is one order.
  const [shipping, terms, addressBook] = await Promise.all([
    shippingDefaultsFor(user),
    checkoutTermsFor(user.id, bill.totals.totalCents),
    checkoutAddressesOf(user.id),
  ]);
  // An empty book starts the typed address from the one the profile or the last order kept on one line.
  const newAddress = addressBook.options.length
    ? { country: "GB" }
    : { name: user.display_name, ...withoutBlanks(splitOneLineAddress(shipping.address)), country: "GB" };
  return { bill, checkoutToken: randomUUID(), shipping, newAddress, terms: terms ?? null, addressBook };
}

function withoutBlanks(parts: Record<string, string | null>) {
  return Object.fromEntries(Object.entries(parts).filter(([, text]) => text));
}

export const action = formAction({
  guard: requireUserWhoOrders,
  schema: CheckoutSchema,
  limits: ({ user }) => orderingLimits(user.id),
  async run({ user, value }) {
    const addresses = await checkoutAddresses(user.id, value);
    if (!addresses.ok) return addressRefusal(addresses.field);
    const result = await placeOrder(
      {
        ...checkoutFromForm(user.id, "cart", { ...value, address: addresses.address }),
        billingAddress: addresses.billingAddress,
        deliveryParts: addresses.deliveryParts,
        billingParts: addresses.billingParts,
      },
      {
        beforeCommit: (trx) => keepTypedAddresses(trx, user.id, { ...addresses.typed, phone: value.phone }),
      },
    );
    if (result.ok) return orderPlacedRedirect(result);
    if (result.reason === "empty") throw redirect("/cart");
    return checkoutRefusal(result);
  },
});

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const rules = usePricingRules();
  // After a refusal the page shows the bill as it is now, and the form carries that total.
  const bill = lastResult?.bill ?? loaded.bill;
  const [form, fields] = useZodForm(CheckoutSchema, {
    id: "checkout",
    lastResult,
    defaultValue: {
      ...loaded.newAddress,
      billing: { country: "GB" },
      // Without a phone on the profile, the default delivery address's.
      phone: loaded.shipping.phone || loaded.addressBook.defaultDeliveryPhone || undefined,
      deliveryAddressId: loaded.addressBook.defaultDeliveryId ?? undefined,
      billingAddressId:
        loaded.addressBook.defaultBillingId !== loaded.addressBook.defaultDeliveryId
          ? (loaded.addressBook.defaultBillingId ?? undefined)
          : undefined,
      checkoutToken: loaded.checkoutToken,
    },
  });
  const blocked = bill.lines.some((line) => line.problem);
  return (
    <section>
      <h1 className="text-2xl font-bold">Checkout</h1>
      <BillLines lines={bill.lines} note={(line) => <LineProblemNote line={line} />} />
      <BillTotals totals={bill.totals} rules={rules} />
      {loaded.terms ? <CheckoutTermsNote terms={loaded.terms} totalCents={bill.totals.totalCents} /> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-8 max-w-2xl space-y-4">
        <input type="hidden" name={fields.checkoutToken.name} value={loaded.checkoutToken} />
        <input type="hidden" name={fields.expectedTotal.name} value={bill.totals.totalCents} />
        <CheckoutAddressFields fields={fields} book={loaded.addressBook.options} />
        <Field label="Phone" meta={fields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
        <Field
          label="Purchase order number (optional)"
          meta={fields.poNumber}
          hint="Shown on the order for your accounts team."
        />
        <FormErrors form={form} />
        {blocked ? (
          <p className="text-sm text-red-800">
            Some parts cannot be ordered as they stand.{" "}
            <AppLink to="/cart" className="font-semibold underline">
              Change them in your cart
            </AppLink>
            .
          </p>
        ) : null}
        <StatusButton disabled={blocked} pendingText="Placing your order…">
          Place Order
        </StatusButton>
      </Form>
    </section>
  );
}
