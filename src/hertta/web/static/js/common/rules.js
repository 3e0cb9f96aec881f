// The variants' options a match plays with (the state's `rule_options`, a shared table's
// `rules`), in words: only the ones that are not the preset's own, so a plain game says nothing.

import { t } from "./i18n.js";

const CARD_WORDS = { TD: "10♦", JD: "J♦" };

export function ruleOptionWords(options) {
  const words = [];
  if (!options) return words;
  if (options.bonus_card) {
    words.push(t("hearts.option.bonus_card", { card: CARD_WORDS[options.bonus_card] ?? options.bonus_card }));
  }
  if (options.ace_of_spades_points) {
    words.push(t("hearts.option.ace_of_spades_points", { points: options.ace_of_spades_points }));
  }
  if (options.queen_breaks_hearts) words.push(t("hearts.option.queen_breaks_hearts"));
  return words;
}

/** Show each option row (templates/_rule_options.html) only for the presets it belongs to. */
export function syncRuleOptions(prefix) {
  const preset = document.getElementById(`${prefix}-preset`).value;
  const form = document.getElementById(`${prefix}-preset`).form;
  for (const element of form.querySelectorAll(".rule-option")) {
    element.hidden = !element.dataset.presets.split(" ").includes(preset);
  }
}

/** The chosen options for a `new` frame or a table's rules: only those that apply. */
export function ruleOptionArgs(prefix) {
  const args = {};
  const shown = (id) => {
    const element = document.getElementById(`${prefix}-${id}`);
    return element && !element.hidden ? element : null;
  };
  const bonus = shown("bonus");
  if (bonus) args.bonus_card = bonus.value;
  const ace = shown("ace");
  if (ace) args.ace_of_spades_points = Number(ace.value);
  args.queen_breaks_hearts = document.getElementById(`${prefix}-queen-breaks`).value === "true";
  return args;
}

/** The score limit typed in a field: a whole number in the server's range, else null (empty,
 * 0, 5000, 12.5: the person's to mend, never swapped for the default). */
export function typedScoreLimit(text, limits) {
  const value = text.trim() === "" ? NaN : Number(text);
  const fits = Number.isInteger(value) && value >= limits.score_limit_min && value <= limits.score_limit_max;
  return fits ? value : null;
}

/** What is said next to a score limit typedScoreLimit refused. */
export function badScoreLimitWords(limits) {
  return t("hearts.new.bad_limit", { min: limits.score_limit_min, max: limits.score_limit_max });
}
