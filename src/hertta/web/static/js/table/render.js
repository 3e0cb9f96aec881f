// Drawing a shared table: the seating before the match, the table during it (seats around the
// trick, the page's own hand at the bottom), and a finished round's review. Elements keep their
// ids between renders (seat-<n>, hand-<card>), so a redraw moves nothing the state did not.

import { $ } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";
import { ruleOptionWords } from "../common/rules.js";
import { faceMarkup } from "../hearts/cards.js";
import { cardName, directionWord, handIds, moonLine, signedPoints, trickLine } from "../hearts/render.js";
import { nextTableUrl } from "./again.js";
import { cardElement, fillHands, fillHistory, fillScores, fillTrick } from "./review.js";
import { endsMatch, keptFor, namesOf, ownSeat, roundOf, spotOf } from "./view.js";

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function rulesText(table) {
  const rules = table.rules;
  const parts = [t(`hearts.preset.${rules.preset}`), t("online.players_n", { count: rules.players }),
    t("online.limit_n", { limit: rules.score_limit }), t(`hearts.moon_rule.${rules.moon_rule}`),
    ...ruleOptionWords(rules), table.clock ? t("online.clock_s", { seconds: table.clock }) : t("online.clock_off")];
  if (table.rated) parts.push(t("online.rated_short"));
  return parts.join(" · ");
}

function button(text, cls, data) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = `button ${cls}`;
  el.textContent = text;
  Object.assign(el.dataset, data);
  return el;
}

// -- before the match -------------------------------------------------------------------------

function seatLine(table, seat, i) {
  if (keptFor(seat) !== null) return t("online.seat_kept", { name: keptFor(seat) });
  if (seat.kind === "open") return t("online.seat_open");
  if (seat.kind === "computer") return t("online.computer_named", { name: seat.name, level: t(`hearts.level.${seat.level}`) });
  let line = seat.name;
  if (seat.host) line += ` (${t("online.host")})`;
  if (i === table.you) line += ` – ${t("hearts.you")}`;
  return line;
}

export function renderWaiting(state, page) {
  const table = state.table;
  setText($("rules-line"), rulesText(table));
  $("invite-box").hidden = !table.invite;
  if (table.invite) $("invite-url").value = `${location.origin}/t/${table.id}?invite=${table.invite}`;
  $("name-form").hidden = table.you !== null && page.name !== null;
  const list = $("seat-list");
  // The list is built again from each state: what the host chose in a level menu, and where
  // the focus was, must outlive another person sitting down meanwhile.
  const chosenLevels = new Map([...list.querySelectorAll("select")].map((el) => [el.id, el.value]));
  const focused = list.contains(document.activeElement) ? document.activeElement.id : "";
  list.replaceChildren();
  table.seats.forEach((seat, i) => {
    const item = document.createElement("li");
    item.id = `wait-seat-${i}`;
    item.dataset.kind = seat.kind;
    const label = document.createElement("span");
    label.className = "wait-name";
    label.textContent = `${t("online.seat_n", { seat: i + 1 })}: ${seatLine(table, seat, i)}`;
    item.append(label);
    // A seat kept for someone (play again) is theirs to take, or the host's to open.
    const kept = keptFor(seat) !== null;
    if (seat.kind === "open" && table.you === null && (!kept || table.kept_seat === i)) {
      item.append(button(t("online.sit"), "primary", { op: "sit", seat: String(i) }));
    }
    if (kept && table.host) item.append(button(t("online.open_seat"), "", { op: "remove", seat: String(i) }));
    if (i === table.you && !seat.host) item.append(button(t("online.stand"), "", { op: "stand" }));
    if (table.host && seat.kind === "open" && !table.rated) {
      const select = document.createElement("select");
      select.id = `level-${i}`;
      select.setAttribute("aria-label", t("online.level_for", { seat: i + 1 }));
      for (const level of page.limits.levels) {
        const option = document.createElement("option");
        option.value = level;
        option.textContent = t(`hearts.level.${level}`);
        option.selected = level === (chosenLevels.get(select.id) ?? page.limits.default_level);
        select.append(option);
      }
      item.append(select, button(t("online.add_computer"), "", { op: "computer", seat: String(i) }));
    }
    if (table.host && seat.kind !== "open" && i !== table.you) {
      item.append(button(t("online.remove"), "", { op: "remove", seat: String(i) }));
    }
    list.append(item);
  });
  if (focused && $(focused)) $(focused).focus();
  // Open seats kept for the last match's people (play again) are not free: a newcomer is told.
  const keptForOthers = table.kept_seat === null && table.seats.some((seat) => keptFor(seat) !== null);
  setText($("waiting-note"), table.free_seats
    ? t("online.waiting_for", { count: table.free_seats })
    : (table.you === null && keptForOthers ? t("online.seats_kept") : ""));
}

// -- the match --------------------------------------------------------------------------------

/** Positions around the table (percent), by screen spot for each table size. */
function ringSpot(n, spot) {
  const angle = Math.PI / 2 + (2 * Math.PI * spot) / n;
  return [50 + 38 * Math.cos(angle), 50 + 40 * Math.sin(angle)];
}

function trickSpotOf(n, spot) {
  const angle = Math.PI / 2 + (2 * Math.PI * spot) / n;
  return [50 + 20 * Math.cos(angle), 48 + 22 * Math.sin(angle)];
}

function renderRing(state, round, page) {
  const table = state.table;
  const game = state.game;
  const names = namesOf(state);
  const ring = $("ring");
  const n = table.seats.length;
  const timed = new Set(table.clock_state ? table.clock_state.seats : []);
  const away = new Set(table.autopilot);
  table.seats.forEach((seat, i) => {
    let el = $(`seat-${i}`);
    if (!el) {
      el = document.createElement("div");
      el.id = `seat-${i}`;
      el.className = "oseat";
      el.dataset.seat = String(i);
      el.innerHTML = `<span class="oseat-name"></span><span class="oseat-line"><span class="oseat-total"></span>
        <span class="oseat-taken"></span><span class="oseat-count"></span></span><span class="oseat-badges"></span>
        <span class="oseat-bubble" aria-live="polite"></span>`;
      ring.append(el);
    }
    const [x, y] = ringSpot(n, spotOf(state, i));
    // Never past the table's edge: on a phone (table.css sets --seat-half) an edge seat's
    // box would start a little off the screen.
    el.style.left = `clamp(var(--seat-half, 0px), ${x}%, calc(100% - var(--seat-half, 0px)))`;
    el.style.top = `${y}%`;
    // A box taller than usual (a left person's two-line badges) grows toward the middle, not
    // past the table's edge (table.css).
    el.classList.toggle("low", y > 75);
    el.classList.toggle("high", y < 25);
    el.classList.toggle("turn", game.status === "playing" && round.turn === i && !page.shownTrick);
    el.classList.toggle("took", page.shownTrick?.winner === i);
    el.classList.toggle("timed", timed.has(i));
    el.classList.toggle("me", i === table.you);
    setText(el.querySelector(".oseat-name"), names[i]);
    setText(el.querySelector(".oseat-total"), String(round.totals[i]));
    setText(el.querySelector(".oseat-taken"), round.taken[i] ? signedPoints(round.taken[i]) : "");
    setText(el.querySelector(".oseat-count"), tn("online.cards_n", round.sizes[i]));
    const badges = [];
    if (seat.kind === "computer") badges.push(t(`hearts.level.${seat.level}`));
    if (seat.kind === "person" && seat.left) badges.push(t("online.left_badge"));  // for good
    if (seat.kind === "person" && away.has(i)) badges.push(t("online.autopilot"));
    else if (seat.kind === "person" && !seat.connected && i !== table.you) badges.push(t("online.away"));
    if (game.status === "passing" && round.passesChosen[i]) badges.push("✓");
    if (table.ready.includes(i)) badges.push(t("online.ready_badge"));
    setText(el.querySelector(".oseat-badges"), badges.join(" · "));
    let mute = el.querySelector(".mute");
    // No mute for one's own seat, nor for a seat whose person left (a computer's now: no
    // reaction comes from it any more).
    const mutable = seat.kind === "person" && !seat.left && i !== ownSeat(state, page);
    if (mutable && !mute) {
      mute = button("", "mute", { seat: String(i) });
      el.append(mute);
    } else if (!mutable && mute) {
      mute.remove();
      mute = null;
    }
    if (mute) {
      const muted = page.muted.has(i);
      mute.setAttribute("aria-pressed", muted ? "true" : "false");
      mute.textContent = muted ? "🔇" : "🔈";
      mute.setAttribute("aria-label", t(muted ? "online.unmute" : "online.mute", { name: names[i] }));
    }
  });
}

function renderTrick(state, round) {
  const box = $("trick");
  const n = state.table.seats.length;
  const keep = new Set();
  const seats = round.trick.cards.length ? seatBoxes() : null;  // read once per draw
  const placed = [];  // the trick's cards placed so far, kept clear of each other too
  round.trick.cards.forEach((card, i) => {
    const seat = round.trick.seats[i];
    const id = `trick-${seat}`;
    keep.add(id);
    let el = $(id);
    if (!el || el.dataset.card !== card) {
      el?.remove();
      el = cardElement(card, "tcard trick-card");
      el.id = id;
      box.append(el);
    }
    el.classList.toggle("cancelled", Boolean(round.trick.cancelled[i]));
    el.setAttribute("aria-label", `${namesOf(state)[seat]}: ${cardName(card)}`);  // who played it
    const [x, y] = clearOfSeats(trickSpotOf(n, spotOf(state, seat)), el, seats, placed);
    el.style.left = `${x}%`;
    el.style.top = `${y}%`;
  });
  for (const el of [...box.children]) if (!keep.has(el.id)) el.remove();
}

const PULLS = [1, 0.85, 0.7, 0.55, 0.4];

/** The table's box and every seat's, as they lie on the screen now. */
function seatBoxes() {
  const seats = [...document.querySelectorAll("#ring .oseat")].map((el) => el.getBoundingClientRect());
  return { ring: $("ring").getBoundingClientRect(), seats };
}

/**
 * A trick card's spot, pulled toward the table's centre as far as it takes to lie clear of
 * every seat's box (its name, total, count and mute button): on a phone the ring's seats are
 * wide next to its size, and a card at the plain spot covered its own seat's corner. The pull
 * that also keeps it off the trick's cards placed before it (`placed`, boxes in page pixels,
 * this card's added) is taken first: at six players two cards pulled in on one side met.
 */
function clearOfSeats([x, y], card, { ring, seats }, placed) {
  if (!ring.width || !card.offsetWidth) return [x, y];
  const [cx, cy] = [50, 48];
  const w = card.offsetWidth / 2;
  const h = card.offsetHeight / 2;
  const spots = PULLS.map((pull) => {
    const px = cx + (x - cx) * pull;
    const py = cy + (y - cy) * pull;
    const left = ring.left + (px / 100) * ring.width;
    const top = ring.top + (py / 100) * ring.height;
    return { px, py, box: { left: left - w, right: left + w, top: top - h, bottom: top + h } };
  });
  const meets = (a, b) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
  const clear = spots.filter(({ box }) => !seats.some((r) => meets(box, r)));
  const best = clear.find(({ box }) => !placed.some((r) => meets(box, r))) ?? clear[0] ?? spots.at(-1);
  placed.push(best.box);
  return [best.px, best.py];
}

function renderHand(state, round, page) {
  const box = $("hand");
  const game = state.game;
  const passing = page.passing;
  // While a completed trick is held the hand stays pressable: a card pressed then is played
  // once the table moves on (main.js).
  const myTurn = game.status === "playing" && round.turn === state.table.you;
  // The cards just received stay marked until this seat plays its first card of the round.
  const playedYet = round.tricks.length > 0 || round.trick.seats.includes(state.table.you);
  const received = new Set(playedYet ? [] : round.received);
  const keep = new Set();
  handIds(round.hand).forEach(({ id, card }, index) => {
    keep.add(id);
    let el = $(id);
    if (!el) {
      el = document.createElement("button");
      el.type = "button";
      el.id = id;
      el.className = "tcard hand-card";
      el.dataset.card = card;
      el.setAttribute("role", "option");
      el.innerHTML = faceMarkup(card);
    }
    if (box.children[index] !== el) box.insertBefore(el, box.children[index] ?? null);
    const chosen = page.chosen.has(id);
    el.classList.toggle("chosen", chosen);
    el.classList.toggle("illegal", myTurn && !round.legal.has(card));
    el.classList.toggle("received", received.has(card));
    el.setAttribute("aria-selected", chosen ? "true" : "false");
    el.setAttribute("aria-label", received.has(card)
      ? `${cardName(card)}, ${t("hearts.card_state.received")}` : cardName(card));
    el.disabled = !(passing || myTurn);
  });
  const focused = document.activeElement;
  const lostAt = focused && box.contains(focused) && !keep.has(focused.id)
    ? [...box.children].indexOf(focused) : -1;
  for (const el of [...box.children]) if (!keep.has(el.id)) el.remove();
  // The card played had the keyboard's focus: it moves to the card now in its place (or the
  // hand itself while its cards wait), not to the page's start.
  if (lostAt >= 0) keepFocusInHand(box, lostAt);
  fitHand(box);
}

function keepFocusInHand(box, index) {
  const cards = [...box.children];
  const near = cards[Math.min(index, cards.length - 1)];
  if (near && !near.disabled) near.focus();
  else box.focus();
}

const SLICE_SHARE = 0.65; // how much of a card shows beside the next one when there is room
const MIN_SLICE_PX = 24; // narrower than this and a finger can no longer pick the card

/**
 * How far apart the hand's cards lie (--slice, the part of a card the next one leaves
 * visible): the default overlap where the row fits, closer where it would not, so 13 cards
 * stay one row on a phone. A hand too big for one row even so (Cancellation's 20 or 34 cards)
 * splits into rows of equal length (--hand-inset narrows the rows to that length) instead of a
 * full row and a few cards alone on the last.
 */
export function fitHand(box) {
  const first = box.firstElementChild;
  const count = box.children.length;
  if (!first || box.clientWidth === 0) return;
  const cardWidth = first.offsetWidth;
  const width = box.clientWidth - 1;
  const perRowMax = Math.max(1, Math.floor((width - cardWidth) / MIN_SLICE_PX) + 1);
  const rows = Math.ceil(count / perRowMax);
  const perRow = Math.ceil(count / rows);
  const room = perRow > 1 ? (width - cardWidth) / (perRow - 1) : cardWidth;
  const slice = Math.max(1, Math.min(cardWidth * SLICE_SHARE, room));
  const rowWidth = (perRow - 1) * slice + cardWidth;
  const inset = rows > 1 ? Math.max(0, (width - rowWidth) / 2 - 0.5) : 0;
  box.style.setProperty("--slice", `${slice.toFixed(2)}px`);
  box.style.setProperty("--hand-inset", `${inset.toFixed(2)}px`);
}

function promptText(state, round, page) {
  const game = state.game;
  const names = namesOf(state);
  const you = state.table.you;
  if (game.status === "passing") {
    if (you === null) return t("hearts.prompt.passed");  // the note under the hand says why
    if (round.passTo === null) return t("hearts.prompt.no_pass");
    if (round.passed.length) return t("hearts.prompt.passed");
    return t("hearts.prompt.pass", {
      count: page.limits.pass_size, direction: t(`hearts.direction_to.${round.passDirection}`), name: names[round.passTo],
    });
  }
  if (page.shownTrick) {
    const trick = page.shownTrick;
    return trickLine(trick.winner, trick.points, (seat) => names[seat], you);
  }
  if (game.status === "playing") {
    if (round.turn === you) return t(round.trick.cards.length ? "hearts.prompt.play" : "hearts.prompt.lead");
    return t("hearts.prompt.wait", { name: names[round.turn] });
  }
  if (game.status === "moon_choice") {
    return round.moonShooter === you ? t("hearts.prompt.moon") : t("online.moon_waiting");
  }
  if (game.status === "round_over") return t("hearts.prompt.round_over");
  return t("hearts.prompt.match_over");
}

/** The trick taken last, while the round is played: a button opens it under the table (a
 * person who looked away, or at a quick table, sees what went), as the Hearts page's Last
 * trick does. */
function renderLastTrick(state, round, page) {
  const last = state.game.status === "playing" ? round.tricks.at(-1) : undefined;
  const button = $("btn-last-trick");
  button.hidden = !last;
  button.setAttribute("aria-expanded", String(Boolean(last && page.lastTrickOpen)));
  const box = $("last-trick");
  box.hidden = !(last && page.lastTrickOpen);
  if (!box.hidden) fillTrick(box, last, namesOf(state), state.table.you);
}

function renderInfo(state, round) {
  const game = state.game;
  setText($("info-round"), String(game.round_index + 1));
  setText($("info-pass"), directionWord(round.passDirection));
  setText($("info-broken"), t(round.broken ? "hearts.broken" : "hearts.not_broken"));
  // The variant by the seed's own name, as on the Hearts page: a "+" for options that are not
  // the preset's own, named in its title.
  const rules = state.table.rules;
  const options = ruleOptionWords(rules);
  setText($("info-variant"), t(`hearts.variant.${rules.preset}`) + (options.length ? " +" : ""));
  $("info-variant").title = options.length
    ? [t(`hearts.variant.${rules.preset}`), ...options].join(", ")
    : t(`hearts.preset.${rules.preset}`);
}

function renderMoon(state, round) {
  const box = $("moon-box");
  const mine = state.game.status === "moon_choice" && round.moonShooter === state.table.you
    && state.table.you !== null && round.moonOptions.add;
  box.hidden = !mine;
  if (!mine) return;
  const you = state.table.you;
  const other = round.moonOptions.add.find((_, seat) => seat !== you);
  setText($("moon-add"), t("hearts.moon.add", { points: other }));
  setText($("moon-subtract"), t("hearts.moon.subtract", { points: -round.moonOptions.subtract[you] }));
}

function renderReview(state, round, page) {
  const game = state.game;
  const names = namesOf(state);
  const over = game.status === "round_over" || game.status === "match_over";
  $("review").hidden = !over;
  if (!over) return;
  setText($("review-title"), game.status === "match_over" ? t("hearts.prompt.match_over")
    : t("online.round_title", { round: game.round_index + 1 }));
  const summary = game.summary;
  fillScores($("review-scores").tBodies[0], names, summary);
  fillHistory($("review-history"), names, game);
  const moon = summary && summary.moon_shooter !== null;
  $("review-moon").hidden = !moon;
  const you = state.table.you;
  if (moon) setText($("review-moon"), moonLine(summary.moon_shooter, (seat) => names[seat], you));
  const last = endsMatch(game) || game.status === "match_over";
  const readyButton = $("btn-ready");
  const hideReady = last || you === null || state.table.ready.includes(you);
  if (hideReady && document.activeElement === readyButton) $("hand").focus();  // not the page's start
  readyButton.hidden = hideReady;
  const ready = state.table.ready.map((seat) => names[seat]);
  setText($("ready-line"), !last && ready.length ? t("online.ready_list", { names: ready.join(", ") }) : "");
  if (game.reveal) {
    const key = `${game.round_index}`;
    if (page.revealKey !== key) {
      page.revealKey = key;
      fillHands($("reveal-hands").tBodies[0], names, game.reveal);
    }
    page.stepper.show(round.tricks, names, key, state.table.you);
  }
  const ended = game.status === "match_over" && game.code;
  $("match-end").hidden = !ended;
  if (ended) {
    setText($("match-code"), game.code);
    $("replay-link").href = `/replay/${state.table.id}`;
    // Play again (again.js): asked by a person who had a seat; the way there for anyone the
    // next table is shown to, once someone opened it.
    const next = nextTableUrl(state, page);
    // Asked only once the table is over (a rated match's ratings written): before, the
    // server refuses it.
    const hadSeat = ownSeat(state, page) !== null && state.table.status === "over";
    $("btn-again").hidden = !(next || hadSeat);
    setText($("btn-again"), t(hadSeat ? "online.again" : "online.again_go"));
    $("again-note").hidden = !next;
    // Who won and who lost; a person who left during the match is marked so (a rated match
    // counts them last, whatever their total).
    const named = (seats) => seats.map((seat) => (state.table.seats[seat]?.left
      ? t("online.name_left", { name: names[seat] }) : names[seat])).join(", ");
    const winners = summary ? summary.winners : [];
    const losers = summary ? summary.losers : [];
    // A person is told their own result first (also one who left the match).
    const me = ownSeat(state, page);
    const won = me !== null && winners.includes(me);
    const winnersLine = won && winners.length > 1 ? t("hearts.you_shared", { names: named(winners) })
      : won ? t("hearts.you_won")
        : t(winners.length > 1 ? "online.winners.many" : "online.winners", { names: named(winners) });
    const lost = me !== null && losers.length === 1 && losers[0] === me;
    const losersLine = lost ? t("hearts.you_lost")
      : t(losers.length > 1 ? "hearts.losers.many" : "hearts.losers", { names: named(losers) });
    setText($("match-result"), (lost ? [losersLine, winnersLine] : [winnersLine, losersLine]).join(" · "));
  }
}

export function renderPlay(state, page) {
  const game = state.game;
  const shown = roundOf(game);
  // A trick just completed stays on the table (pacing.js) before the state moves on.
  const round = page.shownTrick ? { ...shown, trick: page.shownTrick } : shown;
  renderInfo(state, round);
  renderRing(state, round, page);
  renderTrick(state, round);
  renderHand(state, round, page);
  renderMoon(state, round);
  renderLastTrick(state, round, page);
  setText($("prompt"), promptText(state, round, page));
  $("btn-pass").hidden = !page.passing;
  $("hand").setAttribute("aria-multiselectable", String(page.passing)); // the pass chooses three
  $("btn-pass").disabled = page.chosen.size !== page.limits.pass_size;
  $("btn-leave").hidden = state.table.you === null || state.table.status !== "playing";
  // Once this person left the match, say so where they look (it was only read out), with the
  // way back to the tables.
  $("left-note").hidden = !(state.table.you === null && ownSeat(state, page) !== null);
  // A spectator is told so where a hand would be, all match long (it was said only while the
  // cards were passed, and then the prompt named whose turn it was, as to a player).
  // Not once the round is over: its hands are laid open below then.
  const roundOn = ["passing", "playing", "moon_choice"].includes(state.game.status);
  $("watch-note").hidden = !(roundOn && state.table.you === null && ownSeat(state, page) === null);
  $("reactions").hidden = state.table.you === null;
  if (page.shownTrick) $("review").hidden = true;  // the round's result once its last trick was seen
  else renderReview(state, round, page);
}
