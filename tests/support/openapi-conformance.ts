import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

import { openApiDocument } from "~/api/openapi.server";

// Every answer the suites get from the API, held to the OpenAPI document (issue 48): its status must
// be documented for its call (a 405 by components.responses.MethodNotAllowed), and its JSON body must
// validate, with ajv under JSON Schema 2020-12 (OpenAPI 3.1's dialect), against the schema the
// document gives that status. A client generated from the document, or ajv checking answers as one
// partner's did, then never meets an answer the document does not describe.

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;
type Document = { paths: Record<string, Record<string, { responses: Responses }>> };

let compiled: { ajv: Ajv2020; document: Document; routes: { template: string; pattern: RegExp }[] } | undefined;

function validator() {
  if (compiled) return compiled;
  const document = structuredClone(openApiDocument()) as unknown as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // The whole document as one schema: answers' schemas are found by JSON pointer inside it, and
  // their `#/components/schemas/…` references resolve within it.
  ajv.addSchema(document, "openapi");
  const routes = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  compiled = { ajv, document, routes };
  return compiled;
}

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/**
 * Why an API answer is not what the document says, or null when it is. `path` is the request's
 * path (its query is ignored); `body` the parsed JSON, or undefined when the answer has none.
 */
export function openApiMismatch(method: string, path: string, status: number, body: unknown): string | null {
  const { ajv, document, routes } = validator();
  const pathname = new URL(path, "http://localhost").pathname;
  const route = routes.find((candidate) => candidate.pattern.test(pathname));
  const call = `${method.toUpperCase()} ${pathname}`;
  if (!route) return status === 404 ? null : `${call}: no such path in the document, yet it answered ${status}`;
  const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  const operation = document.paths[route.template][verb];
  if (!operation) {
    if (status === 405)
      return matches(
        ajv,
        "openapi#/components/responses/MethodNotAllowed/content/application~1json/schema",
        body,
        call,
      );
    return `${call}: the document has no ${verb.toUpperCase()} for ${route.template}, yet it answered ${status}`;
  }
  const documented = operation.responses[String(status)];
  if (!documented) return `${call} answered ${status}, which the document does not list for it`;
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema || body === undefined || method.toUpperCase() === "HEAD") return null;
  return matches(
    ajv,
    `openapi#/${pointer("paths", route.template, verb, "responses", String(status), "content", "application/json", "schema")}`,
    body,
    `${call} ${status}`,
  );
}

function matches(ajv: Ajv2020, ref: string, body: unknown, what: string) {
  const validate = ajv.getSchema(ref);
  if (!validate) return `${what}: the document has no schema at ${ref}`;
  if (validate(body)) return null;
  return `${what}: the body is not what the document says: ${ajv.errorsText(validate.errors, { separator: "; " })}`;
}

/** Throws when an answer is not what the document says: the suites call it on every API answer they get. */
export function expectDocumented(method: string, path: string, status: number, body: unknown) {
  const mismatch = openApiMismatch(method, path, status, body);
  if (mismatch) throw new Error(`OpenAPI mismatch: ${mismatch}`);
}
