// The examples page: a won game replayed move by move. The page has the move list; it asks the
// server for the public position of each step as it gets there (and keeps the ones it has seen),
// then draws it with the game's own rendering and animations.

import { rankLabel } from "../common/card-svg.js";
import { $, readJson, setDisabledAll } from "../common/dom.js";
import { cardName, t } from "../common/i18n.js";
import { motionMs } from "../common/motion.js";
import { Animator } from "./animate.js";
import { renderHeart, renderPiles } from "./render.js";

const config = readJson("examples-config");
const animator = new Animator(motionMs(config.animationMs));

// Time between steps while playing: long enough to see each animation end, never zero.
const playDelayMs = 360 + 3 * animator.durationMs;
const NO_HINTS = { circled: [], darkened: [] };

const root = $("examples");
const steps = new Map([[0, config.start]]);
let shown = null; // the step data on screen
let wanted = 0; // the step last asked for (a later request wins over an earlier one)
let playing = false;
let playTimer = null;

async function load(step) {
  if (steps.has(step)) return steps.get(step);
  const url = `/api/h2h/examples/${encodeURIComponent(config.code)}/${step}`;
  const reply = await fetch(url, { headers: { accept: "application/json" } });
  if (!reply.ok) throw new Error(`${url}: ${reply.status}`);
  const data = await reply.json();
  steps.set(step, data);
  return data;
}

function moveEffect(move) {
  if (move === "F") return "flip";
  if (move === "R") return "recycle";
  return "pair";
}

/** A card in a caption: its rank and an SVG heart (never a text glyph), named for readers. */
function cardRef(notation) {
  const span = document.createElement("span");
  span.className = "card-ref";
  span.dataset.card = notation;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardName(notation));
  span.innerHTML = `<span aria-hidden="true">${rankLabel(notation)}</span>` +
    '<svg class="card-ref-suit" aria-hidden="true" viewBox="0 0 32 30"><use href="#suit-heart"/></svg>';
  return span;
}

/** Fill `element` with the words of `key`; `cards` placeholders become card references. */
function fillCaption(element, key, params, cards) {
  const keep = Object.fromEntries(Object.keys(cards).map((name) => [name, `{${name}}`]));
  const text = t(key, { ...params, ...keep });
  element.replaceChildren();
  for (const part of text.split(/(\{\w+\})/)) {
    const name = part.startsWith("{") ? part.slice(1, -1) : null;
    if (name !== null && name in cards) element.append(cardRef(cards[name]));
    else if (part) element.append(document.createTextNode(part));
  }
}

function renderCaption(data) {
  const element = $("ex-caption");
  const caption = data.caption;
  if (caption === null) {
    fillCaption(element, "examples.caption.start", {}, {});
  } else if (caption.kind === "flip") {
    fillCaption(element, "examples.caption.flip", { n: data.step }, { card: caption.card });
  } else if (caption.kind === "recycle") {
    fillCaption(element, "examples.caption.recycle", { n: data.step }, {});
  } else {
    const key = caption.waste ? "examples.caption.pair_waste" : "examples.caption.pair";
    fillCaption(element, key, { n: data.step }, { first: caption.first, second: caption.second });
  }
  element.dataset.move = data.move ?? "";
  const won = $("ex-won");
  won.hidden = data.status !== "won";
  won.textContent = data.status === "won"
    ? t("examples.won", { moves: data.moves, score: data.score }) : "";
}

function renderControls() {
  const step = shown.step;
  // At either end the focused button hands the focus to one that still goes somewhere.
  setDisabledAll([
    [$("ex-first"), step === 0, () => $("ex-forward")],
    [$("ex-back"), step === 0, () => $("ex-forward")],
    [$("ex-forward"), step === config.total, () => $("ex-back")],
    [$("ex-last"), step === config.total, () => $("ex-back")],
  ]);
  const play = $("ex-play");
  play.setAttribute("aria-pressed", String(playing));
  $("ex-play-label").textContent = playing ? play.dataset.pause : play.dataset.play;
  root.dataset.playing = playing ? "1" : "0";
}

function show(data) {
  const previous = shown;
  const events = [];
  if (previous && data.step === previous.step + 1) {
    events.push({ type: "tap", effect: moveEffect(data.move), move: data.move });
  } else if (previous && data.step === previous.step - 1) {
    events.push({ type: "undo", move: previous.move });
  }
  const plan = animator.prepare(events);
  const state = { snapshot: { ...data.position, selection: null, assist: NO_HINTS } };
  renderHeart(state);
  renderPiles(state);
  shown = data;
  animator.run(plan, events, previous && previous.position, data.position);
  $("ex-step").textContent = `${data.step} / ${data.total}`;
  $("ex-score").textContent = String(data.score);
  root.dataset.step = String(data.step);
  root.dataset.status = data.status;
  renderCaption(data);
  renderControls();
}

async function goTo(step) {
  const target = Math.max(0, Math.min(config.total, step));
  wanted = target;
  root.dataset.pending = "1";
  try {
    const data = await load(target);
    if (wanted !== target) return; // overtaken by a later request, which will draw itself
    show(data);
  } catch (error) {
    if (wanted !== target) return;
    stopPlaying();
    fillCaption($("ex-caption"), "examples.load_error", {}, {});
    console.warn(error);
  }
  root.dataset.pending = "0";
}

function stopPlaying() {
  playing = false;
  clearTimeout(playTimer);
  if (shown) renderControls();
}

function scheduleNext() {
  clearTimeout(playTimer);
  if (!playing) return;
  playTimer = setTimeout(async () => {
    if (!playing) return;
    if (shown.step >= config.total) {
      stopPlaying();
      return;
    }
    await goTo(shown.step + 1);
    if (shown.step >= config.total) stopPlaying();
    else scheduleNext();
  }, playDelayMs);
}

async function togglePlay() {
  if (playing) {
    stopPlaying();
    return;
  }
  playing = true;
  renderControls();
  if (shown.step >= config.total) await goTo(0); // play again from the deal
  scheduleNext();
}

/** A manual step pauses the replay first: the person has taken over. */
function stepTo(step) {
  stopPlaying();
  goTo(step);
}

const controls = {
  "ex-first": () => stepTo(0),
  // Relative to the step last asked for, so quick presses add up while a step still loads.
  "ex-back": () => stepTo(wanted - 1),
  "ex-play": () => togglePlay(),
  "ex-forward": () => stepTo(wanted + 1),
  "ex-last": () => stepTo(config.total),
};
for (const [id, action] of Object.entries(controls)) $(id).addEventListener("click", action);

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const onControl = event.target instanceof Element && event.target.closest("button, a, input");
  const keys = {
    ArrowRight: controls["ex-forward"],
    ArrowLeft: controls["ex-back"],
    Home: controls["ex-first"],
    End: controls["ex-last"],
  };
  // Space on a focused button presses that button; elsewhere it plays or pauses.
  if (event.key === " " && !onControl) keys[" "] = controls["ex-play"];
  const action = keys[event.key];
  if (!action) return;
  event.preventDefault();
  action();
});

show(config.start);
