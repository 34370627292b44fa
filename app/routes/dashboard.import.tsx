import { getFormProps } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { ImportStatusBadge } from "~/components/dashboard/catalog-import";
import { FileField } from "~/components/file-field";
import { FormErrors, StatusButton } from "~/components/forms";
import { DataTable } from "~/components/ui/data-table";
import { useFormatDate } from "~/components/use-format-date";
import { useZodForm } from "~/components/use-zod-form";
import { createCatalogImport, listCatalogImports } from "~/models/catalog-import";
import { CatalogFileSchema, csvFileProblem } from "~/validation/catalog-file";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Import Catalog")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const imports = await listCatalogImports(10);
  return {
    imports: imports.map(({ id, file_name, status, user_email, created_at, rows_total }) => ({
      id,
      fileName: file_name,
      status,
      by: user_email,
      createdAt: created_at,
      rows: rows_total,
    })),
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: CatalogFileSchema,
  async run({ user, value }) {
    const problem = csvFileProblem(new Uint8Array(await value.file.slice(0, 64 * 1024).arrayBuffer()));
    if (problem) return refuse(400, { fieldErrors: { file: [problem] } });
    const id = await createCatalogImport({
      userId: user.id,
      fileName: value.file.name || "catalog.csv",
      file: value.file,
    });
    return redirectWithFlash(
      `/dashboard/import/${id}`,
      "File received: it is being checked. Nothing changes until you apply it.",
    );
  },
});

export default function ImportCatalog() {
  const { imports } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const formatDate = useFormatDate();
  const [form, fields] = useZodForm(CatalogFileSchema, { id: "catalog-import", lastResult });
  return (
    <section>
      <h1 className="text-2xl font-bold">Import Catalog</h1>
      <div className="mt-2 max-w-2xl space-y-2 text-sm text-slate-700">
        <p>
          Start from an{" "}
          <a href="/dashboard/export/catalog.csv" download className="font-semibold text-orange-800 underline">
            exported catalog
          </a>
          , change it in a spreadsheet and save it as CSV UTF-8. Parts are matched by part number: a number the catalog
          has is changed, a new one is added. Nothing changes until you have seen what the file would do and chosen
          Apply, and then every row is written at once, or none.
        </p>
        <p>
          Stock is set from the file only where nothing has sold or moved since the export (the <code>version</code>{" "}
          column says which); other stock figures are left as they are, and the check lists them.
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-3">
        <FormErrors form={form} />
        <FileField label="Catalog file (CSV)" meta={fields.file} accept=".csv,text/csv" />
        <StatusButton name="intent" value="upload" pendingText="Uploading…">
          Check file
        </StatusButton>
      </Form>
      <h2 className="mt-10 text-lg font-semibold">Recent imports</h2>
      {imports.length ? (
        <DataTable
          rows={imports}
          rowKey={(row) => row.id}
          columns={[
            {
              header: "Import",
              cell: (row) => (
                <AppLink to={`/dashboard/import/${row.id}`} className="font-semibold text-orange-800 underline">
                  #{row.id} {row.fileName}
                </AppLink>
              ),
            },
            { header: "Status", cell: (row) => <ImportStatusBadge status={row.status} /> },
            { header: "Rows", cell: (row) => (row.rows ? row.rows.toLocaleString("en-GB") : "–"), align: "right" },
            { header: "By", cell: (row) => row.by ?? "–" },
            { header: "Uploaded", cell: (row) => formatDate(row.createdAt) },
          ]}
        />
      ) : (
        <p className="mt-2 text-sm text-slate-600">No imports yet.</p>
      )}
    </section>
  );
}
