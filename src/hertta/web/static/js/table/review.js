// A finished round looked over: the hands as dealt, what each seat passed, the points, and the
// tricks one by one (a stepper). Shared by the table page (at each round's end, for everyone at
// the table) and the replay page of a finished match. It draws only what the server laid open.

import { $, setDisabledAll } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { cardKey, faceMarkup } from "../hearts/cards.js";
import { cardName, trickLine } from "../hearts/render.js";

/** A card as a small face (its name for screen readers). */
export function cardElement(notation, cls = "tcard") {
  const el = document.createElement("span");
  el.className = cls;
  el.dataset.card = notation;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(notation));
  el.innerHTML = faceMarkup(notation);
  return el;
}

function cardRow(cards) {
  const box = document.createElement("span");
  box.className = "card-row";
  for (const card of [...cards].sort((a, b) => cardKey(a) - cardKey(b))) box.append(cardElement(card, "mcard"));
  return box;
}

function rowHead(row, text) {
  const head = document.createElement("th");
  head.scope = "row";
  head.textContent = text;
  row.append(head);
}

/** The round's points and totals, a row per seat; once the match is over its winners are
 * starred and its losers marked, as on the Hearts page. */
export function fillScores(body, names, summary) {
  body.replaceChildren();
  names.forEach((name, seat) => {
    const row = body.insertRow();
    row.dataset.seat = String(seat);
    row.classList.toggle("winner", Boolean(summary?.match_over && summary.winners.includes(seat)));
    row.classList.toggle("loser", Boolean(summary?.match_over && summary.losers.includes(seat)));
    rowHead(row, name);
    row.insertCell().textContent = summary ? String(summary.points[seat]) : "–";
    row.insertCell().textContent = summary ? String(summary.totals[seat]) : "–";
  });
}

/** Every round's points so far, a row per round, and the totals under them (the round just
 * over included: the match's list holds it only once the next round is dealt or the match
 * ends). */
export function fillHistory(table, names, game) {
  const head = table.tHead.rows[0];
  while (head.cells.length > 1) head.lastElementChild.remove();
  for (const name of names) {
    const cell = document.createElement("th");
    cell.scope = "col";
    cell.textContent = name;
    cell.title = name;  // a long name is cut short in the column's head
    head.append(cell);
  }
  const rounds = [...(game.rounds ?? [])];
  if (game.status === "round_over" && game.summary) rounds.push(game.summary.points);
  const body = table.tBodies[0];
  body.replaceChildren();
  rounds.forEach((points, index) => {
    const row = body.insertRow();
    rowHead(row, String(index + 1));
    for (const value of points) row.insertCell().textContent = String(value);
  });
  const foot = table.tFoot.rows[0];
  while (foot.cells.length > 1) foot.lastElementChild.remove();
  for (const total of game.summary?.totals ?? []) foot.insertCell().textContent = String(total);
}

/** The hands as dealt and the passes: a row per seat. */
export function fillHands(body, names, reveal) {
  body.replaceChildren();
  names.forEach((name, seat) => {
    const row = body.insertRow();
    row.dataset.seat = String(seat);
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = name;
    row.append(head);
    row.insertCell().append(cardRow(reveal.hands[seat] ?? []));
    const passed = reveal.passes[seat] ?? [];
    const cell = row.insertCell();
    if (passed.length) {
      cell.append(`${t("online.passed")} `, cardRow(passed));
    }
  });
  if (reveal.kitty && reveal.kitty.length) {
    const row = body.insertRow();
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = t("online.kitty");
    row.append(head);
    row.insertCell().append(cardRow(reveal.kitty));
    row.insertCell();
  }
}

/** The tricks of a round, shown one at a time. */
export class TrickStepper {
  constructor() {
    this.tricks = [];
    this.names = [];
    this.index = 0;
    this.key = null;
    $("trick-prev").addEventListener("click", () => this.step(-1));
    $("trick-next").addEventListener("click", () => this.step(1));
  }

  /** Show `tricks`; a new `key` (another round) starts again at the first trick. */
  show(tricks, names, key, you = null) {
    if (key !== this.key) this.index = 0;
    this.key = key;
    this.tricks = tricks;
    this.names = names;
    this.you = you; // this page's own seat: "Otit tikin", not "Sinä otti tikin"
    this.index = Math.min(this.index, Math.max(0, tricks.length - 1));
    this.draw();
  }

  step(delta) {
    this.index = Math.max(0, Math.min(this.tricks.length - 1, this.index + delta));
    this.draw();
  }

  draw() {
    const box = $("review-trick");
    box.replaceChildren();
    const trick = this.tricks[this.index];
    setDisabledAll([
      [$("trick-prev"), this.index <= 0, () => $("trick-next")],
      [$("trick-next"), this.index >= this.tricks.length - 1, () => $("trick-prev")],
    ]);
    if (!trick) {
      $("trick-step").textContent = "";
      return;
    }
    $("trick-step").textContent = t("online.trick_n", { n: this.index + 1, count: this.tricks.length });
    box.dataset.index = String(this.index);
    fillTrick(box, trick, this.names, this.you);
  }
}

/** One trick's cards, each with who played it, and who took it (`you`: this page's seat, for
 * "Otit tikin"). Also the table's last-trick view during play. */
export function fillTrick(box, trick, names, you) {
  box.replaceChildren();
  trick.cards.forEach((card, i) => {
    const play = document.createElement("div");
    play.className = "review-play";
    if (trick.cancelled[i]) play.classList.add("cancelled");
    const who = document.createElement("span");
    who.className = "review-who";
    who.textContent = names[trick.seats[i]];
    play.append(cardElement(card), who);
    box.append(play);
  });
  const line = document.createElement("p");
  line.className = "review-winner";
  line.textContent = trickLine(trick.winner, trick.points, (seat) => names[seat], you);
  box.append(line);
}
