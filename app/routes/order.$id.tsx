import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { requireItemFromParams } from "~/utils/items.server";
import { readForm } from "~/utils/request.server";
import { attemptWrite, writeFailed } from "~/utils/write.server";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { placeOrder } from "~/models/order.server";
import { formatCents } from "~/utils/money";
import { orderSchema } from "~/validation/order";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.item.name} | Gearwright Parts` : "Order | Gearwright Parts" },
  { name: "description", content: data?.item.description.slice(0, 155) ?? "Order a part." },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const item = await requireItemFromParams(params.id, "This part does not exist.");
  return { item, shipping: { address: user.address ?? "", phone: user.phone ?? "" } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  const item = await requireItemFromParams(params.id, "This part does not exist.");
  const submission = parseWithZod(formData, { schema: orderSchema(item.quantity) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const attempt = await attemptWrite(() => placeOrder({ userId: user.id, itemId: item.id, ...submission.value }));
  if (!attempt.ok) return writeFailed(submission);
  const result = attempt.value;
  if (!result.ok) {
    if (result.reason === "not-found") throw data("This part does not exist.", { status: 404 });
    const message = result.available > 0 ? `Only ${result.available} left in stock` : "This part is out of stock";
    return data(submission.reply({ fieldErrors: { quantity: [message] } }), { status: 409 });
  }
  return redirect("/dashboard/my-order", {
    headers: await flashHeaders(request, { kind: "success", message: "Order placed successfully" }),
  });
}

export default function OrderItem() {
  const { item, shipping } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const inStock = item.quantity > 0;
  const [form, fields] = useZodForm(orderSchema(item.quantity), {
    id: `order-${item.id}`,
    lastResult,
    defaultValue: { quantity: "1", ...shipping },
  });

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <img src={item.img} alt={item.name} width={800} height={600} className="w-full rounded-lg border border-slate-200 bg-white" />
      <div>
        <h1 className="text-3xl font-bold">{item.name}</h1>
        <p className="mt-3 text-slate-700">{item.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
          <dt className="text-slate-600">Quantity Available</dt>
          <dd className="font-medium" data-testid="quantity-available">{item.quantity}</dd>
          <dt className="text-slate-600">Supplier Name</dt>
          <dd className="font-medium">{item.supplier_name}</dd>
          <dt className="text-slate-600">Price/unit</dt>
          <dd className="font-medium">{formatCents(item.price_cents)}</dd>
        </dl>
        {inStock ? null : (
          <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
            Out of stock: this part cannot be ordered right now.
          </p>
        )}
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <Field label="Quantity" meta={fields.quantity} type="number" inputProps={{ min: 1, max: Math.max(item.quantity, 1), step: 1, inputMode: "numeric" }} />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
