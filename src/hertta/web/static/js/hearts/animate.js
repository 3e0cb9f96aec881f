// Showing a message's events one by one, FLIP style (../common/motion.js): for each event,
// measure the elements that may move, change the table (state.js) and render it, then play every
// element from its old place to its new one. A played card flies from its place in the hand (or
// from its player's seat) to its spot in the trick; the hand closes up behind it; a taken trick
// goes to its winner. Each step holds a moment so a person can follow the computer players.
// With no motion (animations off, or the system asking for reduced motion) nothing moves, but a
// completed trick still holds (`trickHoldMs`): reduced motion takes the movement away, not the
// moment in which a person sees the last card and who took the trick.

import { $ } from "../common/dom.js";
import { centre, flipFrom, ghostOf, measure, pause, removeAfter, settled, slideAll } from "../common/motion.js";
import { handIds } from "./render.js";
import {
  applyExchange, applyPassed, applyPlay, applyTrickShown, applyTrickTaken,
} from "./state.js";

function handCards() {
  return [...$("hand").querySelectorAll(".hcard")];
}

/** The ids `hand` has that `after` has not: the cards that leave with a change. */
function leavingIds(hand, after) {
  const staying = new Set(handIds(after).map(({ id }) => id));
  return handIds(hand).map(({ id }) => id).filter((id) => !staying.has(id));
}

/** A card-sized box at the top middle of the hand: where seat 0's cards come from otherwise. */
function handBox() {
  const hand = $("hand").getBoundingClientRect();
  return new DOMRect(hand.left + hand.width / 2 - 30, hand.top, 60, 84);
}

/** Where a seat's cards are: its small fan of backs (seat 0: its hand). */
function seatBox(seat) {
  if (seat === 0) return handBox();
  const fan = document.querySelector(`#seat-${seat} .mini-fan`);
  return fan ? fan.getBoundingClientRect() : $("table").getBoundingClientRect();
}

/** Where a trick goes: its winner's seat, or the middle of the table when nobody took it. */
function winnerBox(winner) {
  if (winner === 0) return $("seat-0").getBoundingClientRect();
  if (winner !== null && $(`seat-${winner}`)) return $(`seat-${winner}`).getBoundingClientRect();
  const table = $("table").getBoundingClientRect();
  return new DOMRect(table.left + table.width / 2, table.top + table.height / 2, 0, 0);
}

/** How long a completed trick stays in view when nothing moves (about as long as Windows'). */
const STILL_TRICK_MS = 1200;

/** How long a played card stays in view before the next one comes, for an animation speed
 * (the shared table's pace too, table/pacing.js). */
export function cardHoldMs(animationMs) {
  return animationMs * 3;
}

/** How long a completed trick, and who took it, stay in view before it is taken away. */
export function trickHoldMs(animationMs, trickPause) {
  if (animationMs > 0) return cardHoldMs(animationMs) * 1.5;
  return trickPause ? STILL_TRICK_MS : 0;
}

export class HeartsAnimator {
  /** `trickPause`: whether a completed trick holds even when nothing moves (a setting). */
  constructor(durationMs, trickPause = true) {
    this.ms = durationMs;
    this.trickPause = trickPause;
  }

  get enabled() {
    return this.ms > 0;
  }

  /** How long a played card stays in view before the next one comes (tied to the speed). */
  get holdMs() {
    return cardHoldMs(this.ms);
  }

  /** How long a completed trick, and who took it, stay in view before it is taken away. */
  get trickHoldMs() {
    return trickHoldMs(this.ms, this.trickPause);
  }

  /** Whether a message's events are shown one by one (its completed tricks held). */
  steps(events) {
    return this.enabled || (this.trickHoldMs > 0 && events.some((e) => e.type === "trick"));
  }

  /**
   * Show one event: `state.table` moves on by it and `redraw()` renders it. Resolves when the
   * event has been seen (its animation played and its hold over).
   */
  async show(event, state, redraw) {
    if (event.type === "play") await this.play(event, state, redraw);
    else if (event.type === "trick") await this.trick(event, state, redraw);
    else if (event.type === "passed") await this.passed(event, state, redraw);
    else if (event.type === "exchange") await this.exchange(event, state, redraw);
    else if (event.type === "hearts_broken") {
      state.table.broken = true;
      redraw();
    }
  }

  async play(event, state, redraw) {
    const table = state.table;
    const hand = measure(handCards());
    let from = seatBox(event.seat);
    if (event.seat === 0) {
      const after = [...table.hand];
      after.splice(after.lastIndexOf(event.card), 1);
      const [leaving] = leavingIds(table.hand, after);
      const element = leaving && $(leaving);
      if (element) from = element.getBoundingClientRect();
    }
    applyPlay(table, event);
    redraw();
    const card = $(`trick-${event.seat}`);
    if (card) flipFrom(card, from, this.ms * 1.4, { opacity: event.seat === 0 ? 1 : 0.4 });
    slideAll(hand, this.ms);
    await pause(this.holdMs);
  }

  async trick(event, state, redraw) {
    applyTrickShown(state.table, event);
    redraw();
    await pause(this.trickHoldMs);
    if (this.enabled) await this.collect(event);
    applyTrickTaken(state.table, event);
    redraw();
  }

  /** The trick's cards (and the kitty, when it goes with them) fly to the winner and fade. */
  collect(event) {
    const cards = [...$("trick").querySelectorAll(".trick-card")];
    if (event.took_kitty && $("kitty")) cards.push($("kitty"));
    const to = centre(winnerBox(event.winner));
    const runs = cards.map((el) => {
      const box = centre(el.getBoundingClientRect());
      const dx = to.x - box.x;
      const dy = to.y - box.y;
      // fill: the cards stay gone until the next render removes their elements.
      return el.animate(
        [{ transform: "translate(-50%, -50%)", opacity: 1 },
          { transform: `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px)) scale(0.4)`, opacity: 0 }],
        { duration: this.ms * 1.6, easing: "ease-in", fill: "forwards" },
      );
    });
    return settled(runs);
  }

  /** Seat 0's pass leaves for the seat it goes to; any seat's pass shows a check mark. */
  async passed(event, state, redraw) {
    const table = state.table;
    if (event.seat !== 0 || !event.cards || !this.enabled) {
      if (event.seat === 0) state.chosen.clear();
      applyPassed(table, event);
      redraw();
      return;
    }
    const hand = measure(handCards());
    const after = [...table.hand];
    for (const card of event.cards) after.splice(after.lastIndexOf(card), 1);
    // The chosen cards are the ones that go (with two copies of a card, either looks the same).
    const going = state.chosen.size ? [...state.chosen] : leavingIds(table.hand, after);
    const ghosts = going.map((id) => $(id)).filter(Boolean).map((el) => ghostOf(el));
    for (const { ghost } of ghosts) document.body.append(ghost);
    state.chosen.clear();
    applyPassed(table, event);
    redraw();
    const to = state.snapshot.observation.pass_to;
    const target = centre(seatBox(to ?? 0));
    for (const { ghost, rect } of ghosts) {
      const from = centre(rect);
      removeAfter(ghost.animate(
        [{ transform: "none", opacity: 1 },
          { transform: `translate(${target.x - from.x}px, ${target.y - from.y}px) scale(0.3)`, opacity: 0 }],
        { duration: this.ms * 1.6, easing: "ease-in", fill: "forwards" },
      ), ghost);
    }
    slideAll(hand, this.ms);
    await pause(this.ms);
  }

  /** The cards passed to seat 0 come in from the seat that passed them. */
  async exchange(event, state, redraw) {
    const hand = measure(handCards());
    const before = new Set(hand.keys());
    applyExchange(state.table, event);
    redraw();
    const from = seatBox(state.snapshot.observation.pass_from ?? 0);
    for (const card of handCards()) {
      if (!before.has(card)) flipFrom(card, from, this.ms * 1.6, { opacity: 0.3 });
    }
    slideAll(hand, this.ms);
    await pause(this.ms * 2);
  }

  /** A new deal: the cards that came fly in from the middle of the table, one after another. */
  deal(hand) {
    const table = $("table").getBoundingClientRect();
    const from = new DOMRect(table.left + table.width / 2 - 20, table.top + table.height / 2 - 28, 40, 56);
    const step = Math.min(this.ms / 10, 30);
    let order = 0;
    for (const card of handCards()) {
      if (hand.has(card)) continue;
      const animation = flipFrom(card, from, this.ms * 1.2, { opacity: 0.2 });
      if (animation) {
        animation.effect.updateTiming({ delay: order * step, fill: "backwards" });
        order += 1;
      }
    }
    slideAll(hand, this.ms);
    return pause(this.ms * 1.2 + order * step);
  }
}
