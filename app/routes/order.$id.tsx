import { getFormProps } from "@conform-to/react";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useFormatPrice } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import { placeOrder } from "~/models/order.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { formAction, refuse } from "~/utils/form-action.server";
import { routeHeaders } from "~/utils/headers";
import { requireItemFromParams } from "~/utils/items.server";
import { pageTitle } from "~/utils/meta";
import { orderSchema, quantityLimitMessage } from "~/validation/order";

const NO_SUCH_PART = "This part does not exist.";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  pageTitle(matches, data ? `Order ${data.item.name}` : "Order"),
  { name: "description", content: data?.item.description.slice(0, 155) ?? "Order a part." },
];

export const headers = routeHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const item = await requireItemFromParams(params.id, NO_SUCH_PART);
  return { item, shipping: { address: user.address ?? "", phone: user.phone ?? "" } };
}

export const action = formAction({
  guard: requireUser,
  // The page's stock is the form's limit; the database re-checks it atomically when ordering.
  schema: async ({ params }) => orderSchema((await requireItemFromParams(params.id, NO_SUCH_PART)).quantity),
  async run({ user, params, value }) {
    const item = await requireItemFromParams(params.id, NO_SUCH_PART);
    const result = await placeOrder({ userId: user.id, itemId: item.id, ...value });
    if (!result.ok) {
      if (result.reason === "not-found") throw data(NO_SUCH_PART, { status: 404 });
      return refuse(409, { fieldErrors: { quantity: [quantityLimitMessage(result.available)] } });
    }
    return redirectWithFlash("/dashboard/my-order", "Order placed successfully");
  },
});

export default function OrderItem() {
  const { item, shipping } = useLoaderData<typeof loader>();
  const formatPrice = useFormatPrice();
  const lastResult = useActionData<typeof action>();
  const inStock = item.quantity > 0;
  const [form, fields] = useZodForm(orderSchema(item.quantity), {
    id: `order-${item.id}`,
    lastResult,
    defaultValue: { quantity: "1", ...shipping },
  });

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
          <dd className="font-medium">{formatPrice(item.price_cents)}</dd>
        </dl>
        {inStock ? null : (
          <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
            Out of stock: this part cannot be ordered right now.
          </p>
        )}
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <Field
            label="Quantity"
            meta={fields.quantity}
            type="number"
            inputProps={{ min: 1, max: Math.max(item.quantity, 1), step: 1, inputMode: "numeric" }}
          />
          <Field label="Shipping address" meta={fields.address} inputProps={{ autoComplete: "street-address" }} />
          <Field label="Phone" meta={fields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <StatusButton disabled={!inStock} pendingText="Placing your order…">
            Place Order
          </StatusButton>
        </Form>
      </div>
    </div>
  );
}
