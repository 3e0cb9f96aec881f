// A shared table's pace. States are drawn as they come, but as on the Hearts page another
// seat's card stays a moment before the next one comes (with animations on), and a completed
// trick stays in view, every card and who took it, before the next state is drawn: computer
// players' cards come milliseconds apart, so they landed all at once and a trick's last card
// and its taker went by unseen. Messages that arrive meanwhile wait, in order. A card is held
// only while no trick but its own waits to be completed, a trick only while no later one
// waits (a spectator of a quick table never falls more than a trick behind), and a snapshot (a
// reconnect) shows the table as it is now at once.

export class Pacer {
  /**
   * `draw(message, backlog)` draws a message and returns how long what it shows must stay
   * (0: no hold), `backlog` being how many messages completing a trick wait behind it;
   * `release()` is called when a hold ends, before the messages that waited, and `rested()`
   * once they are drawn and nothing holds the table any more.
   */
  constructor(draw, release, rested = () => undefined) {
    this.draw = draw;
    this.release = release;
    this.rested = rested;
    this.waiting = [];
    this.timer = null;
    this.endsAt = 0;
    this.deadline = null; // by when (performance.now()) everything waiting must be shown
  }

  /** Show what waits by `deadline`: a person's timed turn is among it, and the server counts
   * its seconds from `deadline` at the latest (the turn clock's allowance), so the holds
   * before it shrink to fit (with slow animations they took longer than the allowance). */
  hurry(deadline) {
    this.deadline = this.deadline === null ? deadline : Math.min(this.deadline, deadline);
    if (this.timer !== null) this.schedule(this.endsAt - performance.now());
  }

  schedule(holdMs) {
    clearTimeout(this.timer);
    let ms = holdMs;
    if (this.deadline !== null) {  // this hold's share of the time left
      ms = Math.min(ms, Math.max(0, (this.deadline - performance.now()) / (this.waiting.length + 1)));
    }
    this.endsAt = performance.now() + ms;
    this.timer = setTimeout(() => this.end(), ms);
  }

  get holding() {
    return this.timer !== null;
  }

  take(message) {
    message.arrivedAt = performance.now();  // a clock counts from its drawing, at most its allowance after this
    if (message.type === "snapshot" && this.holding) {
      clearTimeout(this.timer);
      this.timer = null;
      this.waiting = [];
      this.deadline = null;
      this.release();
    }
    if (this.holding) this.waiting.push(message);
    else this.run(message, 0);
  }

  run(message, backlog) {
    const holdMs = this.draw(message, backlog);
    if (holdMs > 0) this.schedule(holdMs);
  }

  end() {
    this.timer = null;
    this.release();
    let backlog = this.waiting.filter(completesTrick).length;
    while (this.waiting.length && !this.holding) {
      const message = this.waiting.shift();
      if (completesTrick(message)) backlog -= 1;
      this.run(message, backlog);
    }
    if (!this.holding) {
      this.deadline = null;
      this.rested();
    }
  }
}

export function completesTrick(message) {
  return (message.events ?? []).some((event) => event.type === "trick");
}
