import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page } from "@playwright/test";
import axe from "axe-core";

// axe as the accessibility specs run it: every rule it has, on the page as the browser built it.

/** Every rule axe has, the experimental and AAA ones included (label-content-name-mismatch is one). */
export const EVERY_RULE = axe.getRules().map((rule) => rule.ruleId);

/**
 * A copy of the page as the browser built it without JavaScript, in a page where axe may run: axe
 * runs inside the page, which a JavaScript-off context cannot do. The copy keeps the DOM (with the
 * <noscript> content the browser showed, renamed so a scripting parser does not turn it to text) and
 * drops the scripts; stylesheets and pictures load from the server as before.
 */
async function scriptlessCopy(page: Page, browser: Browser, baseURL: string) {
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<(\/?)noscript>/g, "<$1x-noscript>");
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
  await copy.goto(page.url());
  return { copy, close: () => context.close() };
}

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules the signed-in pages are held to (issue 57).
 * axe leaves its experimental rules out of a run by tags, and 2.5.3 Label in Name is one of them: it
 * is switched on by name.
 */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's WCAG A and AA rules on the page as the browser built it: each violation as "rule (impact):
 * target", for a test to gather over many pages and assert once.
 */
export async function wcagFindings(page: Page, browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  const { copy, close } = javaScriptEnabled
    ? { copy: page, close: async () => {} }
    : await scriptlessCopy(page, browser, baseURL);
  try {
    const results = await new AxeBuilder({ page: copy })
      .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
      .withTags(WCAG_TAGS)
      .analyze();
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")}`),
    );
  } finally {
    await close();
  }
}

export async function expectNoAxeFindings(page: Page, browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  const { copy, close } = javaScriptEnabled
    ? { copy: page, close: async () => {} }
    : await scriptlessCopy(page, browser, baseURL);
  try {
    // Only violations are asserted, so only they are given a selector for every node: axe's other
    // result types keep one node each. `options` first: it replaces the options `withRules` sets.
    const results = await new AxeBuilder({ page: copy })
      .options({ resultTypes: ["violations"] })
      .withRules(EVERY_RULE)
      .analyze();
    // Every rule ran, each reported under one result type or more: a builder option that dropped
    // rules would otherwise pass quietly.
    const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
    expect([...new Set(ran.map((rule) => rule.id))].sort()).toEqual([...EVERY_RULE].sort());
    expect(
      results.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")}`),
      ),
    ).toEqual([]);
  } finally {
    await close();
  }
}
