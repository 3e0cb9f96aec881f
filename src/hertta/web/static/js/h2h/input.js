// Input: clicks and taps on cards and buttons, and the keyboard (shortcuts, arrow keys between
// cards with a roving tabindex so Tab goes card area -> piles -> toolbar quickly).

import { $ } from "../common/dom.js";

function heartCards() {
  return Array.from({ length: 25 }, (_, i) => $(`card-${i + 1}`));
}

function navigable() {
  return [...heartCards().filter((el) => !el.classList.contains("empty")), $("stock"), $("waste")];
}

function centre(element) {
  const r = element.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

const DIRECTIONS = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The nearest card in a direction, measured on the screen (works in either layout). */
function neighbour(from, direction) {
  const a = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const element of navigable()) {
    if (element === from) continue;
    const b = centre(element);
    const along = (b.x - a.x) * direction.x + (b.y - a.y) * direction.y;
    if (along <= 2) continue;
    const across = Math.abs((b.x - a.x) * direction.y) + Math.abs((b.y - a.y) * direction.x);
    if (across > 2 * along) continue; // keep to a cone around the direction
    const score = Math.hypot(along, across) + 0.25 * across;
    if (score < bestScore) {
      bestScore = score;
      best = element;
    }
  }
  return best;
}

/** Only one heart card is a Tab stop; arrows move between all of them. */
function setRovingFocus(element) {
  for (const card of heartCards()) card.tabIndex = card === element ? 0 : -1;
}

export function ensureRovingStop() {
  const cards = heartCards();
  const stops = cards.filter((card) => card.tabIndex === 0);
  const keep = stops.length === 1 &&
    (!stops[0].classList.contains("empty") || stops[0] === document.activeElement);
  if (keep) return;
  const first = cards.find((card) => card.classList.contains("free")) ??
    cards.find((card) => !card.classList.contains("empty")) ?? cards[24];
  setRovingFocus(first);
}

function isTyping(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

const NUDGE_MS = 600;

/**
 * A tap on a covered card changes nothing in the game (the rules), but the card says it was
 * felt: a small shake of its drawing, or only an outline where motion is reduced.
 */
function nudge(card) {
  card.classList.remove("nudge");
  void card.offsetWidth; // start the shake again on a second tap
  card.classList.add("nudge");
  clearTimeout(card.nudgeTimer);
  card.nudgeTimer = setTimeout(() => card.classList.remove("nudge"), NUDGE_MS);
}

export function installInput(actions, dialogs) {
  for (const card of heartCards()) {
    const position = Number(card.dataset.pos);
    card.addEventListener("click", () => {
      if (card.classList.contains("covered")) nudge(card);
      actions.tap(position);
    });
    card.addEventListener("focus", () => setRovingFocus(card));
  }
  $("stock").addEventListener("click", () => actions.tap("stock"));
  $("waste").addEventListener("click", () => actions.tap("waste"));
  $("btn-new").addEventListener("click", () => actions.newGame());
  $("btn-undo").addEventListener("click", () => actions.undo());
  $("btn-restart").addEventListener("click", () => actions.restart());
  $("btn-code").addEventListener("click", () => actions.openCode());
  $("btn-shortcuts").addEventListener("click", () => actions.shortcuts());

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (dialogs.anyOpen || isTyping(event.target)) return;
    const onCard = event.target instanceof Element && event.target.classList.contains("card");
    const direction = DIRECTIONS[event.key];
    if (direction) {
      if (!onCard) return;
      const next = neighbour(event.target, direction);
      if (next) {
        event.preventDefault();
        if (next.dataset.pos) setRovingFocus(next);
        next.focus();
      }
      return;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const handled = {
      u: () => actions.undo(),
      n: () => actions.newGame(),
      r: () => actions.restart(),
      c: () => actions.openCode(),
      "?": () => actions.shortcuts(),
      Escape: () => actions.clearSelection(),
      " ": () => {
        // Space belongs to the stock, except on toolbar buttons and links, where it keeps
        // its usual meaning (press the focused control).
        if (!onCard && event.target instanceof Element && event.target.closest(".toolbar, a, form")) {
          return false;
        }
        actions.tap("stock");
        return true;
      },
    }[key];
    if (handled && handled() !== false) event.preventDefault();
  });
}
