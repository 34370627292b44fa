import { apiJson, apiRoute } from "~/utils/api.server";
import { openApiDocument } from "~/utils/openapi.server";

// GET /api/openapi.json: generated from the schemas the API routes parse and answer with.
const handleApiCall = apiRoute({
  async GET({ url }) {
    return apiJson(openApiDocument(url.origin));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
