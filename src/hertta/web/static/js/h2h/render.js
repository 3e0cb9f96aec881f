// Rendering (lichess "view"): the DOM follows the state. Elements keep stable ids
// (card-1..card-25, stock, waste) so the animations can find them before and after.

import { $, setDisabled } from "../common/dom.js";
import { cardLabel, cardName, t, tn } from "../common/i18n.js";
import { showGameMessage } from "../common/status.js";
import { backMarkup, emptyMarkup, faceMarkup, recycleMarkup } from "./cards.js";
import { formatTime } from "./state.js";

function setFace(element, kind, markup) {
  // Only touch the SVG when what it shows changes, so focus and animations survive.
  if (element.dataset.face !== kind) {
    element.dataset.face = kind;
    element.innerHTML = markup;
  }
}

/** A card's name with what else a sighted player sees on it: covered, and the layout assist's
 * circle (a partner is free now) or darkening (no partner for the selected card). */
function withNotes(label, notes) {
  const said = notes.filter(([, on]) => on).map(([key]) => t(key));
  return said.length ? `${label} (${said.join(", ")})` : label;
}

function setClasses(element, flags) {
  for (const [name, on] of Object.entries(flags)) element.classList.toggle(name, Boolean(on));
}

export function renderHeart(state) {
  const s = state.snapshot;
  const circled = new Set(s.assist.circled);
  const darkened = new Set(s.assist.darkened);
  for (let p = 1; p <= 25; p++) {
    const element = $(`card-${p}`);
    const card = s.heart[p - 1];
    const free = s.free.includes(p);
    if (card === null) {
      setFace(element, "empty", emptyMarkup());
      element.setAttribute("aria-label", t("card.empty_slot", { position: p }));
    } else {
      setFace(element, card, faceMarkup(card));
      element.setAttribute("aria-label", withNotes(cardLabel(card, p), [
        ["card.covered", !free], ["card.circled", circled.has(p)], ["card.darkened", darkened.has(p)],
      ]));
    }
    element.setAttribute("aria-disabled", String(card === null || !free));
    element.setAttribute("aria-pressed", String(s.selection === p));
    setClasses(element, {
      empty: card === null,
      free: card !== null && free,
      covered: card !== null && !free,
      selected: s.selection === p,
      circled: circled.has(p),
      darkened: darkened.has(p),
    });
  }
}

export function renderPiles(state) {
  const s = state.snapshot;
  const stock = $("stock");
  if (s.stock > 0) {
    setFace(stock, "back", backMarkup());
    stock.setAttribute("aria-label", tn("card.stock_label", s.stock));
  } else if (s.waste.count > 0) {
    setFace(stock, "recycle", recycleMarkup());
    stock.setAttribute("aria-label", tn("card.stock_recycle", s.waste.count));
  } else {
    setFace(stock, "empty", emptyMarkup());
    stock.setAttribute("aria-label", t("card.stock_empty"));
  }
  stock.dataset.count = String(s.stock);
  setClasses(stock, { empty: s.stock === 0 });

  const waste = $("waste");
  const top = s.waste.top;
  if (top) {
    setFace(waste, top, faceMarkup(top));
    waste.setAttribute("aria-label", withNotes(tn("card.waste_label", s.waste.count, { card: cardName(top) }), [
      ["card.circled", s.assist.circled.includes("waste")], ["card.darkened", s.assist.darkened.includes("waste")],
    ]));
  } else {
    setFace(waste, "empty", emptyMarkup());
    waste.setAttribute("aria-label", t("card.waste_empty"));
  }
  waste.dataset.count = String(s.waste.count);
  waste.setAttribute("aria-pressed", String(s.selection === "waste"));
  waste.setAttribute("aria-disabled", String(!top));
  setClasses(waste, {
    empty: !top,
    selected: s.selection === "waste",
    circled: s.assist.circled.includes("waste"),
    darkened: s.assist.darkened.includes("waste"),
  });
}

function renderInfo(state) {
  const s = state.snapshot;
  $("info-score").textContent = String(s.score);
  $("info-moves").textContent = String(s.moves);
  $("info-code").textContent = s.code;
  renderClock(state);
  // Undone to the start with the keyboard: focus goes back to the cards.
  setDisabled($("btn-undo"), !s.can_undo, () => document.querySelector('.card[tabindex="0"]'));
  showGameMessage(s.message ? t(`message.${s.message}`) : null);
  const game = $("game");
  game.dataset.status = s.status;
  game.dataset.version = String(s.version);
  game.dataset.selection = s.selection === null ? "" : String(s.selection);
  game.classList.toggle("assist-on", s.settings.layout_assist);
}

export function renderClock(state) {
  $("info-time").textContent = formatTime(state.elapsedMs());
}

export function render(state) {
  if (!state.snapshot) return;
  renderHeart(state);
  renderPiles(state);
  renderInfo(state);
}
