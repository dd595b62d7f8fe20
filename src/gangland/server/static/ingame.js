// In the game: take back a move (undo), ask a bot for a hint, the rules of the decision in front of you, the
// only legal move played for you after a short pause, and the rematch. table.js calls `startInGame` once, then
// `inGameState` after each state it draws and `inGameMessage` with the messages it does not handle itself.
// docs/server.md ("Undo", "Hints", "The only move", "Rematch") has the messages.
import * as common from "./common.js";

const { api, el, setChildren, hostTokenFor, saveHost, serverPath } = common;
const $ = (id) => document.getElementById(id);

const AUTOPLAY_KEY = "gangland.autoplay"; // "off": the only legal move waits for a click
const HINT_BOT_KEY = "gangland.hintbot";
const ONLY_MOVE_MS = 1500;                // the pause before the only move is played, to see what it is
const DEFAULT_BOT = "heuristic";
const WRAPPED = 60;                       // a terminal line this long (of 80) was wrapped: its text goes on

let hooks = null;         // from table.js: act(id, extra), send(message), token(), tableId
let settings = null;      // the table's house rules, once read
let tableBots = [];       // bots a hint may be asked of: [{bot, level}], the heuristic bot first
let tableSeats = [];      // the table's seats as the summary gave them (their bots and levels)
let defaultLevel = null;  // the heuristic bot's level in this game, once a state said it (game.stand_ins)
let current = null;       // the last state
let onlyTimer = null;
let onlyStep = null;      // the step whose only move is waiting to be played
let keptStep = null;      // the step whose only move the person chose to play themselves
let hinted = null;        // the last hint answered: {step, action, name, bot, level, reason}
let asking = false;       // a hint was asked and no answer came yet
let seenState = false;    // a state came: this page was at the table (a rematch takes it there)

/** Seat references in game text (⟨sN⟩) filled in with the seats' names, " (you)" for this page's seat. */
function fill(text) {
  return common.fillSeats(String(text ?? ""), common.seatLabels(current?.seats), current?.seat ?? null);
}

function autoplayOn() {
  return localStorage.getItem(AUTOPLAY_KEY) !== "off";
}

/** Called once by table.js with what this module may use of it. */
export function startInGame(given) {
  hooks = given;
  const box = $("ingame");
  setChildren(box,
    el("h2", { id: "ingame-h" }, "Help at the table"),
    el("div", { id: "only-move", class: "only-move hidden", role: "status", "aria-live": "polite" }),
    el("div", { id: "undo-row", class: "ingame-row hidden" }),
    el("div", { id: "hint-row", class: "ingame-row hidden" },
      el("label", { for: "hint-bot" }, "Ask"),
      el("select", { id: "hint-bot" }),
      el("button", { type: "button", id: "hint-ask", class: "small", onclick: askHint }, "Hint"),
      el("p", { id: "hint-answer", class: "hint-answer", role: "status", "aria-live": "polite" })),
    el("details", { id: "rules-box", class: "rules-box hidden" },
      el("summary", {}, "Rules for this move"),
      el("pre", { id: "rules-help", class: "rules-help", tabindex: "0" })),
    el("label", { class: "autoplay" },
      el("input", { type: "checkbox", id: "autoplay", checked: autoplayOn(), onchange: (event) => {
        localStorage.setItem(AUTOPLAY_KEY, event.currentTarget.checked ? "on" : "off");
        if (current) inGameState(current);
      } }),
      " Play my only move for me (after a short pause)"));
  readSettings();
}

async function readSettings() {
  try {
    const summary = await api(`/api/tables/${encodeURIComponent(hooks.tableId)}`);
    settings = summary.settings ?? {};
    tableSeats = Array.isArray(summary.seats) ? summary.seats : [];
  } catch {
    settings = {};
  }
  showHintBots();
  if (current) inGameState(current);
}

/** The hint's choice of bots: a level a person understands, one bot per level (the exact agent is the
 * option's hover text), the heuristic bot first. */
function showHintBots() {
  const levels = new Map(defaultLevel ? [[defaultLevel, { bot: DEFAULT_BOT, detail: null }]] : []);
  for (const s of tableSeats) {
    if (s.bot && s.level && !levels.has(s.level)) levels.set(s.level, { bot: s.bot, detail: s.bot_detail });
  }
  tableBots = [...levels].map(([level, b]) => ({ level, ...b }));
  const select = $("hint-bot");
  const chosen = localStorage.getItem(HINT_BOT_KEY);
  setChildren(select, tableBots.map((b) => el("option", { value: b.bot, title: b.detail, selected: b.bot === chosen }, `${b.level} bot`)));
}

/** After each state table.js drew. */
export function inGameState(msg) {
  current = msg;
  seenState = true;
  const listed = Array.isArray(msg.game?.stand_ins) ? msg.game.stand_ins : [];
  const level = listed.find((b) => b.bot === DEFAULT_BOT)?.level ?? "Other";
  if (level !== defaultLevel) {
    defaultLevel = level;
    showHintBots();
  }
  const legal = Array.isArray(msg.legal) ? msg.legal : [];
  showRules(msg);
  showUndo(msg);
  showHint(msg, legal);
  showOnlyMove(msg, legal);
  showRematch(msg);
  const shown = !$("only-move").classList.contains("hidden") || !$("undo-row").classList.contains("hidden")
    || !$("hint-row").classList.contains("hidden") || !$("rules-box").classList.contains("hidden")
    || (msg.your_turn && !msg.over);
  $("ingame").classList.toggle("hidden", !shown || msg.seat === null || msg.seat === undefined);
}

function showRules(msg) {
  const text = typeof msg.rules_help === "string" ? msg.rules_help.trim() : "";
  $("rules-box").classList.toggle("hidden", !text);
  $("rules-help").textContent = text ? reflow(fill(text)) : "";
}

/** The terminal's text (lines of at most 80 columns) for a narrow box: a line wrapped at the terminal's
 * width goes on with the next; a list item ("- "), a key ("map: "), a sentence that starts a line after
 * one that ended, and the line after a short one keep their own lines. */
function reflow(text) {
  const out = [];
  let before = ""; // the terminal's line before this one
  for (const line of text.split("\n")) {
    const starts = /^\s*[-•]\s|^[a-z]+: /.test(line) || (/[.:!?]$/.test(before.trim()) && /^[A-Z[]/.test(line));
    const wrapped = before.length >= WRAPPED && line.trim() && !starts;
    const indented = before.trim() && /^\s+\S/.test(line);
    if (out.length && (wrapped || indented)) out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line);
    before = line;
  }
  return out.join("\n");
}

function showUndo(msg) {
  const row = $("undo-row");
  const offer = msg.undo && typeof msg.undo === "object" ? msg.undo : null;
  row.classList.toggle("hidden", !offer);
  if (!offer) {
    setChildren(row);
    return;
  }
  setChildren(row, el("button", {
    type: "button", id: "undo", class: "small secondary",
    onclick: (event) => {
      event.currentTarget.disabled = true;
      hooks.send({ type: "undo", step: msg.step });
    },
  }, "Take back"), " ", el("span", { class: "muted" }, `your “${fill(offer.move)}”`));
}

function showHint(msg, legal) {
  const row = $("hint-row");
  const may = Boolean(settings?.hint) && msg.your_turn && !msg.over && legal.length > 1;
  row.classList.toggle("hidden", !may);
  $("hint-ask").disabled = asking;
  if (!hinted || hinted.step !== msg.step) {
    $("hint-answer").textContent = "";
    if (hinted && hinted.step !== msg.step) hinted = null;
  }
  markHinted();
}

function askHint() {
  if (!current || asking) return;
  const bot = $("hint-bot").value || DEFAULT_BOT;
  localStorage.setItem(HINT_BOT_KEY, bot);
  if (hooks.send({ type: "hint", bot })) {
    asking = true;
    $("hint-ask").disabled = true;
    $("hint-answer").textContent = "Asking the bot…";
  }
}

function markHinted() {
  for (const b of document.querySelectorAll("#actions button.hinted")) b.classList.remove("hinted");
  if (!hinted || !current || hinted.step !== current.step) return;
  const button = document.querySelector(`#actions button[data-action="${CSS.escape(String(hinted.action))}"]`);
  if (button) button.classList.add("hinted");
}

function showOnlyMove(msg, legal) {
  const box = $("only-move");
  const only = msg.your_turn && !msg.over && legal.length === 1 ? legal[0] : null;
  if (!only || !autoplayOn() || keptStep === msg.step) {
    clearTimeout(onlyTimer);
    onlyTimer = null;
    onlyStep = null;
    box.classList.add("hidden");
    setChildren(box);
    return;
  }
  if (onlyStep === msg.step && onlyTimer) return; // already counting down for this step
  clearTimeout(onlyTimer);
  onlyStep = msg.step;
  setChildren(box,
    el("span", {}, "Only move: ", el("strong", {}, fill(only.name ?? only.id)), ` — playing it in ${ONLY_MOVE_MS / 1000} s`),
    " ",
    el("button", { type: "button", class: "small secondary", id: "only-move-keep", onclick: () => {
      keptStep = msg.step;
      showOnlyMove(msg, legal);
    } }, "Let me"));
  box.classList.remove("hidden");
  onlyTimer = setTimeout(() => {
    onlyTimer = null;
    box.classList.add("hidden");
    if (current && current.step === onlyStep && keptStep !== onlyStep) hooks.act(only.id, { auto: true });
  }, ONLY_MOVE_MS);
}

function showRematch(msg) {
  const row = $("rematch-row");
  const host = hostTokenFor(hooks.tableId);
  if (!msg.over || !host) {
    setChildren(row);
    return;
  }
  if (row.querySelector("button")) return;
  const status = el("span", { class: "muted", role: "status" });
  setChildren(row, el("button", { type: "button", id: "rematch", onclick: async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    status.textContent = "Starting the rematch…";
    try {
      const made = await api(`/api/tables/${encodeURIComponent(hooks.tableId)}/rematch`, { method: "POST", body: { host_token: host } });
      goTo(made.table_id);
    } catch (err) {
      status.textContent = err.message;
      button.disabled = false;
    }
  } }, "Rematch: play again with the same people"), " ", status);
}

/** Open the rematch table with this page's own link (the seat links moved there). */
function goTo(tableId) {
  const host = hostTokenFor(hooks.tableId);
  if (host) saveHost(tableId, host);
  location.assign(serverPath(`/t/${encodeURIComponent(tableId)}${location.hash}`));
}

/** A message table.js does not handle itself; true if it was this module's. */
export function inGameMessage(msg) {
  if (msg.type === "hint") {
    asking = false;
    if (!current || msg.step !== current.step) return true;
    hinted = msg;
    const reason = msg.reason ? fill(msg.reason) : "no reason given";
    $("hint-answer").textContent = `The ${msg.level} bot would play “${fill(msg.name)}”: ${reason}.`;
    $("hint-ask").disabled = false;
    markHinted();
    return true;
  }
  if (msg.type === "undone") {
    const who = msg.yours ? "You" : seatLabel(msg.seat);
    notice(`${who} took back a move: ${fill(msg.move)}`);
    return true;
  }
  if (msg.type === "rematch" && typeof msg.table_id === "string") {
    // Everyone at the table when it started goes there; a link of this page's own opens it later too.
    if (hooks.token() || seenState && msg.now !== false) goTo(msg.table_id);
    else notice("The host started a rematch of this game. ", el("a", { href: serverPath(`/t/${encodeURIComponent(msg.table_id)}`) }, "Watch it"));
    return true;
  }
  if (msg.type === "error") {
    // Refused (table.js shows why): the controls may be used again.
    if (String(msg.code ?? "").startsWith("hint") || asking) {
      asking = false;
      $("hint-answer").textContent = "";
      $("hint-ask").disabled = false;
    }
    const undo = $("undo");
    if (undo) undo.disabled = false;
  }
  return false;
}

/** A message of the table's (a move taken back, a rematch) above the table, until dismissed. */
function notice(...parts) {
  const box = $("banners");
  const node = el("div", { class: "banner note", role: "status" },
    el("div", {}, ...parts),
    el("button", { type: "button", class: "small secondary", onclick: () => node.remove(), "aria-label": "Dismiss" }, "Dismiss"));
  box.appendChild(node);
  while (box.children.length > 4) box.firstElementChild.remove();
}

function seatLabel(seat) {
  const s = Array.isArray(current?.seats) ? current.seats.find((x) => x.seat === seat) : null;
  return s?.label ? String(s.label) : `Seat ${Number(seat) + 1}`;
}
