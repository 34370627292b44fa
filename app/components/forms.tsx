import {
  type FieldMetadata,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useInputControl,
} from "@conform-to/react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

// StatusButton lives in a module of its own: the home page's Add to Cart needs it, and importing it
// from here would put conform's input code in every page's first download.
export { StatusButton } from "./status-button";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const messages = errors?.filter(Boolean) ?? [];
  return (
    <ul id={id} className="min-h-5 text-sm text-red-800" aria-live="polite">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

type InputType = "text" | "email" | "password" | "number" | "tel" | "url" | "search" | "hidden" | "date";

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/30 aria-[invalid=true]:border-red-600";

/** A labelled input wired to conform: aria-invalid and aria-describedby point at its error list. */
export function Field({
  label,
  meta,
  type = "text",
  hint,
  inputProps,
}: {
  label: ReactNode;
  meta: FieldMetadata<string | number | null | undefined>;
  type?: InputType;
  hint?: ReactNode;
  inputProps?: Omit<ComponentProps<"input">, "name" | "id" | "type" | "defaultValue">;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input {...getInputProps(meta, { type })} key={meta.key} className={inputClass} {...inputProps} />
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A new password's field, with the rules it must meet said under it (sign-up, reset, change). */
export function NewPasswordField({
  label,
  meta,
  minLength,
}: {
  label: string;
  meta: FieldMetadata<string | number | null | undefined>;
  minLength: number;
}) {
  return (
    <Field
      label={label}
      meta={meta}
      type="password"
      hint={`At least ${minLength} characters, not a common password and not your name or email.`}
      inputProps={{ autoComplete: "new-password" }}
    />
  );
}

/** A yes-or-no field: checked sends "on", which the schema reads as true. */
export function CheckboxField({
  label,
  meta,
  hint,
}: {
  label: ReactNode;
  meta: FieldMetadata<boolean | undefined>;
  hint?: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input {...getInputProps(meta, { type: "checkbox" })} key={meta.key} className="h-4 w-4" />
        {label}
      </label>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  label,
  meta,
  textareaProps,
}: {
  label: ReactNode;
  meta: FieldMetadata<string | null | undefined>;
  textareaProps?: Omit<ComponentProps<"textarea">, "name" | "id" | "defaultValue">;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea {...getTextareaProps(meta)} key={meta.key} className={inputClass} rows={5} {...textareaProps} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A select bound to a conform field, for small fixed choices like a star rating. */
export function SelectField({
  label,
  meta,
  options,
  placeholder = "Choose…",
}: {
  label: ReactNode;
  meta: FieldMetadata<string | number | null | undefined>;
  /** With `group`, the options are shown under their group's heading, groups in order of first appearance. */
  options: { value: string; label: string; group?: string }[];
  /** The empty choice's text. */
  placeholder?: string;
}) {
  const control = useInputControl(meta as FieldMetadata<string>);
  const optionElements = (list: typeof options) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  const groups = [...new Set(options.map((option) => option.group))];
  const fallbackId = useId();
  const id = meta.id ?? fallbackId;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={meta.name}
        value={control.value ?? ""}
        onChange={(event) => control.change(event.target.value)}
        onBlur={control.blur}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {groups.length > 1 || groups[0] !== undefined
          ? groups.map((group) => (
              <optgroup key={group ?? ""} label={group ?? ""}>
                {optionElements(options.filter((option) => option.group === group))}
              </optgroup>
            ))
          : optionElements(options)}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** What FormErrors reads of a conform form: its own messages and every field's. */
type FormErrorState = { id: string; errorId: string; errors?: string[]; allErrors: Record<string, string[]> };

/**
 * The form's own messages; and, when the server drew a refused form (JavaScript off), a summary the
 * browser focuses as the page loads, so focus is not left on the page's body: how many fields need
 * correcting and a link to the first (each field says what is wrong beside it, tied to it by
 * aria-describedby). With JavaScript, conform focuses the first invalid field itself.
 */
export function FormErrors({ id, errors, form }: { id?: string; errors?: string[] | null; form?: FormErrorState }) {
  const hydrated = useHydrated();
  const own = (form ? form.errors : errors) ?? [];
  const fields = form && !hydrated ? invalidFieldIds(form) : [];
  if (!own.length && !fields.length) return null;
  return (
    <div
      id={form?.errorId ?? id}
      role="alert"
      tabIndex={hydrated ? undefined : -1}
      autoFocus={!hydrated}
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 focus:outline-2 focus:outline-red-700"
    >
      {own.length ? <p>{own.join(" ")}</p> : null}
      {fields.length ? (
        <p>
          {`This form was not sent: ${fields.length === 1 ? "one field needs" : `${fields.length} fields need`} correcting, each marked with what is wrong. `}
          <a href={`#${fields[0]}`} className="font-semibold underline">
            Go to the first
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** The ids of the inputs whose fields have a message, in the order the server reported them. */
function invalidFieldIds(form: FormErrorState) {
  return Object.entries(form.allErrors)
    .filter(([name, messages]) => name !== "" && messages?.length)
    .map(([name]) => `${form.id}-${name}`);
}

/**
 * Every message of an action's reply, for pages whose forms are single buttons (cancel, delete):
 * they have no fields to show a message beside.
 */
export function ReplyErrors({ reply }: { reply?: SubmissionResult<string[]> | null }) {
  const messages = reply?.error ? Object.values(reply.error).flatMap((errors) => errors ?? []) : [];
  return <FormErrors errors={messages} />;
}

/** A list page's status filter (a GET form's select): every status, or all of them. */
export function StatusFilterSelect({
  id,
  value,
  statuses,
  allLabel,
}: {
  id: string;
  value: string;
  statuses: readonly string[];
  /** The choice that filters nothing: "All orders". */
  allLabel: string;
}) {
  return (
    <FilterSelect
      id={id}
      name="status"
      label="Status"
      value={value}
      allLabel={allLabel}
      options={statuses.map((status) => ({ value: status, label: status[0].toUpperCase() + status.slice(1) }))}
    />
  );
}

/** One of a GET filter form's choices, with an option that filters nothing. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  allLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  allLabel: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="rounded-md border border-slate-300 px-3 py-2">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
