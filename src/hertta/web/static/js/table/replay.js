// The replay page of a finished match: pick a round, look at its hands, passes and points, step
// through its tricks. Everything comes from the page's data block (the server replayed the
// match's decisions on its code).

import { $, readJson } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { directionWord, moonLine } from "../hearts/render.js";
import { fillHands, fillScores, TrickStepper } from "./review.js";

const replay = readJson("replay-data");
const stepper = new TrickStepper();

function showRound(index) {
  const round = replay.rounds[index];
  if (!round) return;
  fillHands($("reveal-hands").tBodies[0], replay.seats, round);
  fillScores($("review-scores").tBodies[0], replay.seats, round.summary);
  // Who dealt and where the cards went: the passes below make sense only with the direction.
  $("round-facts").textContent = t("online.round_facts", {
    dealer: replay.seats[round.dealer], direction: directionWord(round.pass_direction),
  });
  const shooter = round.summary.moon_shooter;
  $("round-moon").hidden = shooter === null;
  $("round-moon").textContent = shooter === null ? "" : moonLine(shooter, (seat) => replay.seats[seat], null);
  stepper.show(round.tricks, replay.seats, index);
}

$("round-pick").addEventListener("change", (event) => showRound(Number(event.target.value)));
showRound(0);
