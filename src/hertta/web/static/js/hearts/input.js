// Input on the Hearts page: clicks and taps on the hand and the buttons, and the keyboard
// (arrow keys between the hand's cards with one tab stop, Enter or Space on a card, letter
// shortcuts). What an input does is decided in main.js (`actions`); this only listens.

import { $ } from "../common/dom.js";

/** Move the hand's one tab stop (and focus) `delta` cards along, wrapping round. */
function moveFocus(delta) {
  const cards = [...$("hand").querySelectorAll(".hcard")];
  if (!cards.length) return;
  const at = cards.indexOf(document.activeElement);
  const next = cards[(at < 0 ? 0 : at + delta + cards.length) % cards.length];
  for (const c of cards) c.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

export function installInput(actions, dialogs) {
  $("hand").addEventListener("click", (event) => {
    const card = event.target.closest(".hcard");
    if (card) actions.card(card);
  });
  const clicks = {
    "btn-pass": actions.pass,
    "btn-next": actions.next,
    "btn-new": actions.newMatch,
    "btn-hint": actions.hint,
    "btn-scores": actions.scores,
    "btn-last": actions.lastTrick,
    "btn-shortcuts": actions.shortcuts,
    "shortcuts-close": () => dialogs.close("dialog-shortcuts"),
    "last-close": () => dialogs.close("dialog-last"),
    "round-close": () => dialogs.close("dialog-round"),
    "round-next": () => { dialogs.close("dialog-round"); actions.next(); },
    "round-new": () => { dialogs.close("dialog-round"); actions.newMatch(); },
    "round-replay": () => { dialogs.close("dialog-round"); actions.replay(); },
    "round-review": () => { dialogs.close("dialog-round"); actions.review(true); },
    "review-close": () => dialogs.close("dialog-review"),
    "moon-add": () => { dialogs.close("dialog-moon"); actions.moon("add"); },
    "moon-subtract": () => { dialogs.close("dialog-moon"); actions.moon("subtract"); },
    "new-cancel": () => dialogs.close("dialog-new"),
  };
  for (const [id, action] of Object.entries(clicks)) $(id).addEventListener("click", () => action());
  $("new-players").addEventListener("change", actions.formChanged);
  $("new-preset").addEventListener("change", actions.formChanged);
  $("new-limit").addEventListener("change", actions.formChanged);
  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault(); // keep the dialog open until the server accepts the match
    actions.startMatch();
  });

  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, dialog")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (key === "ArrowLeft" || key === "ArrowUp") {
      moveFocus(-1);
      event.preventDefault();
    } else if (key === "ArrowRight" || key === "ArrowDown") {
      moveFocus(1);
      event.preventDefault();
    } else if (key === "Enter" || key === " ") {
      const card = document.activeElement && document.activeElement.closest(".hcard");
      if (card) {
        actions.card(card);
        event.preventDefault();
      }
    } else {
      const shortcut = {
        p: actions.pass, h: actions.hint, l: actions.lastTrick, s: actions.scores, n: actions.newMatch, "?": actions.shortcuts,
      }[key.length === 1 ? key.toLowerCase() : key];
      if (shortcut) shortcut();
    }
  });
}
