import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type AppLoadContext, data, type TypedResponse } from "@remix-run/node";
import { z } from "zod";

import { type LimitKey, refundPoints, takePoints, tooManyAttemptsMessage } from "~/web/rate-limit.server";
import { readForm, RequestRefused } from "~/web/request.server";
import { discardUploads } from "~/web/upload-form.server";

export const WRITE_FAILED = "We could not save this just now, and nothing was changed. Please try again.";

/** Turns a union of extras ({ a } | { b }) into one object type ({ a } & { b }). */
type Merged<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void
  ? Both
  : never;

/**
 * What every form action answers with when it does not redirect: conform's reply, plus the extras
 * its refusals and acceptances carry (each one may be missing, as each answer carries its own).
 */
export type FormReply<Extra = object> = SubmissionResult<string[]> & Partial<Merged<Extra>>;

type Refusal<Extra> = {
  kind: "refusal";
  status: number;
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  headers?: HeadersInit;
  extra?: Extra;
};
type Accepted<Extra> = { kind: "accepted"; extra?: Extra; headers?: HeadersInit };

/** The form comes back with messages: per field, or for the whole form when given a string. */
export function refuse<Extra extends object = never>(
  status: number,
  errors: string | { fieldErrors?: Record<string, string[]>; formErrors?: string[] },
  { headers, extra }: { headers?: HeadersInit; extra?: Extra } = {},
): Refusal<NoInfer<Extra>> {
  return typeof errors === "string"
    ? { kind: "refusal", status, formErrors: [errors], headers, extra }
    : { kind: "refusal", status, ...errors, headers, extra };
}

/** The form was handled and is shown again, emptied, with `extra` beside conform's reply. */
export function accept<Extra extends object = never>(extra?: Extra, headers?: HeadersInit): Accepted<NoInfer<Extra>> {
  return { kind: "accepted", extra, headers };
}

type RequestContext<User> = {
  request: Request;
  params: ActionFunctionArgs["params"];
  context: AppLoadContext;
  user: User;
};

type LoadedContext<User, Loaded> = RequestContext<User> & { loaded: Loaded };

type FormActionConfig<User, Loaded, Schema extends z.ZodTypeAny, Extra extends object> = {
  /** Who may post: runs before the body is read (requireUser, requireAdmin, anyone). */
  guard: (request: Request) => Promise<User>;
  /**
   * What the form is about, read once before the body (the part being ordered, the product being
   * edited); a thrown 404 answers for a thing that does not exist. The schema and `run` receive it.
   */
  load?: (context: RequestContext<User>) => Promise<Loaded>;
  /** The form's schema; a function when it depends on what was loaded (the part's stock). */
  schema: Schema | ((context: LoadedContext<User, Loaded>) => Schema | Promise<Schema>);
  /** Counters to take a point from once the form is valid and before `run`. */
  limits?: (context: LoadedContext<User, Loaded> & { value: z.output<Schema> }) => readonly LimitKey[];
  /** Give the points back when `run` succeeds (a right password is not a guess). */
  refundOnSuccess?: boolean;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** The work: a model call, then a redirect, a refusal or an acceptance. */
  run: (
    context: LoadedContext<User, Loaded> & { value: z.output<Schema>; formData: FormData },
  ) => Promise<Response | Refusal<Extra> | Accepted<Extra>>;
};

/** A guard for forms anyone may post (sign-in, contact). */
export async function anyone() {
  return null;
}

/**
 * Every form action, one pipeline: who may post → read and bound the form → what the form is about
 * → parse it with its zod schema (400 with the form's messages) → take rate-limit points (429) → run
 * the model call → a redirect, or the form again with conform's reply. A database failure answers
 * 500 with the form as typed; nothing the schema does not know is ever echoed back. See
 * docs/decisions/0010. Every type is inferred from the config: a route never names one.
 */
export function formAction<User, Schema extends z.ZodTypeAny, Extra extends object = never, Loaded = undefined>(
  config: FormActionConfig<User, Loaded, Schema, Extra>,
) {
  async function handle({ request, params, context }: ActionFunctionArgs) {
    const user = await config.guard(request);
    const requestContext: RequestContext<User> = { request, params, context, user };
    // Another site's post, or a body shaped to blow up, is refused before anything is looked up for it.
    const posted = await readPageForm(request);
    const loaded = (config.load ? await config.load(requestContext) : undefined) as Loaded;
    const loadedContext = { ...requestContext, loaded };
    const schema = typeof config.schema === "function" ? await config.schema(loadedContext) : config.schema;
    const formData = onlyKnownFields(posted, schema);
    const submission = parseWithZod(formData, { schema });
    const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
      submission.reply({ hideFields: config.hideFields, ...options }) as SubmissionResult<string[]>;
    // Every answer that is not a redirect has one shape: conform's reply, and the route's extras.
    const answer = (body: object, init?: ResponseInit) => data(body as FormReply<Extra>, init);
    if (submission.status !== "success") return answer(reply(), { status: 400 });

    const value = submission.value as z.output<Schema>;
    let taken: readonly LimitKey[] = [];
    try {
      const limits = config.limits?.({ ...loadedContext, value }) ?? [];
      if (limits.length) {
        const outcome = await takePoints(limits);
        if (!outcome.ok) {
          return answer(reply({ formErrors: [tooManyAttemptsMessage(outcome.retryAfterMs)] }), {
            status: 429,
            headers: { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) },
          });
        }
        taken = outcome.taken;
      }
      const result = await config.run({ ...loadedContext, value, formData });
      if (result instanceof Response) {
        if (config.refundOnSuccess && result.status < 400) await refundPoints(taken);
        // A redirect carries no data for the page: typed as Remix types redirect() itself.
        return result as TypedResponse<never>;
      }
      if (result.kind === "refusal") {
        const { fieldErrors, formErrors, status, headers, extra } = result;
        return answer({ ...reply({ fieldErrors, formErrors }), ...extra }, { status, headers });
      }
      if (config.refundOnSuccess) await refundPoints(taken);
      return answer({ ...reply({ resetForm: true }), ...result.extra }, { headers: result.headers });
    } catch (error) {
      // Responses (a 404 for a part that is gone, a redirect) are answers, not failures.
      if (isRemixAnswer(error)) throw error;
      console.error("A form's database write failed:", error);
      return answer(reply({ formErrors: [WRITE_FAILED] }), { status: 500 });
    }
  }
  return async function action(args: ActionFunctionArgs) {
    try {
      return await handle(args);
    } finally {
      // A file the form brought has been read by now, whatever the answer.
      discardUploads(args.request);
    }
  };
}

function readPageForm(request: Request) {
  return withPageRefusals(() => readForm(request));
}

/** Runs work that may refuse the request (RequestRefused) and turns that into the page's answer. */
export async function withPageRefusals<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RequestRefused) throw refusalForPage(error);
    throw error;
  }
}

/** The thrown answer app/entry.server.tsx renders as the short refusal page. */
export function refusalForPage(error: RequestRefused) {
  return data({ requestRefused: error.message }, { status: error.status });
}

function isRemixAnswer(error: unknown) {
  if (error instanceof Response) return true;
  const value = error as { type?: string; data?: unknown; init?: unknown } | null;
  return typeof value === "object" && value !== null && value.type === "DataWithResponseInit";
}

/** The top-level field names a schema reads; null when it cannot tell (then nothing is dropped). */
export function knownFieldNames(schema: z.ZodTypeAny): Set<string> | null {
  if (schema instanceof z.ZodEffects) return knownFieldNames(schema.innerType());
  if (schema instanceof z.ZodPipeline) return knownFieldNames(schema._def.in);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return knownFieldNames(schema.unwrap());
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodCatch) return knownFieldNames(schema._def.innerType);
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodDiscriminatedUnion || schema instanceof z.ZodUnion) {
    const names = new Set<string>();
    for (const option of schema.options as z.ZodTypeAny[]) {
      const optionNames = knownFieldNames(option);
      if (!optionNames) return null;
      for (const name of optionNames) names.add(name);
    }
    return names;
  }
  if (schema instanceof z.ZodIntersection) {
    const left = knownFieldNames(schema._def.left);
    const right = knownFieldNames(schema._def.right);
    return left && right ? new Set([...left, ...right]) : null;
  }
  return null;
}

/** The form without fields its schema does not know, so a reply can only ever echo known ones. */
export function onlyKnownFields(formData: FormData, schema: z.ZodTypeAny) {
  const known = knownFieldNames(schema);
  if (!known) return formData;
  const kept = new FormData();
  for (const [name, value] of formData) {
    if (known.has(name.split(/[.[]/, 1)[0])) kept.append(name, value);
  }
  return kept;
}
