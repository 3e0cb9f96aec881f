// The two DOM helpers every page uses.

export const $ = (id) => document.getElementById(id);

/**
 * The JSON a template put in a `<script type="application/json" id=...>` data block: the only
 * way a page hands data to the scripts, since the Content-Security-Policy allows no inline code.
 */
export function readJson(id) {
  return JSON.parse($(id).textContent);
}

/**
 * Enable or disable a control. A focused control that is disabled hands the focus to
 * `fallback()` first (an element, or null to leave it): a disabled button cannot hold focus, and
 * the browser would drop it on the page's body, where the keyboard loses its place.
 */
export function setDisabled(control, disabled, fallback) {
  if (disabled && !control.disabled && document.activeElement === control) {
    fallback()?.focus({ preventScroll: true });
  }
  control.disabled = disabled;
}

/** `setDisabled` for several controls, `[control, disabled, fallback]` each: the ones to enable
 * first, so a control losing the focus can hand it to one that was off until now. */
export function setDisabledAll(entries) {
  for (const [control, disabled] of entries) if (!disabled) control.disabled = false;
  for (const [control, disabled, fallback] of entries) setDisabled(control, disabled, fallback);
}
