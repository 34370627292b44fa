import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import type { ConnectionSettings } from "~/models/punchout";

import { uniqueToken } from "./unique";

// Punchout's test kit (issue 52): the recorded requests of tests/fixtures/punchout/ with a test's
// own values put in, a connection for a company, and a fake procurement system on loopback that
// receives the carts browsers post back to it.

const FIXTURES = path.resolve("tests/fixtures/punchout");

/** A recorded request with each `{{NAME}}` replaced (a name left without a value throws). */
export function punchoutFixture(name: string, values: Record<string, string | number>) {
  const text = fs.readFileSync(path.join(FIXTURES, name), "utf8");
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`${name} needs a value for {{${key}}}`);
    return String(values[key]);
  });
}

export type PurchaseOrderLine = { partNumber: string; quantity: number; unitPrice: string; reference?: string };

/** ItemOut lines as an OrderRequest carries them. */
export function orderItems(lines: readonly PurchaseOrderLine[]) {
  return lines
    .map(
      (line, index) => `      <ItemOut quantity="${line.quantity}" lineNumber="${index + 1}">
        <ItemID>
          <SupplierPartID>${line.partNumber}</SupplierPartID>${line.reference ? `\n          <SupplierPartAuxiliaryID>${line.reference}</SupplierPartAuxiliaryID>` : ""}
        </ItemID>
        <ItemDetail>
          <UnitPrice><Money currency="GBP">${line.unitPrice}</Money></UnitPrice>
          <Description xml:lang="en">Part ${line.partNumber}</Description>
          <UnitOfMeasure>EA</UnitOfMeasure>
        </ItemDetail>
      </ItemOut>`,
    )
    .join("\n");
}

export type TestConnection = { companyId: number; identity: string; domain: string; secret: string };

/** A PunchOutSetupRequest as `fixture` records it, from the connection, for the user with `email`. */
export function setupRequestFor(
  connection: Pick<TestConnection, "identity" | "secret">,
  {
    fixture = "coupa-setup-request.xml",
    email,
    returnUrl,
    shop,
    extra = {},
  }: {
    fixture?: string;
    email: string;
    returnUrl: string;
    shop: string;
    extra?: Record<string, string | number>;
  },
) {
  return punchoutFixture(fixture, {
    IDENTITY: connection.identity,
    SECRET: connection.secret,
    EMAIL: email,
    RETURN_URL: returnUrl,
    SHOP: shop,
    ...extra,
  });
}

/** An OrderRequest from the connection with these lines, its total theirs. */
export function purchaseOrderFor(
  connection: Pick<TestConnection, "domain" | "identity" | "secret">,
  orderId: string,
  lines: readonly PurchaseOrderLine[],
  payloadId = `payload-${uniqueToken()}`,
) {
  const totalCents = lines.reduce((sum, line) => sum + Math.round(Number(line.unitPrice) * 100) * line.quantity, 0);
  return punchoutFixture("order-request.xml", {
    PAYLOAD_ID: payloadId,
    DOMAIN: connection.domain,
    IDENTITY: connection.identity,
    SECRET: connection.secret,
    ORDER_ID: orderId,
    TOTAL: (totalCents / 100).toFixed(2),
    ITEMS: orderItems(lines),
  });
}

/** A company's connection, made as staff make it; returns the credential and the secret shown once. */
export async function newConnection(
  companyId: number,
  settings: Partial<ConnectionSettings> = {},
): Promise<TestConnection> {
  const identity = settings.identity ?? `buyer-org-${uniqueToken()}`;
  const domain = settings.domain ?? "NetworkId";
  // Imported when used: the browser suite imports this file too, before it has chosen its database.
  const { saveConnection } = await import("~/models/punchout");
  const saved = await saveConnection(companyId, {
    protocol: "cxml",
    systemName: "Coupa",
    actingUserId: null,
    membersFromEmail: false,
    newSecret: true,
    ...settings,
    identity,
    domain,
  });
  if (!saved.ok || !saved.secret) throw new Error(`newConnection: ${saved.ok ? "no secret" : saved.reason}`);
  return { companyId, identity, domain, secret: saved.secret };
}

/** The Status of a cXML answer, and the StartPage's URL when it has one. */
export function cxmlAnswerOf(text: string) {
  const status = /<Status code="(\d+)" text="([^"]*)"(?:\/>|>([^<]*)<\/Status>)/.exec(text);
  const startPage = /<StartPage>\s*<URL>([^<]+)<\/URL>/.exec(text);
  return {
    code: status ? Number(status[1]) : null,
    detail: status?.[3]?.trim() ?? "",
    startUrl: startPage ? startPage[1].replace(/&amp;/g, "&") : null,
  };
}

/** Posts a cXML document as procurement systems do (text/xml); returns the HTTP status and the answer. */
export async function postCxml(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "text/xml; charset=utf-8", ...headers },
    body,
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get("content-type"), text, ...cxmlAnswerOf(text) };
}

export type ReceivedCart = { fields: URLSearchParams; origin: string | null };

/**
 * A procurement system's side of the browser's trip back: it takes the form a browser posts to its
 * BrowserFormPost or HOOK_URL and keeps the fields, answering with a small page of its own.
 */
export async function startFakeProcurement() {
  const received: ReceivedCart[] = [];
  const unread: ReceivedCart[] = [];
  const waiting: ((cart: ReceivedCart) => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST") {
        const cart = {
          fields: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
          origin: request.headers.origin ?? null,
        };
        received.push(cart);
        const waiter = waiting.shift();
        if (waiter) waiter(cart);
        else unread.push(cart);
      }
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end("<!doctype html><title>Requisition</title><h1>Cart received by the procurement system</h1>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    returnUrl: `${origin}/requisition/return?session=42`,
    /** Every cart posted back, in order. */
    received,
    /** The next cart posted back (or the one already waiting). */
    nextCart(): Promise<ReceivedCart> {
      const ready = unread.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeProcurement = Awaited<ReturnType<typeof startFakeProcurement>>;
