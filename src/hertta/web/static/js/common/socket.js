// One WebSocket per game: intents out (with our own `seq`), server messages in. Reconnects with
// backoff; after every (re)connect it says `hello` and the server answers with a full snapshot.
// Some close codes mean reconnecting cannot help, so the socket stops and tells the page why.

/** Close codes the server refuses a socket with, and the reason the page puts in words. */
export const REFUSALS = {
  4401: "identity", // the player cookie is unknown or stale: a page load gets a new one
  4403: "origin", // the page's origin is not allowed to play on this server
  4404: "no_table", // a shared table that does not exist (or a private one without its invite)
  4409: "no_spectators", // the match is on, this person has no seat and the host allows no watching
  4429: "too_many", // this player has too many sockets open on the server (tabs): close some
};

export class GameSocket {
  /**
   * @param {string} path       the socket's path, e.g. "/ws/h2h"
   * @param {object} handlers   onMessage(msg), onConnected(bool), onPending(count),
   *                            onRefused(reason), helloArgs() -> object
   */
  constructor(path, handlers) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = `${scheme}//${location.host}${path}`;
    this.handlers = handlers;
    this.seq = 0;
    this.pending = new Set();
    this.retryMs = 250;
    this.ws = null;
    this.refused = null;
  }

  connect() {
    if (this.refused) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retryMs = 250;
      this.handlers.onConnected(true);
      this.send("hello", this.handlers.helloArgs());
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.re !== null && message.re !== undefined) this.pending.delete(message.re);
      this.handlers.onMessage(message);
      this.handlers.onPending(this.pending.size);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // Requests in flight are not resent: the snapshot after reconnecting tells what happened.
      this.pending.clear();
      this.handlers.onPending(0);
      this.handlers.onConnected(false);
      const refused = REFUSALS[event.code];
      if (refused) {
        this.refused = refused;
        this.handlers.onRefused(refused);
        return;
      }
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    });
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send an intent; returns its seq, or null when not connected. */
  send(op, args = {}) {
    if (!this.open) return null;
    this.seq += 1;
    this.pending.add(this.seq);
    this.ws.send(JSON.stringify({ op, seq: this.seq, ...args }));
    this.handlers.onPending(this.pending.size);
    return this.seq;
  }
}
