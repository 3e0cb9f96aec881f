// Hearts in the browser: the socket, the state, the step-by-step showing of the bots' moves,
// the dialogs and the input. The server is authoritative; the page only draws what it is sent.

import { Dialogs } from "../dialogs.js";
import { errorText, t } from "../i18n.js";
import { GameSocket } from "../socket.js";
import { faceMarkup } from "./cards.js";
import { fillSummary, newMatchArgs, syncNewForm } from "./forms.js";
import {
  cardName, directionWord, layoutHand, renderHand, renderInfo, renderSeats, renderTrick,
  seatName, seatSpot,
} from "./render.js";

const $ = (id) => document.getElementById(id);
const config = JSON.parse($("game-config").textContent);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const animMs = reducedMotion ? 0 : config.animationMs;
document.documentElement.style.setProperty("--anim-ms", `${animMs}ms`);
// A card the bots play stays in view this long before the next one arrives (tied to the speed).
const HOLD_MS = animMs * 3;

const page = {
  snapshot: null, connected: false, hidden: false, dialogOpen: false,
  openDialogs: new Set(), chosen: new Set(), received: new Set(), busy: false,
  summaryShown: null, newRequest: null,
};
let receivedTimer = null;
let messageTimer = null;
let queue = Promise.resolve();

const dialogs = new Dialogs(page, () => sendView());
const socket = new GameSocket(config.socket, {
  helloArgs: () => ({ hidden: page.hidden, dialog: dialogs.anyOpen }),
  onConnected(connected) {
    page.connected = connected;
    $("game").dataset.connected = connected ? "1" : "0";
    const line = $("connection");
    line.textContent = t(connected ? "game.connecting" : "game.reconnecting");
    line.classList.toggle("shown", !connected);
  },
  onPending(count) { $("game").dataset.pending = String(count); },
  onMessage(message) { queue = queue.then(() => onMessage(message)).catch((e) => console.error(e)); },
});

function sendView() {
  socket.send("view", { hidden: page.hidden, dialog: dialogs.anyOpen });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function announce(text) {
  const line = $("announce");
  line.textContent = "";
  requestAnimationFrame(() => { line.textContent = text; });
}

function showMessage(text, isError = true) {
  const line = $("message");
  line.textContent = text;
  line.classList.add("shown");
  line.classList.toggle("error", isError);
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => line.classList.remove("shown", "error"), 3500);
}

function setBusy(busy) {
  page.busy = busy;
  $("game").dataset.busy = busy ? "1" : "0";
}

// -- the view between snapshots -------------------------------------------------------------

function baseView(snapshot) {
  const obs = snapshot.observation;
  return {
    sizes: [...obs.hand_sizes],
    totals: [...obs.match_totals],
    taken: [...obs.points_taken],
    turn: obs.turn,
  };
}

function currentTrick(snapshot) {
  const trick = snapshot.observation.trick;
  return trick.cards.map((card, i) => ({ seat: trick.seats[i], card, cancelled: trick.cancelled[i] }));
}

function legalSet(snapshot) {
  const obs = snapshot.observation;
  if (snapshot.status !== "playing" || obs.turn !== 0) return null;
  return new Set(obs.legal_plays);
}

function drawHand(snapshot, interactive) {
  renderHand(snapshot.observation.hand, {
    legal: interactive ? legalSet(snapshot) : null,
    chosen: page.chosen,
    received: page.received,
  });
  $("hand").dataset.interactive = interactive ? "1" : "0";
}

function prompt(snapshot) {
  const obs = snapshot.observation;
  if (snapshot.status === "passing") {
    if (obs.pass_to === null) return t("hearts.prompt.no_pass");
    if (obs.passed.length) return t("hearts.prompt.passed");
    return t("hearts.prompt.pass", { direction: directionWord(obs.pass_direction), name: seatName(snapshot, obs.pass_to) });
  }
  if (snapshot.status === "playing") {
    const opening = obs.pass_direction === "none" && !obs.tricks.length ? `${t("hearts.prompt.no_pass")} ` : "";
    if (obs.turn === 0) return opening + t(obs.trick.cards.length ? "hearts.prompt.play" : "hearts.prompt.lead");
    return opening + t("hearts.prompt.wait", { name: seatName(snapshot, obs.turn) });
  }
  if (snapshot.status === "moon_choice") return t("hearts.prompt.moon");
  if (snapshot.status === "round_over") return t("hearts.prompt.round_over");
  if (snapshot.status === "match_over") return t("hearts.prompt.match_over");
  return t("hearts.prompt.none");
}

function renderAll(snapshot) {
  const game = $("game");
  game.dataset.status = snapshot.status;
  game.dataset.version = String(snapshot.version);
  if (snapshot.status === "none") {
    $("hand").textContent = "";
    $("seats").textContent = "";
    $("trick").textContent = "";
    $("prompt").textContent = prompt(snapshot);
    $("btn-pass").hidden = true;
    $("btn-next").hidden = true;
    syncDialogs(snapshot);
    return;
  }
  const obs = snapshot.observation;
  game.dataset.players = String(snapshot.players);
  game.dataset.turn = obs.turn === null ? "" : String(obs.turn);
  game.dataset.direction = obs.pass_direction;
  game.dataset.round = String(snapshot.round_index);
  renderInfo(snapshot);
  renderSeats(snapshot, baseView(snapshot));
  renderTrick(snapshot, currentTrick(snapshot));
  const passing = snapshot.status === "passing" && obs.pass_to !== null && !obs.passed.length;
  if (!passing) page.chosen.clear();
  drawHand(snapshot, true);
  $("prompt").textContent = prompt(snapshot);
  $("btn-pass").hidden = !passing;
  $("btn-pass").disabled = page.chosen.size !== 3;
  $("btn-next").hidden = snapshot.status !== "round_over";
  $("btn-last").disabled = !obs.tricks.length;
  syncDialogs(snapshot);
}

// -- dialogs --------------------------------------------------------------------------------

function syncDialogs(snapshot) {
  if (snapshot.status === "none") {
    if (!dialogs.isOpen("dialog-new")) openNewDialog();
    return;
  }
  const key = `${snapshot.code}/${snapshot.round_index}/${snapshot.status}`;
  if ((snapshot.status === "round_over" || snapshot.status === "match_over") && page.summaryShown !== key) {
    page.summaryShown = key;
    fillSummary(snapshot);
    dialogs.open("dialog-round");
  } else if (snapshot.status !== "round_over" && snapshot.status !== "match_over") {
    dialogs.close("dialog-round");
  }
  const options = snapshot.observation.moon_options;
  if (snapshot.status === "moon_choice" && options.add) {
    const others = options.add.find((_, seat) => seat !== 0);
    $("moon-add").textContent = t("hearts.moon.add", { points: others });
    $("moon-subtract").textContent = t("hearts.moon.subtract", { points: -options.subtract[0] });
    dialogs.open("dialog-moon");
  } else {
    dialogs.close("dialog-moon");
  }
}

function openNewDialog() {
  $("new-error").textContent = "";
  syncNewForm();
  dialogs.open("dialog-new");
}

// -- showing the events one by one ----------------------------------------------------------

function flyIn(el, seat, players) {
  if (!animMs || !el) return;
  const table = $("table").getBoundingClientRect();
  const box = el.getBoundingClientRect();
  let fromX;
  let fromY;
  if (seat === 0) {
    const hand = $("hand").getBoundingClientRect();
    fromX = hand.left + hand.width / 2;
    fromY = hand.top + 20;
  } else {
    const [x, y] = seatSpot(players, seat);
    fromX = table.left + (table.width * x) / 100;
    fromY = table.top + (table.height * y) / 100;
  }
  const dx = fromX - (box.left + box.width / 2);
  const dy = fromY - (box.top + box.height / 2);
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
    { duration: animMs * 1.4, easing: "cubic-bezier(.2,.8,.3,1)" });
}

async function collect(winner, players) {
  const cards = [...$("trick").querySelectorAll(".trick-card, .kitty")];
  if (!animMs || !cards.length) return;
  const table = $("table").getBoundingClientRect();
  let toX;
  let toY;
  if (winner === null) {
    toX = table.left + table.width / 2;
    toY = table.top + table.height / 2;
  } else if (winner === 0) {
    const me = $("seat-0").getBoundingClientRect();
    toX = me.left + me.width / 2;
    toY = me.top + me.height / 2;
  } else {
    const [x, y] = seatSpot(players, winner);
    toX = table.left + (table.width * x) / 100;
    toY = table.top + (table.height * y) / 100;
  }
  const runs = cards.map((el) => {
    const box = el.getBoundingClientRect();
    const dx = toX - (box.left + box.width / 2);
    const dy = toY - (box.top + box.height / 2);
    return el.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }],
      { duration: animMs * 1.6, easing: "ease-in", fill: "forwards" }).finished;
  });
  await Promise.all(runs);
}

function eventWords(event, snapshot) {
  if (event.type === "play") return t("hearts.announce.play", { name: seatName(snapshot, event.seat), card: cardName(event.card) });
  if (event.type === "trick" && event.winner !== null) {
    return t("hearts.announce.trick", { name: seatName(snapshot, event.winner), points: event.points });
  }
  if (event.type === "trick") return t("hearts.carried");
  if (event.type === "hearts_broken") return t("hearts.announce.broken");
  if (event.type === "exchange" && event.received.length) {
    return t("hearts.announce.received", { cards: event.received.map(cardName).join(", ") });
  }
  if (event.type === "round") {
    return t("hearts.announce.round", { round: event.index + 1, direction: directionWord(event.direction) });
  }
  if (event.type === "moon") return t("hearts.moon_by", { name: seatName(snapshot, event.seat) });
  return "";
}

async function showEvents(events, previous, next) {
  // Steps through the plays on the previous table; the final snapshot is drawn at the end.
  const players = next.players;
  const view = baseView(previous);
  let plays = currentTrick(previous);
  let kitty = previous.observation.kitty_taker === null ? previous.observation.kitty_size : 0;
  let carried = previous.observation.carried.length;
  drawHand(next, false);
  for (const event of events) {
    const words = eventWords(event, next);
    if (event.type === "play") {
      if (event.seat !== 0) view.sizes[event.seat] -= 1;
      plays = [...plays, { seat: event.seat, card: event.card, cancelled: false }];
      view.turn = (event.seat + 1) % players;
      renderSeats(next, view);
      renderTrick(next, plays, { kitty, carried });
      flyIn($(`trick-${event.seat}`), event.seat, players);
      if (words) announce(words);
      await sleep(HOLD_MS);
    } else if (event.type === "trick") {
      plays = plays.map((p, i) => ({ ...p, cancelled: event.cancelled[i] }));
      renderTrick(next, plays, { kitty, carried });
      if (words) announce(words);
      await sleep(HOLD_MS * 1.5);
      await collect(event.winner, players);
      if (event.winner !== null) {
        view.taken[event.winner] += event.points;
        carried = 0;
        if (event.took_kitty) {
          showMessage(t("hearts.kitty_to", { name: seatName(next, event.winner) }), false);
          kitty = 0;
        }
      } else {
        carried += plays.length;
      }
      plays = [];
      renderSeats(next, view);
      renderTrick(next, plays, { kitty, carried });
    } else if (words) {
      announce(words);
    }
  }
}

function markReceived(events) {
  const exchange = events.find((e) => e.type === "exchange");
  if (!exchange) return;
  page.received = new Set(exchange.received);
  if (exchange.received.length) {
    showMessage(t("hearts.received", { cards: exchange.received.map(cardName).join(", ") }), false);
  }
  clearTimeout(receivedTimer);
  receivedTimer = setTimeout(() => {
    page.received = new Set();
    if (page.snapshot && !page.busy) drawHand(page.snapshot, true);
  }, Math.max(2500, animMs * 10));
}

async function onMessage(message) {
  if (message.type === "error") {
    if (message.re !== null && message.re === page.newRequest) {
      $("new-error").textContent = errorText(message.code);
    } else {
      showMessage(errorText(message.code));
    }
    return;
  }
  if (message.type !== "snapshot" && message.type !== "update") return;
  const previous = page.snapshot;
  const next = message.state;
  const events = message.events ?? [];
  if (message.re !== null && message.re === page.newRequest) {
    page.newRequest = null;
    dialogs.close("dialog-new");
  }
  const refused = events.find((e) => e.type === "refused");
  if (refused) {
    showMessage(t(`hearts.reason.${refused.reason}`));
    return;
  }
  const hint = events.find((e) => e.type === "hint");
  if (hint) showHint(hint, next);
  if (events.some((e) => e.type === "new")) {
    page.chosen.clear();
    page.summaryShown = null;
  }
  markReceived(events);
  const animate = animMs > 0 && previous && previous.status !== "none" && next.status !== "none"
    && !events.some((e) => e.type === "new" || e.type === "round")
    && events.some((e) => e.type === "play");
  page.snapshot = next;
  if (animate) {
    setBusy(true);
    try {
      await showEvents(events, previous, next);
    } finally {
      setBusy(false);
    }
  } else if (events.length) {
    const words = events.map((e) => eventWords(e, next)).filter(Boolean);
    if (words.length) announce(words.join(". "));
  }
  renderAll(page.snapshot);
}

function showHint(hint, snapshot) {
  let text;
  if (hint.kind === "moon") text = t("hearts.hint.moon", { option: t(`hearts.moon_rule.${hint.option}`) });
  else text = t(`hearts.hint.${hint.kind}`, { cards: hint.cards.map(cardName).join(", ") });
  const reason = `hearts.hint_reason.${hint.reason}`;
  const why = t(reason);
  showMessage(why !== reason ? `${text} – ${why}` : text, false);
  for (const card of hint.cards) {
    const el = $(`hand-${card}`);
    if (el) el.classList.add("hinted");
  }
  void snapshot;
}

// -- input ----------------------------------------------------------------------------------

function canAct() {
  return page.snapshot && !page.busy && !dialogs.anyOpen && $("game").dataset.pending === "0";
}

function onCard(el) {
  const snapshot = page.snapshot;
  if (!canAct() || !el) return;
  const obs = snapshot.observation;
  const card = el.dataset.card;
  if (snapshot.status === "passing" && obs.pass_to !== null && !obs.passed.length) {
    if (page.chosen.has(el.id)) page.chosen.delete(el.id);
    else if (page.chosen.size < 3) page.chosen.add(el.id);
    drawHand(snapshot, true);
    $(el.id).focus({ preventScroll: true });
    $("btn-pass").disabled = page.chosen.size !== 3;
    announce(t("hearts.announce.selected", { card: cardName(card), count: page.chosen.size }));
    return;
  }
  if (snapshot.status !== "playing" || obs.turn !== 0) return;
  if (el.classList.contains("illegal")) {
    if (snapshot.settings.move_errors) socket.send("play", { card });
    return;
  }
  socket.send("play", { card });
}

function confirmPass() {
  if (!canAct() || page.chosen.size !== 3) return;
  const cards = [...page.chosen].map((id) => $(id).dataset.card);
  socket.send("pass", { cards });
}

function moveFocus(delta) {
  const cards = [...$("hand").querySelectorAll(".hcard")];
  if (!cards.length) return;
  const at = cards.indexOf(document.activeElement);
  const next = cards[(at < 0 ? 0 : at + delta + cards.length) % cards.length];
  for (const c of cards) c.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

function wire() {
  $("hand").addEventListener("click", (event) => onCard(event.target.closest(".hcard")));
  $("btn-pass").addEventListener("click", confirmPass);
  $("btn-next").addEventListener("click", () => socket.send("next"));
  $("btn-new").addEventListener("click", openNewDialog);
  $("btn-hint").addEventListener("click", () => { if (canAct()) socket.send("hint"); });
  $("btn-scores").addEventListener("click", () => {
    if (!page.snapshot || page.snapshot.status === "none") return;
    const s = page.snapshot;
    const obs = s.observation;
    fillSummary({ ...s, summary: s.summary ?? { points: obs.points_taken, totals: obs.match_totals, moon_shooter: null, match_over: false, winners: [], losers: [] } });
    $("round-next").hidden = true;
    dialogs.open("dialog-round");
  });
  $("btn-last").addEventListener("click", showLastTrick);
  $("btn-shortcuts").addEventListener("click", () => dialogs.open("dialog-shortcuts"));
  $("shortcuts-close").addEventListener("click", () => dialogs.close("dialog-shortcuts"));
  $("last-close").addEventListener("click", () => dialogs.close("dialog-last"));
  $("round-close").addEventListener("click", () => dialogs.close("dialog-round"));
  $("round-next").addEventListener("click", () => { dialogs.close("dialog-round"); socket.send("next"); });
  $("round-new").addEventListener("click", () => { dialogs.close("dialog-round"); openNewDialog(); });
  $("round-replay").addEventListener("click", () => { dialogs.close("dialog-round"); socket.send("replay"); });
  $("moon-add").addEventListener("click", () => { dialogs.close("dialog-moon"); socket.send("moon", { option: "add" }); });
  $("moon-subtract").addEventListener("click", () => { dialogs.close("dialog-moon"); socket.send("moon", { option: "subtract" }); });
  $("new-cancel").addEventListener("click", () => dialogs.close("dialog-new"));
  $("new-players").addEventListener("change", syncNewForm);
  $("new-limit").addEventListener("change", syncNewForm);
  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault();
    $("new-error").textContent = "";
    page.newRequest = socket.send("new", newMatchArgs());
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, dialog")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (key === "ArrowLeft" || key === "ArrowUp") { moveFocus(-1); event.preventDefault(); }
    else if (key === "ArrowRight" || key === "ArrowDown") { moveFocus(1); event.preventDefault(); }
    else if (key === "Enter" || key === " ") {
      const el = document.activeElement && document.activeElement.closest(".hcard");
      if (el) { onCard(el); event.preventDefault(); }
    } else if (key === "p" || key === "P") confirmPass();
    else if (key === "h" || key === "H") $("btn-hint").click();
    else if (key === "l" || key === "L") showLastTrick();
    else if (key === "s" || key === "S") $("btn-scores").click();
    else if (key === "n" || key === "N") openNewDialog();
    else if (key === "?") dialogs.open("dialog-shortcuts");
  });
  window.addEventListener("resize", layoutHand);
  document.addEventListener("visibilitychange", () => { page.hidden = document.hidden; sendView(); });
}

function showLastTrick() {
  const snapshot = page.snapshot;
  if (!snapshot || snapshot.status === "none") return;
  const tricks = snapshot.observation.tricks;
  const box = $("last-trick");
  box.textContent = "";
  if (!tricks.length) {
    $("last-winner").textContent = t("hearts.no_last_trick");
  } else {
    const last = tricks[tricks.length - 1];
    last.cards.forEach((card, i) => {
      const item = document.createElement("figure");
      item.className = "last-card";
      if (last.cancelled[i]) item.classList.add("cancelled");
      const art = document.createElement("div");
      art.className = "pcard";
      art.innerHTML = faceMarkup(card);
      const caption = document.createElement("figcaption");
      caption.textContent = seatName(snapshot, last.seats[i]);
      item.append(art, caption);
      box.append(item);
    });
    $("last-winner").textContent = last.winner === null ? t("hearts.carried")
      : t("hearts.took_trick", { name: seatName(snapshot, last.winner), points: last.points });
  }
  dialogs.open("dialog-last");
}

wire();
socket.connect();
