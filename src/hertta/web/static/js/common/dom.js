// The two DOM helpers every page uses.

export const $ = (id) => document.getElementById(id);

/**
 * The JSON a template put in a `<script type="application/json" id=...>` data block: the only
 * way a page hands data to the scripts, since the Content-Security-Policy allows no inline code.
 */
export function readJson(id) {
  return JSON.parse($(id).textContent);
}
