// Card faces of a full deck as SVG (viewBox 100 x 140): a corner suit and one big suit. The frame,
// the corners, the back and the suit shapes come from ../common/card-svg.js, shared with Heart
// to Heart.

import { backSvg, faceSvg, rankLabel, suitPath } from "../common/card-svg.js";

const SUIT_ORDER = ["C", "D", "S", "H"];
const RANK_ORDER = "23456789TJQKA";

function isRed(notation) {
  return notation[1] === "H" || notation[1] === "D";
}

/** Sort key: suit (clubs, diamonds, spades, hearts: the colours alternate), then rank. */
export function cardKey(notation) {
  return SUIT_ORDER.indexOf(notation[1]) * 13 + RANK_ORDER.indexOf(notation[0]);
}

/** Markup of a face-up card. */
export function faceMarkup(notation) {
  const letter = notation[1];
  const colour = isRed(notation) ? "red" : "black";
  return faceSvg(`card-art ${colour}`, rankLabel(notation), 8, [
    suitPath(letter, 8, 40, 24, "corner"),
    suitPath(letter, 38, 62, 52, "pip big"),
  ]);
}

/** Markup of a card's back (the same crimson lattice as Heart to Heart). */
export function backMarkup() {
  return backSvg();
}
