import { Form } from "@remix-run/react";

import { StatusButton } from "~/components/forms";
import { formatDate } from "~/utils/dates";

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
  return (
    <>
      {keys.length === 0 ? (
        <p className="mt-4 text-slate-600">No keys yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="stacked-table w-full text-left text-sm md:min-w-[40rem]">
            <thead className="border-b border-slate-300 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Key
                </th>
                <th scope="col" className="py-2 pr-3">
                  Acts as
                </th>
                <th scope="col" className="py-2 pr-3">
                  Created
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last used
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Status</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} className="border-b border-slate-200">
                  <td data-label="Name" className="py-2 pr-3 font-medium">
                    {key.name}
                  </td>
                  <td data-label="Key" className="py-2 pr-3">
                    <code>{key.prefix}…</code>
                  </td>
                  <td data-label="Acts as" className="py-2 pr-3">
                    {key.owner_email}
                  </td>
                  <td data-label="Created" className="py-2 pr-3">
                    {formatDate(key.created_at)}
                  </td>
                  <td data-label="Last used" className="py-2 pr-3">
                    {key.last_used_at ? formatDate(key.last_used_at) : "Never"}
                  </td>
                  <td className="py-2">
                    {key.revoked_at ? (
                      <span className="text-slate-600">Revoked {formatDate(key.revoked_at)}</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="keyId" value={key.id} />
                        <StatusButton
                          name="intent"
                          value="revoke"
                          variant="danger"
                          className="px-3 py-1"
                          aria-label={`Revoke ${key.name}`}
                        >
                          Revoke
                        </StatusButton>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
