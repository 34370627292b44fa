import { RowActionForm } from "~/components/row-action-form";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import type { PriceListDetail, RuleTerms } from "~/models/price-lists";

type Rule = PriceListDetail["rules"][number];
type Assignment = PriceListDetail["assignments"][number];

/** "12.5%" from basis points. */
export function percentText(basisPoints: number) {
  return `${basisPoints / 100}%`;
}

/** "2027-01-01 to 2027-12-31", "from 2027-01-01", "always": the days a list prices. */
export function validityText(list: { valid_from: string | null; valid_until: string | null }) {
  if (list.valid_from && list.valid_until) return `${list.valid_from} to ${list.valid_until}`;
  if (list.valid_from) return `from ${list.valid_from}`;
  if (list.valid_until) return `until ${list.valid_until}`;
  return "always";
}

/** A row's Remove button: posts `intent` with the row's id in `idField`. */
function removeColumn<Row extends { id: number }>(idField: string, intent: string, label: string): Column<Row> {
  return {
    header: "Remove",
    cell: (row) => (
      <RowActionForm idField={idField} id={row.id} intent={intent} variant="secondary" aria-label={label}>
        Remove
      </RowActionForm>
    ),
  };
}

/** What a rule charges: a net price (beside list price when known) with its breaks, or a percentage off. */
export function RuleTermsText({ terms, listPriceCents }: { terms: RuleTerms; listPriceCents?: number | null }) {
  const formatPrice = useFormatPrice();
  if (terms.unitPriceCents === null) return <>{percentText(terms.percentOffBp ?? 0)} off list</>;
  return (
    <>
      {formatPrice(terms.unitPriceCents)} net
      {listPriceCents != null ? <span className="text-slate-600"> (list {formatPrice(listPriceCents)})</span> : null}
      {terms.breaks.map((each) => (
        <span key={each.minQuantity} className="block text-sm">
          from {each.minQuantity}: {formatPrice(each.priceCents)}
        </span>
      ))}
    </>
  );
}

/** A list's rules: what each prices and at what, with a button to remove it. */
export function PriceListRules({ rules }: { rules: Rule[] }) {
  if (!rules.length) return <p className="mt-3 text-slate-600">No rules yet: this list prices nothing.</p>;
  const columns: Column<Rule>[] = [
    {
      header: "Applies to",
      cell: (rule) =>
        rule.part_number ? (
          <>
            <span className="font-mono">{rule.part_number}</span> {rule.item_name}
          </>
        ) : rule.category_name ? (
          `Category: ${rule.category_name}`
        ) : (
          "All parts"
        ),
    },
    {
      header: "Price",
      cell: (rule) => (
        <RuleTermsText
          terms={{ unitPriceCents: rule.unit_price_cents, percentOffBp: rule.percent_off_bp, breaks: rule.breaks }}
          listPriceCents={rule.list_price_cents}
        />
      ),
    },
    removeColumn("ruleId", "remove-rule", "Remove this rule"),
  ];
  return <DataTable rows={rules} columns={columns} rowKey={(rule) => rule.id} />;
}

/** Whom a list prices for, highest priority first. */
export function PriceListAssignments({ assignments }: { assignments: Assignment[] }) {
  if (!assignments.length) return <p className="mt-3 text-slate-600">Not assigned yet: nobody pays these prices.</p>;
  const columns: Column<Assignment>[] = [
    {
      header: "Who",
      cell: (assignment) =>
        assignment.company_name
          ? `Company: ${assignment.company_name}`
          : `${assignment.display_name} (${assignment.email})`,
    },
    { header: "Priority", cell: (assignment) => assignment.priority, align: "right" },
    removeColumn("assignmentId", "remove-assignment", "Remove this assignment"),
  ];
  return <DataTable rows={assignments} columns={columns} rowKey={(assignment) => assignment.id} />;
}
