// Hearts in the browser: wires the socket, the state, rendering, the step-by-step showing of
// the events, the dialogs and the input. The server is authoritative; the page only draws what
// it is sent, and every limit it shows (player counts, score limit, name length, pass size, who
// plays next) comes from the server: config.limits, and `turn` in the state and the events.
//
// Messages go through one queue (state.js MessageQueue). Whether the server sends every
// computer player's decision inside the reply to the person's own, or each one as its own
// pushed update moments later, each message's events are shown one by one and then its state
// is drawn, before the next message is looked at; input waits meanwhile.

import { connectGame } from "../common/connection.js";
import { Dialogs } from "../common/dialogs.js";
import { $, readJson } from "../common/dom.js";
import { errorText, t } from "../common/i18n.js";
import { followSettings, measure, motionMs, slideAll } from "../common/motion.js";
import { badScoreLimitWords } from "../common/rules.js";
import { HandSettle } from "../common/settle.js";
import { announce, flash } from "../common/status.js";
import { HeartsAnimator } from "./animate.js";
import {
  fillLastTrick, fillMoon, fillSummary, newMatchArgs, summarySoFar, syncNewForm,
} from "./forms.js";
import { installInput } from "./input.js";
import { fillAssessment, fillRound, reviewFailed } from "./review.js";
import { followResizes } from "./layout.js";
import { cardName, directionWord, moonWords, render, seatName, trickWords } from "./render.js";
import { dealtTable, endsMatch, HeartsState, MessageQueue, tableOf } from "./state.js";

const config = readJson("game-config");
const limits = config.limits;
const state = new HeartsState(limits);
const animator = new HeartsAnimator(motionMs(config.animationMs), config.trickPause !== false);
const dialogs = new Dialogs(state, () => {
  sendView();
  keepFocus();
});
let receivedTimer = null;
const handSettle = new HandSettle($("hand"));
let pending = 0;
// What the round dialog shows: "summary" (a round's result, closed by the game when the next
// round starts) or "scores" (asked for by the person, who closes it; computer players'
// updates may come while it is open).
let roundDialog = null;

// Events shown step by step when animations are on; the others are only read out.
const STEPPED = new Set(["play", "trick", "passed", "exchange", "hearts_broken", "round"]);

function sendView() {
  socket.send("view", { hidden: state.hidden, dialog: dialogs.anyOpen });
}

function setBusy(busy) {
  $("game").dataset.busy = busy ? "1" : "0";
  if (!busy && state.hintWanted) {
    state.hintWanted = false;
    actions.hint();
  }
  if (!busy && state.cardWanted !== null) {
    // Played if the table now rests on this person's turn and the card may be played; else
    // forgotten (it was pressed for a table that moved on to another seat's turn).
    const wanted = state.cardWanted;
    state.cardWanted = null;
    const el = [...$("hand").querySelectorAll(".hcard")].find((e) => e.dataset.card === wanted);
    if (el && canAct() && state.myTurn && !el.classList.contains("illegal")) actions.card(el);
  }
}

function redraw() {
  render(state);
}

// -- words ----------------------------------------------------------------------------------

function eventWords(event, snapshot) {
  if (event.type === "play") return t("hearts.announce.play", { name: seatName(snapshot, event.seat), card: cardName(event.card) });
  if (event.type === "trick") return trickWords(snapshot, event.winner, event.points);
  if (event.type === "hearts_broken") return t("hearts.announce.broken");
  if (event.type === "exchange" && event.received.length) {
    return t("hearts.announce.received", { cards: event.received.map(cardName).join(", ") });
  }
  if (event.type === "round") {
    return t("hearts.announce.round", { round: event.index + 1, direction: directionWord(event.direction) });
  }
  if (event.type === "moon") return moonWords(snapshot, event.seat);
  return "";
}

function showHint(hint) {
  let text;
  if (hint.kind === "moon") text = t("hearts.hint.moon", { option: t(`hearts.moon_rule.${hint.option}`) });
  else text = t(`hearts.hint.${hint.kind}`, { cards: hint.cards.map(cardName).join(", ") });
  const reason = `hearts.hint_reason.${hint.reason}`;
  const why = t(reason);
  flash(why !== reason ? `${text} – ${why}` : text, { error: false });
  state.hinted = new Set(hint.cards);
}

/** The cards seat 0 received stay highlighted for a while. */
function markReceived(events) {
  const exchange = events.find((e) => e.type === "exchange");
  if (!exchange) return;
  state.received = new Set(exchange.received);
  if (exchange.received.length) {
    flash(t("hearts.received", { cards: exchange.received.map(cardName).join(", ") }), { error: false });
  }
  clearTimeout(receivedTimer);
  receivedTimer = setTimeout(() => {
    state.received = new Set();
    if (state.snapshot && state.table && !state.showing) redraw();
  }, Math.max(2500, animator.ms * 10));
}

// -- dialogs --------------------------------------------------------------------------------

function summaryKey(snapshot) {
  return `${snapshot.round_index}/${snapshot.status}/${snapshot.summary.totals.join(",")}`;
}

/** The round's result opens on its way on (the next round, or a new match at the end). */
function focusWayOn() {
  const button = [$("round-next"), $("round-new")].find((b) => !b.hidden);
  button?.focus();
}

function syncDialogs(snapshot) {
  if (snapshot.status === "none") {
    // Offered once: a person who cancels it sees the empty table and its prompt, can reach the
    // header (the language button) and opens it again with "Uusi ottelu".
    if (!state.newOffered) {
      state.newOffered = true;
      openNewDialog();
    }
    return;
  }
  state.newOffered = false;
  // The last round's result is shown with the match's end, which comes right behind it.
  const over = (snapshot.status === "round_over" && !endsMatch(snapshot)) || snapshot.status === "match_over";
  if (over && state.summaryShown !== summaryKey(snapshot)) {
    state.summaryShown = summaryKey(snapshot);
    fillSummary(snapshot);
    roundDialog = "summary";
    dialogs.open("dialog-round");
    focusWayOn();
  } else if (!over && roundDialog === "summary") {
    dialogs.close("dialog-round");
  }
  const options = snapshot.observation.moon_options;
  if (snapshot.status === "moon_choice" && options.add) {
    fillMoon(options);
    dialogs.open("dialog-moon");
  } else {
    dialogs.close("dialog-moon");
  }
}

/** The Scores dialog: the round so far (kept up to date while it is open). */
function fillScores(snapshot) {
  fillSummary({ ...snapshot, summary: summarySoFar(snapshot) });
  $("round-next").hidden = true;
  // A round still being played is not "over": the dialog is the scores so far.
  const ended = snapshot.status === "round_over" || snapshot.status === "match_over";
  if (!ended) $("round-title").textContent = t("hearts.scores");
}

function openNewDialog() {
  $("new-error").textContent = "";
  syncNewForm(limits);
  dialogs.open("dialog-new");
}

// -- one message ----------------------------------------------------------------------------

/** Show the events one by one on the table as it was, starting again at a deal. */
async function showEvents(events, next) {
  state.showing = true;
  try {
    for (const [i, event] of events.entries()) {
      const words = eventWords(event, next);
      if (event.type === "round") {
        const hand = measure($("hand").querySelectorAll(".hcard"));
        state.table = dealtTable(next, events.slice(i + 1));
        redraw();
        if (words) announce(words);
        await animator.deal(hand);
      } else if (state.table) {
        // A word said as its event is shown, so a screen reader follows the table.
        if (words) announce(words);
        await animator.show(event, state, redraw);
        if (event.type === "trick" && event.took_kitty && event.winner !== null) {
          const kitty = event.winner === 0 ? t("hearts.kitty_to_you") : t("hearts.kitty_to", { name: seatName(next, event.winner) });
          flash(kitty, { error: false });
        }
      }
    }
  } finally {
    state.showing = false;
  }
}

function endsHint(event) {
  if (event.type === "new" || event.type === "round") return true;
  return event.seat === 0 && (event.type === "play" || event.type === "passed" || event.type === "moon");
}

async function handle(message) {
  if (message.type === "error") {
    if (message.re !== null && message.re === state.hintRequest) state.hintRequest = null;
    if (message.re !== null && message.re === state.reviewRequest) {
      state.reviewRequest = null;
      reviewFailed(errorText(message.code));
    }
    // `stale`: the game changed elsewhere; the snapshot right behind this shows how it stands.
    if (message.code !== "stale" && message.re !== null && message.re === state.newRequest) {
      // A match code that is not one says what was entered, and what one looks like.
      const input = $("new-code").value.trim();
      $("new-error").textContent = message.code === "bad_code" && input
        ? t("hearts.error.bad_code", { input }) : errorText(message.code);
    } else {
      flash(errorText(message.code));
    }
    if (state.snapshot) redraw();
    return;
  }
  if (message.type !== "snapshot" && message.type !== "update") return;
  const next = message.state;
  const previous = state.accept(next, message.type === "snapshot");
  if (previous === undefined) return;
  const events = message.events ?? [];
  followSettings(events, (settings) => {
    animator.ms = motionMs(settings.animation_ms);
    animator.trickPause = settings.trick_pause !== false;
  });
  const ours = message.re !== null && message.re !== undefined;
  if (ours && message.re === state.newRequest) {
    state.newRequest = null;
    dialogs.close("dialog-new");
  }
  const hint = ours && message.re === state.hintRequest ? events.find((e) => e.type === "hint") : undefined;
  if (ours && message.re === state.hintRequest) state.hintRequest = null;
  // A hint is about the decision it was asked for: it ends with that decision (or a new deal).
  if (hint) showHint(hint);
  else if (message.type === "snapshot" || events.some(endsHint)) state.hinted = new Set();
  const review = ours && message.re === state.reviewRequest ? events.find((e) => e.type === "review") : undefined;
  if (review) {
    state.reviewRequest = null;
    fillAssessment(next, review, config.lang);
  }
  const refused = events.find((e) => e.type === "refused");
  if (refused && ours) {
    handSettle.release();  // the card stayed in the hand: the next tap is a new choice
    flash(t(`hearts.reason.${refused.reason}`, { count: limits.pass_size }));
  }
  if (events.some((e) => e.type === "new")) {
    state.chosen.clear();
    state.summaryShown = null;
  }
  markReceived(events);

  const stepped = events.filter((e) => STEPPED.has(e.type));
  const canStep = state.table !== null || stepped.some((e) => e.type === "round");
  if (animator.steps(events) && stepped.length && canStep && next.status !== "none") {
    await showEvents(events, next);
  } else {
    announce(events.map((e) => eventWords(e, next)));
  }
  if (!state.passing) state.chosen.clear();
  // The snapshot's table: after the events it is what was shown, so only what the events did
  // not tell (a reconnect, another tab) moves, and it slides rather than jumps.
  const hand = measure($("hand").querySelectorAll(".hcard"));
  state.table = tableOf(next);
  redraw();
  slideAll(hand, animator.ms);
  syncDialogs(next);
  // The computer players' updates may come while the person looks at the scores.
  if (roundDialog === "scores" && dialogs.isOpen("dialog-round") && next.status !== "none") fillScores(next);
  keepFocus();
}

/**
 * A keyboard player's place must not fall to the page's body when the card under it is gone
 * (played, or dealt anew) or a dialog closes over nothing: when the decision is the person's,
 * it goes to the hand's first card that can be used. (A mouse player sees no ring: focus moved
 * by the page shows one only after keyboard use.)
 */
function keepFocus() {
  const active = document.activeElement;
  if (dialogs.anyOpen || (active && active !== document.body && active.isConnected)) return;
  if (!state.deciding) return;
  const card = $("hand").querySelector(".hcard:not(.illegal)") ?? $("hand").querySelector(".hcard");
  card?.focus({ preventScroll: true });
}

const queue = new MessageQueue(handle, setBusy);

// A review opened from the round's result goes back to that result when it closes (by its
// button or Esc), so the way on (next round, new match) is where the person left it.
let reviewFromSummary = false;
$("dialog-review").addEventListener("close", () => {
  const s = state.snapshot;
  if (!reviewFromSummary || !s || !["round_over", "match_over"].includes(s.status)) return;
  reviewFromSummary = false;
  fillSummary(s);
  roundDialog = "summary";
  dialogs.open("dialog-round");
  focusWayOn();
});

// -- what the person does -------------------------------------------------------------------

function canAct() {
  return state.snapshot !== null && !state.showing && queue.waiting.length === 0 && !queue.running
    && !dialogs.anyOpen && pending === 0;
}

const actions = {
  card(el) {
    if (!canAct()) {
      // Pressed while the table still moves (a trick being collected, the last cards landing):
      // kept, as a person playing a card app expects, and played once the table rests if it
      // is then this person's turn (setBusy). Never during a pass, a dialog or an own answer.
      const moving = state.showing || queue.running;
      if (moving && !state.passing && !dialogs.anyOpen && pending === 0 && handSettle.settled) {
        state.cardWanted = el.dataset.card;
      }
      return;
    }
    if (state.passing) {
      const dropped = state.chosen.has(el.id);
      if (dropped) state.chosen.delete(el.id);
      else if (state.chosen.size < limits.pass_size) state.chosen.add(el.id);
      redraw();
      announce(t(dropped ? "hearts.announce.unselected" : "hearts.announce.selected", {
        card: cardName(el.dataset.card), count: state.chosen.size, total: limits.pass_size,
      }));
      return;
    }
    if (!state.myTurn || !handSettle.settled) return;
    // A dimmed card is sent only with move errors on: the server's refusal says why.
    if (el.classList.contains("illegal") && !state.snapshot.settings.move_errors) return;
    handSettle.played();
    socket.send("play", { card: el.dataset.card, decisions: state.snapshot.decisions });
  },
  pass() {
    if (!canAct() || !state.passing || state.chosen.size !== limits.pass_size) return;
    socket.send("pass", {
      cards: [...state.chosen].map((id) => $(id).dataset.card), decisions: state.snapshot.decisions,
    });
  },
  next() {
    socket.send("next", { decisions: state.snapshot.decisions });
  },
  replay() {
    socket.send("replay");
  },
  moon(option) {
    socket.send("moon", { option, decisions: state.snapshot.decisions });
  },
  hint() {
    // Only a decision of the person's own has a hint (not while the others decide).
    if (!state.deciding || state.hintRequest !== null) return;
    if (!canAct()) {
      // The button is live while the last cards still fly in: ask once they have landed
      // (the button shows it is working meanwhile) rather than let the press go unanswered.
      state.hintWanted = !dialogs.anyOpen;
      redraw();
      return;
    }
    state.hintRequest = socket.send("hint");
    redraw();
  },
  newMatch: openNewDialog,
  formChanged() {
    syncNewForm(limits);
  },
  startMatch() {
    $("new-error").textContent = "";
    $("new-limit-other").removeAttribute("aria-invalid");
    const args = newMatchArgs(limits);
    if (args === null) {
      $("new-error").textContent = badScoreLimitWords(limits);
      $("new-limit-other").setAttribute("aria-invalid", "true");
      $("new-limit-other").focus();
      return;
    }
    state.newRequest = socket.send("new", args);
  },
  scores() {
    const s = state.snapshot;
    if (!s || s.status === "none") return;
    fillScores(s);
    roundDialog = "scores";
    dialogs.open("dialog-round");
  },
  /** Hard's look at the round just over: the dialog opens at once, the assessment follows. */
  review(fromSummary = false) {
    const s = state.snapshot;
    if (!s || !s.reveal) return;
    fillRound(s);
    reviewFromSummary = fromSummary;
    dialogs.open("dialog-review");
    state.reviewRequest = socket.send("review");
  },
  lastTrick() {
    const s = state.snapshot;
    if (!s || s.status === "none") return;
    fillLastTrick(s);
    dialogs.open("dialog-last");
  },
  shortcuts() {
    dialogs.open("dialog-shortcuts");
  },
};

document.addEventListener("visibilitychange", () => {
  state.hidden = document.hidden;
  sendView();
});

installInput(actions, dialogs);
// Declined with no match on the table (Escape or Peruuta): the focus goes to "Uusi ottelu", the
// way back to the dialog, rather than staying on a control of the closed dialog.
$("dialog-new").addEventListener("close", () => {
  if (!state.snapshot || state.snapshot.status === "none") $("btn-new").focus();
});
followResizes(() => state.snapshot?.players ?? 0);

const socket = connectGame(config.socket, {
  helloArgs: () => ({ hidden: state.hidden, dialog: dialogs.anyOpen }),
  onConnected(connected) {
    if (!connected) {
      // Frames in flight are not resent; the snapshot after reconnecting shows what happened.
      state.newRequest = null;
      state.hintRequest = null;
      state.reviewRequest = null;
    }
  },
  onPending(count) {
    pending = count;
    $("game").dataset.pending = String(count);
  },
  onMessage(message) {
    queue.push(message);
  },
});
