// A shared table's pace. States are drawn as they come, but a completed trick stays in view,
// every card and who took it, before the next state is drawn, as on the Hearts page: computer
// players' cards come milliseconds apart, so a trick's last card and its taker went by unseen.
// Messages that arrive meanwhile wait, in order; a trick is held only when no trick after it is
// waiting too (a spectator of a quick table must not fall further and further behind), and a
// snapshot (a reconnect) shows the table as it is now at once.

/** How long a completed trick stays in view when nothing moves (the Hearts page's pause). */
export const STILL_TRICK_MS = 1200;

/** The pause after a trick for these settings: as the Hearts page holds it, 0 for none. */
export function trickHoldMs(animationMs, trickPause) {
  if (animationMs > 0) return animationMs * 4.5;
  return trickPause ? STILL_TRICK_MS : 0;
}

export class Pacer {
  /**
   * `draw(message, mayHold)` draws a message and returns how long what it shows must stay
   * (0: no hold; never when `mayHold` is false); `release()` is called when a hold ends,
   * before the messages that waited.
   */
  constructor(draw, release) {
    this.draw = draw;
    this.release = release;
    this.waiting = [];
    this.timer = null;
  }

  get holding() {
    return this.timer !== null;
  }

  take(message) {
    message.arrivedAt = performance.now();  // a waiting state's clock counts from its arrival
    if (message.type === "snapshot" && this.holding) {
      clearTimeout(this.timer);
      this.timer = null;
      this.waiting = [];
      this.release();
    }
    if (this.holding) this.waiting.push(message);
    else this.run(message, true);
  }

  run(message, mayHold) {
    const holdMs = this.draw(message, mayHold);
    if (holdMs > 0) this.timer = setTimeout(() => this.end(), holdMs);
  }

  end() {
    this.timer = null;
    this.release();
    while (this.waiting.length && !this.holding) {
      const message = this.waiting.shift();
      this.run(message, !this.waiting.some(completesTrick));
    }
  }
}

function completesTrick(message) {
  return (message.events ?? []).some((event) => event.type === "trick");
}
