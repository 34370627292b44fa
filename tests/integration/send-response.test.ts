import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

import compression from "compression";
import express from "express";
import { afterEach, expect, test } from "vitest";

import { sendResponse } from "../../server/app";

// How our server writes a Response to Express (server/app.ts): as fast as the client takes it,
// behind compression(), as every page and file leaves.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function bodyOf(bytes: Buffer, pieceSize: number) {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
}

test("a long compressed answer waits for the compressor through one drain listener, and arrives whole", async () => {
  // Random bytes do not shrink: every 64 KB piece fills the compressor's buffer, so each write waits.
  const bytes = randomBytes(8 * 1024 * 1024);
  const app = express();
  app.use(compression());
  app.get("/", (_req, res) => {
    void sendResponse(res, new Response(bodyOf(bytes, 64 * 1024), { headers: { "Content-Type": "text/plain" } }));
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on("warning", onWarning);
  try {
    const { port } = server.address() as AddressInfo;
    const { encoding, body } = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/", headers: { "Accept-Encoding": "gzip" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
          );
          response.on("error", reject);
        })
        .on("error", reject);
    });
    expect(encoding).toBe("gzip");
    expect(gunzipSync(body).equals(bytes)).toBe(true);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  } finally {
    process.off("warning", onWarning);
  }
});
