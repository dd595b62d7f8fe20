// The lobby: create a table, list listed tables, and this browser's seats ("Your tables").
import {
  api, el, setChildren, saveSeat, saveHost, loadSeats, dropSeats, fragmentParams, seatLink,
  absoluteLink, copyField, formatTime, loadName, saveName, seatLabels, seatName, valueLabel, optionLabel,
  decisionOf, serverPath,
} from "./common.js";
import { watchMySeats } from "./lobbypush.js";

const REFRESH_MS = 5000;
const $ = (id) => document.getElementById(id);

let games = [];
const PERSON_INVITED = "";      // a seat's choice: a person, opened only by their link
const PERSON_OPEN = "person:open"; // a person, and anyone in the lobby may take the seat
let push = null;          // the lobby's socket: "Your tables" pushed after each move (lobbypush.js)
const lastRendered = {}; // list id -> JSON of what it shows, to avoid re-rendering (and losing focus) needlessly

// ---------------------------------------------------------------- games and the form

function gameList(data) {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.games)) return data.games;
  return [];
}

function playerCounts(game) {
  const counts = game.players ?? game.player_counts ?? [];
  return Array.isArray(counts) ? counts : [];
}

function botNames(game) {
  const bots = game.bots ?? game.agents ?? [];
  return Array.isArray(bots) ? bots.map((b) => (typeof b === "string" ? b : b?.name)).filter(Boolean) : [];
}

function currentGame() {
  return games.find((g) => g.id === $("game").value) ?? null;
}

/** The levels a person reads, weakest first (server/people.py LEVEL_ORDER; a game ranks some of them). */
const LEVEL_ORDER = ["Beginner", "Easy", "Medium", "Hard", "Expert"];

/** The bots a person picks from: by level (one bot each, weakest first), then the rest under their exact
 * names. */
function botChoices(game) {
  const levels = Array.isArray(game.bot_levels) ? game.bot_levels : botNames(game).map((bot) => ({ bot, level: "Other", detail: bot }));
  const byLevel = new Map();
  const others = [];
  for (const b of levels) {
    if (b.level !== "Other" && !byLevel.has(b.level)) byLevel.set(b.level, b);
    else others.push(b);
  }
  const rank = (b) => {
    const at = LEVEL_ORDER.indexOf(b.level);
    return at === -1 ? LEVEL_ORDER.length : at;
  };
  return { levels: [...byLevel.values()].sort((a, b) => rank(a) - rank(b)), others };
}

function renderGameChoices() {
  const select = $("game");
  setChildren(select, games.map((g) => el("option", { value: g.id }, g.name ?? g.id)));
  const razzia = games.find((g) => g.id === "razzia");
  if (razzia) select.value = "razzia";
  onGameChange();
}

function onGameChange() {
  const game = currentGame();
  if (!game) return;
  const counts = playerCounts(game);
  const players = $("players");
  const previous = Number(players.value);
  setChildren(players, counts.map((n) => el("option", { value: String(n) }, String(n))));
  players.value = counts.includes(previous) ? String(previous) : String(counts.includes(4) ? 4 : counts[0]);
  setChildren($("game-info"), `${game.name ?? game.id}`, game.version ? ` · version ${game.version}` : "",
    counts.length ? ` · ${counts[0]}–${counts[counts.length - 1]} players` : "");
  renderOptions(game);
  renderSeats();
}

function renderOptions(game) {
  $("decisions-link").href = serverPath(`/rules/${encodeURIComponent(game.id)}/decisions`);
  const box = $("options");
  const options = Array.isArray(game.options) ? game.options : [];
  if (!options.length) {
    setChildren(box, el("p", { class: "muted" }, "This game has no rule options."));
    return;
  }
  // A file on the server's disk is not for web tables (the server refuses them): not offered.
  setChildren(box, options.filter((opt) => !(opt.free && opt.type === "str")).map((opt, i) => {
    const id = `opt-${i}`;
    const docId = `opt-doc-${i}`;
    const decision = decisionOf(opt.doc);
    const doc = opt.doc ? el("span", { id: docId, class: "doc" }, opt.doc, decision ? el("a", {
      class: "option-why", href: serverPath(`/rules/${encodeURIComponent(game.id)}/decisions`), target: "_blank", rel: "noopener",
    }, `why (rules decision ${decision})`) : null) : null;
    let control;
    if (opt.free) {
      // The server says the default's type: "int", "float", "str" or "bool" (1.0 and 1 look alike in JS).
      const kind = { int: "integer", float: "decimal", bool: "boolean" }[opt.type] ?? "string";
      control = el("input", {
        id, type: "text", name: opt.name, "aria-describedby": doc ? docId : null,
        inputmode: kind === "integer" ? "numeric" : kind === "decimal" ? "decimal" : null,
        dataset: { option: opt.name, kind },
      });
      control.value = opt.default === null || opt.default === undefined ? "" : String(opt.default);
    } else {
      const choices = Array.isArray(opt.choices) ? [...opt.choices] : [];
      if (!choices.some((c) => JSON.stringify(c) === JSON.stringify(opt.default))) choices.unshift(opt.default);
      control = el("select", {
        id, name: opt.name, "aria-describedby": doc ? docId : null, dataset: { option: opt.name, kind: "json" },
      }, choices.map((c) => el("option", { value: JSON.stringify(c) },
        valueLabel(c), JSON.stringify(c) === JSON.stringify(opt.default) ? " (default)" : "")));
      control.value = JSON.stringify(opt.default);
    }
    return el("div", { class: "field" }, el("label", { for: id }, optionLabel(opt.name)), control, doc);
  }));
}

function renderSeats() {
  const game = currentGame();
  if (!game) return;
  const n = Number($("players").value);
  const bots = botNames(game);
  const { levels, others } = botChoices(game);
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  const defaultBot = bots.includes("heuristic") ? "heuristic" : (bots[0] ?? "");
  setChildren(box, Array.from({ length: n }, (_, seat) => {
    const id = `seat-${seat}`;
    const select = el("select", { id, dataset: { seat: String(seat) } },
      el("option", { value: PERSON_INVITED }, "a person (invited)"),
      el("option", { value: PERSON_OPEN }, "a person (open: anyone may join)"),
      el("optgroup", { label: "Bots" }, levels.map((b) => el("option", { value: b.bot, title: b.detail }, `${b.level} bot`))),
      others.length ? el("optgroup", { label: "Other bots (exact)" }, others.map((b) => el("option", { value: b.bot, title: b.detail }, b.bot))) : null);
    const fallback = seat === 0 ? PERSON_INVITED : defaultBot;
    const keep = previous[seat];
    select.value = keep !== undefined && (keep === PERSON_INVITED || keep === PERSON_OPEN || bots.includes(keep)) ? keep : fallback;
    return el("div", { class: "field" }, el("label", { for: id }, `Seat ${seat + 1}`), select);
  }));
}

function readOptions() {
  const options = {};
  for (const control of $("options").querySelectorAll("[data-option]")) {
    const name = control.dataset.option;
    const kind = control.dataset.kind;
    if (kind === "json") {
      options[name] = JSON.parse(control.value);
    } else if (kind === "integer") {
      const text = control.value.trim();
      if (!/^-?\d+$/.test(text)) throw new Error(`Option ${name} must be a whole number.`);
      options[name] = Number(text);
    } else if (kind === "decimal") {
      const text = control.value.trim();
      if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) throw new Error(`Option ${name} must be a number, e.g. 0.5.`);
      options[name] = Number(text);
    } else if (kind === "boolean") {
      const text = control.value.trim().toLowerCase();
      if (text !== "true" && text !== "false") throw new Error(`Option ${name} must be true or false.`);
      options[name] = text === "true";
    } else {
      options[name] = control.value;
    }
  }
  return options;
}

function showError(box, message) {
  if (message) {
    box.textContent = message;
    box.classList.remove("hidden");
  } else {
    box.textContent = "";
    box.classList.add("hidden");
  }
}

async function onSubmit(event) {
  event.preventDefault();
  const formError = $("form-error");
  showError(formError, "");
  const game = currentGame();
  if (!game) {
    showError(formError, "Choose a game.");
    return;
  }
  let body;
  try {
    const name = myName();
    const seats = [...$("seats").querySelectorAll("select")].map((s) => (s.value === PERSON_OPEN
      ? { bot: null, open: true } : { bot: s.value || null, open: false }));
    const firstPerson = seats.findIndex((s) => s.bot === null);
    if (firstPerson >= 0) seats[firstPerson].open = false; // your own seat
    if (!$("listed").checked && seats.some((s) => s.open)) {
      throw new Error("A private table has no open seats (nobody sees it in the lobby): make them invited, or list the table.");
    }
    const secondsText = $("move-seconds").value.trim();
    let moveSeconds = null;
    if (secondsText) {
      if (!/^\d+$/.test(secondsText) || Number(secondsText) <= 0) {
        throw new Error("The move time limit must be a whole number of seconds above 0, or empty.");
      }
      moveSeconds = Number(secondsText);
    }
    body = {
      game: game.id,
      players: Number($("players").value),
      options: readOptions(),
      seats,
      move_seconds: moveSeconds,
      listed: $("listed").checked,
      creator_seat: firstPerson >= 0 ? firstPerson : null,
      name,
      settings: { undo: $("allow-undo").checked, hint: $("allow-hint").checked, spectator_chat: $("spectator-chat").checked },
    };
  } catch (err) {
    showError(formError, err.message);
    return;
  }
  const button = $("create");
  button.disabled = true;
  try {
    const answer = await api("/api/tables", { method: "POST", body });
    showCreated(answer, game);
    refresh();
  } catch (err) {
    showError(formError, err.message);
  } finally {
    button.disabled = false;
  }
}

function showCreated(answer, game) {
  const tableId = answer.table_id;
  if (answer.host_token) saveHost(tableId, answer.host_token);
  const creatorSeat = answer.creator_seat ?? null;
  const parts = [];
  const invites = [];
  let own = null;
  for (const s of Array.isArray(answer.seats) ? answer.seats : []) {
    if (!s || !s.link) continue;
    const token = fragmentParams(s.link).get("seat");
    if (token) saveSeat({ table_id: tableId, seat: s.seat, token, game: game.id, own: s.seat === creatorSeat });
    if (s.seat === creatorSeat) own = s;
    else invites.push(s);
  }
  if (own) {
    parts.push(el("p", {}, `You play seat ${own.seat + 1}. `,
      el("a", { class: "btn", href: own.link }, "Open your seat")));
  } else {
    parts.push(el("p", {}, "Every seat is a bot: watch the game with the spectator link."));
  }
  if (invites.length) {
    parts.push(el("h3", {}, "Invitations"));
    parts.push(el("p", { class: "muted small-text" }, "Send each person their own link; whoever opens it first plays that seat (and gets a link of the seat's own, shown on their page)."));
    for (const s of invites) parts.push(copyField(`Seat ${s.seat + 1} invitation link`, s.link));
  }
  if (answer.spectator_link) {
    parts.push(el("h3", {}, "Spectators"));
    parts.push(copyField("Spectator link", answer.spectator_link));
    if (!own) parts.push(el("p", {}, el("a", { class: "btn", href: answer.spectator_link }, "Watch")));
  }
  parts.push(el("p", { class: "muted small-text" },
    "This browser keeps these links and your host token (to hand an absent person's seat to a bot)."));
  setChildren($("created-body"), parts);
  const box = $("created");
  box.classList.remove("hidden");
  box.focus();
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

// ---------------------------------------------------------------- table lists

function tableWhat(t) {
  const seats = Array.isArray(t.seats) ? t.seats : [];
  const persons = seats.filter((s) => s.kind === "person");
  const joined = persons.filter((s) => s.joined).length;
  const names = seats.filter((s) => s.kind === "bot" || s.joined).map((s) => s.label);
  const bits = [
    el("strong", {}, t.game_name ?? t.game ?? "game"),
    ` · ${t.players ?? seats.length} players`,
    persons.length ? ` · ${joined}/${persons.length} people joined` : " · bots only",
  ];
  if (names.length) bits.push(el("span", { class: "names" }, ` · ${names.join(", ")}`));
  if (t.move_seconds) bits.push(` · ${t.move_seconds}s a move`);
  const when = t.status === "finished" ? t.finished : t.created;
  if (when) bits.push(el("span", { class: "muted small-text" }, ` · ${formatTime(when)}`));
  return el("div", { class: "what" }, bits);
}

function openSeatsOf(t) {
  if (Array.isArray(t.open_seats)) return t.open_seats;
  const seats = Array.isArray(t.seats) ? t.seats : [];
  const open = seats.filter((s) => s.kind === "person" && !s.joined).map((s) => s.seat);
  if (typeof t.open_seats === "number" && open.length === 0 && t.open_seats > 0) return [null];
  return open;
}

async function join(t, seat, button) {
  const errorBox = $("join-error");
  showError(errorBox, "");
  let name;
  try {
    name = myName();
  } catch (err) {
    showError(errorBox, err.message);
    $("my-name").focus();
    return;
  }
  button.disabled = true;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(t.table_id)}/join`, { method: "POST", body: { seat, name } });
    const token = fragmentParams(answer.link).get("seat");
    if (token) saveSeat({ table_id: t.table_id, seat: answer.seat, token, game: t.game, own: true });
    location.href = answer.link || seatLink(t.table_id, token);
  } catch (err) {
    showError(errorBox, err.message);
    button.disabled = false;
    refresh();
  }
}

function renderList(id, tables, row, empty) {
  const key = JSON.stringify(tables);
  if (lastRendered[id] === key) return;
  lastRendered[id] = key;
  const list = $(id);
  if (!tables.length) {
    setChildren(list, el("li", { class: "muted" }, empty));
    return;
  }
  setChildren(list, tables.map(row));
}

function waitingRow(t) {
  const open = openSeatsOf(t);
  return el("li", {}, tableWhat(t), el("div", { class: "actions" },
    open.map((seat) => el("button", {
      type: "button",
      class: "small",
      "aria-label": seat === null ? `Join ${t.game_name ?? t.game} table` : `Join ${t.game_name ?? t.game} table as seat ${seat + 1}`,
      onclick: (e) => join(t, seat, e.currentTarget),
    }, seat === null ? "Join" : `Join seat ${seat + 1}`)),
    el("a", { href: serverPath(`/t/${encodeURIComponent(t.table_id)}`), class: "btn small secondary" }, "Watch")));
}

function playingRow(t) {
  return el("li", {}, tableWhat(t), el("div", { class: "actions" },
    el("a", { href: serverPath(`/t/${encodeURIComponent(t.table_id)}`), class: "btn small secondary" }, "Watch")));
}

function finishedRow(t) {
  const winners = t.result && Array.isArray(t.result.winners) ? t.result.winners : null;
  return el("li", {}, tableWhat(t),
    winners ? el("span", { class: "small-text" }, `won by ${winners.map((w) => seatName(w, seatLabels(t.seats))).join(" and ")}`) : null,
    t.ended === "abandoned" ? el("span", { class: "small-text" }, "ended by the host (no result)") : null,
    el("div", { class: "actions" },
      el("a", { href: serverPath(`/t/${encodeURIComponent(t.table_id)}/replay`), class: "btn small secondary" }, "Replay")));
}

async function refreshTables() {
  const data = await api("/api/tables");
  const list = (name) => (data && Array.isArray(data[name]) ? data[name] : []);
  renderList("waiting", list("waiting"), waitingRow, "No table is waiting for players.");
  renderList("playing", list("playing"), playingRow, "No game in progress.");
  renderList("finished", list("finished"), finishedRow, "No finished game yet.");
}

async function refreshMine() {
  const stored = loadSeats();
  if (!stored.length) {
    renderList("mine", [], null, "None yet: create a table or join one.");
    return;
  }
  const answer = await api("/api/my-seats", { method: "POST", body: { tokens: stored.map((s) => s.token) } });
  renderMine(stored, answer);
}

/** "Your tables": the stored seats with what the server says of each (null: unknown, forgotten). */
function renderMine(stored, answer) {
  const infoFor = (s, i) => {
    if (Array.isArray(answer)) return answer[i];
    if (answer && Array.isArray(answer.seats)) return answer.seats[i];
    if (answer && typeof answer === "object") return answer[s.token];
    return undefined;
  };
  const unknown = [];
  const rows = [];
  stored.forEach((s, i) => {
    const info = infoFor(s, i);
    if (info === null) unknown.push(s.token);
    else if (info && typeof info === "object") rows.push({ ...s, ...info, token: s.token, own: s.own !== false });
  });
  if (unknown.length) dropSeats(unknown);
  rows.sort((a, b) => (Number(b.own && b.your_turn && !b.over) - Number(a.own && a.your_turn && !a.over))
    || (Number(a.over) - Number(b.over)) || (Number(b.own) - Number(a.own)));
  renderList("mine", rows, mineRow, "None yet: create a table or join one.");
}

function mineRow(s) {
  const turn = s.own && s.your_turn && !s.over;
  const link = seatLink(s.table_id, s.token);
  const gameName = s.game_name ?? games.find((g) => g.id === s.game)?.name ?? s.game ?? "game";
  return el("li", { class: turn ? "your-turn" : null },
    el("div", { class: "what" },
      el("strong", {}, gameName), ` · table ${s.table_id} · seat ${Number(s.seat) + 1}`,
      s.own ? null : el("span", { class: "tag" }, "invitation you sent"),
      turn ? el("span", { class: "tag turn" }, "your turn") : null,
      s.over ? el("span", { class: "tag" }, "finished") : null),
    el("div", { class: "actions" },
      s.own
        ? el("a", { href: link, class: "btn small" }, turn ? "Play" : "Open")
        : copyButton(link),
      s.over ? el("a", { href: serverPath(`/t/${encodeURIComponent(s.table_id)}/replay?seat=${s.seat}`), class: "btn small secondary" }, "Replay") : null,
      el("button", {
        type: "button", class: "small secondary", "aria-label": `Forget table ${s.table_id} seat ${Number(s.seat) + 1}`,
        onclick: () => { dropSeats([s.token]); lastRendered.mine = null; refreshMine().catch(() => {}); },
      }, "Forget")));
}

function copyButton(link) {
  const button = el("button", {
    type: "button", class: "small secondary",
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(absoluteLink(link));
        button.textContent = "Copied";
      } catch {
        window.prompt("Copy the invitation link:", absoluteLink(link));
      }
      setTimeout(() => { button.textContent = "Copy link"; }, 2000);
    },
  }, "Copy link");
  return button;
}

async function refresh() {
  const loadError = $("load-error");
  const live = push !== null && push.live();  // else the seats stored changed, or the socket is away: ask
  if (!live && push !== null) push.rewatch();
  const results = await Promise.allSettled([refreshTables(), live ? null : refreshMine()]);
  const failed = results.find((r) => r.status === "rejected");
  showError(loadError, failed ? `Could not refresh the lobby: ${failed.reason?.message ?? failed.reason}` : "");
  $("refreshed").textContent = `Updated ${new Date().toLocaleTimeString()}; refreshes every 5 seconds`
    + (live ? ", and your tables at every move." : ".");
}

/** The name typed in "Your name" (remembered for next time); an Error asking for one when it is empty. */
function myName() {
  const name = $("my-name").value.trim().replace(/\s+/g, " ");
  if (!name) throw new Error("Give your name first (the others see it at the table).");
  saveName(name);
  return name;
}

async function start() {
  $("my-name").value = loadName() ?? "";
  $("game").addEventListener("change", onGameChange);
  $("players").addEventListener("change", renderSeats);
  $("new-table").addEventListener("submit", onSubmit);
  try {
    games = gameList(await api("/api/games"));
    renderGameChoices();
  } catch (err) {
    showError($("form-error"), `Could not load the games: ${err.message}`);
  }
  push = watchMySeats(renderMine);
  await refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
}

start();
