import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";

export const WRITE_FAILED = "We could not save this just now, and nothing was changed. Please try again.";

/**
 * Runs a database write for a form. When the database fails, the visitor gets a 500 that re-renders
 * the form with what they typed and a message, instead of an error page that loses their input.
 */
export async function attemptWrite<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    console.error("A form's database write failed:", error);
    return { ok: false };
  }
}

export function writeFailed(submission: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> }) {
  return data(submission.reply({ formErrors: [WRITE_FAILED] }), { status: 500 });
}
