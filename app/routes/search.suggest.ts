import { apiJson, apiRoute } from "~/api/route.server";
import { suggestSearch } from "~/models/catalog";

// GET /search/suggest?q=: suggestions for the header's search combobox, a public read like the
// API's (CORS-open, JSON, never stored: a rename shows at once). The query is read as the search
// reads it, so anything over 200 characters is cut there; no q is empty lists.
const handleApiCall = apiRoute({
  async GET({ url }) {
    return apiJson(await suggestSearch(url.searchParams.get("q") ?? ""));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
