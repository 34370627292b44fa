import { data, type LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/permissions.server";
import { getPriceList, priceListCsvBatches } from "~/models/price-lists";
import { parseId } from "~/validation/common";
import { PRICE_LIST_CSV_COLUMNS } from "~/validation/price-list-file";
import { csvDownload, datedFileName } from "~/web/csv-download.server";

// GET /dashboard/price-lists/:id/rules.csv: a list's rules as a file to change in a spreadsheet and
// import back on the list's page.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (!id || !(await getPriceList(id))) throw data("Price list not found", { status: 404 });
  return csvDownload(datedFileName(`price-list-${id}`), PRICE_LIST_CSV_COLUMNS, priceListCsvBatches(id));
}
