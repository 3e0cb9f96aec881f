// Heart to Heart's animations, FLIP style with element.animate (../common/motion.js): measure
// before the DOM changes, render, then play from the old place to the new one. Nothing waits for
// an animation: the state is already drawn, so input never blocks. Duration 0 (the setting
// "off", or reduced motion) skips everything.
//
// Only a card's drawing moves (its .card-art), never the card's own button, and drawings take
// no taps (game.css): a tap acts on the button whose place it is, so a tap on the waste right
// after a flip (while the new card still slides in from the stock), or on the stock while that
// drawing still lies over it, lands as it would a moment later.

import { $ } from "../common/dom.js";
import { centre, ghostOf, offset, removeAfter } from "../common/motion.js";

/** The moving part of a card: its drawing, inside the button that takes the taps. */
function art(element) {
  return element.querySelector(".card-art") ?? element;
}

function elementOf(target) {
  return target === "W" || target === "waste" ? $("waste") : $(`card-${target}`);
}

/** A copy of a card about to leave, without the layout assist's marks. */
function leaving(element) {
  const copy = ghostOf(element);
  copy.ghost.classList.remove("circled", "darkened");
  return copy;
}

function pairTargets(move) {
  return move.split("+");
}

export class Animator {
  constructor(durationMs) {
    this.durationMs = durationMs;
  }

  get enabled() {
    return this.durationMs > 0;
  }

  /** Before rendering: keep copies of the cards that are about to disappear. */
  prepare(events) {
    const plan = { ghosts: [], stockRect: $("stock").getBoundingClientRect() };
    if (!this.enabled) return plan;
    for (const event of events) {
      if (event.type === "tap" && event.effect === "pair") {
        for (const target of pairTargets(event.move)) plan.ghosts.push(leaving(elementOf(target)));
      } else if (event.type === "undo" && event.move === "F") {
        plan.returning = leaving($("waste"));
      }
    }
    for (const { ghost } of plan.ghosts) document.body.append(ghost);
    if (plan.returning) document.body.append(plan.returning.ghost);
    return plan;
  }

  /** After rendering: play the events. */
  run(plan, events, previous, next) {
    if (!this.enabled) return;
    const ms = this.durationMs;
    for (const event of events) {
      if (event.type === "tap" && event.effect === "pair") this.pair(plan.ghosts, ms);
      else if (event.type === "tap" && event.effect === "flip") this.flip(ms);
      else if (event.type === "tap" && event.effect === "recycle") this.recycle(ms);
      else if (event.type === "undo") this.undo(plan, previous, next, ms);
      else if (event.type === "new" || event.type === "restart" || event.type === "code") {
        this.deal(plan.stockRect, ms);
      }
    }
  }

  pair(ghosts, ms) {
    if (ghosts.length === 0) return;
    const points = ghosts.map(({ rect }) => centre(rect));
    const meet = {
      x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
      y: points.reduce((sum, p) => sum + p.y, 0) / points.length - 12,
    };
    for (const { ghost, rect } of ghosts) {
      const c = centre(rect);
      const dx = meet.x - c.x;
      const dy = meet.y - c.y;
      removeAfter(ghost.animate(
        [
          { transform: "none", opacity: 1 },
          { transform: `translate(${dx * 0.7}px, ${dy * 0.7}px) scale(1.06)`, opacity: 1, offset: 0.55 },
          { transform: `translate(${dx}px, ${dy}px) scale(0.35) rotate(8deg)`, opacity: 0 },
        ],
        { duration: ms * 1.4, easing: "cubic-bezier(.3,.7,.4,1)" },
      ), ghost);
    }
  }

  flip(ms) {
    const waste = $("waste");
    const { dx, dy } = offset($("stock").getBoundingClientRect(), waste.getBoundingClientRect());
    art(waste).animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scaleX(0.05)` },
        { transform: `translate(${dx / 2}px, ${dy / 2 - 10}px) scaleX(1)`, offset: 0.5 },
        { transform: "none" },
      ],
      { duration: ms, easing: "ease-out" },
    );
  }

  recycle(ms) {
    const stock = $("stock");
    const { dx, dy } = offset($("waste").getBoundingClientRect(), stock.getBoundingClientRect());
    art(stock).animate(
      [{ transform: `translate(${dx}px, ${dy}px)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
      { duration: ms, easing: "ease-in-out" },
    );
  }

  undo(plan, previous, next, ms) {
    if (plan.returning) {
      const { ghost, rect } = plan.returning;
      const { dx, dy } = offset($("stock").getBoundingClientRect(), rect);
      removeAfter(ghost.animate(
        [{ transform: "none" }, { transform: `translate(${dx}px, ${dy}px) scaleX(0.05)` }],
        { duration: ms, easing: "ease-in" },
      ), ghost);
    }
    if (!previous) return;
    for (let p = 1; p <= 25; p++) {
      if (previous.heart[p - 1] === null && next.heart[p - 1] !== null) {
        art($(`card-${p}`)).animate(
          [{ transform: "scale(0.6)", opacity: 0 }, { transform: "none", opacity: 1 }],
          { duration: ms, easing: "cubic-bezier(.2,.8,.3,1.2)" },
        );
      }
    }
  }

  deal(stockRect, ms) {
    for (let p = 1; p <= 25; p++) {
      const element = $(`card-${p}`);
      const { dx, dy } = offset(stockRect, element.getBoundingClientRect());
      art(element).animate(
        [{ transform: `translate(${dx}px, ${dy}px) scale(0.9)`, opacity: 0.2 }, { transform: "none", opacity: 1 }],
        { duration: ms * 1.2, delay: (25 - p) * Math.min(ms / 10, 30), easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      );
    }
  }
}
