import { getFormProps } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { CheckboxField, FilterSelect, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { templateLinesText } from "~/lib/spec-templates";
import { listCategories } from "~/models/catalog";
import { saveSpecTemplates, specTemplatesOf } from "~/models/spec-templates.server";
import { SpecTemplatesSchema } from "~/validation/spec-templates";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Spec Templates")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const categories = await listCategories();
  const slug = new URL(request.url).searchParams.get("category");
  const category = categories.find((candidate) => candidate.slug === slug) ?? categories[0] ?? null;
  const templates = await specTemplatesOf(category?.id);
  return {
    categories: categories.map(({ id, slug, name }) => ({ id, slug, name })),
    category: category ? { id: category.id, slug: category.slug, name: category.name } : null,
    values: { templates: templateLinesText(templates), decimalComma: templates.some((t) => t.decimalComma) },
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: SpecTemplatesSchema,
  async run({ value }) {
    const category = (await listCategories()).find((candidate) => candidate.id === value.categoryId);
    if (!category) return refuse(404, "That category no longer exists.");
    await saveSpecTemplates(category.id, value.templates);
    return redirectWithFlash(
      `/dashboard/spec-templates?category=${category.slug}`,
      `Spec templates saved for ${category.name}: new and edited parts follow them.`,
    );
  },
});

export default function SpecTemplates() {
  const { categories, category, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(SpecTemplatesSchema, {
    id: `spec-templates-${category?.id ?? "none"}`,
    lastResult,
    defaultValue: values,
  });
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">Spec Templates</h1>
      <p className="mt-2 text-sm text-slate-700">
        Each category&rsquo;s specs, with a fixed unit or none, and the values a spec allows if it is a fixed list.
        Every part written in the category is read through them: &ldquo;Bore: 8mm&rdquo; and &ldquo;Bore: 0.8 cm&rdquo;
        are both stored as 8 mm, so buyers filtering for an 8 mm bore see every such part.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="template-category"
          name="category"
          label="Category"
          value={category?.slug ?? ""}
          options={categories.map(({ slug, name }) => ({ value: slug, label: name }))}
          allLabel="Choose a category"
        />
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
          Show
        </button>
      </Form>
      {category ? (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <h2 className="text-lg font-semibold">{category.name}</h2>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="categoryId" value={category.id} />
          <div>
            <TextareaField
              label="Specs, one per line"
              meta={fields.templates}
              textareaProps={{
                rows: 10,
                spellCheck: false,
                placeholder: "Module\nTeeth\nBore (mm)\nPressure angle (°) = 14.5 | 20\nMaterial = C45 steel | POM",
              }}
            />
            <p className="mt-1 text-sm text-slate-600">
              “Name”, “Name (unit)” for a measurement (mm, bar, °, kN, Nm…), and after “=” the values it allows,
              separated by “|”.
            </p>
          </div>
          <CheckboxField
            label="Read a comma between digits as the decimal point (0,5 is 0.5)"
            meta={fields.decimalComma}
            hint="Left unticked, a value such as 1,000 is refused as ambiguous."
          />
          <FormErrors form={form} />
          <StatusButton>Save templates</StatusButton>
        </Form>
      ) : (
        <p className="mt-6 text-slate-700">There are no categories yet.</p>
      )}
    </section>
  );
}
