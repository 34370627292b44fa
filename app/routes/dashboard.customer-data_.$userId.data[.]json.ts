import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/permissions.server";
import { getUserById } from "~/models/user.server";
import { personalDataDownload } from "~/replies/personal-data.server";
import { parseId } from "~/validation/common";
import { noDocument } from "~/web/document-response.server";

// A customer's data for staff, for one who asks by mail (issue 53): the same file "Download my data"
// gives them, counted against the admin who downloads it. An erased account has nothing left to give.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.userId);
  const customer = id ? await getUserById(id) : undefined;
  if (!customer || customer.erased_at) return noDocument("customer's data");
  const name = `customer-${customer.id}-data`;
  return personalDataDownload(customer, { limit: ["dataExport", `staff:${admin.id}`], name });
}
