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
 * drops the scripts; stylesheets and pictures load from the server as before. One copying page
 * serves every check of the same page: a context and a renderer started per check were a third of a
 * sweep's time.
 */
const copyingPages = new WeakMap<Page, Promise<Page>>();

function copyingPageFor(page: Page, browser: Browser, baseURL: string) {
  let copying = copyingPages.get(page);
  if (!copying) {
    copying = browser.newContext({ baseURL, javaScriptEnabled: true }).then(async (context) => {
      // The checked page closing (its context closed by the test) takes its copying context with it.
      page.once("close", () => context.close().catch(() => undefined));
      return context.newPage();
    });
    copyingPages.set(page, copying);
  }
  return copying;
}

async function scriptlessCopy(page: Page, browser: Browser, baseURL: string) {
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<(\/?)noscript>/g, "<$1x-noscript>");
  const copy = await copyingPageFor(page, browser, baseURL);
  await copy.unrouteAll();
  await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
  await copy.goto(page.url());
  return copy;
}

/** The page axe checks: the page itself with JavaScript, its scriptless copy without. */
function pageToCheck(page: Page, browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  return javaScriptEnabled ? Promise.resolve(page) : scriptlessCopy(page, browser, baseURL);
}

/**
 * axe run in the page itself (its "legacy mode"): the default mode finishes every run in a new blank
 * page with axe injected a second time, which only pages with cross-origin frames need, and the
 * store's pages have no frames.
 */
function axeFor(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode();
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
  const results = await axeFor(await pageToCheck(page, browser, javaScriptEnabled, baseURL))
    .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")}`),
  );
}

export async function expectNoAxeFindings(page: Page, browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  // Only violations are asserted, so only they are given a selector for every node: axe's other
  // result types keep one node each. `options` first: it replaces the options `withRules` sets.
  const results = await axeFor(await pageToCheck(page, browser, javaScriptEnabled, baseURL))
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
}
