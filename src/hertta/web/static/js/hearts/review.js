// The round review on the Hearts page: a round just over laid open (the hands as dealt, the
// passes, the hands after the pass, every trick one at a time) and, for each of the person's
// own decisions, Hard's assessment from the server (`review` op, hertta.ai.review): the choice
// Hard would have made and the expected points the person's choice cost, mistakes marked.

import { $ } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";
import { cardElement, fillHands, TrickStepper } from "../table/review.js";
import { cardKey } from "./cards.js";
import { seatName } from "./render.js";

let stepper = null;

function names(snapshot) {
  return Array.from({ length: snapshot.players }, (_, seat) => seatName(snapshot, seat));
}

function cardsOf(notations) {
  const box = document.createElement("span");
  box.className = "review-cards";
  for (const card of notations) box.append(cardElement(card, "mcard"));
  return box;
}

/** "1,5" in Finnish, "1.5" in English: points with one decimal. */
function points(value, lang) {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** The round laid open: what the server's state says once the round is over. */
export function fillRound(snapshot) {
  const who = names(snapshot);
  $("review-title").textContent = t("hearts.review.title", { round: snapshot.round_index + 1 });
  if (snapshot.reveal) fillHands($("reveal-hands").tBodies[0], who, snapshot.reveal);
  stepper ??= new TrickStepper();
  stepper.show(snapshot.observation.tricks, who, `${snapshot.round_index}/${snapshot.code}`);
  $("review-summary").textContent = t("hearts.review.waiting");
  $("review-decisions").replaceChildren();
  $("review-after").tBodies[0].replaceChildren();
}

function decisionLine(decision, lang) {
  const item = document.createElement("li");
  item.className = "assessment";
  item.dataset.kind = decision.kind;
  item.classList.toggle("mistake", decision.mistake);
  const head = document.createElement("span");
  head.className = "assessment-what";
  const same = decision.cost === 0 && decision.chosen.join() === decision.best.join()
    && decision.option === decision.best_option;
  if (decision.kind === "moon") {
    head.textContent = t("hearts.review.moon", { option: t(`hearts.moon_rule.${decision.option}`) });
    item.append(head);
    if (decision.option !== decision.best_option) {
      item.append(" ", t("hearts.review.hard_moon", { option: t(`hearts.moon_rule.${decision.best_option}`) }));
    }
    return item;
  }
  head.textContent = decision.kind === "pass" ? t("hearts.review.pass")
    : t("hearts.review.play", { trick: decision.trick + 1 });
  item.append(head, cardsOf(decision.chosen));
  if (same) {
    item.append(" ", t("hearts.review.same"));
    return item;
  }
  const hard = document.createElement("span");
  hard.className = "assessment-hard";
  hard.append(t("hearts.review.hard"), " ", cardsOf(decision.best));
  const reason = `hearts.hint_reason.${decision.reason}`;
  const why = t(reason);
  if (why !== reason) hard.append(` – ${why}`);
  item.append(" ", hard);
  const cost = document.createElement("span");
  cost.className = "assessment-cost";
  cost.textContent = decision.cost > 0 ? t("hearts.review.cost", { points: points(decision.cost, lang) })
    : t("hearts.review.no_cost");
  item.append(" ", cost);
  return item;
}

/** Hard's assessment of each of the person's decisions, and the round's sum. */
export function fillAssessment(snapshot, review, lang) {
  const summary = review.mistakes
    ? tn("hearts.review.lost", review.mistakes, { points: points(review.lost, lang) })
    : t("hearts.review.clean");
  $("review-summary").textContent = summary;
  $("review-decisions").replaceChildren(...review.decisions.map((d) => decisionLine(d, lang)));
  const body = $("review-after").tBodies[0];
  body.replaceChildren();
  names(snapshot).forEach((name, seat) => {
    const row = body.insertRow();
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = name;
    row.append(head);
    const hand = [...(review.after_pass[seat] ?? [])].sort((a, b) => cardKey(a) - cardKey(b));
    row.insertCell().append(cardsOf(hand));
  });
}

/** The review could not be had (the server said why). */
export function reviewFailed(words) {
  $("review-summary").textContent = words;
}
