import type { z } from "zod";

import {
  addPriceListRule,
  assignPriceList,
  duplicatePriceList,
  removePriceListAssignment,
  removePriceListRule,
} from "~/models/price-lists";
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

/** A list page's form, handed to its model call: a rule added or removed, an assignment made or removed. */
export async function priceListReply(listId: number, value: z.output<typeof PriceListActionSchema>) {
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
    case "remove-assignment":
      if (!(await removePriceListAssignment(listId, value.assignmentId))) {
        return refuse(404, "This assignment is already gone.");
      }
      return redirectWithFlash(backTo, "Assignment removed.");
  }
}
