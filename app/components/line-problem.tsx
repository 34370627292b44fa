import type { LineProblem } from "~/models/pricing.server";

/** Why a bill's line cannot be ordered as it stands, under the part's name. */
export function LineProblemNote({ line }: { line: { problem: LineProblem | null; leadTimeDays?: number } }) {
  if (!line.problem) return null;
  const text =
    line.problem.kind === "short"
      ? line.problem.available > 0
        ? `Only ${line.problem.available} in stock: lower the quantity.`
        : `Out of stock${line.leadTimeDays ? `, ships in ${line.leadTimeDays} days` : ""}: remove this line to check out.`
      : `Sold in at least ${line.problem.minimum}: raise the quantity.`;
  return (
    <span className="mt-1 block text-sm font-medium text-red-800" data-testid="line-problem">
      {text}
    </span>
  );
}
