// Drawing the Hearts table from a snapshot (or from the page's in-between view while the bots'
// moves are shown one by one). Rendering never waits for anything.

import { t } from "../i18n.js";
import { backMarkup, cardKey, faceMarkup, rankLabel } from "./cards.js";

const $ = (id) => document.getElementById(id);

// Where each seat sits around the table, in percent of the table area (seat 0 is the hand).
const SEAT_SPOTS = {
  3: [[50, 100], [14, 28], [86, 28]],
  4: [[50, 100], [9, 44], [50, 13], [91, 44]],
  5: [[50, 100], [9, 56], [22, 14], [78, 14], [91, 56]],
  6: [[50, 100], [9, 68], [11, 22], [50, 12], [89, 22], [91, 68]],
};

export function seatSpot(players, seat) {
  return SEAT_SPOTS[players][seat];
}

// Where each seat's card lies in the trick (fixed per table size so no two cards overlap much).
const TRICK_SPOTS = {
  3: [[50, 70], [37, 36], [63, 36]],
  4: [[50, 70], [31, 47], [50, 27], [69, 47]],
  5: [[50, 70], [30, 58], [39, 28], [61, 28], [70, 58]],
  6: [[50, 70], [31, 60], [33, 28], [50, 25], [67, 28], [69, 60]],
};

export function trickSpot(players, seat) {
  return TRICK_SPOTS[players][seat];
}

export function seatName(snapshot, seat) {
  return seat === 0 ? t("hearts.you") : snapshot.seats[seat].name;
}

export function cardName(notation) {
  const rank = notation[0];
  const rankWord = rank === "T" ? "10" : (["A", "J", "Q", "K"].includes(rank) ? t(`rank.${rank}`) : rank);
  return t("hearts.card", { suit: t(`hearts.suit.${notation[1]}`), rank: rankWord });
}

export function directionWord(direction) {
  return t(`hearts.direction.${direction}`);
}

function cardElement(notation, cls) {
  const el = document.createElement("div");
  el.className = `pcard ${cls}`;
  el.dataset.card = notation;
  el.innerHTML = faceMarkup(notation);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(notation));
  return el;
}

export function renderInfo(snapshot) {
  const obs = snapshot.observation;
  $("info-round").textContent = String(snapshot.round_index + 1);
  $("info-pass").textContent = directionWord(obs.pass_direction);
  const broken = obs.hearts_broken;
  $("info-broken").dataset.broken = broken ? "1" : "0";
  $("info-broken-text").textContent = t(broken ? "hearts.broken" : "hearts.not_broken");
  $("info-code").textContent = snapshot.code ?? "–";
}

/** The opponents around the table. `view` holds counts and the turn as currently shown. */
export function renderSeats(snapshot, view) {
  const box = $("seats");
  const obs = snapshot.observation;
  const n = snapshot.players;
  box.textContent = "";
  for (let seat = 1; seat < n; seat++) {
    const [x, y] = seatSpot(n, seat);
    const el = document.createElement("div");
    el.className = "seat";
    el.id = `seat-${seat}`;
    el.dataset.seat = String(seat);
    el.style.left = `${x}%`;
    el.style.top = `${y}%`;
    if (view.turn === seat) el.classList.add("turn");
    const count = view.sizes[seat];
    const fan = Math.min(count, 5);
    let backs = "";
    for (let i = 0; i < fan; i++) backs += `<span class="mini-back" style="--i:${i}">${backMarkup()}</span>`;
    const passed = obs.phase === "passing" && obs.passes_chosen[seat];
    el.innerHTML = `<div class="mini-fan" aria-hidden="true">${backs}</div>
      <div class="seat-label"><span class="seat-name"></span>
      <span class="seat-count" data-count="${count}">${t("hearts.cards_left", { count })}</span></div>
      <div class="seat-scores"><span class="seat-score" id="score-${seat}">${view.totals[seat]}</span>
      <span class="seat-taken" id="taken-${seat}">${view.taken[seat] ? "+" + view.taken[seat] : ""}</span>
      ${passed ? '<span class="seat-passed" aria-hidden="true">✓</span>' : ""}</div>`;
    el.querySelector(".seat-name").textContent = snapshot.seats[seat].name;
    el.setAttribute("aria-label", `${snapshot.seats[seat].name}, ${t("hearts.cards_left", { count })}, ${t("hearts.total")} ${view.totals[seat]}`);
    box.append(el);
  }
  $("score-0").textContent = String(view.totals[0]);
  $("taken-0").textContent = view.taken[0] ? `+${view.taken[0]}` : "";
  $("seat-0").classList.toggle("turn", view.turn === 0);
}

/** The trick on the table: [{seat, card, cancelled}], plus the kitty and carried cards. */
export function renderTrick(snapshot, plays, extras = {}) {
  const box = $("trick");
  const n = snapshot.players;
  box.textContent = "";
  plays.forEach((play, order) => {
    const [x, y] = trickSpot(n, play.seat);
    const el = cardElement(play.card, "trick-card");
    el.id = `trick-${play.seat}`;
    el.dataset.seat = String(play.seat);
    el.style.left = `${x}%`;
    el.style.top = `${y}%`;
    el.style.zIndex = String(10 + order);
    if (play.cancelled) {
      el.classList.add("cancelled");
      el.setAttribute("aria-label", `${cardName(play.card)}, ${t("hearts.cancelled")}`);
    }
    box.append(el);
  });
  const obs = snapshot.observation;
  const kitty = extras.kitty ?? (obs.kitty_size > 0 && obs.kitty_taker === null ? obs.kitty_size : 0);
  if (kitty) {
    const el = document.createElement("div");
    el.className = "kitty";
    el.id = "kitty";
    el.innerHTML = `<span class="mini-back">${backMarkup()}</span><span class="kitty-label">${t("hearts.kitty", { count: kitty })}</span>`;
    box.append(el);
  }
  const carried = extras.carried ?? obs.carried.length;
  if (carried) {
    const el = document.createElement("div");
    el.className = "carried";
    el.id = "carried";
    el.textContent = `+${carried}`;
    el.title = t("hearts.carried");
    box.append(el);
  }
}

/** Place the hand's cards in as few rows as keep every card at least `minStep` px wide. */
export function layoutHand() {
  const hand = $("hand");
  const cards = [...hand.querySelectorAll(".hcard")];
  if (!cards.length) {
    hand.style.height = "0px";
    return;
  }
  const width = hand.clientWidth;
  const cw = cards[0].offsetWidth;
  const ch = cards[0].offsetHeight;
  const minStep = 44;
  const n = cards.length;
  const perRowMax = Math.max(1, Math.floor((width - cw) / minStep) + 1);
  const rows = Math.ceil(n / perRowMax);
  const perRow = Math.ceil(n / rows);
  const step = perRow > 1 ? Math.min(cw * 0.82, (width - cw) / (perRow - 1)) : 0;
  const rowStep = ch * 0.52;
  cards.forEach((card, i) => {
    const row = Math.floor(i / perRow);
    const inRow = row === rows - 1 ? n - perRow * (rows - 1) : perRow;
    const col = i % perRow;
    const rowWidth = cw + step * (inRow - 1);
    card.style.left = `${(width - rowWidth) / 2 + col * step}px`;
    card.style.top = `${row * rowStep}px`;
    card.style.zIndex = String(i + 1);
  });
  hand.style.height = `${ch + rowStep * (rows - 1) + 10}px`;
}

/**
 * The hand, sorted by suit. `marks` is {legal: Set|null, chosen: Set, received: Set, interactive}.
 * Every card is a button with a stable id (hand-QS, hand-QS-2 for a second copy).
 */
export function renderHand(hand, marks) {
  const box = $("hand");
  const focused = document.activeElement && document.activeElement.closest(".hcard");
  const focusedId = focused ? focused.id : null;
  box.textContent = "";
  const seen = {};
  const sorted = [...hand].sort((a, b) => cardKey(a) - cardKey(b));
  for (const notation of sorted) {
    seen[notation] = (seen[notation] ?? 0) + 1;
    const id = seen[notation] === 1 ? `hand-${notation}` : `hand-${notation}-${seen[notation]}`;
    const el = document.createElement("button");
    el.type = "button";
    el.className = "hcard";
    el.id = id;
    el.dataset.card = notation;
    el.setAttribute("role", "option");
    el.tabIndex = -1;
    el.innerHTML = faceMarkup(notation);
    const words = [cardName(notation)];
    if (marks.legal && !marks.legal.has(notation)) {
      el.classList.add("illegal");
      el.setAttribute("aria-disabled", "true");
      words.push(t("hearts.card_state.illegal"));
    } else if (marks.legal) {
      el.classList.add("legal");
    }
    if (marks.chosen.has(id)) {
      el.classList.add("chosen");
      el.setAttribute("aria-selected", "true");
      words.push(t("hearts.card_state.chosen"));
    } else {
      el.setAttribute("aria-selected", "false");
    }
    if (marks.received.has(notation)) {
      el.classList.add("received");
      words.push(t("hearts.card_state.received"));
    }
    el.setAttribute("aria-label", words.join(", "));
    el.dataset.rank = rankLabel(notation);
    box.append(el);
  }
  const cards = [...box.querySelectorAll(".hcard")];
  const again = focusedId && $(focusedId);
  const stop = again || cards.find((c) => !c.classList.contains("illegal")) || cards[0];
  if (stop) stop.tabIndex = 0;
  if (again) again.focus({ preventScroll: true });
  layoutHand();
}
