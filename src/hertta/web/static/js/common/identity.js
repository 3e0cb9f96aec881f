// Starting afresh after the server refused the player cookie (socket close 4401: unknown or
// stale). Sockets cannot set a cookie, a page load can: loading the page again gets a new
// identity. sessionStorage remembers the last fresh starts of this tab, so a server that keeps
// refusing can never make the page reload in a fast loop.

const KEY = "hertta.freshStart";
const GAP_MS = 5000; // at least this long between two reloads
const WINDOW_MS = 5 * 60 * 1000; // fresh starts older than this are forgotten
const MAX_STARTS = 3; // within the window; after that the page stops and leaves its words up

function lastStarts(now) {
  try {
    const record = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    if (record && Number.isFinite(record.at) && Number.isFinite(record.count) && now - record.at < WINDOW_MS) {
      return record;
    }
  } catch {
    // Unreadable: treated as no fresh start yet.
  }
  return { at: -Infinity, count: 0 };
}

/**
 * Reload the page (at once, or when the gap since the last reload has passed). Returns false,
 * and does nothing, when reloading has not helped already or the tab cannot remember that it
 * tried (no sessionStorage): then only a person should try again.
 */
export function startAfresh(now = Date.now()) {
  const last = lastStarts(now);
  if (last.count >= MAX_STARTS) return false;
  const at = Math.max(now, last.at + GAP_MS);
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ at, count: last.count + 1 }));
  } catch {
    return false;
  }
  setTimeout(() => location.reload(), at - now);
  return true;
}
