// Where things go on the Hearts table, worked out from the space the page has (a phone held
// either way, a desktop window of any size): the opponents along the table's edges, the trick
// in the space between them (so a trick card never lies over a seat's name, count or score),
// and the hand in one fanned row. Positions are layout, not rules: hand-placed for 3 to 6
// players, a ring for any other count. Rendering calls these after it has drawn the elements;
// a resize of the table or the hand calls them again.

import { $ } from "../common/dom.js";

/** The edge each opponent sits at (Left, Top, Right) and how far along it, 0..1. */
const SEAT_PLACES = {
  3: [null, ["L", 0.3], ["R", 0.3]],
  4: [null, ["L", 0.45], ["T", 0.5], ["R", 0.45]],
  5: [null, ["L", 0.76], ["L", 0.22], ["R", 0.22], ["R", 0.76]],
  6: [null, ["L", 0.78], ["L", 0.24], ["T", 0.5], ["R", 0.24], ["R", 0.78]],
};

/** Each seat's card in the trick: from the trick's centre, in card widths and card heights.
 * With 5 and 6 players two seats share a side: their cards lie apart, each toward its own
 * seat, and no card hides another's corner, so who played which card shows at a glance. */
const TRICK_OFFSETS = {
  3: [[0, 0.5], [-0.62, -0.2], [0.62, -0.2]],
  4: [[0, 0.55], [-0.75, 0], [0, -0.55], [0.75, 0]],
  5: [[0, 0.6], [-1.2, 0.45], [-0.6, -0.55], [0.6, -0.55], [1.2, 0.45]],
  6: [[0, 0.62], [-1.22, 0.52], [-1.22, -0.52], [0, -0.62], [1.22, -0.52], [1.22, 0.52]],
};

const GAP = 6; // px between a seat and the table's edge, and between seats and the trick
const CARD_RATIO = 1.4; // a card's height over its width
const TRICK_CARD = { min: 30, max: 124 }; // px wide
const HAND_STEP = { share: 0.62 }; // at most this much of each card shows beside the next

const clamp = (value, low, high) => Math.min(Math.max(value, low), Math.max(low, high));

/** Any other table size: the seats round an ellipse, the trick cards round a small ring. */
function ring(players, seat, radius) {
  const angle = Math.PI / 2 + (2 * Math.PI * seat) / players;
  return [radius * Math.cos(angle), radius * Math.sin(angle)];
}

function placeSeat(element, place, width, height, players) {
  const w = element.offsetWidth;
  const h = element.offsetHeight;
  let x;
  let y;
  if (!place) {
    const [dx, dy] = ring(players, Number(element.dataset.seat), 0.42);
    x = (0.5 + dx) * width - w / 2;
    y = (0.45 + dy) * height - h / 2;
  } else if (place[0] === "T") {
    x = place[1] * width - w / 2;
    y = GAP;
  } else {
    x = place[0] === "L" ? GAP : width - w - GAP;
    y = place[1] * height - h / 2;
  }
  element.style.left = `${clamp(x, 0, width - w)}px`;
  element.style.top = `${clamp(y, 0, height - h)}px`;
}

/**
 * The opponents along the edges and the trick between them: the trick's cards are as large as
 * the space left between the seats allows (table's --cw), centred in it.
 */
export function layoutTable(players) {
  const table = $("table");
  const width = table.clientWidth;
  const height = table.clientHeight;
  if (!width || !height) return;
  const places = SEAT_PLACES[players] ?? null;
  const seats = [...$("seats").querySelectorAll(".seat")];
  let seatW = 0;
  let seatH = 0;
  // The edge first: a seat at the top is laid out as a row, at the sides as a column.
  for (const seat of seats) seat.dataset.edge = places?.[Number(seat.dataset.seat)]?.[0] ?? "";
  for (const seat of seats) {
    seatW = Math.max(seatW, seat.dataset.edge === "T" ? 0 : seat.offsetWidth);
    if (seat.dataset.edge === "T" || !places) seatH = Math.max(seatH, seat.offsetHeight);
    placeSeat(seat, places?.[Number(seat.dataset.seat)], width, height, players);
  }
  // The free space: between the side columns, under the top row (when there are such seats).
  const sides = !places || places.some((p) => p && p[0] !== "T");
  const topRow = !places || places.some((p) => p && p[0] === "T");
  const left = sides ? seatW + 2 * GAP : GAP;
  const right = width - left;
  const top = topRow ? seatH + 2 * GAP : GAP;
  const bottom = height - GAP;
  const offsets = TRICK_OFFSETS[players]
    ?? Array.from({ length: players }, (_, seat) => ring(players, seat, 0.7));
  const spanX = 1 + 2 * Math.max(...offsets.map(([dx]) => Math.abs(dx)));
  const spanY = (1 + 2 * Math.max(...offsets.map(([, dy]) => Math.abs(dy)))) * CARD_RATIO;
  const cw = clamp(Math.min((right - left) / spanX, (bottom - top) / spanY), TRICK_CARD.min, TRICK_CARD.max);
  const ch = cw * CARD_RATIO;
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  table.style.setProperty("--cw", `${cw}px`);
  for (const card of $("trick").querySelectorAll(".trick-card")) {
    const [dx, dy] = offsets[Number(card.dataset.seat)] ?? [0, 0];
    card.style.left = `${cx + dx * cw}px`;
    card.style.top = `${cy + dy * ch}px`;
  }
  for (const [id, x, y] of [["kitty", cx, cy], ["carried", cx, top], ["trick-taker", cx, cy]]) {
    const element = $(id);
    if (!element) continue;
    element.style.left = `${x}px`;
    element.style.top = `${y}px`;
  }
}

/**
 * The hand in one row, fanned along a shallow arc: each card overlaps the one before it (the
 * stylesheet sizes the cards so that every card's corner, its rank and suit, stays in view).
 */
export function layoutHand() {
  const hand = $("hand");
  const cards = [...hand.querySelectorAll(".hcard")];
  if (!cards.length) {
    // The hand empties with the round's last trick: its row keeps its height, so the table
    // does not grow (and every card on it move) while that trick is still being shown.
    if (!hand.style.height) hand.style.height = "0px";
    return;
  }
  const width = hand.clientWidth;
  const cw = cards[0].offsetWidth;
  const ch = cards[0].offsetHeight;
  const n = cards.length;
  // As far apart as looks good, and never wider than the hand's own width.
  const step = n > 1 ? Math.max(0, Math.min((width - cw) / (n - 1), cw * HAND_STEP.share)) : 0;
  const rowWidth = cw + step * (n - 1);
  const arc = Math.min(12, ch * 0.1); // the outermost cards sit this much lower
  const middle = (n - 1) / 2;
  cards.forEach((card, i) => {
    const along = middle ? (i - middle) / middle : 0;
    card.style.left = `${(width - rowWidth) / 2 + i * step}px`;
    card.style.top = `${arc * along * along}px`;
    card.style.zIndex = String(i + 1);
  });
  hand.dataset.step = String(Math.round(step));
  hand.style.height = `${ch + arc}px`;
}

/** Lay the table and the hand out again whenever their space changes size. */
export function followResizes(players) {
  const observer = new ResizeObserver(() => {
    layoutTable(players());
    layoutHand();
  });
  observer.observe($("table"));
  observer.observe($("hand"));
}
