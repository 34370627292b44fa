import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";

import { ErrorList } from "~/components/forms";

/** A labelled file input wired to conform; `accept` only guides the picker (the server reads the bytes). */
export function FileField({
  label,
  meta,
  accept,
  hint,
}: {
  label: ReactNode;
  meta: FieldMetadata<File | undefined>;
  accept: string;
  hint?: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type: "file" })}
        accept={accept}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-800 file:px-4 file:py-2 file:font-semibold file:text-white"
      />
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
