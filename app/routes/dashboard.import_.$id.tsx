import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import {
  FollowImport,
  importIsRunning,
  ImportProgress,
  ImportStatusBadge,
  ImportSummaryView,
} from "~/components/dashboard/catalog-import";
import { BackLink } from "~/components/detail-page";
import { ReplyErrors, StatusButton } from "~/components/forms";
import { useFormatDate } from "~/components/use-format-date";
import { formatFileSize } from "~/lib/media";
import { getCatalogImport, importsAhead, readSummary } from "~/models/catalog-import";
import { catalogImportReply, NO_SUCH_IMPORT } from "~/replies/catalog-import.server";
import { liveImportProgress } from "~/services/catalog-import-runner.server";
import { CatalogImportActionSchema } from "~/validation/catalog-file";
import { parseId } from "~/validation/common";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  pageTitle(matches, data ? `Import #${data.catalogImport.id}` : "Import"),
];

export const headers = routeHeaders;

async function requireImport(id: string | undefined) {
  const parsed = parseId(id);
  const found = parsed ? await getCatalogImport(parsed) : undefined;
  if (!found) throw data(NO_SUCH_IMPORT, { status: 404 });
  return found;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const found = await requireImport(params.id);
  const waiting = found.status === "waiting" || found.status === "apply-waiting";
  const live = found.status === "applying" ? liveImportProgress(found.id) : null;
  return {
    catalogImport: {
      id: found.id,
      fileName: found.file_name,
      fileBytes: found.file_bytes,
      status: found.status,
      by: found.user_email,
      createdAt: found.created_at,
      appliedAt: found.applied_at,
      error: found.error,
      bytesDone: found.bytes_done,
      rowsTotal: found.rows_total,
      rowsWritten: live?.rowsDone ?? null,
    },
    summary: readSummary(found.summary),
    ahead: waiting ? await importsAhead(found.id) : 0,
  };
}

export const action = formAction({
  guard: requireAdmin,
  load: ({ params }) => requireImport(params.id),
  schema: CatalogImportActionSchema,
  run: ({ loaded, value }) => catalogImportReply(loaded.id, value.intent),
});

export default function CatalogImportPage() {
  const { catalogImport: current, summary, ahead } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const formatDate = useFormatDate();
  const running = importIsRunning(current.status);
  return (
    <section>
      <BackLink to="/dashboard/import">All imports</BackLink>
      <h1 className="mt-2 break-words text-2xl font-bold">
        Import #{current.id}: {current.fileName}
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        {formatFileSize(current.fileBytes)}, uploaded {formatDate(current.createdAt)}
        {current.by ? ` by ${current.by}` : ""}. <ImportStatusBadge status={current.status} />
      </p>
      {running ? <FollowImport /> : null}
      <ImportProgress progress={current} ahead={ahead} />
      <ReplyErrors reply={reply} />
      {current.error ? (
        <p role="alert" className="mt-4 max-w-2xl rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {current.error}
        </p>
      ) : null}
      {current.status === "applied" ? (
        <p role="status" className="mt-4 font-medium text-green-900">
          Applied {current.appliedAt ? formatDate(current.appliedAt) : ""}: the catalog now holds this file.
        </p>
      ) : null}
      {current.status === "checked" ? (
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <StatusButton name="intent" value="apply" pendingText="Applying…">
            Apply
          </StatusButton>
          <StatusButton name="intent" value="discard" variant="secondary">
            Discard
          </StatusButton>
        </Form>
      ) : null}
      {current.status === "refused" || current.status === "failed" ? (
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          {current.status === "failed" ? (
            <StatusButton name="intent" value="recheck" pendingText="Queuing…">
              Check the file again
            </StatusButton>
          ) : null}
          <StatusButton name="intent" value="discard" variant="secondary">
            Discard
          </StatusButton>
        </Form>
      ) : null}
      {summary && !running ? <ImportSummaryView summary={summary} applied={current.status === "applied"} /> : null}
    </section>
  );
}
