import type { LoaderFunctionArgs } from "@remix-run/node";

import { mediaAnswer } from "~/web/media-response.server";

// GET /media/<hash>-<variant>.<ext>: an uploaded picture's variant or a document (decision 27). In
// production the server answers these before Remix with the same function (server/app.ts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const answer = await mediaAnswer(params.file ?? "", {
    method: request.method,
    ifNoneMatch: request.headers.get("If-None-Match"),
  });
  const { body, status, headers } = answer;
  // The database drivers' Buffers are views of plain ArrayBuffers (never shared memory).
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers });
}
