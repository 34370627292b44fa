import { randomUUID } from "node:crypto";

import { getFormProps } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { orderingLimits } from "~/auth/rate-limit.server";
import { AppLink } from "~/components/app-link";
import { BillLines, BillTotals, usePricingRules } from "~/components/bill";
import { CheckoutTermsNote } from "~/components/company/checkout-terms";
import { Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { LineProblemNote } from "~/components/line-problem";
import { useZodForm } from "~/components/use-zod-form";
import { checkoutAddressesOf } from "~/models/address.server";
import { getCart } from "~/models/cart.server";
import { customerPartNumbersOf } from "~/models/customer-part-numbers.server";
import { shippingDefaultsFor } from "~/models/order.server";
import { checkoutTermsFor } from "~/models/trade-terms.server";
import { placeOrder } from "~/services/checkout.server";
import { CheckoutSchema } from "~/validation/cart";
import {
  addressRefusal,
  checkoutAddresses,
  checkoutFromForm,
  checkoutRefusal,
  orderPlacedRedirect,
} from "~/web/checkout-replies.server";
import { billOfDispatch } from "~/web/dispatch.server";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Checkout")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
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
  return { bill, checkoutToken: randomUUID(), shipping, terms: terms ?? null, addressBook };
}

export const action = formAction({
  guard: requireUser,
  schema: CheckoutSchema,
  limits: ({ user }) => orderingLimits(user.id),
  async run({ user, value }) {
    const addresses = await checkoutAddresses(user.id, value);
    if (!addresses.ok) return addressRefusal(addresses.field);
    const result = await placeOrder({
      ...checkoutFromForm(user.id, "cart", { ...value, address: addresses.address }),
      billingAddress: addresses.billingAddress,
    });
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
      ...loaded.shipping,
      // With a default delivery address chosen, the box for a new one starts empty.
      address: loaded.addressBook.defaultDeliveryId ? "" : loaded.shipping.address,
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
  const sharedAddresses = loaded.addressBook.options.some((option) => option.shared);
  const addressOptions = loaded.addressBook.options.map((option) => ({
    value: String(option.id),
    label: option.text,
    group: sharedAddresses ? (option.shared ? "Your company's addresses" : "Your addresses") : undefined,
  }));
  return (
    <section>
      <h1 className="text-2xl font-bold">Checkout</h1>
      <BillLines lines={bill.lines} note={(line) => <LineProblemNote line={line} />} />
      <BillTotals totals={bill.totals} rules={rules} />
      {loaded.terms ? <CheckoutTermsNote terms={loaded.terms} totalCents={bill.totals.totalCents} /> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-8 max-w-xl space-y-4">
        <input type="hidden" name={fields.checkoutToken.name} value={loaded.checkoutToken} />
        <input type="hidden" name={fields.expectedTotal.name} value={bill.totals.totalCents} />
        {loaded.addressBook.options.length ? (
          <>
            <SelectField
              label="Deliver to"
              meta={fields.deliveryAddressId}
              options={addressOptions}
              placeholder="A new address (type it below)"
            />
            <SelectField
              label="Bill to"
              meta={fields.billingAddressId}
              options={addressOptions}
              placeholder="The delivery address"
            />
          </>
        ) : null}
        <Field
          label="Shipping address"
          meta={fields.address}
          inputProps={{ autoComplete: "street-address" }}
          hint={
            loaded.addressBook.options.length ? (
              <>
                Only for a new address, when none is chosen above. Keep addresses in your{" "}
                <AppLink to="/dashboard/addresses" className="underline">
                  address book
                </AppLink>
                .
              </>
            ) : undefined
          }
        />
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
