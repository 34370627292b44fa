// What every operation of the OpenAPI document shares, added to the generated document in one place:
// its operationId, `security: []` for the public ones, the answers any call can give (401 for a key
// that is not live, 500) and those a kind of call gives (429 with the rate-limit headers, 304 for a
// read whose ETag the client holds). A call missing from OPERATION_IDS fails the document's build,
// so a new route cannot be documented without one.

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, Schema & { headers?: Record<string, unknown> }>;
};
type Document = {
  info: Schema;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema>; responses?: Record<string, unknown> };
};

/** Each call's operationId, which generated clients name their functions by. */
const OPERATION_IDS: Record<string, string> = {
  "get /api/item": "listItems",
  "post /api/item": "createItem",
  "get /api/item/{id}": "getItem",
  "put /api/item/{id}": "updateItem",
  "delete /api/item/{id}": "deleteItem",
  "get /api/review": "listReviews",
  "post /api/review": "createReview",
  "get /api/review/{id}": "getReview",
  "get /api/order": "listOrders",
  "post /api/order": "placeOrder",
  "get /api/order/{id}": "getOrder",
  "get /api/cart": "getCart",
  "get /api/quote": "listQuotes",
  "get /api/quote/{id}": "getQuote",
  "post /api/quote/{id}/accept": "acceptQuote",
  "get /api/invoice": "listInvoices",
  "get /api/invoice/{number}": "getInvoice",
  "get /api/invoice/{number}.xml": "getEInvoice",
  "get /api/openapi.json": "getOpenApiDocument",
};

/** Calls that take a rate-limit point (app/web/rate-limit.server.ts). */
const RATE_LIMITED = new Set(["post /api/review", "post /api/order", "post /api/quote/{id}/accept"]);

/** Reads that carry an ETag and answer 304 to an If-None-Match that holds it. */
const TAGGED_READS = new Set([
  "get /api/item",
  "get /api/item/{id}",
  "get /api/review",
  "get /api/order",
  "get /api/quote",
  "get /api/invoice",
]);

/** Lists that page with a `Link: rel="next"` header. */
const PAGED_LISTS = new Set(["get /api/review", "get /api/order", "get /api/quote", "get /api/invoice"]);

const errorRef = { $ref: "#/components/schemas/Error" };
const stringHeader = (description: string) => ({ description, schema: { type: "string" } });
const errorAnswer = (description: string, headers?: Record<string, unknown>) => ({
  description,
  content: { "application/json": { schema: errorRef } },
  ...(headers ? { headers } : {}),
});
const RATE_LIMIT_HEADERS = {
  RateLimit: stringHeader(
    'What is left of the call\'s limit, as the IETF draft writes it: `"ordering";r=7;t=42` (7 calls left, the window renews in 42 s).',
  ),
  "RateLimit-Policy": stringHeader('The limit: `"ordering";q=10;w=60` (10 calls a 60-second window).'),
};

/** A nullable enum lists null among its values, so a strict validator takes the null it allows. */
function nullInNullableEnums(node: unknown) {
  if (Array.isArray(node)) return node.forEach(nullInNullableEnums);
  if (!node || typeof node !== "object") return;
  const schema = node as Schema;
  const types = schema.type;
  if (Array.isArray(schema.enum) && Array.isArray(types) && types.includes("null") && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) nullInNullableEnums(value);
}

export function completeDocument<D>(generated: D): D {
  const document = generated as unknown as Document;
  nullInNullableEnums(document.components.schemas);
  nullInNullableEnums(document.paths);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const call = `${method} ${path}`;
      const operationId = OPERATION_IDS[call];
      if (!operationId) throw new Error(`The API call ${call} has no operationId in OPERATION_IDS`);
      operation.operationId = operationId;
      operation.security ??= [];
      const { responses } = operation;
      responses["401"] ??= errorAnswer(
        "An `Authorization` header without a live API key (unknown, revoked or malformed): every call refuses it, public ones included.",
        { "WWW-Authenticate": stringHeader("`Bearer`.") },
      );
      responses["500"] ??= errorAnswer(
        "Something failed on the store's side; `X-Request-Id` names it in the store's log.",
      );
      if (RATE_LIMITED.has(call)) {
        responses["429"] = errorAnswer("Too many such calls from this account or address for now.", {
          "Retry-After": stringHeader("Seconds to wait."),
          ...RATE_LIMIT_HEADERS,
        });
        for (const [status, answer] of Object.entries(responses)) {
          if (status.startsWith("2")) answer.headers = { ...answer.headers, ...RATE_LIMIT_HEADERS };
        }
      }
      if (TAGGED_READS.has(call)) {
        responses["200"].headers = {
          ...responses["200"].headers,
          ETag:
            responses["200"].headers?.ETag ??
            stringHeader("The answer's tag: send it as `If-None-Match` to be told 304 when nothing changed."),
        };
        responses["304"] = {
          description: "Not modified: the `If-None-Match` sent holds the answer's current tag. No body.",
          headers: { ETag: stringHeader("The tag the answer still has.") },
        };
      }
      if (PAGED_LISTS.has(call)) {
        responses["200"].headers = {
          ...responses["200"].headers,
          Link: stringHeader('`<https://…?…&cursor=…>; rel="next"` when there is a next page; absent on the last.'),
        };
      }
    }
  }
  document.components.responses = {
    ...document.components.responses,
    MethodNotAllowed: errorAnswer("Any call, for a method it does not take.", {
      Allow: stringHeader("The methods this address takes: `GET, POST, HEAD, OPTIONS`."),
    }),
  };
  return generated;
}
