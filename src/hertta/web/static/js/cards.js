// Our own card drawings: SVG built in code; the suit is an SVG path (never a text glyph).

const SVG_NS = "http://www.w3.org/2000/svg";
const HEART = "M16 29C16 29 1 19.5 1 9.6 1 4.6 4.9 1 9.5 1c3 0 5.3 1.7 6.5 4 " +
  "1.2-2.3 3.5-4 6.5-4C27.1 1 31 4.6 31 9.6 31 19.5 16 29 16 29z";
const CROWN = "M0 14 3 2l6 7 5-9 5 9 6-7 3 12z";

/** The rank as printed on the card ("TH" -> "10"). */
export function rankLabel(notation) {
  return notation[0] === "T" ? "10" : notation[0];
}

function heart(x, y, size, cls = "pip") {
  const scale = size / 32;
  return `<path class="${cls}" d="${HEART}" transform="translate(${x} ${y}) scale(${scale})"/>`;
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
  const wide = label === "10";
  return `<svg class="card-art" viewBox="0 0 100 140" xmlns="${SVG_NS}" aria-hidden="true" focusable="false">
    <rect class="card-bg" x="1.5" y="1.5" width="97" height="137" rx="9"/>
    <text class="rank${wide ? " wide" : ""}" x="${wide ? 6 : 9}" y="34">${label}</text>
    ${heart(72, 9, 20, "corner")}
    ${pipsFor(label)}
    <g transform="rotate(180 50 70)">
      <text class="rank small" x="9" y="26">${label}</text>
    </g>
  </svg>`;
}

/** Markup of the back of a card: crimson with a lattice of small hearts. */
export function backMarkup() {
  return `<svg class="card-art" viewBox="0 0 100 140" xmlns="${SVG_NS}" aria-hidden="true" focusable="false">
    <rect class="back-bg" x="1.5" y="1.5" width="97" height="137" rx="9"/>
    <rect x="9" y="9" width="82" height="122" rx="5" fill="url(#back-hearts)" class="back-field"/>
    ${heart(30, 50, 40, "back-heart")}
  </svg>`;
}

/** Markup of an empty place (a faint outline). */
export function emptyMarkup() {
  return `<svg class="card-art" viewBox="0 0 100 140" xmlns="${SVG_NS}" aria-hidden="true" focusable="false">
    <rect class="empty-bg" x="3" y="3" width="94" height="134" rx="9"/>
  </svg>`;
}

/** Markup of an empty stock that can be turned over: a recycle arrow. */
export function recycleMarkup() {
  return `<svg class="card-art" viewBox="0 0 100 140" xmlns="${SVG_NS}" aria-hidden="true" focusable="false">
    <rect class="empty-bg" x="3" y="3" width="94" height="134" rx="9"/>
    <use href="#icon-recycle" x="26" y="46" width="48" height="48" class="recycle-icon"/>
  </svg>`;
}
