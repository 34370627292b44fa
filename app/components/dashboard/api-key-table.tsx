import { RowActionForm } from "~/components/row-action-form";
import { DataTable } from "~/components/ui/data-table";
import { useFormatDate } from "~/components/use-format-date";

type ApiKeyRow = {
  id: number;
  name: string;
  prefix: string;
  owner_email: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

/** Every API key with its owner and last use; a live key has its Revoke button. */
export function ApiKeyTable({ keys }: { keys: ApiKeyRow[] }) {
  const formatDate = useFormatDate();
  if (keys.length === 0) return <p className="mt-4 text-slate-600">No keys yet.</p>;
  return (
    <DataTable
      rows={keys}
      rowKey={(key) => key.id}
      columns={[
        { header: "Name", cell: (key) => key.name, className: "font-medium" },
        { header: "Key", cell: (key) => <code>{key.prefix}…</code> },
        { header: "Acts as", cell: (key) => key.owner_email, className: "break-all" },
        { header: "Created", cell: (key) => formatDate(key.created_at) },
        { header: "Last used", cell: (key) => (key.last_used_at ? formatDate(key.last_used_at) : "Never") },
        { header: "Status", hideHeader: true, cell: (key) => <KeyStatus apiKey={key} /> },
      ]}
    />
  );
}

function KeyStatus({ apiKey }: { apiKey: ApiKeyRow }) {
  const formatDate = useFormatDate();
  if (apiKey.revoked_at) return <span className="text-slate-600">Revoked {formatDate(apiKey.revoked_at)}</span>;
  return (
    <RowActionForm idField="keyId" id={apiKey.id} intent="revoke" variant="danger" aria-label={`Revoke ${apiKey.name}`}>
      Revoke
    </RowActionForm>
  );
}
