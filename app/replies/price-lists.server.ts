import type { z } from "zod";

import {
  addPriceListRule,
  applyPriceListImport,
  assignPriceList,
  checkPriceListImport,
  discardPriceListImport,
  duplicatePriceList,
  removePriceListAssignment,
  removePriceListRule,
} from "~/models/price-lists";
import { csvFileProblem } from "~/validation/catalog-file";
import type { RowProblem } from "~/validation/price-list-file";
import type { PriceListActionSchema } from "~/validation/price-lists";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

const RULE_REFUSALS = {
  "no-list": [404, "partNumber", "This price list is gone."],
  "no-part": [404, "partNumber", "No part has this part number."],
  "no-category": [404, "category", "No category by this name."],
  exists: [409, "partNumber", "This list already has a rule for that: remove it first to change it."],
} as const;

const ASSIGN_REFUSALS = {
  "no-list": [404, "email", "This price list is gone."],
  "no-account": [404, "email", "No account has this email."],
  "no-company": [404, "companyId", "No such company."],
} as const;

/** A refused rules file's problems by spreadsheet row, for the page to list beside the file field. */
export type RowProblems = { rowProblems: { problems: RowProblem[]; count: number } };

/**
 * A list page's form, handed to its model call: a rule added or removed, an assignment made or
 * removed, a copy for next year, a rules file checked, applied or discarded.
 */
export async function priceListReply(
  listId: number,
  value: z.output<typeof PriceListActionSchema>,
  { userId }: { userId: number },
) {
  const backTo = `/dashboard/price-lists/${listId}`;
  switch (value.intent) {
    case "add-rule": {
      const result = await addPriceListRule(listId, value);
      if (result.ok) return redirectWithFlash(backTo, "Rule added.");
      const [status, field, message] = RULE_REFUSALS[result.reason];
      return refuse(status, { fieldErrors: { [field]: [message] } });
    }
    case "assign": {
      const whom = value.email !== undefined ? { email: value.email } : { companyId: value.companyId! };
      const result = await assignPriceList(listId, whom, value.priority);
      if (result.ok) return redirectWithFlash(backTo, "Assigned.");
      if (result.reason === "overlap") {
        const message = `“${result.listName}” is assigned here at priority ${value.priority} on some of the same days: choose another priority, or change its days.`;
        return refuse(409, { fieldErrors: { priority: [message] } });
      }
      const [status, field, message] = ASSIGN_REFUSALS[result.reason];
      return refuse(status, { fieldErrors: { [field]: [message] } });
    }
    case "remove-rule":
      if (!(await removePriceListRule(listId, value.ruleId))) return refuse(404, "This rule is already gone.");
      return redirectWithFlash(backTo, "Rule removed.");
    case "duplicate": {
      const copy = await duplicatePriceList(listId);
      if (copy === null) return refuse(404, "This price list is gone.");
      return redirectWithFlash(`/dashboard/price-lists/${copy}`, "Copied for next year: check its days and prices.");
    }
    case "check-import": {
      const problem = csvFileProblem(new Uint8Array(await value.file.slice(0, 64 * 1024).arrayBuffer()));
      if (problem) return refuse(400, { fieldErrors: { file: [problem] } });
      const checked = await checkPriceListImport(listId, {
        userId,
        fileName: value.file.name || "price-list.csv",
        text: await value.file.text(),
      });
      if (checked.ok) {
        return redirectWithFlash(
          `${backTo}?import=${checked.importId}`,
          "File checked: nothing changes until you apply it.",
        );
      }
      if (checked.reason === "no-list") return refuse(404, "This price list is gone.");
      const rows = checked.problemCount === 1 ? "1 row" : `${checked.problemCount} rows`;
      return refuse<RowProblems>(
        400,
        { fieldErrors: { file: [`Nothing was imported: ${rows} of the file need a change, listed below.`] } },
        { extra: { rowProblems: { problems: checked.problems, count: checked.problemCount } } },
      );
    }
    case "apply-import": {
      const applied = await applyPriceListImport(listId, value.importId);
      if (applied.ok)
        return redirectWithFlash(backTo, `Rules replaced: the list has ${applied.rules} rules from the file.`);
      return applied.reason === "gone"
        ? refuse(404, "This file was already applied or set aside: check it again.")
        : refuse(409, "The list's rules or the catalog changed since this file was checked: check the file again.");
    }
    case "discard-import":
      if (!(await discardPriceListImport(listId, value.importId)))
        return refuse(404, "This file was already applied or set aside.");
      return redirectWithFlash(backTo, "File set aside: the list is as it was.");
    case "remove-assignment":
      if (!(await removePriceListAssignment(listId, value.assignmentId))) {
        return refuse(404, "This assignment is already gone.");
      }
      return redirectWithFlash(backTo, "Assignment removed.");
  }
}
