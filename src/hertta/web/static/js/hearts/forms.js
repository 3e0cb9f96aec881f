// The forms of the Hearts page: the new-match form and the round's score table.

import { t } from "../i18n.js";
import { seatName } from "./render.js";

const $ = (id) => document.getElementById(id);

export function fillSummary(snapshot) {
  const summary = snapshot.summary;
  const body = $("round-table").querySelector("tbody");
  body.textContent = "";
  for (let seat = 0; seat < snapshot.players; seat++) {
    const row = document.createElement("tr");
    row.dataset.seat = String(seat);
    if (summary.match_over && summary.winners.includes(seat)) row.classList.add("winner");
    if (summary.match_over && summary.losers.includes(seat)) row.classList.add("loser");
    for (const value of [seatName(snapshot, seat), summary.points[seat], summary.totals[seat]]) {
      const cell = document.createElement(row.children.length ? "td" : "th");
      cell.textContent = String(value);
      row.append(cell);
    }
    body.append(row);
  }
  const moon = $("round-moon");
  moon.hidden = summary.moon_shooter === null;
  if (summary.moon_shooter !== null) moon.textContent = t("hearts.moon_by", { name: seatName(snapshot, summary.moon_shooter) });
  const over = summary.match_over;
  $("round-title").textContent = t(over ? "hearts.match_over" : "hearts.round_over");
  const result = $("round-result");
  result.hidden = !over;
  if (over) {
    const names = (seats) => seats.map((s) => seatName(snapshot, s)).join(", ");
    const won = summary.winners.includes(0);
    const lines = [won ? (summary.winners.length > 1 ? t("hearts.you_shared", { names: names(summary.winners) }) : t("hearts.you_won"))
      : t("hearts.winners", { names: names(summary.winners) }), t("hearts.losers", { names: names(summary.losers) })];
    result.textContent = lines.join(" · ");
  }
  $("round-code").textContent = snapshot.code ?? "–";
  $("round-next").hidden = over;
  $("round-new").hidden = !over;
  $("round-replay").hidden = !over;
}

export function syncNewForm() {
  const presetBox = $("new-preset");
  const players = Number($("new-players").value);
  const cancellation = [...presetBox.options].find((o) => o.value === "cancellation");
  cancellation.disabled = players < 5;
  if (players < 5 && presetBox.value === "cancellation") presetBox.value = "standard";
  for (const row of document.querySelectorAll(".opponent")) {
    row.hidden = Number(row.dataset.seat) >= players;
  }
  $("new-limit-other").hidden = $("new-limit").value !== "other";
}

export function newMatchArgs() {
  const code = $("new-code").value.trim();
  const players = Number($("new-players").value);
  const limitChoice = $("new-limit").value;
  const limit = limitChoice === "other" ? Number($("new-limit-other").value) : Number(limitChoice);
  const opponents = [];
  for (let seat = 1; seat < players; seat++) {
    opponents.push({ name: $(`opp-name-${seat}`).value.trim().slice(0, 20), level: $(`opp-level-${seat}`).value });
  }
  const args = { opponents };
  if (code) {
    args.code = code;
  } else {
    Object.assign(args, { players, preset: $("new-preset").value, moon_rule: $("new-moon").value });
    if (Number.isInteger(limit) && limit >= 1 && limit <= 1000) args.score_limit = limit;
  }
  return args;
}
