import { type FieldMetadata, type FormMetadata, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { CheckboxField, Field, FormErrors, SelectField, StatusButton, TextareaField } from "~/components/forms";
import { useCurrency } from "~/components/use-money";
import type { SpecTemplate } from "~/lib/spec-templates";

type ProductFields = {
  name: FieldMetadata<string>;
  img: FieldMetadata<string>;
  description: FieldMetadata<string>;
  price: FieldMetadata<string>;
  supplierName: FieldMetadata<string>;
  partNumber: FieldMetadata<string | undefined>;
  category: FieldMetadata<number | undefined>;
  leadTimeDays: FieldMetadata<number | undefined>;
  minOrderQuantity: FieldMetadata<number | undefined>;
  reorderPoint: FieldMetadata<number | undefined>;
  hidden: FieldMetadata<boolean | undefined>;
  stockOnly: FieldMetadata<boolean | undefined>;
  priceBreaks: FieldMetadata<string | undefined>;
  specs: FieldMetadata<string | undefined>;
};

export type CategoryChoice = { id: number; name: string };

/** A category's spec templates, as the form lists them beside the specifications. */
export type CategorySpecs = { category: string; templates: SpecTemplate[] };

/** The product form both Add a Product and the edit page use. */
export function ProductForm({
  form,
  fields,
  submitLabel,
  hidden,
  intent,
  categories,
  openingStock,
  specTemplates = [],
}: {
  form: FormMetadata<any>;
  fields: ProductFields;
  /** The stock field, when a part is added: after that, stock moves by adjustments with a reason. */
  openingStock?: FieldMetadata<number>;
  categories: CategoryChoice[];
  /** The specs of the part's category (the edit page), or of every category (a new part). */
  specTemplates?: CategorySpecs[];
  submitLabel: string;
  /** Hidden inputs the form posts along (the edit page's intent and version). */
  hidden?: ReactNode;
  /** The form's intent, when the page has other forms: only this form's button shows it is pending. */
  intent?: string;
}) {
  const currency = useCurrency();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-6 grid max-w-2xl gap-4 sm:grid-cols-2">
      {hidden}
      <div className="sm:col-span-2">
        <Field label="Name" meta={fields.name} />
      </div>
      <Field
        label="Part number"
        meta={fields.partNumber}
        hint="Such as GW-SG-M1-20. Left blank on a new part, one is made up."
        inputProps={{ autoCapitalize: "characters", spellCheck: false }}
      />
      <SelectField
        label="Category"
        meta={fields.category}
        placeholder="None"
        options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
      />
      <div className="sm:col-span-2">
        <Field
          label="Image URL"
          meta={fields.img}
          type="text"
          hint="An http(s) URL, or a path on this site such as /images/items/spur-gear.svg"
        />
      </div>
      <div className="sm:col-span-2">
        <TextareaField label="Description" meta={fields.description} />
      </div>
      <Field label={`Price/unit (${currency})`} meta={fields.price} type="text" inputProps={{ inputMode: "decimal" }} />
      {openingStock ? (
        <Field
          label="Quantity Available"
          meta={openingStock}
          type="number"
          hint="The stock the part starts with. Later, add or remove stock on the part's page, with a reason."
          inputProps={{ min: 0, step: 1, inputMode: "numeric" }}
        />
      ) : null}
      <Field label="Supplier Name" meta={fields.supplierName} />
      <Field
        label="Lead time when out of stock (days)"
        meta={fields.leadTimeDays}
        type="number"
        inputProps={{ min: 0, step: 1, inputMode: "numeric" }}
      />
      <Field
        label="Minimum order quantity"
        meta={fields.minOrderQuantity}
        type="number"
        hint="Every order and cart line of this part is at least this many. 1 when left blank."
        inputProps={{ min: 1, step: 1, inputMode: "numeric" }}
      />
      <Field
        label="Reorder point"
        meta={fields.reorderPoint}
        type="number"
        hint="Stock at or below this shows as low on the product list and the admin home. 0 when left blank."
        inputProps={{ min: 0, step: 1, inputMode: "numeric" }}
      />
      <div>
        <TextareaField
          label={`Quantity price breaks (${currency})`}
          meta={fields.priceBreaks}
          textareaProps={{ rows: 3, placeholder: "10: 4.40\n50: 3.90", spellCheck: false }}
        />
        <p className="mt-1 text-sm text-slate-600">
          One per line, as “quantity: price per unit”, each below the price per unit.
        </p>
      </div>
      <div className="sm:col-span-2">
        <CheckboxField
          label="Sell from stock only (no backorders)"
          meta={fields.stockOnly}
          hint="Unticked, buyers may order more than is in stock: the rest waits and leaves after the lead time, oldest order first."
        />
      </div>
      <div className="sm:col-span-2">
        <CheckboxField
          label="Hidden (a draft, or off sale)"
          meta={fields.hidden}
          hint="A hidden part is on no public page, search, count or sitemap, not in the API, and cannot be ordered."
        />
      </div>
      <div className="sm:col-span-2">
        <TextareaField
          label="Specifications"
          meta={fields.specs}
          textareaProps={{ rows: 6, placeholder: "Bore: 8 mm\nMaterial: C45 steel", spellCheck: false }}
        />
        <p className="mt-1 text-sm text-slate-600">
          One per line, as “Name: value unit”. Buyers filter the catalog by these. A spec of the category&rsquo;s
          template is stored in its unit (“Bore: 0.8 cm” is 8 mm).
        </p>
        <SpecTemplateHint specTemplates={specTemplates} />
      </div>
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <div>
        <StatusButton intent={intent} pendingText="Saving…">
          {submitLabel}
        </StatusButton>
      </div>
    </Form>
  );
}

/** The template's specs as a short list: "Module, Bore (mm), Material (C45 steel or POM)". */
function templatesText(templates: SpecTemplate[]) {
  return templates
    .map((template) => {
      const detail = [template.unit, template.allowedValues.length ? template.allowedValues.join(" or ") : null]
        .filter(Boolean)
        .join("; ");
      return detail ? `${template.name} (${detail})` : template.name;
    })
    .join(", ");
}

function SpecTemplateHint({ specTemplates }: { specTemplates: CategorySpecs[] }) {
  const withSpecs = specTemplates.filter((entry) => entry.templates.length);
  if (!withSpecs.length) return null;
  if (withSpecs.length === 1) {
    return (
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold">{withSpecs[0].category} specs:</span> {templatesText(withSpecs[0].templates)}
      </p>
    );
  }
  return (
    <details className="mt-1 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-orange-800 underline">Specs by category</summary>
      <ul className="mt-1 space-y-1">
        {withSpecs.map((entry) => (
          <li key={entry.category}>
            <span className="font-semibold">{entry.category}:</span> {templatesText(entry.templates)}
          </li>
        ))}
      </ul>
    </details>
  );
}
