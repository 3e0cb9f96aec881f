// The client's state (lichess "ctrl"): the last snapshot from the server plus what only the
// page knows (open dialogs, visibility). The server decides everything about the game.

export class GameState {
  constructor() {
    this.snapshot = null;
    this.timerAt = 0; // performance.now() when the snapshot's timer was read
    this.hidden = document.hidden;
    this.openDialogs = new Set();
    this.connected = false;
  }

  /**
   * Accept a server state; returns the previous one, or undefined if this one is stale.
   * A snapshot (the answer to hello) always wins: after a reconnect, perhaps to a restarted
   * server, versions start again from the server's new session.
   */
  accept(next, isSnapshot) {
    const previous = this.snapshot;
    if (previous && !isSnapshot && next.version < previous.version) return undefined;
    this.snapshot = next;
    this.timerAt = performance.now();
    return previous;
  }

  get dialogOpen() {
    return this.openDialogs.size > 0;
  }

  /** Milliseconds to show on the clock right now. */
  elapsedMs() {
    const s = this.snapshot;
    if (!s) return 0;
    const base = s.timer.elapsed_ms;
    if (!s.timer.running || this.hidden || this.dialogOpen || !this.connected) return base;
    return base + (performance.now() - this.timerAt);
  }

  /** Whether leaving this game would count as a loss (asks for confirmation first). */
  get inProgress() {
    const s = this.snapshot;
    return Boolean(s && s.started && s.status === "playing");
  }
}

/** "m:ss", or "h:mm:ss" from an hour. */
export function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
