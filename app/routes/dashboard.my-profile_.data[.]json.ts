import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/permissions.server";
import { personalDataDownload } from "~/replies/personal-data.server";

// "Download my data" (issue 53, decision 52): everything the shop holds about the signed-in customer,
// one JSON file written as it is read. My Profile's button posts intent=export-data, which lands
// here; a download reads all the account has, so an account has a few an hour.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return personalDataDownload(user, { limit: ["dataExport", `user:${user.id}`], name: "my-data" });
}
