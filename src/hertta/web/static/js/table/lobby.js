// The lobby: public tables waiting for people (from GET /api/lobby, looked at again every few
// seconds), and the form that creates a table (POST /api/tables, docs/tables.md). A new table
// opens at once; its page shows the invite link to send to friends.

import { $, readJson } from "../common/dom.js";
import { answerText, t } from "../common/i18n.js";
import {
  badScoreLimitWords, ruleOptionArgs, ruleOptionWords, syncRuleOptions, typedScoreLimit,
} from "../common/rules.js";

const config = readJson("game-config");
const limits = config.limits;
const REFRESH_MS = 5000;

function rulesText(rules) {
  const parts = [
    t(`hearts.preset.${rules.preset}`),
    t("online.players_n", { count: rules.players }),
    t("online.limit_n", { limit: rules.score_limit }),
    ...ruleOptionWords(rules),
  ];
  return parts.join(" · ");
}

async function refreshLobby() {
  let tables = [];
  try {
    const answer = await fetch("/api/lobby", { cache: "no-store" });
    if (answer.ok) tables = (await answer.json()).tables;
  } catch {
    return; // offline for a moment: the list stays as it was
  }
  const body = $("lobby").tBodies[0];
  body.replaceChildren();
  for (const table of tables) {
    const row = body.insertRow();
    row.dataset.table = table.id;
    row.insertCell().textContent = table.host_name;
    row.insertCell().textContent = rulesText(table.rules) + (table.rated ? ` · ${t("online.rated_short")}` : "");
    const free = row.insertCell();
    free.className = "number";
    free.textContent = String(table.free_seats);
    const link = document.createElement("a");
    link.className = "button primary";
    link.href = `/t/${encodeURIComponent(table.id)}`;
    link.textContent = t("online.join");
    row.insertCell().append(link);
  }
  $("lobby-empty").hidden = tables.length > 0;
  $("lobby").hidden = tables.length === 0;
}

/** Seat choices beyond the chosen player count are hidden; a preset offers its own counts. */
function syncForm() {
  const counts = limits.presets[$("create-preset").value];
  const playersBox = $("create-players");
  for (const option of playersBox.options) option.disabled = !counts.includes(Number(option.value));
  // A preset chosen after a count it does not allow (Cancellation after 3) takes its first own.
  if (playersBox.selectedOptions[0]?.disabled) playersBox.value = String(counts[0]);
  const players = Number(playersBox.value);
  for (const row of document.querySelectorAll(".seat-choice")) {
    row.hidden = Number(row.dataset.seat) >= players;
  }
  const rated = $("create-rated").checked;
  for (const select of document.querySelectorAll(".seat-choice select")) {
    for (const option of select.options) {
      option.disabled = rated && limits.levels.includes(option.value);
    }
    if (rated && limits.levels.includes(select.value)) select.value = "open";
  }
  if (rated) $("create-limit").value = "100";
  $("create-limit").disabled = rated;
  syncRuleOptions("create");
}

function request() {
  const players = Number($("create-players").value);
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    const value = $(`create-seat-${seat}`).value;
    seats.push(limits.levels.includes(value) ? { level: value } : value);
  }
  return {
    name: $("create-name").value,
    rules: {
      preset: $("create-preset").value,
      players,
      score_limit: Number($("create-limit").value),
      moon_rule: $("create-moon").value,
      ...ruleOptionArgs("create"),
    },
    seats,
    public: $("create-public").checked,
    spectators: $("create-spectators").checked,
    clock: Number($("create-clock").value),
    rated: $("create-rated").checked,
  };
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const name = $("create-name");
  if (!name.value.trim()) {
    // Said here, in the page's words, next to the field (the server would refuse it too).
    $("create-error").textContent = t("online.name_first");
    name.setAttribute("aria-invalid", "true");
    name.focus();
    return;
  }
  name.removeAttribute("aria-invalid");
  // The score limit too is said here, naming the field and its range (the server's answer
  // would only say that a setting is not valid; an empty field would be sent as 0).
  const limit = $("create-limit");
  if (typedScoreLimit(limit.value, limits) === null) {
    $("create-error").textContent = badScoreLimitWords(limits);
    limit.setAttribute("aria-invalid", "true");
    limit.focus();
    return;
  }
  limit.removeAttribute("aria-invalid");
  $("create-submit").disabled = true;
  try {
    const answer = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request()),
    });
    const body = await answer.json();
    if (!answer.ok) {
      $("create-error").textContent = answerText(body);
      return;
    }
    location.assign(new URL(body.invite_url).pathname + new URL(body.invite_url).search);
  } catch {
    $("create-error").textContent = t("game.reconnecting");
  } finally {
    $("create-submit").disabled = false;
  }
}

for (const id of ["create-players", "create-preset", "create-rated"]) $(id).addEventListener("change", syncForm);
$("create-form").addEventListener("submit", create);
syncForm();
refreshLobby();
setInterval(refreshLobby, REFRESH_MS);
