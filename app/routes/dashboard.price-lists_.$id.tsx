import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { BackLink } from "~/components/detail-page";
import { StatusButton } from "~/components/forms";
import { AddRuleForm, AssignForm } from "~/components/price-lists/price-list-forms";
import { PriceListImport } from "~/components/price-lists/price-list-import";
import { PriceListAssignments, PriceListRules, validityText } from "~/components/price-lists/price-list-tables";
import { PricePreview } from "~/components/price-lists/price-preview";
import { listCategories } from "~/models/catalog";
import { listCompanies } from "~/models/company";
import { getPendingPriceListImport, getPriceList } from "~/models/price-lists";
import { previewPrice } from "~/models/pricing.server";
import { priceListReply } from "~/replies/price-lists.server";
import { parseId } from "~/validation/common";
import { previewQuery, PriceListActionSchema } from "~/validation/price-lists";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => [
  pageTitle(matches, loaded?.list.name ?? "Price list"),
];

export const headers = routeHeaders;

async function listOf(params: { id?: string }) {
  const id = parseId(params.id);
  const list = id ? await getPriceList(id) : undefined;
  if (!list) throw data("Price list not found", { status: 404 });
  return list;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const query = previewQuery(search);
  const list = await listOf(params);
  const importId = parseId(search.get("import") ?? undefined);
  const [categories, companies, preview, pendingImport] = await Promise.all([
    listCategories(),
    listCompanies(),
    query.ok ? previewPrice(query.value) : null,
    importId ? getPendingPriceListImport(list.id, importId) : undefined,
  ]);
  return { list, categories, companies, preview, previewProblem: query.ok ? null : query.problem, pendingImport };
}

export const action = formAction({
  guard: requireAdmin,
  load: ({ params }) => listOf(params),
  schema: PriceListActionSchema,
  run: ({ loaded: list, value, user }) => priceListReply(list.id, value, { userId: user.id }),
});

export default function PriceList() {
  const { list, categories, companies, preview, previewProblem, pendingImport } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <BackLink to="/dashboard/price-lists">Price Lists</BackLink>
      <h1 className="mt-4 text-2xl font-bold">{list.name}</h1>
      <p className="mt-1 text-sm text-slate-700">
        Valid {validityText(list)}.{" "}
        {list.fixed_even_if_higher
          ? "Its prices stand even where list price is lower."
          : "A buyer pays list price wherever that is lower."}
      </p>

      <h2 className="mt-8 text-xl font-semibold">Rules</h2>
      <PriceListRules rules={list.rules} />
      {list.ruleCount > list.rules.length ? (
        <p className="mt-2 text-sm text-slate-700">
          The first {list.rules.length} of {list.ruleCount} rules: download the rules below for all of them.
        </p>
      ) : null}
      <h3 className="mt-6 font-semibold">Add a rule</h3>
      <AddRuleForm reply={reply} categories={categories} />

      <h2 className="mt-10 text-xl font-semibold">Rules as a file</h2>
      <PriceListImport listId={list.id} pending={pendingImport} reply={reply} />

      <h2 className="mt-10 text-xl font-semibold">Assigned to</h2>
      <PriceListAssignments assignments={list.assignments} />
      <h3 className="mt-6 font-semibold">Assign</h3>
      <AssignForm reply={reply} companies={companies} />

      <h2 className="mt-10 text-xl font-semibold">Preview a price</h2>
      <PricePreview companies={companies} preview={preview} problem={previewProblem} />

      <h2 className="mt-10 text-xl font-semibold">Next year</h2>
      <Form method="post" className="mt-3">
        <p className="max-w-2xl text-sm text-slate-700">
          A copy with the same rules, its days a year on and, when it has days, the same companies and customers.
        </p>
        <StatusButton name="intent" value="duplicate" variant="secondary" pendingText="Copying…" className="mt-2">
          Copy for next year
        </StatusButton>
      </Form>
    </section>
  );
}
