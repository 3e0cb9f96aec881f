// What the table page reads out of a state (docs/tables.md "State"): one shape for a seated
// person (the seat's own observation) and a spectator (only the public round), and the seat
// names as this page shows them.

import { t } from "../common/i18n.js";

/** The round as the page draws it, from a seat's observation or the public table. */
export function roundOf(game) {
  const round = roundView(game);
  // A finished round: the seats show the totals with its points added and its points as
  // scored (a moon's shooter 0 or minus, the others plus), not the points taken before.
  if (game.summary) return { ...round, totals: game.summary.totals, taken: game.summary.points };
  return round;
}

function roundView(game) {
  if (game.observation) {
    const o = game.observation;
    return {
      hand: o.hand, legal: new Set(o.legal_plays), turn: o.turn, trick: o.trick,
      sizes: o.hand_sizes, passesChosen: o.passes_chosen, totals: o.match_totals,
      taken: o.points_taken, broken: o.hearts_broken, passDirection: o.pass_direction,
      passTo: o.pass_to, passed: o.passed, received: o.received, moonOptions: o.moon_options,
      // What each trick's winner took (carried cards and a kitty the seat may see included,
      // docs/hearts-web.md), not only its own cards' points as the observation counts them.
      tricks: o.tricks.map((trick, i) => ({ ...trick, points: game.taken_points?.[i] ?? trick.points })),
      moonShooter: o.moon_shooter,
    };
  }
  const p = game.table;
  const taken = p.totals.map(() => 0);
  for (const trick of p.tricks) if (trick.winner !== null) taken[trick.winner] += trick.points;
  const seats = p.trick.cards.map((_, i) => (p.trick.leader + i) % game.players);
  return {
    hand: [], legal: new Set(), turn: p.turn, trick: { ...p.trick, seats },
    sizes: p.hand_sizes, passesChosen: p.passes_chosen, totals: p.totals, taken,
    broken: p.hearts_broken, passDirection: p.pass_direction, passTo: null, passed: [], received: [],
    tricks: p.tricks, moonOptions: {}, moonShooter: null,
  };
}

/** This person's seat: the one they sit in, or the one they left during the match (its news is
 * still told to them as "you": "a computer player plays your seat to the end"). */
/** The name an open seat is kept for (play again), or null: it is that person's to take. */
export function keptFor(seat) {
  return seat?.kind === "open" && seat.kept_for !== undefined ? seat.kept_for : null;
}

export function ownSeat(state, page) {
  const you = state.table.you;
  if (you !== null) return you;
  if (state.table.left_seat !== null && state.table.left_seat !== undefined) return state.table.left_seat;
  const held = page.seatHeld;
  return held !== null && state.table.seats[held]?.left ? held : null;
}

/** Seat names as shown here: "You" for this page's own seat. */
export function namesOf(state) {
  const you = state.table.you;
  return state.table.seats.map((seat, i) => {
    if (i === you) return t("hearts.you");
    if (seat.kind === "open") return t("online.seat_open");
    return seat.name;
  });
}

/** Where seat `seat` sits on screen: 0 at the bottom (this page's own seat), then clockwise. */
export function spotOf(state, seat) {
  const n = state.table.seats.length;
  const you = state.table.you ?? 0;
  return (seat - you + n) % n;
}

/** The last round's result ends the match by itself (no `next` is asked for). */
export function endsMatch(game) {
  return game.status === "round_over" && game.summary !== null
    && Math.max(...game.summary.totals) >= game.score_limit;
}
