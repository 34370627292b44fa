import { Form } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { StatusButton } from "~/components/forms";
import { LineQuantityForm } from "~/components/line-quantity-form";
import { RowActionForm } from "~/components/row-action-form";
import { type Column, DataTable } from "~/components/ui/data-table";
import type { ListLine } from "~/models/parts-lists";
import { MAX_CUSTOMER_PART_NUMBER } from "~/validation/parts-lists";

const smallInput = "rounded-md border border-slate-300 px-2 py-1";

/**
 * A list's lines, each with its own plain forms: the reader's own number for the part, and for the
 * list's keeper (`editable`) its quantity and Remove; a colleague reads the quantities.
 */
export function ListLines({ lines, editable = true }: { lines: ListLine[]; editable?: boolean }) {
  return (
    <DataTable
      rows={lines}
      rowKey={(line) => line.itemId}
      rowTestId={(line) => `line-${line.partNumber}`}
      columns={[
        {
          header: "Part",
          cell: (line) => (
            <span>
              <AppLink to={`/items/${line.itemId}`} className="font-medium hover:underline">
                {line.name}
              </AppLink>
              <span className="block font-mono text-xs text-slate-600">{line.partNumber}</span>
              {line.customerPartNumber ? (
                <span className="block font-mono text-xs text-slate-700" data-testid="customer-part-number">
                  {`Your no. ${line.customerPartNumber}`}
                </span>
              ) : null}
              {line.offSale ? <span className="block text-xs text-red-800">No longer sold</span> : null}
            </span>
          ),
        },
        partNumberColumn,
        ...(editable
          ? keeperColumns
          : [{ header: "Quantity", align: "right" as const, cell: (line: ListLine) => line.quantity }]),
      ]}
    />
  );
}

const partNumberColumn: Column<ListLine> = {
  header: "Your part number",
  cell: (line) => (
    <Form method="post" className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="itemId" value={line.itemId} />
      <label htmlFor={`cpn-${line.itemId}`} className="sr-only">
        Your part number for {line.partNumber}
      </label>
      <input
        id={`cpn-${line.itemId}`}
        name="customerPartNumber"
        defaultValue={line.customerPartNumber ?? ""}
        key={line.customerPartNumber ?? ""}
        maxLength={MAX_CUSTOMER_PART_NUMBER}
        className={`${smallInput} w-36 font-mono`}
      />
      <StatusButton name="intent" value="part-number" variant="secondary" className="px-3 py-1">
        Save
      </StatusButton>
    </Form>
  ),
};

const keeperColumns: Column<ListLine>[] = [
  {
    header: "Quantity",
    align: "right",
    cell: (line) => <LineQuantityForm line={line} />,
  },
  {
    header: "Actions",
    hideHeader: true,
    cell: (line) => (
      <RowActionForm
        idField="itemId"
        id={line.itemId}
        intent="remove"
        variant="danger"
        aria-label={`Remove ${line.name}`}
      >
        Remove
      </RowActionForm>
    ),
  },
];
