import { useNavigation } from "@remix-run/react";
import type { ComponentProps } from "react";

import { buttonClass } from "./ui/button";

/**
 * A submit button that shows when its own form is on its way: it compares the pending submission's
 * intent (and action) with its own, so two buttons on one page never both spin.
 */
export function StatusButton({
  children,
  pendingText,
  variant = "primary",
  className = "",
  intent,
  ...props
}: ComponentProps<"button"> & {
  pendingText?: string;
  variant?: "primary" | "secondary" | "danger";
  /** The form's intent when it travels in a hidden field rather than on this button. */
  intent?: string;
}) {
  const navigation = useNavigation();
  const ownIntent = intent ?? props.value;
  const pending =
    navigation.state === "submitting" &&
    (ownIntent === undefined || navigation.formData?.get("intent") === ownIntent) &&
    (props.formAction === undefined || navigation.formAction === props.formAction);
  // Really disabled while its form is on its way, so a second click cannot post it again.
  return (
    <button
      type="submit"
      className={`${buttonClass(variant)} ${className}`}
      {...props}
      disabled={pending || props.disabled}
    >
      {pending ? (pendingText ?? children) : children}
      {pending ? (
        <span
          className="ml-2 inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden
        />
      ) : null}
    </button>
  );
}
