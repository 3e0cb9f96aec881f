// A game page's link to its server: the socket, the connection line under the table, and what
// happens when the server turns the socket away for good (see socket.js REFUSALS).

import { t } from "./i18n.js";
import { freshStartToTell, startAfresh } from "./identity.js";
import { GameSocket } from "./socket.js";
import { flash, renderConnection } from "./status.js";

/**
 * Open the game's socket. `handlers` as for GameSocket, minus onRefused: a refused identity
 * starts afresh with a new one (identity.js), any refusal is said in words and stops the retries.
 */
export function connectGame(path, handlers) {
  const link = { connected: false, everConnected: false, refused: null };
  const socket = new GameSocket(path, {
    ...handlers,
    onMessage(message) {
      // The server took this page's identity: if a fresh start brought us here, say so.
      if (message.type === "snapshot" && freshStartToTell()) {
        flash(t("game.fresh_start"), { error: false, ms: 8000 });
      }
      handlers.onMessage(message);
    },
    onConnected(connected) {
      link.connected = connected;
      if (connected) link.everConnected = true;
      renderConnection(link);
      handlers.onConnected(connected);
    },
    onRefused(reason) {
      link.refused = reason === "identity" && !startAfresh() ? "identity_again" : reason;
      renderConnection(link);
    },
  });
  renderConnection(link);
  socket.connect();
  return socket;
}
