// Whose turn it is, felt beyond the table itself: when a decision becomes this person's (a
// pass, a card, a moon's scoring, Ready after a round), the tab's title says so (a person
// waiting for others at a table often looks at another tab) and, with sounds on (a setting),
// a short chime plays. The state a page opens on only sets the title: the chime is for a turn
// that comes while the person waits.

import { chime } from "../common/chime.js";
import { t } from "../common/i18n.js";
import { endsMatch, roundOf } from "./view.js";

/** Whether this page's person owes a decision in `state`. */
export function owesDecision(state) {
  const you = state.table.you;
  const game = state.game;
  if (you === null || !game) return false;
  const round = roundOf(game);
  if (game.status === "passing") return round.passTo !== null && round.passed.length === 0;
  if (game.status === "playing") return round.turn === you;
  if (game.status === "moon_choice") return round.moonShooter === you;
  if (game.status === "round_over") return !endsMatch(game) && !state.table.ready.includes(you);
  return false;
}

export class TurnCue {
  constructor(sounds, marker) {
    this.sounds = sounds;
    this.marker = marker; // #game: data-chimes counts the chimes played (tests read it)
    this.title = document.title;
    this.owed = null; // null until the first state is drawn
    this.chimes = 0;
  }

  show(state) {
    const owed = owesDecision(state);
    document.title = owed ? `● ${t("online.your_turn_title")} – ${this.title}` : this.title;
    if (owed && this.owed === false && this.sounds) {
      chime();
      this.chimes += 1;
      this.marker.dataset.chimes = String(this.chimes);
    }
    this.owed = owed;
  }
}
