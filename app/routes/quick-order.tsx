import { getFormProps, getInputProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { ErrorList, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { quickOrder } from "~/models/cart";
import { MAX_QUICK_ORDER_LINES, parseQuickOrderText, QuickOrderSchema } from "~/validation/cart";
import { redirectWithFlash } from "~/web/flash.server";
import { accept, formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Quick order")];

export const headers = routeHeaders;

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

// A bill of materials is an account's work (the contract keeps this page signed in); a visitor is sent
// to sign in and back, and the lines then go into the account's cart, merged with this browser's.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export const action = formAction({
  guard: requireUser,
  schema: QuickOrderSchema,
  async run({ user, value }) {
    const text = [value.lines ?? "", value.file ? await value.file.text() : ""].join("\n");
    const outcome = await quickOrder(user.id, parseQuickOrderText(text));
    if (!outcome.rejected.length) {
      return redirectWithFlash("/cart", `${plural(outcome.added.length, "line")} added to your cart.`);
    }
    // Some lines were refused: the good ones are in the cart; the page lists the rest, and the box
    // holds only them, to be corrected and sent again.
    return accept({ outcome });
  },
});

export default function QuickOrder() {
  // Each answer is a new location: the form starts again from the lines still to do.
  return <QuickOrderPage key={useLocation().key} />;
}

function QuickOrderPage() {
  const reply = useActionData<typeof action>();
  const outcome = reply?.outcome;
  const [form, fields] = useZodForm(QuickOrderSchema, {
    id: "quick-order",
    lastResult: reply,
    defaultValue: { lines: outcome?.rejected.map((line) => line.text).join("\n") },
  });
  return (
    <section className="max-w-3xl">
      <h1 className="text-2xl font-bold">Quick order</h1>
      <p className="mt-2 text-slate-700">
        Paste a bill of materials: one part per line, the part number and then the quantity, separated by spaces, tabs,
        commas or semicolons (as copied from a spreadsheet). Or choose a CSV file with the same two columns. The parts
        go into your{" "}
        <AppLink to="/cart" className="font-medium text-blue-800 underline">
          cart
        </AppLink>
        , where you check the prices and stock before you order. Up to {MAX_QUICK_ORDER_LINES} lines at a time.
        “GW-BB-608-2RS x 20” and “20 x GW-BB-608-2RS” work too. You may use your own part numbers (given on your{" "}
        <AppLink to="/dashboard/lists" className="font-medium text-blue-800 underline">
          parts lists
        </AppLink>
        ) in place of ours.
      </p>
      {outcome ? (
        <div role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-amber-950">
            {plural(outcome.added.length, "line")} added to your cart; {plural(outcome.rejected.length, "line")} not
            added.
          </p>
          <p className="mt-3 text-sm text-amber-950">
            The box below holds the lines not added: correct them and press Add to Cart again.
          </p>
          <ul aria-label="Lines not added" className="mt-2 space-y-1 text-sm">
            {outcome.rejected.map((line) => (
              <li key={line.line} className="break-words">
                <span className="font-medium">Line {line.line}</span>{" "}
                <code className="rounded bg-white px-1">{line.text}</code>: {line.reason}
              </li>
            ))}
          </ul>
          {outcome.added.length ? (
            <AppLink to="/cart" className="mt-3 inline-block font-semibold text-blue-800 underline">
              Go to your cart
            </AppLink>
          ) : null}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <TextareaField
          label="Part numbers and quantities"
          meta={fields.lines}
          textareaProps={{
            rows: 10,
            placeholder: "GW-SG-M1-20  10\nGW-BB-6204-2RS, 4",
            className: "w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm",
            spellCheck: false,
          }}
        />
        <div className="space-y-1">
          <label htmlFor={fields.file.id} className="block text-sm font-medium text-slate-800">
            Or a CSV file
          </label>
          <input
            {...getInputProps(fields.file, { type: "file" })}
            accept=".csv,.txt,text/csv,text/plain"
            className="block w-full text-sm"
          />
          <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
        </div>
        <FormErrors form={form} />
        <StatusButton pendingText="Adding…">Add to Cart</StatusButton>
      </Form>
    </section>
  );
}
