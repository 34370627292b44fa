import { Form } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";

import { StatusButton } from "./status-button";

/**
 * One small button that posts one intent about one thing in a list (an API key, a list's line, a
 * session, a member, a document): the thing's id travels in a hidden field named `idField`.
 */
export function RowActionForm({
  idField,
  id,
  intent,
  children,
  className,
  ...button
}: {
  idField: string;
  id: string | number;
  intent: string;
  children: ReactNode;
  className?: string;
} & Pick<ComponentProps<typeof StatusButton>, "variant" | "pendingText" | "disabled" | "aria-label">) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name={idField} value={id} />
      <StatusButton name="intent" value={intent} className="px-3 py-1" {...button}>
        {children}
      </StatusButton>
    </Form>
  );
}
