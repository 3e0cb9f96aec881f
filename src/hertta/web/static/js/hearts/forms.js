// The dialogs' contents on the Hearts page: the new-match form (its choices and limits come
// from the server's config.limits), the round's score table, the last trick, the moon choice.

import { $ } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { ruleOptionArgs, ruleOptionWords, syncRuleOptions, typedScoreLimit } from "../common/rules.js";
import { faceMarkup } from "./cards.js";
import { moonWords, seatName, tookWords } from "./render.js";

/** A row of cells: the first a header (the row's name), the others numbers. */
function tableRow(name, values, cls = "") {
  const row = document.createElement("tr");
  if (cls) row.className = cls;
  const head = document.createElement("th");
  head.scope = "row";
  head.textContent = name;
  row.append(head);
  for (const value of values) {
    const cell = document.createElement("td");
    cell.textContent = String(value);
    row.append(cell);
  }
  return row;
}

/**
 * The scoreboard: every round's points per player (a row per round, a column per player, as
 * a score sheet is kept), the round in progress or just over, and the running totals.
 */
export function fillHistory(snapshot, summary) {
  const table = $("score-history");
  const head = table.querySelector("thead tr");
  while (head.children.length > 1) head.lastElementChild.remove();
  for (let seat = 0; seat < snapshot.players; seat++) {
    const cell = document.createElement("th");
    cell.scope = "col";
    cell.textContent = seatName(snapshot, seat);
    cell.title = cell.textContent;  // a long name is cut short in the column's head
    head.append(cell);
  }
  const body = table.querySelector("tbody");
  body.textContent = "";
  const rounds = snapshot.rounds ?? [];
  rounds.forEach((points, i) => body.append(tableRow(String(i + 1), points)));
  const current = snapshot.round_index + 1;
  if (snapshot.status === "round_over") {
    body.append(tableRow(String(current), summary.points, "current"));
  } else if (snapshot.status !== "match_over" && rounds.length < current) {
    const name = t("hearts.history.in_progress", { round: current });
    body.append(tableRow(name, snapshot.observation.points_taken, "current in-progress"));
  }
  const foot = table.querySelector("tfoot tr");
  while (foot.children.length > 1) foot.lastElementChild.remove();
  for (const total of summary.totals) {
    const cell = document.createElement("td");
    cell.textContent = String(total);
    foot.append(cell);
  }
}

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
  if (summary.moon_shooter !== null) moon.textContent = moonWords(snapshot, summary.moon_shooter);
  const over = summary.match_over;
  $("round-title").textContent = t(over ? "hearts.match_over" : "hearts.round_over");
  const result = $("round-result");
  result.hidden = !over;
  if (over) {
    const names = (seats) => seats.map((s) => seatName(snapshot, s)).join(", ");
    // One winner or loser, or several ("Voittajat: Aino, Eero").
    const many = (key, seats) => t(seats.length > 1 ? `${key}.many` : key, { names: names(seats) });
    const won = summary.winners.includes(0);
    const first = won && summary.winners.length > 1 ? t("hearts.you_shared", { names: names(summary.winners) })
      : (won ? t("hearts.you_won") : many("hearts.winners", summary.winners));
    const lost = summary.losers.length === 1 && summary.losers[0] === 0;
    const lines = [first, lost ? t("hearts.you_lost") : many("hearts.losers", summary.losers)];
    result.textContent = lines.join(" · ");
  }
  // The match's rules in words (the info bar has room for the variant's name only; a phone
  // cannot show its title): the variant with its options, the score limit, the moon rule.
  const rules = $("round-rules");
  rules.hidden = snapshot.score_limit === undefined;
  if (!rules.hidden) {
    const variant = [t(`hearts.preset.${snapshot.preset}`), ...ruleOptionWords(snapshot.rule_options)];
    rules.textContent = t("hearts.rules_line", {
      variant: variant.join(", "), limit: snapshot.score_limit,
      moon: t(`hearts.moon_rule.${snapshot.moon_rule}`).replace(/^./, (c) => c.toLowerCase()),
    });
  }
  // A server-dealt match's code is null until the match is over: then the line shows it.
  $("round-code-line").hidden = snapshot.code === null;
  $("round-code").textContent = snapshot.code ?? "";
  $("round-next").hidden = over;
  $("round-new").hidden = !over;
  $("round-replay").hidden = !over;
  // A round just over (the match's last included) can be looked over with Hard.
  $("round-review").hidden = !["round_over", "match_over"].includes(snapshot.status);
  fillHistory(snapshot, summary);
}

/** The scores so far, as a summary of the round in progress (for the Scores button). */
export function summarySoFar(snapshot) {
  const obs = snapshot.observation;
  // Mid-round the totals run on: the totals before the round plus the points taken so far.
  return snapshot.summary ?? {
    points: obs.points_taken,
    totals: obs.match_totals.map((total, seat) => total + obs.points_taken[seat]),
    moon_shooter: null, match_over: false, winners: [], losers: [],
  };
}

export function fillLastTrick(snapshot) {
  const tricks = snapshot.observation.tricks;
  const box = $("last-trick");
  box.textContent = "";
  if (!tricks.length) {
    $("last-winner").textContent = t("hearts.no_last_trick");
    return;
  }
  const last = tricks[tricks.length - 1];
  last.cards.forEach((card, i) => {
    const item = document.createElement("figure");
    item.className = "last-card";
    if (last.cancelled[i]) item.classList.add("cancelled");
    // The card that took it, marked as it was on the table (a carried-over trick has none).
    if (last.winner !== null && last.seats[i] === last.winner) item.classList.add("winning");
    const art = document.createElement("div");
    art.className = "pcard";
    art.innerHTML = faceMarkup(card);
    const caption = document.createElement("figcaption");
    caption.textContent = seatName(snapshot, last.seats[i]);
    item.append(art, caption);
    box.append(item);
  });
  const taken = snapshot.taken_points?.[tricks.length - 1] ?? last.points;
  $("last-winner").textContent = tookWords(snapshot, last.winner, taken);
}

/** The moon dialog's two buttons say what each choice scores. */
export function fillMoon(options) {
  // The moon's worth is what the choice moves: another seat's add minus its subtract (26, or
  // 52 with two decks). Read off one seat's points it took in a bonus card (the J♦'s -10 made
  // it "+16"), and the shooter's subtract holds its own bonus card too.
  const other = options.add.findIndex((_, seat) => seat !== 0);
  const worth = options.add[other] - options.subtract[other];
  $("moon-add").textContent = t("hearts.moon.add", { points: worth });
  $("moon-subtract").textContent = t("hearts.moon.subtract", { points: worth });
}

/**
 * Keep the new-match form consistent: a preset is offered only for the player counts the
 * server says it allows (limits.presets), and only the seats at the table get a row.
 */
export function syncNewForm(limits) {
  const players = Number($("new-players").value);
  const presetBox = $("new-preset");
  for (const option of presetBox.options) {
    option.disabled = !(limits.presets[option.value] ?? []).includes(players);
  }
  if (presetBox.selectedOptions[0]?.disabled) {
    const allowed = [...presetBox.options].find((o) => !o.disabled);
    if (allowed) presetBox.value = allowed.value;
  }
  for (const row of document.querySelectorAll(".opponent")) {
    row.hidden = Number(row.dataset.seat) >= players;
  }
  $("new-limit-other").hidden = $("new-limit").value !== "other";
  syncRuleOptions("new");
}

/** The `new` frame's arguments from the form; a code, when given, wins over the choices. */
export function newMatchArgs(limits) {
  const code = $("new-code").value.trim();
  const players = Number($("new-players").value);
  const limitChoice = $("new-limit").value;
  const limit = typedScoreLimit(limitChoice === "other" ? $("new-limit-other").value : limitChoice, limits);
  const opponents = [];
  for (let seat = 1; seat < players; seat++) {
    opponents.push({ name: $(`opp-name-${seat}`).value.trim().slice(0, limits.name_max), level: $(`opp-level-${seat}`).value });
  }
  const args = { opponents };
  if (code) {
    args.code = code;
  } else {
    Object.assign(args, { players, preset: $("new-preset").value, moon_rule: $("new-moon").value },
      ruleOptionArgs("new"));
    if (limit === null) return null;  // said by the caller, next to the field
    args.score_limit = limit;
  }
  return args;
}
