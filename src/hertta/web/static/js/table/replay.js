// The replay page of a finished match: pick a round, look at its hands, passes and points, step
// through its tricks. Everything comes from the page's data block (the server replayed the
// match's decisions on its code).

import { $, readJson } from "../common/dom.js";
import { fillHands, fillScores, TrickStepper } from "./review.js";

const replay = readJson("replay-data");
const stepper = new TrickStepper();

function showRound(index) {
  const round = replay.rounds[index];
  if (!round) return;
  fillHands($("reveal-hands").tBodies[0], replay.seats, round);
  fillScores($("review-scores").tBodies[0], replay.seats, round.summary);
  stepper.show(round.tricks, replay.seats, index);
}

$("round-pick").addEventListener("change", (event) => showRound(Number(event.target.value)));
showRound(0);
