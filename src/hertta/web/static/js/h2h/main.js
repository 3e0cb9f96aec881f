// Heart to Heart in the browser: wires the socket, the state, rendering, animations, dialogs and
// input together. The server is authoritative: every tap is sent, and the page draws the answer.
// Messages are handled at once, in the order they come: an animation never holds up the next one.

import { connectGame } from "../common/connection.js";
import { Dialogs } from "../common/dialogs.js";
import { $, readJson } from "../common/dom.js";
import { cardLabel, cardName, errorText, t } from "../common/i18n.js";
import { followSettings, motionMs } from "../common/motion.js";
import { announce, flash } from "../common/status.js";
import { Animator } from "./animate.js";
import { ensureRovingStop, installInput } from "./input.js";
import { render, renderClock } from "./render.js";
import { formatTime, GameState } from "./state.js";

const config = readJson("game-config");
const state = new GameState();
const animator = new Animator(motionMs(config.animationMs));

let codeRequest = null;

const dialogs = new Dialogs(state, () => sendView());

function sendView() {
  socket.send("view", { hidden: state.hidden, dialog: state.dialogOpen });
}

function describe(target, snapshot) {
  if (target === "waste" || target === "W") {
    return snapshot.waste.top ? cardName(snapshot.waste.top) : t("card.waste_empty");
  }
  const card = snapshot.heart[Number(target) - 1];
  return card ? cardLabel(card, Number(target)) : t("card.empty_slot", { position: target });
}

function announcement(events, previous, next) {
  const words = [];
  for (const event of events) {
    if (event.type === "tap") {
      if (event.effect === "selected" || event.effect === "reselected") {
        words.push(t("announce.selected", { card: describe(event.target, next) }));
      } else if (event.effect === "deselected") {
        words.push(t("announce.deselected"));
      } else if (event.effect === "pair" && previous) {
        const [first, second] = event.move.split("+");
        words.push(t("announce.pair", {
          first: describe(first, previous), second: describe(second, previous),
        }));
      } else if (event.effect === "flip" && next.waste.top) {
        words.push(t("announce.flip", { card: cardName(next.waste.top) }));
      } else if (event.effect === "recycle") {
        words.push(t("announce.recycle"));
      }
    } else if (event.type === "undo") {
      words.push(t("announce.undo"));
    } else if (event.type === "new" || event.type === "code") {
      words.push(t("announce.new", { code: next.code }));
    } else if (event.type === "daily") {
      words.push(t("announce.daily", { code: next.code }));
    } else if (event.type === "restart") {
      words.push(t("announce.restart"));
    } else if (event.type === "won") {
      words.push(t("announce.won"));
    } else if (event.type === "dead_end") {
      words.push(t("announce.dead_end"));
    }
  }
  if (next.message) words.push(t(`message.${next.message}`));
  return words;
}

function syncDialogs(previous, next) {
  const changed = !previous || previous.status !== next.status || previous.code !== next.code;
  if (next.status !== "dead_end") dialogs.close("dialog-dead-end");
  if (next.status !== "won") dialogs.close("dialog-won");
  if (!changed) return;
  if (next.status === "dead_end") {
    dialogs.closeAll();
    // Only offer what can be done: a deal dead from the start has nothing to undo.
    let words = "dialog.dead_end.text";
    if (!next.can_undo) words = next.moves === 0 ? "dialog.dead_end.text_dealt" : "dialog.dead_end.text_no_undo";
    $("dead-end-text").textContent = t(words);
    $("dead-end-undo").disabled = !next.can_undo;
    $("dead-end-undo").hidden = !next.can_undo;
    dialogs.open("dialog-dead-end");
  } else if (next.status === "won") {
    dialogs.closeAll();
    showWin(next);
  }
}

/**
 * The win: time, moves and score at once; the best time and the streak as the statistics now
 * say, this win counted (the server saved the game before it told the page).
 */
function showWin(snapshot) {
  const time = formatTime(snapshot.timer.elapsed_ms);
  $("won-score").textContent = String(snapshot.score);
  $("won-time").textContent = time;
  $("won-moves").textContent = String(snapshot.moves);
  $("won-code").textContent = snapshot.code;
  $("won-best").textContent = "…";
  $("won-streak").textContent = "…";
  $("won-record").hidden = true;
  dialogs.open("dialog-won");
  fetch("/api/stats", { credentials: "same-origin" })
    .then((reply) => (reply.ok ? reply.json() : Promise.reject(reply.status)))
    .then((stats) => {
      const mine = stats.h2h ?? {};
      $("won-best").textContent = mine["stats.best_time"] ?? "–";
      $("won-streak").textContent = mine["stats.current_streak"] ?? "–";
      $("won-record").hidden = mine["stats.best_time"] !== time;
    })
    .catch(() => {
      $("won-best").textContent = "–";
      $("won-streak").textContent = "–";
    });
}

function onMessage(message) {
  if (message.type === "error") {
    // `stale`: the game changed elsewhere (another tab or server process); the snapshot that
    // follows shows it, so the code dialog has nothing left to wait for.
    if (message.code === "stale") {
      codeRequest = null;
      flash(errorText(message.code), { ms: 3000 });
    } else if (message.re !== null && message.re === codeRequest) {
      // A code that is not one says what was entered (RULES.md: the message quotes it).
      const input = $("code-input").value.trim();
      $("code-error").textContent = message.code === "bad_code" && input
        ? t("error.bad_code_quoted", { input }) : errorText(message.code);
      $("code-input").setAttribute("aria-invalid", "true");
      $("code-input").focus();
    } else {
      flash(errorText(message.code), { ms: 3000 });
    }
    return;
  }
  if (message.type !== "snapshot" && message.type !== "update") return;
  const events = message.events ?? [];
  followSettings(events, (settings) => {
    animator.durationMs = motionMs(settings.animation_ms);
  });
  const previous = state.accept(message.state, message.type === "snapshot");
  if (previous === undefined) return;
  const plan = animator.prepare(events); // before rendering: the leaving cards are still there
  render(state);
  ensureRovingStop();
  animator.run(plan, events, previous, state.snapshot);
  const words = announcement(events, previous, state.snapshot);
  announce(words);
  if (message.re !== null && message.re === codeRequest) {
    codeRequest = null;
    dialogs.close("dialog-code");
  }
  syncDialogs(previous, state.snapshot);
  maybeStartDaily();
}

// `/h2h?daily=1` (the daily page's link): once the game is shown, ask for today's daily deal
// (the server keeps a daily game of today that is not won yet); a game in progress is
// confirmed first, as for a new game.
let dailyWanted = new URLSearchParams(window.location.search).get("daily") === "1";

function maybeStartDaily() {
  if (!dailyWanted || !state.snapshot) return;
  dailyWanted = false;
  window.history.replaceState(null, "", window.location.pathname);
  if (state.snapshot.daily) socket.send("daily");
  else confirmThen(() => socket.send("daily"));
}

function confirmThen(action) {
  if (!state.inProgress) {
    action();
    return;
  }
  confirmAction = action;
  dialogs.open("dialog-confirm");
}

let confirmAction = null;

const actions = {
  tap: (target) => socket.send("tap", { target }),
  undo: () => {
    if (state.snapshot && state.snapshot.can_undo) socket.send("undo");
  },
  newGame: () => confirmThen(() => socket.send("new")),
  restart: () => confirmThen(() => socket.send("restart")),
  // A code replaces the game as a new game does, so a game in progress is confirmed first.
  openCode: () => confirmThen(() => {
    $("code-input").value = "";
    $("code-error").textContent = "";
    $("code-input").removeAttribute("aria-invalid");
    dialogs.open("dialog-code");
  }),
  shortcuts: () => dialogs.open("dialog-shortcuts"),
  clearSelection: () => {
    const selection = state.snapshot && state.snapshot.selection;
    if (selection !== null && selection !== undefined) socket.send("tap", { target: selection });
  },
};

function wireDialogs() {
  $("dead-end-undo").addEventListener("click", () => {
    dialogs.close("dialog-dead-end");
    actions.undo();
  });
  $("dead-end-new").addEventListener("click", () => {
    dialogs.close("dialog-dead-end");
    socket.send("new");
  });
  $("won-new").addEventListener("click", () => {
    dialogs.close("dialog-won");
    socket.send("new");
  });
  $("won-replay").addEventListener("click", () => {
    dialogs.close("dialog-won");
    socket.send("restart");
  });
  $("confirm-yes").addEventListener("click", () => {
    dialogs.close("dialog-confirm");
    const action = confirmAction;
    confirmAction = null;
    if (action) action();
  });
  $("confirm-no").addEventListener("click", () => dialogs.close("dialog-confirm"));
  $("shortcuts-close").addEventListener("click", () => dialogs.close("dialog-shortcuts"));
  $("code-cancel").addEventListener("click", () => dialogs.close("dialog-code"));
  $("code-form").addEventListener("submit", (event) => {
    event.preventDefault(); // keep the dialog open until the server accepts the code
    $("code-error").textContent = "";
    codeRequest = socket.send("code", { code: $("code-input").value });
  });
}

document.addEventListener("visibilitychange", () => {
  state.hidden = document.hidden;
  sendView();
});

const socket = connectGame(config.socket, {
  helloArgs: () => ({ hidden: state.hidden, dialog: state.dialogOpen }),
  onConnected(connected) {
    state.connected = connected;
  },
  onPending(count) {
    $("game").dataset.pending = String(count);
  },
  onMessage,
});

wireDialogs();
installInput(actions, dialogs);
setInterval(() => { if (state.snapshot) renderClock(state); }, 250);
