// What both games' card drawings share: the SVG frame (viewBox 100 x 140), the rank corners, the
// crimson back and the suit shapes. Suits are SVG paths, never text glyphs (a text suit follows
// the text colour and may become a colour emoji on phones).

const SVG_NS = "http://www.w3.org/2000/svg";

const SUIT_PATHS = {
  H: "M16 29C16 29 1 19.5 1 9.6 1 4.6 4.9 1 9.5 1c3 0 5.3 1.7 6.5 4 1.2-2.3 3.5-4 6.5-4C27.1 1 31 4.6 31 9.6 31 19.5 16 29 16 29z",
  D: "M16 1 28 15.5 16 30 4 15.5z",
  S: "M16 1C16 1 2 11 2 18.5 2 22.6 5 25.5 8.8 25.5c2.6 0 4.6-1.3 5.7-3L13 30h6l-1.5-7.5c1.1 1.7 3.1 3 5.7 3 3.8 0 6.8-2.9 6.8-7C30 11 16 1 16 1z",
  C: "M16 1.5a6.6 6.6 0 0 0-6.1 9.2A6.6 6.6 0 1 0 13.6 22L12.5 30h7l-1.1-8a6.6 6.6 0 1 0 3.7-11.3A6.6 6.6 0 0 0 16 1.5z",
};

/** The rank as printed on the card ("TH" -> "10"). */
export function rankLabel(notation) {
  return notation[0] === "T" ? "10" : notation[0];
}

/** One suit shape (drawn on a 32-unit grid) scaled to `size`, its top-left corner at (x, y). */
export function suitPath(letter, x, y, size, cls) {
  const scale = size / 32;
  return `<path class="${cls}" d="${SUIT_PATHS[letter]}" transform="translate(${x} ${y}) scale(${scale})"/>`;
}

/** A card-sized SVG with the given classes, holding the given lines of markup. */
export function cardSvg(cls, lines) {
  return `<svg class="${cls}" viewBox="0 0 100 140" xmlns="${SVG_NS}" aria-hidden="true" focusable="false">
    ${lines.join("\n    ")}
  </svg>`;
}

/**
 * A face-up card: the rank at the top left (starting at `rankX`; "10" starts 3 units further
 * left) and again upside down at the bottom right, with the game's own `art` between.
 */
export function faceSvg(cls, label, rankX, art) {
  const wide = label === "10";
  return cardSvg(cls, [
    `<rect class="card-bg" x="1.5" y="1.5" width="97" height="137" rx="9"/>`,
    `<text class="rank${wide ? " wide" : ""}" x="${wide ? rankX - 3 : rankX}" y="34">${label}</text>`,
    ...art,
    `<g transform="rotate(180 50 70)">
      <text class="rank small" x="${rankX}" y="26">${label}</text>
    </g>`,
  ]);
}

/** The back of a card: crimson with a lattice of small hearts, and any `art` on top. */
export function backSvg(art = []) {
  return cardSvg("card-art", [
    `<rect class="back-bg" x="1.5" y="1.5" width="97" height="137" rx="9"/>`,
    `<rect x="9" y="9" width="82" height="122" rx="5" fill="url(#back-hearts)" class="back-field"/>`,
    ...art,
  ]);
}
