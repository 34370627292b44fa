import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { FileField } from "~/components/file-field";
import { FormErrors, StatusButton } from "~/components/forms";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useZodForm } from "~/components/use-zod-form";
import type { ImportSummary } from "~/models/price-lists";
import type { RowProblems } from "~/replies/price-lists.server";
import { CheckImportFormSchema } from "~/validation/price-lists";
import type { FormReply } from "~/web/form-action.server";

import { replyFor } from "./price-list-forms";
import { RuleTermsText } from "./price-list-tables";

type PendingImport = { id: number; fileName: string; summary: ImportSummary };
type Change = ImportSummary["sample"][number];

/**
 * A list's rules as a file: the download, and an upload that is checked first. A checked file shows
 * what applying it changes, with Apply and Set aside; a refused one lists its rows' problems.
 */
export function PriceListImport({
  listId,
  pending,
  reply,
}: {
  listId: number;
  pending: PendingImport | undefined;
  reply: FormReply<RowProblems> | undefined;
}) {
  return (
    <>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">
        <a
          href={`/dashboard/price-lists/${listId}/rules.csv`}
          download
          className="font-semibold text-orange-800 underline"
        >
          Download the rules (CSV)
        </a>
        , change them in a spreadsheet and save as CSV UTF-8. A row is a part number with its net unit price (and breaks
        such as <code>20:19.00, 50:17.50</code>), or a category with a percentage off, or a percentage off alone for
        every part. The file replaces the list&apos;s rules: a rule it does not have is removed. Nothing changes until
        you have seen what the file would do and chosen Apply.
      </p>
      {pending ? <ImportPreview pending={pending} reply={reply} /> : <CheckFileForm reply={reply} />}
    </>
  );
}

function CheckFileForm({ reply }: { reply: FormReply<RowProblems> | undefined }) {
  const lastResult = replyFor(reply, "check-import");
  const [form, fields] = useZodForm(CheckImportFormSchema, { id: "price-list-import", lastResult });
  const problems = lastResult?.rowProblems;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-label="Import rules"
      className="mt-4 max-w-2xl space-y-3"
    >
      <FormErrors form={form} />
      <FileField label="Rules file (CSV)" meta={fields.file} accept=".csv,text/csv" />
      {problems ? (
        <div>
          <h3 className="font-semibold">Rows to change</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-red-800">
            {problems.problems.map((problem) => (
              <li key={`${problem.row}:${problem.message}`}>
                Row {problem.row}: {problem.message}
              </li>
            ))}
          </ul>
          {problems.count > problems.problems.length ? (
            <p className="mt-1 text-sm text-slate-700">
              and {problems.count - problems.problems.length} more rows: fix these and check the file again.
            </p>
          ) : null}
        </div>
      ) : null}
      <StatusButton name="intent" value="check-import" pendingText="Checking…">
        Check file
      </StatusButton>
    </Form>
  );
}

function ImportPreview({ pending, reply }: { pending: PendingImport; reply: FormReply | undefined }) {
  const { summary } = pending;
  const refused = replyFor(reply, "apply-import", "discard-import")?.error?.[""];
  const columns: Column<Change>[] = [
    { header: "Rule", cell: (change) => change.label },
    { header: "Now", cell: (change) => (change.before ? <RuleTermsText terms={change.before} /> : "–") },
    { header: "From the file", cell: (change) => (change.after ? <RuleTermsText terms={change.after} /> : "Removed") },
  ];
  return (
    <div className="mt-4 max-w-3xl rounded-md border border-slate-300 p-4">
      <h3 className="font-semibold">Checked: {pending.fileName}</h3>
      <p className="mt-1 text-sm text-slate-800">
        {summary.rules} rules in the file: {summary.added} new, {summary.changed} changed, {summary.unchanged}{" "}
        unchanged; {summary.removed} of the list&apos;s rules are not in the file and would be removed.
      </p>
      {summary.sample.length ? (
        <>
          <p className="mt-3 text-sm text-slate-700">
            {summary.sample.length < summary.added + summary.changed + summary.removed
              ? `The first ${summary.sample.length} changes:`
              : "The changes:"}
          </p>
          <DataTable rows={summary.sample} columns={columns} rowKey={(change) => change.label} />
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700">Applying it changes no price.</p>
      )}
      <FormErrors errors={refused} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="importId" value={pending.id} />
          <StatusButton name="intent" value="apply-import" pendingText="Applying…">
            Apply
          </StatusButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="importId" value={pending.id} />
          <StatusButton name="intent" value="discard-import" variant="secondary" pendingText="Setting aside…">
            Set aside
          </StatusButton>
        </Form>
      </div>
    </div>
  );
}
