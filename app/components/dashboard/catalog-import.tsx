import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import type { CatalogImportStatus } from "~/lib/statuses";
import type { ImportSummary } from "~/models/catalog-import";

const STATUS_TEXT: Record<CatalogImportStatus, string> = {
  waiting: "Waiting to be checked",
  checking: "Checking",
  checked: "Checked: ready to apply",
  refused: "Rows refused",
  "apply-waiting": "Waiting to be applied",
  applying: "Applying",
  applied: "Applied",
  failed: "Not applied",
  discarded: "Discarded",
};

const STATUS_STYLE: Record<CatalogImportStatus, string> = {
  waiting: "bg-slate-200 text-slate-800",
  checking: "bg-sky-100 text-sky-900",
  checked: "bg-amber-100 text-amber-900",
  refused: "bg-red-100 text-red-900",
  "apply-waiting": "bg-slate-200 text-slate-800",
  applying: "bg-sky-100 text-sky-900",
  applied: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  discarded: "bg-slate-200 text-slate-800",
};

export const importIsRunning = (status: CatalogImportStatus) =>
  status === "waiting" || status === "checking" || status === "apply-waiting" || status === "applying";

export function ImportStatusBadge({ status }: { status: CatalogImportStatus }) {
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {STATUS_TEXT[status]}
    </span>
  );
}

const REFRESH_SECONDS = 2;

/**
 * While an import waits or runs, its page follows it: with JavaScript by asking for its data again
 * every second, without by reloading itself (a refresh that only a browser without scripts reads).
 */
export function FollowImport() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1_000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
    </noscript>
  );
}

/** How far a check (bytes of the file read) or an apply (rows written) has got; no figure: indeterminate. */
function ImportProgressBar({ label, done, total }: { label: string; done: number | null; total: number }) {
  const percent = done === null || !total ? null : Math.min(100, Math.floor((done / total) * 100));
  return (
    <div className="mt-4 max-w-xl space-y-1">
      <p className="text-sm font-medium text-slate-800" id="import-progress-label">
        {label}
        {percent === null ? "" : `: ${percent}%`}
      </p>
      <progress aria-labelledby="import-progress-label" className="h-3 w-full" max={100} value={percent ?? undefined} />
    </div>
  );
}

type Progress = {
  status: CatalogImportStatus;
  bytesDone: number;
  fileBytes: number;
  rowsTotal: number;
  /** Rows an apply has written, when this server runs it (null: not known here). */
  rowsWritten: number | null;
};

/** Where a waiting or running import has got to; nothing once it has ended. */
export function ImportProgress({ progress, ahead }: { progress: Progress; ahead: number }) {
  switch (progress.status) {
    case "waiting":
    case "apply-waiting":
      return (
        <p className="mt-4 text-slate-800" role="status">
          {ahead ? `Waiting for ${ahead === 1 ? "the import" : `${ahead} imports`} before it to finish.` : "Starting…"}
        </p>
      );
    case "checking":
      return <ImportProgressBar label="Checking every row" done={progress.bytesDone} total={progress.fileBytes} />;
    case "applying":
      return (
        <ImportProgressBar
          label={`Writing ${progress.rowsTotal.toLocaleString("en-GB")} rows in one transaction`}
          done={progress.rowsWritten}
          total={progress.rowsTotal}
        />
      );
    default:
      return null;
  }
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold">{value.toLocaleString("en-GB")}</dd>
    </div>
  );
}

/** What a file does (or would do): counts, refused rows, the changes, and stock figures left alone. */
export function ImportSummaryView({ summary, applied }: { summary: ImportSummary; applied: boolean }) {
  const refused = summary.refusals.length > 0;
  return (
    <div className="mt-6 space-y-8">
      <dl className="grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label={applied ? "Created" : "New parts"} value={summary.creates} />
        <Count label={applied ? "Changed" : "Parts to change"} value={summary.changes} />
        <Count label="Unchanged" value={summary.unchanged} />
        <Count label="Rows refused" value={summary.refusedRows} />
      </dl>
      {refused ? (
        <section aria-labelledby="refusals-heading">
          <h2 id="refusals-heading" className="text-lg font-semibold">
            Refused rows
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Correct these in the file and upload it again: a file with a refused row is not applied at all.
            {summary.refusals.length < summary.refusedRows
              ? ` The first ${summary.refusals.length} reasons are listed.`
              : ""}
          </p>
          <table className="mt-3 w-full max-w-3xl text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Row
                </th>
                <th scope="col" className="py-2 pr-3">
                  Part number
                </th>
                <th scope="col" className="py-2 pr-3">
                  Column
                </th>
                <th scope="col" className="py-2">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.refusals.map((refusal, index) => (
                <tr key={index} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3 font-mono">{refusal.line}</td>
                  <td className="py-2 pr-3 font-mono">{refusal.partNumber ?? "–"}</td>
                  <td className="py-2 pr-3 font-mono">{refusal.column ?? "–"}</td>
                  <td className="py-2">{refusal.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {summary.listed.length ? (
        <section aria-labelledby="changes-heading">
          <h2 id="changes-heading" className="text-lg font-semibold">
            {applied ? "What changed" : "What would change"}
          </h2>
          {summary.listed.length < summary.creates + summary.changes ? (
            <p className="mt-1 text-sm text-slate-700">The first {summary.listed.length} parts are listed.</p>
          ) : null}
          <ul className="mt-3 max-w-3xl divide-y divide-slate-200 border-y border-slate-200 text-sm">
            {summary.listed.map((part) => (
              <li key={part.line} className="py-2">
                <p>
                  <span className="font-mono font-semibold">{part.partNumber}</span>{" "}
                  <span className="text-slate-600">
                    (row {part.line}, {part.kind === "create" ? "new part" : "changed"})
                  </span>
                </p>
                <ul className="mt-1 space-y-0.5 pl-4">
                  {part.changes.map((change) => (
                    <li key={change.field} className="break-words">
                      <span className="font-medium">{change.field}:</span>{" "}
                      {part.kind === "create" ? change.to : `${change.from || "(empty)"} → ${change.to || "(empty)"}`}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {summary.stockLeftCount ? (
        <section aria-labelledby="stock-left-heading">
          <h2 id="stock-left-heading" className="text-lg font-semibold">
            Stock left as it is ({summary.stockLeftCount.toLocaleString("en-GB")})
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            These parts&rsquo; stock moved after the file was exported (an order, a return or an adjustment), so the
            file&rsquo;s figure is not written over it. Adjust stock on the part&rsquo;s page, or export again.
          </p>
          <ul className="mt-3 max-w-3xl space-y-1 text-sm">
            {summary.stockLeft.map((part) => (
              <li key={part.line}>
                <span className="font-mono font-semibold">{part.partNumber}</span> (row {part.line}): the file says{" "}
                {part.file}, the catalog has {part.current}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
