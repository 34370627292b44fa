import { data } from "@remix-run/node";

import { getItem } from "~/models/item";
import { parseId } from "~/validation/common";

/**
 * The item a URL's `:id` names, or a 404 page (also for ids that are not numbers at all). A hidden
 * part is not there for buyers; staff pages that edit it ask with `includeHidden`.
 */
export async function requireItemFromParams(
  idParam: string | undefined,
  notFoundMessage: string,
  { includeHidden = false }: { includeHidden?: boolean } = {},
) {
  const id = parseId(idParam);
  const item = id ? await getItem(id) : undefined;
  if (!item || (item.hidden && !includeHidden)) throw data(notFoundMessage, { status: 404 });
  return item;
}
