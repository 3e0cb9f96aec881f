// The status line both game pages share (templates/_game_chrome.html): a passing message, the
// connection state, and the announcements read out by screen readers.

import { $ } from "./dom.js";
import { t } from "./i18n.js";

let messageTimer = null;
let flashing = false; // a flashed message is up and its time is not over
let toAnnounce = []; // words said since the last frame, read out together at the next one
// A hidden page has no frames: what it was told meanwhile is kept only this far back.
const ANNOUNCE_KEEP = 12;

/** Words read out together, each a sentence: "A. B." (one that ends in its own stop gets no
 * other: "Aikasi loppui: ... puolestasi.. B" was read out). */
function sentences(words) {
  return words.map((word) => (/[.!?…]$/u.test(word) ? word : `${word}.`)).join(" ");
}

/**
 * Read `words` (a sentence, or several of one news) out through the aria-live line. Everything
 * said before the next frame is read out together: messages that come close together (computer
 * players' decisions, each its own update) must not replace each other's words before a screen
 * reader has seen them.
 */
export function announce(words) {
  const said = (Array.isArray(words) ? words : [words]).filter(Boolean);
  if (!said.length) return;
  const line = $("announce");
  if (!toAnnounce.length) {
    // Clear first so that the same words twice in a row are still read out.
    line.textContent = "";
    requestAnimationFrame(() => {
      line.textContent = sentences(toAnnounce);
      toAnnounce = [];
    });
  }
  toAnnounce.push(...said);
  while (toAnnounce.length > ANNOUNCE_KEEP) toAnnounce.shift();
}

/** Show `text` in the message line for a while (red when `error`). */
export function flash(text, { error = true, ms = 3500 } = {}) {
  const line = $("message");
  line.textContent = text;
  line.classList.add("shown");
  line.classList.toggle("error", error);
  flashing = true;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => {
    flashing = false;
    line.classList.remove("shown", "error");
  }, ms);
}

/**
 * The game's own message (a code of the state, in words), or none. The game's message wins
 * over a flashed one; no message leaves a flashed one up until its time is over (a `stale`
 * error is flashed just before the snapshot that follows it is drawn).
 */
export function showGameMessage(text) {
  const line = $("message");
  if (!text && flashing) return;
  clearTimeout(messageTimer);
  flashing = false;
  line.textContent = text ?? "";
  line.classList.toggle("shown", Boolean(text));
  line.classList.remove("error");
}

/**
 * The connection line and #game[data-connected]. `refused` (a reason: "identity",
 * "identity_again", "origin") means the server turned the socket away for good: say why in words.
 */
export function renderConnection({ connected, everConnected, refused = null }) {
  const game = $("game");
  game.dataset.connected = connected ? "1" : "0";
  if (refused) game.dataset.refused = refused;
  else delete game.dataset.refused;
  const line = $("connection");
  let words = "";
  if (refused) words = t(`game.refused.${refused}`);
  else if (!connected) words = t(everConnected ? "game.reconnecting" : "game.connecting");
  line.textContent = words;
  line.classList.toggle("shown", Boolean(words));
  line.classList.toggle("error", Boolean(refused));
}
