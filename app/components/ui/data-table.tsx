import type { ReactNode } from "react";

/** One column: its header (also the cell's label when a phone stacks the row), and its cell. */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: "right";
  /** The header is for screen readers only (an actions column). */
  hideHeader?: boolean;
  /** What the header shows instead of its text (a link that sorts by the column). */
  headerContent?: ReactNode;
  /** The column the rows are sorted by, and which way (`aria-sort`). */
  sorted?: "ascending" | "descending";
  className?: string;
};

/**
 * The dashboard's tables of orders, products and keys. Under 768 px each row becomes a labelled card
 * (`.stacked-table` in tailwind.css), so no cell or button is ever off-screen.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  rowTestId,
  isRowHidden,
}: {
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId?: (row: Row) => string;
  /**
   * A row hidden but kept in the page: the cart's line while its Remove is on its way, whose
   * fetcher must stay mounted for its answer to reload the cart.
   */
  isRowHidden?: (row: Row) => boolean;
}) {
  const alignment = (column: Column<Row>) => (column.align === "right" ? "text-right" : "");
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="stacked-table w-full text-left text-sm md:min-w-[40rem]">
        <thead className="border-b border-slate-300 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                aria-sort={column.sorted}
                className={`py-2 pr-3 ${alignment(column)}`}
              >
                {column.hideHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  (column.headerContent ?? column.header)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-b border-slate-200"
              data-testid={rowTestId?.(row)}
              hidden={isRowHidden?.(row)}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.hideHeader ? undefined : column.header}
                  className={`py-2 pr-3 ${alignment(column)} ${column.className ?? ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
