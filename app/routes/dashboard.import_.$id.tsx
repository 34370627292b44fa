import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import {
  FollowImport,
  importIsRunning,
  ImportProgress,
  ImportStatusBadge,
  ImportSummaryView,
} from "~/components/dashboard/catalog-import";
import { ReplyErrors, StatusButton } from "~/components/forms";
import { useFormatDate } from "~/components/use-format-date";
import { formatFileSize } from "~/lib/media";
import {
  discardCatalogImport,
  getCatalogImport,
  importsAhead,
  readSummary,
  requestApply,
  requestRecheck,
} from "~/models/catalog-import";
import { liveImportProgress } from "~/services/catalog-import-runner.server";
import { CatalogImportActionSchema } from "~/validation/catalog-file";
import { parseId } from "~/validation/common";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

const NO_SUCH_IMPORT = "There is no import at this address.";

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
  async run({ loaded, value }) {
    if (value.intent === "discard") {
      if (!(await discardCatalogImport(loaded.id)))
        return refuse(409, "This import is running or applied: it cannot be discarded now.");
      return redirectWithFlash("/dashboard/import", `Import #${loaded.id} discarded.`);
    }
    if (value.intent === "recheck") {
      if (!(await requestRecheck(loaded.id))) return refuse(409, "Only an import whose apply failed is checked again.");
      return redirectWithFlash(
        `/dashboard/import/${loaded.id}`,
        "Checking the file again against the catalog as it is now.",
      );
    }
    const queued = await requestApply(loaded.id);
    if (!queued.ok) {
      if (queued.reason === "not-found") throw data(NO_SUCH_IMPORT, { status: 404 });
      return refuse(409, `This import cannot be applied now: it is ${queued.status.replace("-", " ")}.`);
    }
    return redirectWithFlash(
      `/dashboard/import/${loaded.id}`,
      "Applying the file: every row is written at once, or none.",
    );
  },
});

export default function CatalogImportPage() {
  const { catalogImport: current, summary, ahead } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const formatDate = useFormatDate();
  const running = importIsRunning(current.status);
  return (
    <section>
      <p>
        <AppLink to="/dashboard/import" className="text-sm font-semibold text-orange-800 underline">
          ← All imports
        </AppLink>
      </p>
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
