// The Hearts client's state (lichess "ctrl"): the last snapshot from the server, what only the
// page knows (open dialogs, the cards chosen for the pass, highlights), the table as it is drawn
// right now, and the queue that takes the server's messages strictly one after another.
//
// The table runs behind the snapshot while a message's events are shown one by one: it starts
// from the table before the message, each event moves it on (a card played, a trick taken), and
// once the events are shown it is the snapshot's table again. Rendering only ever draws a table.

export class HeartsState {
  constructor(limits) {
    this.limits = limits; // every limit the page shows or checks (config.limits, from the server)
    this.snapshot = null; // the last state accepted from the server
    this.table = null; // the table as drawn (tableOf), or null with no match on screen
    this.hidden = document.hidden;
    this.openDialogs = new Set();
    this.chosen = new Set(); // hand element ids chosen for the pass
    this.received = new Set(); // cards just received in the exchange (highlighted for a while)
    this.hinted = new Set(); // cards the last hint named
    this.showing = false; // a message's events are being shown: input waits
    this.summaryShown = null; // which round's result dialog has been opened already
    this.newOffered = false; // the new-match dialog opened by itself for a page with no match
    this.newRequest = null; // seq of a `new` frame waiting for its answer
    this.hintRequest = null; // seq of a `hint` frame waiting for its answer
    this.hintWanted = false; // Hint was pressed while the table still moved: sent once it rests
    this.cardWanted = null; // a card pressed while the table still moved: played once it rests
    this.reviewRequest = null; // seq of a `review` frame waiting for its answer
  }

  /**
   * Accept a server state; returns the previous one (null at first), or undefined if this one
   * is older than what is shown. A snapshot always wins: after a reconnect, or after a `stale`
   * error, it is the server's word on where the game stands.
   */
  accept(next, isSnapshot) {
    const previous = this.snapshot;
    if (previous && !isSnapshot && next.version < previous.version) return undefined;
    this.snapshot = next;
    return previous;
  }

  /** Seat 0 must choose its pass now. */
  get passing() {
    const s = this.snapshot;
    if (!s || s.status !== "passing") return false;
    const obs = s.observation;
    return obs.pass_to !== null && obs.passed.length === 0;
  }

  /** It is seat 0's turn to play a card. */
  get myTurn() {
    const s = this.snapshot;
    return Boolean(s && s.status === "playing" && s.observation.turn === 0);
  }

  /** Seat 0 must choose how its moon scores. */
  get choosingMoon() {
    const s = this.snapshot;
    return Boolean(s && s.status === "moon_choice" && s.observation.moon_options.add);
  }

  /** A decision of the person's own waits: a pass, a card or a moon choice (hints are for these). */
  get deciding() {
    return this.passing || this.myTurn || this.choosingMoon;
  }

  /**
   * Whose decision the game waits for: "you" (the person), "others" (the computer players are
   * still thinking, or the table ends the match by itself; their decisions come as pushed
   * updates), or "" while events are shown.
   */
  get awaiting() {
    const s = this.snapshot;
    if (this.showing || !s) return "";
    if (s.status === "passing") return this.passing ? "you" : "others";
    if (s.status === "playing") return this.myTurn ? "you" : "others";
    if (s.status === "moon_choice") return this.choosingMoon ? "you" : "others";
    if (endsMatch(s)) return "others";
    return "you"; // no match, round or match over: the person starts the next one
  }
}

/**
 * The round just over is the match's last (a total reached the score limit): the match's end
 * follows from the table itself, right behind, so nobody is asked for the next round.
 */
export function endsMatch(snapshot) {
  return snapshot.status === "round_over" && snapshot.summary !== null
    && Math.max(...snapshot.summary.totals) >= snapshot.score_limit;
}

/** The plays of a trick as [{seat, card, cancelled}]. */
function plays(trick) {
  return trick.cards.map((card, i) => ({ seat: trick.seats[i], card, cancelled: trick.cancelled[i] }));
}

/** The table as a snapshot shows it (null with no match). */
export function tableOf(snapshot) {
  if (snapshot.status === "none") return null;
  const obs = snapshot.observation;
  return {
    hand: [...obs.hand],
    sizes: [...obs.hand_sizes],
    totals: [...obs.match_totals],
    taken: [...obs.points_taken],
    passed: obs.phase === "passing" ? [...obs.passes_chosen] : obs.passes_chosen.map(() => false),
    turn: obs.turn,
    broken: obs.hearts_broken,
    trick: plays(obs.trick),
    kitty: obs.kitty_size > 0 && obs.kitty_taker === null ? obs.kitty_size : 0,
    carried: obs.carried.length,
    // A completed trick still on the table: who takes it ({winner, points}; winner null when
    // every card was cancelled and it stays for the next trick), or null.
    completed: null,
  };
}

/**
 * The table right after the deal of the snapshot's round, when `later` (the events of the same
 * message after the `round` event) are still to be shown. Until seat 0 decides nothing else
 * can happen in a message after a deal, so only the computer players' plays are undone.
 */
export function dealtTable(snapshot, later) {
  const table = tableOf(snapshot);
  const obs = snapshot.observation;
  table.trick = [];
  table.taken = table.taken.map(() => 0);
  table.passed = table.passed.map(() => false);
  table.broken = false;
  table.carried = 0;
  table.kitty = obs.kitty_size;
  const firstPlay = later.find((e) => e.type === "play");
  if (firstPlay) table.turn = firstPlay.seat;
  for (const event of later) {
    if (event.type === "play" && event.seat === 0) table.hand.push(event.card);
    else if (event.type === "play") table.sizes[event.seat] += 1;
  }
  return table;
}

// -- one event moves the table on (the animations measure before and play after) ------------

export function applyPlay(table, event) {
  if (event.seat === 0) {
    const at = table.hand.lastIndexOf(event.card);
    if (at >= 0) table.hand.splice(at, 1);
  }
  table.sizes[event.seat] = Math.max(0, table.sizes[event.seat] - 1);
  table.trick = [...table.trick, { seat: event.seat, card: event.card, cancelled: false }];
  // Who acts next comes from the server (null once the tricks are over).
  if ("turn" in event) table.turn = event.turn;
}

/** A full trick: which cards cancelled each other (the cards are still on the table). */
export function applyTrickShown(table, event) {
  table.trick = table.trick.map((play, i) => ({ ...play, cancelled: Boolean(event.cancelled[i]) }));
  table.completed = { winner: event.winner, points: event.points };
}

/** The trick goes to its winner (or stays on the table when every card was cancelled). */
export function applyTrickTaken(table, event) {
  if (event.winner !== null) {
    table.taken[event.winner] += event.points;
    table.carried = 0;
    if (event.took_kitty) table.kitty = 0;
  } else {
    table.carried += table.trick.length;
  }
  table.trick = [];
  table.completed = null;
  if ("turn" in event) table.turn = event.turn;
}

export function applyPassed(table, event) {
  table.passed[event.seat] = true;
  if (event.seat === 0 && event.cards) {
    for (const card of event.cards) {
      const at = table.hand.lastIndexOf(card);
      if (at >= 0) table.hand.splice(at, 1);
    }
  }
}

export function applyExchange(table, event) {
  table.hand.push(...event.received);
  table.passed = table.passed.map(() => false);
}

/**
 * The server's messages, handled strictly in order: each one's events are shown (which takes
 * time when animations are on) before the next message is looked at. `onBusy(bool)` says when
 * the queue starts and stops having work, so input can wait meanwhile.
 */
export class MessageQueue {
  constructor(handle, onBusy) {
    this.handle = handle;
    this.onBusy = onBusy;
    this.waiting = [];
    this.running = false;
  }

  push(message) {
    this.waiting.push(message);
    if (this.running) return;
    this.running = true;
    this.onBusy(true);
    this.drain();
  }

  async drain() {
    while (this.waiting.length) {
      const message = this.waiting.shift();
      try {
        await this.handle(message);
      } catch (error) {
        // One bad message must not stop the ones after it; the error still surfaces as an
        // uncaught one (the browser tests fail on those).
        setTimeout(() => { throw error; });
      }
    }
    this.running = false;
    this.onBusy(false);
  }
}
