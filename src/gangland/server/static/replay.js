// The replay page: a finished game step by step, as a spectator or as one seat saw it.
import {
  api, el, parseDrawing, setChildren, tableIdFromPath, resultTable, fillSeats, fillDrawing, botSeats, serverPath,
} from "./common.js";
import { showLines } from "./chat.js";
import { layoutNow, watchLayout } from "./fit.js";

const $ = (id) => document.getElementById(id);
const tableId = tableIdFromPath();
const query = new URLSearchParams(location.search);

let seat = /^\d+$/.test(query.get("seat") ?? "") ? Number(query.get("seat")) : null;
let step = /^\d+$/.test(query.get("step") ?? "") ? Number(query.get("step")) : 0;
let total = null;
let requestId = 0;
let debounce = null;
let labels = [];
let bots = new Set(); // the seats bots played (their names are drawn shorter: common.js shortName)

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.classList.toggle("hidden", !message);
}

function setSeatChoices(players) {
  const select = $("seat");
  const options = [el("option", { value: "" }, "a spectator")];
  for (let s = 0; s < players; s += 1) options.push(el("option", { value: String(s) }, labels[s] || `Seat ${s + 1}`));
  setChildren(select, options);
  select.value = seat === null ? "" : String(seat);
}

function updateControls() {
  const slider = $("slider");
  const max = total ?? Math.max(step, 0);
  slider.max = String(max);
  slider.value = String(step);
  slider.setAttribute("aria-valuetext", `move ${step} of ${total ?? "?"}`);
  $("step-label").textContent = `move ${step} of ${total ?? "?"}`;
  $("first").disabled = step <= 0;
  $("prev").disabled = step <= 0;
  $("next").disabled = total !== null && step >= total;
  $("last").disabled = total !== null && step >= total;
}

function rememberInUrl() {
  const params = new URLSearchParams();
  if (seat !== null) params.set("seat", String(seat));
  params.set("step", String(step));
  history.replaceState(null, "", `${location.pathname}?${params}`);
}

function renderLog(log) {
  const lines = Array.isArray(log) ? log : [];
  const list = $("log");
  setChildren(list, lines.map((entry) => {
    if (entry === null || typeof entry !== "object") return el("li", {}, String(entry ?? ""));
    const by = entry.by;
    const marked = by === "timeout" || by === "host";
    return el("li", {},
      fillSeats(entry.line ?? entry.text ?? "", labels, seat),
      marked ? el("span", { class: `tag ${by}` }, by === "timeout" ? "timeout" : "by host's bot") : null);
  }));
  list.scrollTop = list.scrollHeight;
}

async function load(target) {
  const id = ++requestId;
  step = Math.max(0, total === null ? target : Math.min(target, total));
  updateControls();
  const params = new URLSearchParams({ step: String(step) });
  if (seat !== null) params.set("seat", String(seat));
  const layout = layoutNow(); // a phone's page asks for the table drawn for its screen
  params.set("layout", layout);
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?${params}`);
    if (id !== requestId) return; // a newer request is on its way
    showError("");
    if (typeof answer?.total === "number") total = answer.total;
    if (typeof answer?.step === "number") step = answer.step;
    updateControls();
    rememberInUrl();
    $("text").textContent = typeof answer?.text === "string" ? fillSeats(answer.text, labels, seat) : "";
    const drawn = parseDrawing(answer?.svg);
    if (drawn) fillDrawing(drawn, labels, seat, bots);
    setChildren($("drawing"), drawn);
    $("drawing").classList.toggle("hidden", !drawn);
    $("drawing").classList.toggle("narrow", layout === "narrow");
    $("text-box").open = !drawn;
    renderLog(answer?.log);
    showLines($("chat-lines"), Array.isArray(answer?.chat) ? answer.chat : [], seat, "Nobody had written by this step.");
    const atEnd = total !== null && step >= total;
    const result = answer?.result;
    const panel = $("result-panel");
    if (answer?.ended === "abandoned" && atEnd) {
      setChildren($("result"), "The host ended this game here, before its end: it has no result and is not rated.");
      panel.classList.remove("hidden");
    } else if (result && atEnd) {
      if ($("seat").options.length <= 1 && Array.isArray(result.scores)) setSeatChoices(result.scores.length);
      setChildren($("result"), resultTable(result, labels, seat));
      panel.classList.remove("hidden");
    } else {
      panel.classList.add("hidden");
    }
  } catch (err) {
    if (id !== requestId) return;
    if (err.status === 409) {
      showError(`${err.message} (The replay opens once the game is over.)`);
    } else {
      showError(err.message);
    }
  }
}

function go(target, { now = false } = {}) {
  clearTimeout(debounce);
  if (now) load(target);
  else {
    step = Math.max(0, total === null ? target : Math.min(target, total));
    updateControls();
    debounce = setTimeout(() => load(step), 120);
  }
}

async function start() {
  if (!tableId) {
    showError("This address names no table.");
    return;
  }
  $("record").href = serverPath(`/api/tables/${encodeURIComponent(tableId)}/record`);
  $("record").setAttribute("download", `gangland-${tableId}.json`);
  $("back").href = serverPath(`/t/${encodeURIComponent(tableId)}`);
  $("first").addEventListener("click", () => go(0, { now: true }));
  $("prev").addEventListener("click", () => go(step - 1, { now: true }));
  $("next").addEventListener("click", () => go(step + 1, { now: true }));
  $("last").addEventListener("click", () => go(total ?? step, { now: true }));
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("seat").addEventListener("change", (e) => {
    seat = e.target.value === "" ? null : Number(e.target.value);
    go(step, { now: true });
  });
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const t = event.target;
    if (t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement
      || (t instanceof HTMLInputElement && t.type !== "range")) return;
    if (t === $("slider")) return; // the slider moves itself on arrow keys and fires "input"
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total ?? step };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key], { now: true });
    }
  });
  updateControls();
  try {
    const summary = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    const name = summary?.game_name ?? summary?.game ?? "Game";
    $("game-name").textContent = `${name} · table ${tableId} · replay`;
    document.title = `${name} replay · Gangland`;
    const seats = Array.isArray(summary?.seats) ? summary.seats : [];
    labels = [];
    bots = botSeats(seats);
    for (const s of seats) {
      if (s && typeof s.seat === "number") {
        labels[s.seat] = s.label || `Seat ${s.seat + 1}`;
      }
    }
    setSeatChoices(summary?.players ?? seats.length);
  } catch (err) {
    showError(err.message);
  }
  await load(step);
}

start();
// A window resized across the narrow line (a phone turned): the step again, drawn for the new width.
watchLayout(() => load(step));
