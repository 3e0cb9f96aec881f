// A table people share (docs/tables.md): the page talks to /ws/tables/{id}, draws the state it
// is sent and sends what the person does. Before the match: the seats (sit, stand, and for the
// host: computer players, removing, the invite link). During it: the person's own seat only;
// a spectator sees the public table. After each round: its hands, passes and tricks for
// everyone; after the match: the code and the replay link.

import { connectGame } from "../common/connection.js";
import { $, readJson } from "../common/dom.js";
import { answerText, errorText, t } from "../common/i18n.js";
import { HandSettle } from "../common/settle.js";
import { announce, flash } from "../common/status.js";
import { cardHoldMs, trickHoldMs } from "../hearts/animate.js";
import { cardName, handIds, trickLine } from "../hearts/render.js";
import { askedSeatStep, nextTableUrl, seatAsked } from "./again.js";
import { completesTrick, Pacer } from "./pacing.js";
import { TurnCue } from "./turn.js";
import { fitHand, renderPlay, renderWaiting } from "./render.js";
import { TrickStepper } from "./review.js";
import { namesOf, ownSeat, roundOf } from "./view.js";

const config = readJson("game-config");
const MUTED_KEY = `hertta.muted.${config.table}`;

const page = {
  limits: config.limits,
  name: config.name,
  chosen: new Set(),
  passing: false,
  muted: new Set(readMuted()),
  stepper: new TrickStepper(),
  revealKey: null,
  state: null,
  clockDeadline: null,
  leaveArmed: false,
  seatHeld: null, // the seat this person sat in (kept after they leave: it is still theirs to be told of)
  shownTrick: null, // a trick just completed, held in view (pacing.js)
  cardWanted: null, // a card pressed while it was held, to play once the table moves on
  dropped: new Set(), // seats this page told were disconnected (their return is news)
  givenBack: new Set(), // seats a stand-in gives back in the news being told
  reviewShown: null, // the round whose result was last brought into view
  goingAgain: false, // "play again" asked: the next table is opened, then gone to
  lastTrickOpen: false, // the last trick shown under the table (its button)
  seatAsked: seatAsked(), // a seat this page's address asks it to take (again.js)
};
const handSettle = new HandSettle($("hand"));
const turnCue = new TurnCue(config.sounds !== false, $("game"));

function readMuted() {
  try {
    const seats = JSON.parse(sessionStorage.getItem(MUTED_KEY) ?? "[]");
    return Array.isArray(seats) ? seats.filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

function saveMuted() {
  try {
    sessionStorage.setItem(MUTED_KEY, JSON.stringify([...page.muted]));
  } catch {
    // Private mode without storage: muting lasts as long as the page.
  }
}

// -- words for events -----------------------------------------------------------------------

function eventWords(event, state) {
  const names = namesOf(state);
  const name = (seat) => names[seat] ?? "";
  switch (event.type) {
    case "play": return t("hearts.announce.play", { name: name(event.seat), card: cardName(event.card) });
    case "trick": return trickLine(event.winner, event.points, name, state.table.you);
    case "hearts_broken": return t("hearts.announce.broken");
    case "exchange": return event.received && event.received.length
      ? t("hearts.announce.received", { cards: event.received.map(cardName).join(", ") }) : "";
    case "started": return t("online.started");
    case "timed_out": {
      // At a round's result the clock decides nothing: the seat counts as ready.
      const next = event.kind === "next" ? "_next" : "";
      return event.seat === state.table.you ? t(`online.timed_out${next}_you`)
        : t(`online.timed_out${next}`, { name: name(event.seat) });
    }
    case "autopilot": return autopilotWords(event, state, name(event.seat));
    case "presence": {
      // A person who left: the autopilot news that follows says so ("... left").
      if (state.table.seats[event.seat]?.left) return "";
      if (!event.connected) {
        page.dropped.add(event.seat);
        return t("online.dropped", { name: name(event.seat) });
      }
      // "Connected again" only after this page told of the drop (a person sitting down, or
      // the match starting, is no return), and once: a seat given back by its stand-in says
      // "... on taas paikallaan" in the same news.
      if (!page.dropped.delete(event.seat) || page.givenBack.has(event.seat)) return "";
      return event.seat === state.table.you ? t("online.came_back_you") : t("online.came_back", { name: name(event.seat) });
    }
    case "ready": return event.seat === state.table.you ? "" : t("online.is_ready", { name: name(event.seat) });
    case "table_over": return t("hearts.prompt.match_over");
    default: return "";
  }
}

/** A computer player took a seat over (or gave it back): said to its person as "you", and
 * for good when the person left rather than dropped away. */
function autopilotWords(event, state, who) {
  const mine = event.seat === ownSeat(state, page);
  const left = Boolean(state.table.seats[event.seat]?.left);
  if (!event.on) return mine ? t("online.autopilot_off_you") : t("online.autopilot_off", { name: who });
  if (mine) return t(left ? "online.autopilot_you_left" : "online.autopilot_you");
  return left ? t("online.autopilot_left", { name: who }) : t("online.autopilot_on", { name: who });
}

function showReaction(event) {
  const bubble = $(`seat-${event.seat}`)?.querySelector(".oseat-bubble");
  if (!bubble) return;
  bubble.textContent = t(`online.reaction.${event.reaction}`);
  bubble.classList.add("shown");
  clearTimeout(bubble.hideTimer);
  bubble.hideTimer = setTimeout(() => bubble.classList.remove("shown"), 3000);
}

// -- one message ----------------------------------------------------------------------------

function draw() {
  const state = page.state;
  if (!state) return;
  const game = $("game");
  const table = state.table;
  game.dataset.status = table.status;
  game.dataset.you = table.you === null ? "" : String(table.you);
  game.dataset.version = String(state.version);
  game.dataset.decisions = String(table.decisions);
  game.dataset.phase = state.game ? state.game.status : "";
  game.dataset.holding = page.shownTrick ? "1" : "0";  // a completed trick held in view
  const waiting = table.status === "waiting" || !state.game;
  $("waiting").hidden = !waiting;
  $("play").hidden = waiting;
  if (waiting) {
    $("review").hidden = true;
    renderWaiting(state, page);
    return;
  }
  const round = roundOf(state.game);
  page.passing = state.game.status === "passing" && table.you !== null && round.passTo !== null
    && round.passed.length === 0;
  if (!page.passing) page.chosen.clear();
  // Chosen cards are kept by element id (hand-QS, hand-QS-2): Cancellation deals two copies.
  const inHand = new Set(handIds(round.hand).map(({ id }) => id));
  for (const id of page.chosen) if (!inHand.has(id)) page.chosen.delete(id);
  renderPlay(state, page);
  bringResultIntoView(state);
  drawClock();
}

/** A round's result (its totals, the Ready button) lies below the hand: on a phone it was off
 * the screen with nothing saying so, and the clock ran out on "next". Brought up once a round. */
function bringResultIntoView(state) {
  const review = $("review");
  const key = `${state.table.id}:${state.game.round_index}:${state.game.status}`;
  if (review.hidden || page.reviewShown === key) return;
  page.reviewShown = key;
  if (review.getBoundingClientRect().top > window.innerHeight - 120) {
    review.scrollIntoView({ block: "start" });
  }
}

function handle(message) {
  if (message.type === "error") {
    // `stale`: a decision for a turn the clock (or another tab) had just played; the snapshot
    // right behind shows what happened, and the clock's own words said why.
    if (message.code !== "stale") flash(errorText(message.code));
    page.goingAgain = false;
    return;
  }
  if (message.type === "snapshot" || message.type === "update") {
    pacer.take(message);
    const clock = message.state.table.clock_state;
    if (pacer.holding && clock && clock.seats.includes(message.state.table.you)) {
      pacer.hurry(message.arrivedAt + (clock.allowance_ms ?? 0));  // this person's timed turn waits
    }
    const asked = askedSeatStep(message.state, page);
    if (asked?.sit !== undefined) socket.send("sit", { seat: asked.sit });
    else if (asked?.gone) flash(t("online.seat_gone"));  // someone else sat there meanwhile
  }
}

/** Draw one state; how long it must stay before the next (another seat's card, a trick just
 * completed; pacing.js), with `backlog` tricks completed in the messages waiting behind it. */
function drawMessage(message, backlog) {
  if (page.state && message.state.version < page.state.version && message.type === "update") return 0;
  page.state = message.state;
  if (page.state.table.you !== null) page.seatHeld = page.state.table.you;
  if (page.goingAgain && page.state.table.next_table) {
    page.goingAgain = false;
    location.assign(nextTableUrl(page.state, page));
  }
  const clock = page.state.table.clock_state;
  // The seconds count from when the state is drawn, not from when it came while the cards
  // before it were still being shown: the server waits `allowance_ms` past the deadline for
  // that (a slower animation than the default may spend more; then the count starts at most
  // that much late).
  page.clockDeadline = clock
    ? Math.min(performance.now(), message.arrivedAt + (clock.allowance_ms ?? 0)) + clock.remaining_ms
    : null;
  const words = [];
  const events = message.events ?? [];
  page.givenBack = new Set(events.filter((e) => e.type === "autopilot" && !e.on).map((e) => e.seat));
  for (const event of events) {
    if (event.type === "reaction") showReaction(event);
    else if (event.type === "refused") {
      handSettle.release();  // the card stayed in the hand: the next tap is a new choice
      flash(t(`hearts.reason.${event.reason}`, { count: page.limits.pass_size }));
    }
    else if (event.type === "timed_out" && event.seat === page.state.table.you) flash(eventWords(event, page.state), { error: false, ms: 6000 });
    else if (event.type === "exchange" && event.received?.length) {
      flash(t("hearts.received", { cards: event.received.map(cardName).join(", ") }), { error: false });
    }
    const said = eventWords(event, page.state);
    if (said) words.push(said);
  }
  announce(words);
  const completed = completesTrick(message) && page.state.game
    ? roundOf(page.state.game).tricks.at(-1) : undefined;
  const othersCard = events.some((event) => event.type === "play" && event.seat !== page.state.table.you);
  let holdMs = 0;
  if (completed) holdMs = backlog === 0 ? trickHoldMs(config.animationMs, config.trickPause !== false) : 0;
  else if (othersCard && backlog <= 1) holdMs = cardHoldMs(config.animationMs);
  page.shownTrick = completed && holdMs > 0 ? completed : null;
  draw();
  turnCue.show(page.state);
  return holdMs;
}

const pacer = new Pacer(drawMessage, () => {
  page.shownTrick = null;
  draw();
}, () => playWantedCard());

function drawClock() {
  const line = $("info-clock");
  // The person's own clock is also shown by the prompt, where their eyes are (the tile at the
  // top is far from the hand); it turns urgent in the last five seconds.
  const near = $("prompt-clock");
  const clock = page.state?.table.clock_state;
  const mine = clock !== null && clock !== undefined && clock.seats.includes(page.state.table.you);
  if (page.clockDeadline === null) {
    line.textContent = "–";
    line.dataset.ms = "";
    near.hidden = true;
    return;
  }
  const left = Math.max(0, page.clockDeadline - performance.now());
  // At 0 the stand-in decides within the clock's allowance (what the cards before a turn
  // take to show): "time's up", not a "0 s" that seems to hang.
  const words = left > 0 ? t("online.seconds_left", { seconds: Math.ceil(left / 1000) }) : t("online.time_up");
  line.dataset.ms = String(Math.round(left));
  line.textContent = words;
  near.hidden = !mine;
  near.textContent = mine ? words : "";
  near.classList.toggle("urgent", mine && left <= 5000);
}

setInterval(() => {
  if (page.clockDeadline !== null) drawClock();
}, 250);

// -- what the person does -------------------------------------------------------------------

const socket = connectGame(config.socket, {
  helloArgs: () => ({}),
  onConnected(connected) {
    // Muting belongs to a connection on the server: a new one is told again.
    if (connected) for (const seat of page.muted) socket.send("mute", { seat, muted: true });
  },
  onPending(count) {
    $("game").dataset.pending = String(count);
  },
  onMessage: handle,
});

/**
 * Send a decision (a pass, a card, ready, a moon option) unless the last one still waits for
 * its answer: a double click sent a pass twice, and the second came back refused
 * ("already passed") as a red flash right after a good pass. It names the table's decision
 * count it was made on, so a card chosen just as the clock (or another tab) played the turn is
 * refused `stale` instead of landing on the seat's next turn.
 */
let decisionSeq = null;
function decide(op, args = {}) {
  if (decisionSeq !== null && socket.pending.has(decisionSeq)) return;
  decisionSeq = socket.send(op, { ...args, decisions: page.state.table.decisions });
}

async function onSeatList(event) {
  const target = event.target.closest("button[data-op]");
  if (!target) return;
  const op = target.dataset.op;
  const seat = Number(target.dataset.seat);
  if (op === "sit") {
    // A name typed but not yet saved (or still being saved) is saved first, then the seat is
    // taken: "sit here" straight after typing a name used to say "choose a name first".
    if (page.name === null && !(await storeName())) return;
    socket.send("sit", { seat });
  } else if (op === "computer") {
    socket.send("computer", { seat, level: $(`level-${seat}`).value });
  } else if (op === "remove") {
    socket.send("remove", { seat });
  } else if (op === "stand") {
    socket.send("stand");
  }
}

/** The name save under way, so a "sit here" pressed meanwhile waits for it rather than racing it. */
let nameSaving = null;

function saveName(event) {
  event.preventDefault();
  storeName();
}

/** Save the typed display name; true once the server has it, false (with the reason shown) if not. */
function storeName() {
  if (nameSaving === null) {
    nameSaving = postName().finally(() => {
      nameSaving = null;
    });
  }
  return nameSaving;
}

async function postName() {
  $("name-error").textContent = "";
  if (!$("name-input").value.trim()) {
    $("name-error").textContent = t("online.name_first");
    $("name-input").focus();
    return false;
  }
  let answer;
  let body;
  try {
    answer = await fetch("/api/profile", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: $("name-input").value }),
    });
    body = await answer.json();
  } catch {  // the server is out of reach: said, and the name stays typed for another try
    $("name-error").textContent = t("game.reconnecting");
    return false;
  }
  if (!answer.ok) {
    $("name-error").textContent = answerText(body);
    return false;
  }
  page.name = body.name;
  $("name-input").value = body.name;
  flash(t("online.name_saved", { name: body.name }), { error: false });
  draw();
  return true;
}

function onHand(event) {
  const el = event.target.closest(".hand-card");
  if (!el || el.disabled || !page.state) return;
  const card = el.dataset.card;
  if (page.shownTrick && !page.passing) {
    // Pressed while a completed trick is still on the table: kept, as in a card app, and
    // played once the table moves on if the turn is then this person's (pacer's release).
    if (handSettle.settled) page.cardWanted = card;
    return;
  }
  if (page.passing) {
    const dropped = page.chosen.has(el.id);
    if (dropped) page.chosen.delete(el.id);
    else if (page.chosen.size < page.limits.pass_size) page.chosen.add(el.id);
    announce(t(dropped ? "hearts.announce.unselected" : "hearts.announce.selected", {
      card: cardName(card), count: page.chosen.size, total: page.limits.pass_size,
    }));
    draw();
    return;
  }
  playCard(el);
}

function playCard(el) {
  if (!handSettle.settled) return;  // a double tap's second press: the hand just moved under it
  // A dimmed card is sent only with move errors on (the server's refusal then says why), as
  // on the Hearts page; it was sent always, and the refusal took the next tap's moment too.
  if (el.classList.contains("illegal") && !page.state.game?.settings?.move_errors) return;
  handSettle.played();
  decide("play", { card: el.dataset.card });
}

/** The card pressed during a held trick, played now if it is this person's turn and legal. */
function playWantedCard() {
  const wanted = page.cardWanted;
  page.cardWanted = null;
  if (wanted === null) return;
  const el = [...$("hand").querySelectorAll(".hand-card")].find((e) => e.dataset.card === wanted);
  if (el && !el.disabled && !el.classList.contains("illegal")) playCard(el);
}

/** The hand is a listbox: the arrow keys (and Home, End) move between the cards that may be
 * pressed now, from a card or from the hand itself; Enter or Space presses one (a button). */
function onHandKey(event) {
  const cards = [...$("hand").querySelectorAll(".hand-card:not([disabled])")];
  if (!cards.length) return;
  const at = cards.indexOf(document.activeElement);
  const moves = {
    ArrowRight: at < 0 ? 0 : Math.min(at + 1, cards.length - 1),
    ArrowLeft: at < 0 ? cards.length - 1 : Math.max(at - 1, 0),
    Home: 0,
    End: cards.length - 1,
  };
  if (!(event.key in moves)) return;
  event.preventDefault();
  cards[moves[event.key]].focus();
}

function onRing(event) {
  const el = event.target.closest("button.mute");
  if (!el) return;
  const seat = Number(el.dataset.seat);
  const muted = !page.muted.has(seat);
  if (muted) page.muted.add(seat);
  else page.muted.delete(seat);
  saveMuted();
  socket.send("mute", { seat, muted });
  draw();
}

function leave() {
  if (!page.leaveArmed) {
    page.leaveArmed = true;
    $("btn-leave").textContent = t("online.leave_confirm");
    setTimeout(() => {
      page.leaveArmed = false;
      $("btn-leave").textContent = t("online.leave");
    }, 4000);
    return;
  }
  socket.send("leave");
}

function makeReactions() {
  const box = $("reactions");
  for (const code of page.limits.reactions) {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "button reaction";
    el.dataset.reaction = code;
    el.textContent = t(`online.reaction.${code}`);
    box.append(el);
  }
  box.addEventListener("click", (event) => {
    const el = event.target.closest("button.reaction");
    if (el) socket.send("react", { reaction: el.dataset.reaction });
  });
}

$("seat-list").addEventListener("click", onSeatList);
$("name-form").addEventListener("submit", saveName);
$("hand").addEventListener("click", onHand);
$("hand").addEventListener("keydown", onHandKey);
new ResizeObserver(() => fitHand($("hand"))).observe($("hand"));
new ResizeObserver(() => draw()).observe($("ring"));  // trick cards keep clear of the seats
$("ring").addEventListener("click", onRing);
$("btn-pass").addEventListener("click", () => {
  if (page.chosen.size !== page.limits.pass_size) return;
  decide("pass", { cards: [...page.chosen].map((id) => $(id).dataset.card) });
});
$("btn-ready").addEventListener("click", () => decide("next"));
$("moon-add").addEventListener("click", () => decide("moon", { option: "add" }));
$("moon-subtract").addEventListener("click", () => decide("moon", { option: "subtract" }));
$("btn-leave").addEventListener("click", leave);
$("btn-last-trick").addEventListener("click", () => {
  page.lastTrickOpen = !page.lastTrickOpen;
  draw();
});
$("btn-again").addEventListener("click", () => {
  const next = nextTableUrl(page.state, page);
  if (next) location.assign(next);
  else {
    page.goingAgain = true;
    socket.send("again");
  }
});
$("copy-invite").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("invite-url").value);
    flash(t("online.copied"), { error: false });
  } catch {
    $("invite-url").select();
  }
});
makeReactions();
