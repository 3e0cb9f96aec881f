// Starting afresh after the server refused the player cookie (socket close 4401: unknown or
// stale). Sockets cannot set a cookie, a page load can: loading the page again gets a new
// identity. sessionStorage remembers this tab's last fresh starts, so a server that keeps
// refusing can never make the page reload in a fast loop, and the new page can say what
// happened (the game on screen is the new identity's, not the one before).

const KEY = "hertta.freshStart";
const READ_MS = 1500; // the words stay up this long before the page goes
const GAP_MS = 5000; // at least this long between two reloads
const WINDOW_MS = 5 * 60 * 1000; // fresh starts older than this are forgotten
const MAX_STARTS = 3; // within the window; after that the page stops and leaves its words up
const NOTICE_MS = 60 * 1000; // a page loaded this soon after a fresh start says so

function read(now) {
  try {
    const record = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    if (record && Number.isFinite(record.at) && Number.isFinite(record.count) && now - record.at < WINDOW_MS) {
      return record;
    }
  } catch {
    // Unreadable: treated as no fresh start yet.
  }
  return { at: -Infinity, count: 0, noticed: true };
}

function write(record) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reload the page soon (after a moment to read why, and never sooner than GAP_MS after the
 * last reload). Returns false, and does nothing, when reloading has not helped already or the
 * tab cannot remember that it tried (no sessionStorage): then only a person should try again.
 */
export function startAfresh(now = Date.now()) {
  const last = read(now);
  if (last.count >= MAX_STARTS) return false;
  const at = Math.max(now + READ_MS, last.at + GAP_MS);
  if (!write({ at, count: last.count + 1, noticed: false })) return false;
  setTimeout(() => location.reload(), at - now);
  return true;
}

/** Whether this page was loaded by a fresh start it has not told about yet (true only once). */
export function freshStartToTell(now = Date.now()) {
  const last = read(now);
  if (last.noticed || now - last.at > NOTICE_MS) return false;
  write({ ...last, noticed: true });
  return true;
}
