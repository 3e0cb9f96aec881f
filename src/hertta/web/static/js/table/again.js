// Play again: once a match is over, a person who had a seat opens the next table with the same
// rules, clock and computer players (the op `again`; the first to ask opens it and everyone
// after is given the same one: `next_table` in the state), and the link to it brings each
// person back to their own seat there (`?seat=`, taken once the page has connected).

import { keptFor, ownSeat } from "./view.js";

/** The next table's address for this page (with its invite and this person's seat), or null. */
export function nextTableUrl(state, page) {
  const next = state.table.next_table;
  if (!next) return null;
  const query = new URLSearchParams();
  if (next.invite) query.set("invite", next.invite);
  const seat = ownSeat(state, page);
  if (seat !== null) query.set("seat", String(seat));
  const tail = query.toString();
  return `/t/${encodeURIComponent(next.id)}${tail ? `?${tail}` : ""}`;
}

/** The seat this page's address asks it to take, read once and taken out of the address (a
 * reload, or a seat given up later, must not take it again); null when there is none. */
export function seatAsked() {
  const params = new URLSearchParams(location.search);
  const seat = params.get("seat");
  if (seat === null) return null;
  params.delete("seat");
  const query = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  return /^[0-5]$/.test(seat) ? Number(seat) : null;
}

/** Whether to take `seat` now: the table still seats people, this page has no seat and a name
 * to sit with, and the seat is open to anyone or kept for this person. */
function mayTakeSeat(state, page, seat) {
  const table = state.table;
  const open = table.seats[seat]?.kind === "open" && (keptFor(table.seats[seat]) === null || table.kept_seat === seat);
  return table.status === "waiting" && table.you === null && page.name !== null && open;
}

/** What to do with the seat this page's address asked for, on the first state the page has
 * (asked once): take it (`{ sit }`), tell the person it went to someone else meanwhile
 * (`{ gone: true }`), or nothing (null). */
export function askedSeatStep(state, page) {
  const seat = page.seatAsked;
  page.seatAsked = null;
  if (seat === null) return null;
  if (mayTakeSeat(state, page, seat)) return { sit: seat };
  return page.name !== null && state.table.you === null ? { gone: true } : null;
}
