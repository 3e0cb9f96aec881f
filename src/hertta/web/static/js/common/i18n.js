// The UI's words: the catalogue the server embedded in the page (fi.json or en.json).

import { readJson } from "./dom.js";

const catalogue = readJson("i18n-data");

/** Letters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko... and their forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * A value put into running text: one with right-to-left letters (a person's name, say) is set
 * apart with FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE, so it cannot pull the words and
 * numbers around it into its direction ("שרה otti tikin, 3 pistettä" must not show the 3 first).
 */
function isolated(value) {
  const text = String(value);
  return RIGHT_TO_LEFT.test(text) ? `\u2068${text}\u2069` : text;
}

/** The words for `key` with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  let text = catalogue[key] ?? key;
  for (const [name, value] of Object.entries(params)) {
    text = text.replaceAll(`{${name}}`, isolated(value));
  }
  return text;
}

/**
 * The words for `key` about `count` things: `key.one` for exactly one when the catalogue has
 * it ("1 kortti", "1 card"), `key` otherwise ("3 korttia"). `{count}` is filled in.
 */
export function tn(key, count, params = {}) {
  const one = `${key}.one`;
  return t(count === 1 && one in catalogue ? one : key, { count, ...params });
}

/** Whether a rank is said as a word (ace, jack, queen, king), not a number. */
export function namedRank(notation) {
  return "AJQK".includes(notation[0]);
}

/** A rank's spoken name from card notation ("TH" -> "10", "AH" -> "ässä"). */
export function rankName(notation) {
  const letter = notation[0];
  if (letter === "T") return "10";
  const key = `rank.${letter}`;
  return key in catalogue ? catalogue[key] : letter;
}

/** "hertta 10", "herttaässä" (Finnish compounds a rank word) / "10 of hearts". */
export function cardName(notation) {
  return t(namedRank(notation) ? "card.name_named" : "card.name", { rank: rankName(notation) });
}

/** "hertta 10, paikka 1" / "10 of hearts, position 1". */
export function cardLabel(notation, position) {
  return t("card.label", { card: cardName(notation), position });
}

/** The message of an error code sent by the server. */
export function errorText(code) {
  const key = `error.${code}`;
  return key in catalogue ? catalogue[key] : t("error.bad_input");
}

/** The words for a refused HTTP request's answer ({error, detail}): the code's, and the
 * server's detail, which is English, for English readers only. */
export function answerText(body) {
  const detail = document.documentElement.lang === "en" && body.detail ? ` ${body.detail}` : "";
  return errorText(body.error) + detail;
}
