import { openApiDocument } from "~/api/openapi.server";
import { apiJson, apiRoute } from "~/api/route.server";

// GET /api/openapi.json: generated from the schemas the API routes parse and answer with.
const handleApiCall = apiRoute({
  async GET() {
    return apiJson(openApiDocument());
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
