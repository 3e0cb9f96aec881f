// Heart to Heart's card drawings (every card is a heart): pips, crowned faces, the back, empty
// places. The frame and the corners come from ../common/card-svg.js, shared with Hearts.

import { backSvg, cardSvg, faceSvg, rankLabel, suitPath } from "../common/card-svg.js";

const CROWN = "M0 14 3 2l6 7 5-9 5 9 6-7 3 12z";

function heart(x, y, size, cls = "pip") {
  return suitPath("H", x, y, size, cls);
}

function pipsFor(label) {
  // Centre art: pips for number cards, a crowned heart for faces, one big heart for the ace.
  if (label === "A") return heart(22, 52, 56, "pip big");
  if (label === "J" || label === "Q" || label === "K") {
    const crown = `<path class="crown" d="${CROWN}" transform="translate(36 46) scale(0.95)"/>`;
    const letter = `<text class="face-letter" x="50" y="102" text-anchor="middle">${label}</text>`;
    return heart(24, 58, 52, "pip big") + crown + letter;
  }
  const count = Number(label);
  const columns = count <= 3 ? [50] : [36, 64];
  const perColumn = Math.ceil(count / columns.length);
  let out = "";
  let drawn = 0;
  for (const cx of columns) {
    for (let i = 0; i < perColumn && drawn < count; i++, drawn++) {
      const span = 64;
      const rows = perColumn;
      const cy = rows === 1 ? 92 : 62 + (span * i) / Math.max(rows - 1, 1);
      out += heart(cx - 8, cy - 8, 16);
    }
  }
  return out;
}

/** Markup of a face-up card (viewBox 100 x 140). */
export function faceMarkup(notation) {
  const label = rankLabel(notation);
  return faceSvg("card-art", label, 9, [heart(72, 9, 20, "corner"), pipsFor(label)]);
}

/** Markup of the back of a card: crimson with a lattice of small hearts and one big heart. */
export function backMarkup() {
  return backSvg([heart(30, 50, 40, "back-heart")]);
}

/** Markup of an empty place (a faint outline). */
export function emptyMarkup() {
  return cardSvg("card-art", [`<rect class="empty-bg" x="3" y="3" width="94" height="134" rx="9"/>`]);
}

/** Markup of an empty stock that can be turned over: a recycle arrow. */
export function recycleMarkup() {
  return cardSvg("card-art", [
    `<rect class="empty-bg" x="3" y="3" width="94" height="134" rx="9"/>`,
    `<use href="#icon-recycle" x="26" y="46" width="48" height="48" class="recycle-icon"/>`,
  ]);
}
