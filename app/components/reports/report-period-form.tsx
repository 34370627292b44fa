import { Form } from "@remix-run/react";

export type Period = { from: string; to: string };

/** The period a report covers, its two days sent in the address (a GET form), with what is wrong with them. */
export function ReportPeriodForm({
  period,
  errors,
}: {
  period: Period;
  errors: Partial<Record<keyof Period, string>>;
}) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
      {(["from", "to"] as const).map((field) => (
        <div key={field}>
          <label htmlFor={`report-${field}`} className="block text-sm font-medium">
            {field === "from" ? "First day" : "Last day"}
          </label>
          <input
            id={`report-${field}`}
            type="date"
            name={field}
            defaultValue={period[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `report-${field}-error` : undefined}
            className="rounded-md border border-slate-300 px-3 py-2"
          />
          {errors[field] ? (
            <p id={`report-${field}-error`} className="mt-1 text-sm text-red-800">
              {errors[field]}
            </p>
          ) : null}
        </div>
      ))}
      <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
        Show
      </button>
    </Form>
  );
}

/** A report of the period as a CSV file. */
export function ReportCsvLink({ report, period, children }: { report: string; period: Period; children: string }) {
  return (
    <a
      href={`/dashboard/reports/${report}.csv?${new URLSearchParams(period)}`}
      className="text-orange-800 underline"
      download
    >
      {children}
    </a>
  );
}
