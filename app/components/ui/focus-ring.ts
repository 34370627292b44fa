/**
 * The header's focus ring: a light orange outline set off from the control, clearly apart from the
 * resting border and visible on the dark header (the browser's own ring is dark on dark here).
 */
export const headerFocusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-300";
