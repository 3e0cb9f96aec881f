// Drawing the Hearts table (lichess "view"): the DOM follows the state's table. Every card, seat
// and marker keeps one element with a stable id for as long as it is on the table (hand-QS,
// hand-QS-2 for a second copy in Cancellation, trick-<seat>, seat-<n>, kitty, carried): a render
// changes classes, positions and words of the elements already there and adds or removes only
// what came or went, so focus survives and the animations can measure before and after.
// Rendering never waits for anything.

import { $, setDisabled } from "../common/dom.js";
import { namedRank, t, tn } from "../common/i18n.js";
import { ruleOptionWords } from "../common/rules.js";
import { backMarkup, cardKey, faceMarkup } from "./cards.js";
import { layoutHand, layoutTable } from "./layout.js";
import { endsMatch } from "./state.js";

export function seatName(snapshot, seat) {
  return seat === 0 ? t("hearts.you") : snapshot.seats[seat].name;
}

export function cardName(notation) {
  const rank = notation[0];
  const rankWord = rank === "T" ? "10" : (["A", "J", "Q", "K"].includes(rank) ? t(`rank.${rank}`) : rank);
  // Finnish writes a rank word into one word with its suit ("pataässä"), a number apart
  // ("risti 2"), as the rules text does.
  const key = namedRank(notation) ? "hearts.card_named" : "hearts.card";
  return t(key, { suit: t(`hearts.suit.${notation[1]}`), rank: rankWord });
}

export function directionWord(direction) {
  return t(`hearts.direction.${direction}`);
}

/**
 * "Aino ampui kuun!" / "Ampuit kuun!" (Finnish says "you" in the verb, not as a name): `you`
 * is the page's own seat (0 here, a shared table's `you`, null on a replay).
 */
export function moonLine(seat, nameOf, you) {
  return seat === you ? t("hearts.moon_by_you") : t("hearts.moon_by", { name: nameOf(seat) });
}

/** "Aino otti tikin, 3 pistettä" / "Otit tikin, 1 piste" / carried (winner null), as above. */
export function trickLine(winner, points, nameOf, you) {
  if (winner === null) return t("hearts.carried");
  if (winner === you) return tn("hearts.announce.you_took", points, { points });
  return tn("hearts.announce.trick", points, { name: nameOf(winner), points });
}

export function moonWords(snapshot, seat) {
  return moonLine(seat, (s) => seatName(snapshot, s), 0);
}

export function trickWords(snapshot, winner, points) {
  return trickLine(winner, points, (s) => seatName(snapshot, s), 0);
}

/** "Aino otti tikin (3 p)" / "Otit tikin" / "Tikki jäi pöytään…" (winner null). */
export function tookWords(snapshot, winner, points) {
  if (winner === null) return t("hearts.carried");
  const key = winner === 0 ? "hearts.you_took_trick" : "hearts.took_trick";
  const words = t(key, { name: seatName(snapshot, winner) });
  return points ? `${words} (${tn("hearts.points_short", points, { points })})` : words;
}

/** Set an element's text only when it changes (keeps screen readers and layout calm). */
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function setFace(element, notation) {
  if (element.dataset.card !== notation) {
    element.dataset.card = notation;
    element.innerHTML = faceMarkup(notation);
  }
}

/** The child of `box` with `id`, made by `make` when it is not there yet. */
function ensureChild(box, id, make) {
  let element = document.getElementById(id);
  if (!element) {
    element = make();
    element.id = id;
    box.append(element);
  }
  return element;
}

/** Remove the children of `box` that are not in `keep` (a set of ids). */
function removeOthers(box, keep, selector) {
  for (const element of [...box.querySelectorAll(selector)]) {
    if (!keep.has(element.id)) element.remove();
  }
}

/** Points taken this round as a change: "+3", and "−7" (a real minus) when the bonus card
 * took more off than the penalty cards added. */
export function signedPoints(points) {
  return points < 0 ? `\u2212${-points}` : `+${points}`;
}

// -- the information bar and the person's own seat -----------------------------------------

function renderInfo(snapshot, table) {
  const obs = snapshot.observation;
  setText($("info-round"), String(snapshot.round_index + 1));
  setText($("info-pass"), directionWord(obs.pass_direction));
  $("info-broken").dataset.broken = table.broken ? "1" : "0";
  setText($("info-broken-text"), t(table.broken ? "hearts.broken" : "hearts.not_broken"));
  // The variant by the seed's own name; the dialog's longer words say what it changes.
  // Options that are not the preset's own mark the name with a "+" and are named in its title.
  const options = ruleOptionWords(snapshot.rule_options);
  setText($("info-variant"), t(`hearts.variant.${snapshot.preset}`) + (options.length ? " +" : ""));
  $("info-variant").title = options.length
    ? [t(`hearts.variant.${snapshot.preset}`), ...options].join(", ")
    : t(`hearts.preset.${snapshot.preset}`);
  // A server-dealt code stays null until the match is over (it would reveal every hand).
  setText($("info-code"), snapshot.code ?? "–");
}

// -- the opponents around the table --------------------------------------------------------

function makeSeat() {
  const seat = document.createElement("div");
  seat.className = "seat";
  seat.innerHTML = `<div class="mini-fan" aria-hidden="true"></div>
    <div class="seat-label"><span class="seat-name"></span><span class="seat-count"></span></div>
    <div class="seat-scores"><span class="seat-score"></span><span class="seat-taken"></span>
      <span class="seat-passed" aria-hidden="true" hidden>✓</span></div>`;
  return seat;
}

/** As many small card backs as the seat holds cards, up to five. */
function renderFan(fan, count) {
  const wanted = Math.min(count, 5);
  while (fan.children.length > wanted) fan.lastElementChild.remove();
  while (fan.children.length < wanted) {
    const back = document.createElement("span");
    back.className = "mini-back";
    back.style.setProperty("--i", String(fan.children.length));
    back.innerHTML = backMarkup();
    fan.append(back);
  }
}

function renderSeats(snapshot, table) {
  const box = $("seats");
  const n = snapshot.players;
  const keep = new Set();
  for (let seat = 1; seat < n; seat++) {
    const id = `seat-${seat}`;
    keep.add(id);
    const el = ensureChild(box, id, makeSeat);
    el.dataset.seat = String(seat);
    el.classList.toggle("turn", table.turn === seat);
    const name = snapshot.seats[seat].name;
    const count = table.sizes[seat];
    const total = table.totals[seat];
    const taken = table.taken[seat];
    renderFan(el.querySelector(".mini-fan"), count);
    setText(el.querySelector(".seat-name"), name);
    const countLine = el.querySelector(".seat-count");
    countLine.dataset.count = String(count);
    setText(countLine, tn("hearts.cards_left", count));
    const score = el.querySelector(".seat-score");
    score.id = `score-${seat}`;
    setText(score, String(total));
    const takenLine = el.querySelector(".seat-taken");
    takenLine.id = `taken-${seat}`;
    setText(takenLine, taken ? signedPoints(taken) : "");
    el.querySelector(".seat-passed").hidden = !table.passed[seat];
    el.setAttribute("aria-label", `${name}, ${tn("hearts.cards_left", count)}, ${t("hearts.total")} ${total}`);
  }
  removeOthers(box, keep, ".seat");
  setText($("score-0"), String(table.totals[0]));
  setText($("taken-0"), table.taken[0] ? signedPoints(table.taken[0]) : "");
  $("seat-0").classList.toggle("turn", table.turn === 0);
}

// -- the trick in the middle ---------------------------------------------------------------

function makeTrickCard() {
  const el = document.createElement("div");
  el.className = "pcard trick-card";
  el.setAttribute("role", "img");
  return el;
}

function renderTrick(snapshot, table) {
  const box = $("trick");
  const keep = new Set();
  table.trick.forEach((play, order) => {
    const id = `trick-${play.seat}`;
    keep.add(id);
    const el = ensureChild(box, id, makeTrickCard);
    setFace(el, play.card);
    el.dataset.seat = String(play.seat);
    el.style.zIndex = String(10 + order);
    el.classList.toggle("cancelled", play.cancelled);
    // The card that takes a completed trick stands out while the trick is still in view.
    el.classList.toggle("winning", Boolean(table.completed) && table.completed.winner === play.seat);
    // Who played it, as its place on the table says to the eye: "Liisa: risti 2".
    const words = `${seatName(snapshot, play.seat)}: ${cardName(play.card)}`;
    el.setAttribute("aria-label", play.cancelled ? `${words}, ${t("hearts.cancelled")}` : words);
  });
  removeOthers(box, keep, ".trick-card");
  renderTaker(snapshot, table);

  if (table.kitty) {
    const kitty = ensureChild(box, "kitty", () => {
      const made = document.createElement("div");
      made.className = "kitty";
      made.innerHTML = `<span class="mini-back">${backMarkup()}</span><span class="kitty-label"></span>`;
      return made;
    });
    setText(kitty.querySelector(".kitty-label"), t("hearts.kitty", { count: table.kitty }));
  } else {
    $("kitty")?.remove();
  }

  if (table.carried) {
    const carried = ensureChild(box, "carried", () => {
      const made = document.createElement("div");
      made.className = "carried";
      made.title = t("hearts.carried");
      return made;
    });
    setText(carried, `+${table.carried}`);
  } else {
    $("carried")?.remove();
  }
}

/** Who takes the trick on the table, said beside its cards until it is taken away. */
function renderTaker(snapshot, table) {
  const taker = ensureChild($("trick"), "trick-taker", () => {
    const made = document.createElement("p");
    made.className = "trick-taker";
    return made;
  });
  const completed = table.completed;
  taker.hidden = !completed;
  if (completed) setText(taker, tookWords(snapshot, completed.winner, completed.points));
  for (const seat of document.querySelectorAll(".seat, .me-seat")) {
    seat.classList.toggle("takes", Boolean(completed) && completed.winner === Number(seat.dataset.seat));
  }
}

// -- the person's hand ---------------------------------------------------------------------

/**
 * The hand sorted by suit, each card with its element id: `hand-QS`, and `hand-QS-2` for a
 * second copy (Cancellation Hearts plays with two decks).
 */
export function handIds(hand) {
  const seen = {};
  return [...hand].sort((a, b) => cardKey(a) - cardKey(b)).map((card) => {
    seen[card] = (seen[card] ?? 0) + 1;
    return { id: seen[card] === 1 ? `hand-${card}` : `hand-${card}-${seen[card]}`, card };
  });
}

function makeHandCard(card) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "hcard";
  el.setAttribute("role", "option");
  el.tabIndex = -1;
  setFace(el, card);
  return el;
}

/**
 * The hand. `marks` is {legal: Set|null (null: no card is dimmed), chosen: Set of ids,
 * received: Set, hinted: Set, interactive: bool, turn: "you" | "others" | ""} (the hand rests,
 * dimmed, while the others decide). Cards are buttons in a listbox with one tab
 * stop; when the focused card leaves, focus goes to the card now in its place.
 */
function renderHand(hand, marks) {
  const box = $("hand");
  const wanted = handIds(hand);
  const keep = new Set(wanted.map(({ id }) => id));
  const focused = document.activeElement instanceof Element ? document.activeElement.closest(".hcard") : null;
  const focusedAt = focused ? [...box.children].indexOf(focused) : -1;
  let refocus = false;
  for (const element of [...box.children]) {
    if (keep.has(element.id)) continue;
    if (element === focused) refocus = true;
    element.remove();
  }
  wanted.forEach(({ id, card }, i) => {
    let el = document.getElementById(id);
    if (!el) {
      el = makeHandCard(card);
      el.id = id;
    }
    // Only cards that came are placed; the others are in order already (moving a focused
    // element would drop its focus).
    if (box.children[i] !== el) box.insertBefore(el, box.children[i] ?? null);
    el.dataset.rank = card[0] === "T" ? "10" : card[0];
    const words = [cardName(card)];
    const illegal = Boolean(marks.legal && !marks.legal.has(card));
    el.classList.toggle("illegal", illegal);
    el.classList.toggle("legal", Boolean(marks.legal) && !illegal);
    if (illegal) {
      el.setAttribute("aria-disabled", "true");
      words.push(t("hearts.card_state.illegal"));
    } else {
      el.removeAttribute("aria-disabled");
    }
    const chosen = marks.chosen.has(id);
    el.classList.toggle("chosen", chosen);
    el.setAttribute("aria-selected", String(chosen));
    if (chosen) words.push(t("hearts.card_state.chosen"));
    const received = marks.received.has(card);
    el.classList.toggle("received", received);
    if (received) words.push(t("hearts.card_state.received"));
    el.classList.toggle("hinted", marks.hinted.has(card));
    el.setAttribute("aria-label", words.join(", "));
  });
  box.dataset.interactive = marks.interactive ? "1" : "0";
  box.dataset.turn = marks.turn;
  const cards = [...box.children];
  const again = refocus ? cards[Math.min(focusedAt, cards.length - 1)] : (focused && focused.isConnected ? focused : null);
  const stop = again || cards.find((c) => !c.classList.contains("illegal")) || cards[0];
  for (const card of cards) card.tabIndex = card === stop ? 0 : -1;
  if (refocus && again) again.focus({ preventScroll: true });
  layoutHand();
}

// -- the words and buttons under the table -------------------------------------------------

/** The words under the table for the state as drawn (``table``). */
export function prompt(snapshot, table, limits) {
  const obs = snapshot.observation;
  if (snapshot.status === "passing") {
    if (obs.pass_to === null) return t("hearts.prompt.no_pass");
    if (obs.passed.length) return t("hearts.prompt.passed");
    return t("hearts.prompt.pass", {
      count: limits.pass_size, direction: t(`hearts.direction_to.${obs.pass_direction}`), name: seatName(snapshot, obs.pass_to),
    });
  }
  if (snapshot.status === "playing") {
    const opening = obs.pass_direction === "none" && !obs.tricks.length ? `${t("hearts.prompt.no_pass")} ` : "";
    const turn = table.turn;
    if (turn === 0) return opening + t(table.trick.length ? "hearts.prompt.play" : "hearts.prompt.lead");
    if (turn === null) return opening;
    return opening + t("hearts.prompt.wait", { name: seatName(snapshot, turn) });
  }
  if (snapshot.status === "moon_choice") {
    // A computer shooter chooses for a moment (longer at the higher levels): say who.
    const shooter = obs.moon_shooter;
    if (shooter === 0 || shooter === null) return t("hearts.prompt.moon");
    return t("hearts.prompt.moon_other", { name: seatName(snapshot, shooter) });
  }
  if (snapshot.status === "round_over") return t("hearts.prompt.round_over");
  if (snapshot.status === "match_over") return t("hearts.prompt.match_over");
  return t("hearts.prompt.none");
}

/** The prompt, the pass and next-round buttons, and the toolbar's state. */
function renderControls(state) {
  const snapshot = state.snapshot;
  const table = state.table;
  setText($("prompt"), table ? prompt(snapshot, table, state.limits) : t("hearts.prompt.none"));
  const passing = state.passing;
  $("btn-pass").hidden = !passing;
  $("hand").setAttribute("aria-multiselectable", String(passing)); // the pass chooses three
  $("btn-pass").disabled = state.chosen.size !== state.limits.pass_size;
  $("btn-next").hidden = snapshot.status !== "round_over" || endsMatch(snapshot);
  const toHand = () => document.querySelector('#hand [tabindex="0"]');
  setDisabled($("btn-last"), !table || !snapshot.observation.tricks.length, toHand);
  setDisabled($("btn-hint"), !state.deciding, toHand);
  $("btn-hint").setAttribute("aria-busy", String(state.hintRequest !== null || state.hintWanted));
}

/**
 * Whether the hand waits for the person ("you") or rests while the others decide ("others"):
 * from the table as drawn, so it follows the cards shown one by one.
 */
function handTurn(state, table) {
  const status = state.snapshot.status;
  if (status === "playing") return table.turn === 0 ? "you" : "others";
  if (status === "passing") return state.passing ? "you" : "others";
  return status === "moon_choice" && !state.choosingMoon ? "others" : "you";
}

/** Everything on the page from the state's table (or an empty table with no match). */
export function render(state) {
  const snapshot = state.snapshot;
  const game = $("game");
  game.dataset.status = snapshot.status;
  game.dataset.version = String(snapshot.version);
  game.dataset.awaiting = state.awaiting;
  const table = state.table;
  if (!table) {
    renderHand([], {
      legal: null, chosen: new Set(), received: new Set(), hinted: new Set(), interactive: false, turn: "",
    });
    removeOthers($("seats"), new Set(), ".seat");
    removeOthers($("trick"), new Set(), ".trick-card, .kitty, .carried, .trick-taker");
    renderControls(state);
    return;
  }
  const obs = snapshot.observation;
  game.dataset.players = String(snapshot.players);
  game.dataset.turn = table.turn === null ? "" : String(table.turn);
  game.dataset.direction = obs.pass_direction;
  game.dataset.round = String(snapshot.round_index);
  renderInfo(snapshot, table);
  renderSeats(snapshot, table);
  renderTrick(snapshot, table);
  const interactive = !state.showing;
  renderHand(table.hand, {
    legal: interactive && state.myTurn ? new Set(obs.legal_plays) : null,
    chosen: state.chosen,
    received: state.received,
    hinted: state.hinted,
    interactive,
    turn: handTurn(state, table),
  });
  layoutTable(snapshot.players);
  renderControls(state);
}
