// Shared helpers for the Gangland pages: fetch JSON, localStorage of seats and host tokens,
// safe DOM building, and the result table. No framework, no build step.

/** The sub-path the server is served under: "" at the root of its host, else e.g. "/gangland"; the server
 * writes it into each page's <meta name="gangland-root">. */
export const ROOT = document.querySelector('meta[name="gangland-root"]')?.getAttribute("content") || "";

/** The address of the server's own `path` ("/t/abc", "/api/games") under its sub-path. */
export function serverPath(path) {
  return ROOT + path;
}

/** The WebSocket address of the server's `path` ("/ws/lobby"), over TLS when the page is. */
export function socketAddress(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${ROOT}${path}`;
}

const SEATS_KEY = "gangland.seats";
const HOSTS_KEY = "gangland.hosts";

/** Escape text for use inside HTML (prefer `el` and textContent; this is for the rare string case). */
export function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

/**
 * Build an element: el("a", {href: "/x", class: "btn"}, "text", otherNode).
 * Attributes starting with "on" take a function; strings children become text nodes (never HTML).
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      node.className = value;
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace every child of `node` with `children`. */
export function setChildren(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** An Error from the API: `message` is the server's `detail` (or a description), `status` the HTTP status. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Fetch JSON from the API at `path` ("/api/...", under the sub-path). Throws ApiError with the server's
 * `detail` sentence on failure. */
export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(serverPath(path), init);
  } catch (err) {
    throw new ApiError(`The server cannot be reached (${err.message || err}).`, 0);
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    throw new ApiError(detailText(data) || `${response.status} ${response.statusText || "error"}`.trim(),
      response.status);
  }
  return data;
}

/** The sentence of an error answer: `detail` as a string, or FastAPI's validation list flattened. */
export function detailText(data) {
  if (!data || typeof data !== "object") return "";
  const detail = data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => {
      if (d && typeof d === "object") {
        const where = Array.isArray(d.loc) ? d.loc.filter((p) => p !== "body").join(".") : "";
        return where ? `${where}: ${d.msg}` : String(d.msg ?? JSON.stringify(d));
      }
      return String(d);
    }).join("; ");
  }
  if (detail !== undefined) return JSON.stringify(detail);
  return "";
}

// ---------------------------------------------------------------- localStorage

function readList(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(value) ? value.filter((x) => x && typeof x === "object") : [];
  } catch {
    return [];
  }
}

function writeList(key, list) {
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the page still works, it just forgets.
  }
}

/** Stored seat links: [{table_id, seat, token, game, own}]. `own` false marks an invitation you sent. */
export function loadSeats() {
  return readList(SEATS_KEY).filter((s) => typeof s.token === "string" && s.token);
}

/** Remember a seat link (replaces an entry with the same token). `own` marks a seat this browser plays. */
export function saveSeat({ table_id, seat, token, game, own = true }) {
  if (!token) return;
  const list = loadSeats();
  const old = list.find((s) => s.token === token);
  const entry = { table_id, seat, token, game: game ?? old?.game ?? null, own: Boolean(own || old?.own) };
  writeList(SEATS_KEY, [...list.filter((s) => s.token !== token), entry]);
}

/** Forget the seat links with these tokens. */
export function dropSeats(tokens) {
  const drop = new Set(tokens);
  writeList(SEATS_KEY, loadSeats().filter((s) => !drop.has(s.token)));
}

/** Stored host tokens: [{table_id, host_token}]. */
export function loadHosts() {
  return readList(HOSTS_KEY).filter((h) => typeof h.host_token === "string" && h.host_token);
}

export function saveHost(table_id, host_token) {
  if (!host_token) return;
  writeList(HOSTS_KEY, [...loadHosts().filter((h) => h.table_id !== table_id), { table_id, host_token }]);
}

export function hostTokenFor(table_id) {
  return loadHosts().find((h) => h.table_id === table_id)?.host_token ?? null;
}

// ---------------------------------------------------------------- links

/** An absolute address for a link the server gave (it may be relative). */
export function absoluteLink(link) {
  try {
    return new URL(link, location.origin).href;
  } catch {
    return String(link);
  }
}

/** The parameters of a link's fragment, e.g. {seat: "TOKEN"} for "/t/abc#seat=TOKEN". */
export function fragmentParams(link) {
  let hash = "";
  try {
    hash = new URL(link, location.origin).hash;
  } catch {
    const i = String(link).indexOf("#");
    hash = i >= 0 ? String(link).slice(i) : "";
  }
  return new URLSearchParams(hash.replace(/^#/, ""));
}

/** The table page address for a seat token. */
export function seatLink(table_id, token) {
  return serverPath(`/t/${encodeURIComponent(table_id)}#seat=${encodeURIComponent(token)}`);
}

/** Copy text to the clipboard; falls back to a selected hidden textarea. Resolves true on success. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el("textarea", { class: "offscreen", "aria-hidden": "true" });
    area.value = text;
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** A read-only link field with a copy button, labelled. */
export function copyField(labelText, link) {
  const url = absoluteLink(link);
  const id = `copy-${Math.random().toString(36).slice(2)}`;
  const input = el("input", { id, type: "text", readonly: true, value: url, class: "link-field" });
  const status = el("span", { class: "copy-status", role: "status", "aria-live": "polite" });
  const button = el("button", {
    type: "button",
    class: "btn small",
    onclick: async () => {
      const ok = await copyText(url);
      status.textContent = ok ? "copied" : "select and copy the link";
      if (!ok) input.select();
      setTimeout(() => { status.textContent = ""; }, 2500);
    },
  }, "Copy");
  return el("div", { class: "copy-field" },
    el("label", { for: id }, labelText), el("div", { class: "copy-row" }, input, button, status));
}

// ---------------------------------------------------------------- names

const NAME_KEY = "gangland.name";
export const MAX_NAME = 24; // the server's people.MAX_NAME

/** The name this browser's person goes by at new tables (remembered), or null. */
export function loadName() {
  try {
    const name = (localStorage.getItem(NAME_KEY) || "").trim();
    return name ? name.slice(0, MAX_NAME) : null;
  } catch {
    return null;
  }
}

export function saveName(name) {
  try {
    localStorage.setItem(NAME_KEY, String(name).trim().slice(0, MAX_NAME));
  } catch {
    // Storage full or disabled: the name is asked again next time.
  }
}

/** How a person reads a seat: its name if it has one, else "Seat N" counted from 1. */
export function seatName(seat, labels) {
  if (labels && labels[seat]) return String(labels[seat]);
  return `Seat ${Number(seat) + 1}`;
}

/** The names of a state's seats (its `seats` facts), by seat number. */
export function seatLabels(seats) {
  const list = [];
  for (const s of Array.isArray(seats) ? seats : []) list[s.seat] = s.label || `Seat ${Number(s.seat) + 1}`;
  return list;
}

// Game text names seats with a marker, U+27E8 "s" N U+27E9, N the seat's number from 0 (gangland.engine.seats):
// every front end fills in its own words for it. Here: the seat's name, and " (you)" for the viewer's own.
const SEAT_REF = /\u27e8s(\d{1,2})\u27e9/g;

/** `text` with every seat marker filled in with that seat's name (`labels`, from `seatLabels`), the viewer's
 * own seat (`mySeat`) marked " (you)"; `max` shortens names longer than that (`shortName`; `bots`: the
 * seats a bot plays, from `botSeats`). */
export function fillSeats(text, labels, mySeat = null, max = 0, bots = null) {
  return String(text ?? "").replace(SEAT_REF, (_, n) => {
    const seat = Number(n);
    let name = seatName(seat, labels);
    if (max && [...name].length > max) name = shortName(name, max, Boolean(bots?.has(seat)));
    return seat === mySeat ? `${name} (you)` : name;
  });
}

/** The seats a bot plays, of a table's `seats` facts. */
export function botSeats(seats) {
  return new Set((Array.isArray(seats) ? seats : []).filter((s) => s?.kind === "bot").map((s) => s.seat));
}

/** `name` in at most `max` characters. A bot's name (`bot`) gives up its level first ("Lefty (Medium bot)"
 * is "Lefty (bot)": the seat list says the level, and a name cut in the level said neither); then the end
 * is cut with an ellipsis. A person's name is only cut, whatever it says. */
export function shortName(name, max, bot = false) {
  const level = bot ? /^(.+) \([^()]* bot\)$/.exec(name) : null;
  const chars = [...(level ? `${level[1]} (bot)` : name)];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}\u2026` : chars.join("");
}

/** Fill the seat markers of a drawing's texts and hover titles in place (as text: never markup). Names in
 * the drawing are shortened to `max` characters (`shortName`; `bots`: the seats a bot plays), so that a long
 * one does not run over its neighbours; the hover titles keep them whole. */
export function fillDrawing(root, labels, mySeat = null, bots = null, max = 12) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
  for (const node of texts) {
    if (!node.data.includes("\u27e8")) continue;
    const inTitle = node.parentNode && node.parentNode.localName === "title";
    node.data = fillSeats(node.data, labels, mySeat, inTitle ? 0 : max, bots);
  }
}

// ---------------------------------------------------------------- formatting

/** An option's value in plain words: yes and no, words for names ("highest_cheque": "highest cheque"). */
export function valueLabel(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (value === "") return "none";
  if (value === 0) return "0 (off)";
  const seat = typeof value === "string" ? value.match(/^seat(\d)$/) : null; // "seat0": the engine's seat id
  if (seat) return `seat ${Number(seat[1]) + 1}`;
  return typeof value === "string" ? value.replace(/_/g, " ") : String(value);
}

/** An option's name in plain words, first letter up. */
export function optionLabel(name) {
  const words = String(name).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The rules decision an option's text cites ("(S22)", "(D25 ...)"), for a link to the decisions page. */
export function decisionOf(doc) {
  // Decisions are D (Downtown), C (Protection Racket) and S (Supergang); L is a line of Supergang's fragment.
  const m = String(doc ?? "").match(/\(([DCS]\d{1,2})\b/);
  return m ? m[1] : null;
}


/** Format a date given as ISO text or epoch seconds / milliseconds. */
export function formatTime(value) {
  if (value === null || value === undefined || value === "") return "";
  let date;
  if (typeof value === "number") date = new Date(value < 1e12 ? value * 1000 : value);
  else date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString();
}

/** Seconds as m:ss. */
export function formatSeconds(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The result of a finished game as a table: seat, score, rank, winner, then one column per
 * breakdown category (in first-seen order), then what else ranked the seats (the result's `standing`,
 * e.g. Supergang's shops and money), and under it how the game ended (its `ending`). `labels` optionally
 * names the seats; `mySeat` is marked.
 */
export function resultTable(result, labels = null, mySeat = null) {
  if (!result || typeof result !== "object") return el("p", {}, "No result.");
  const scores = Array.isArray(result.scores) ? result.scores : [];
  const ranks = Array.isArray(result.ranks) ? result.ranks : [];
  const winners = new Set(Array.isArray(result.winners) ? result.winners : []);
  const breakdown = Array.isArray(result.breakdown) ? result.breakdown : [];
  const standing = Array.isArray(result.standing) ? result.standing : [];
  const keysOf = (list) => {
    const keys = [];
    for (const b of list) if (b && typeof b === "object") for (const key of Object.keys(b)) if (!keys.includes(key)) keys.push(key);
    return keys;
  };
  const categories = keysOf(breakdown);
  const ranked = keysOf(standing);
  const cell = (list, seat, key) => el("td", { class: "num" },
    list[seat] && list[seat][key] !== undefined ? String(list[seat][key]) : "");
  const head = el("tr", {},
    el("th", { scope: "col" }, "Seat"), el("th", { scope: "col" }, "Score"),
    el("th", { scope: "col" }, "Rank"), el("th", { scope: "col" }, "Winner"),
    categories.map((c) => el("th", { scope: "col", class: "num" }, c.replace(/_/g, " "))),
    ranked.map((c) => el("th", { scope: "col", class: "num", title: "ranks the seats the score leaves level" }, c.replace(/_/g, " "))));
  const rows = scores.map((score, seat) => el("tr", { class: [winners.has(seat) ? "winner" : "", seat === mySeat ? "mine" : ""].join(" ").trim() || null },
    el("th", { scope: "row" }, seatName(seat, labels), seat === mySeat ? " (you)" : ""),
    el("td", { class: "num" }, String(score)),
    el("td", { class: "num" }, ranks[seat] === undefined ? "" : String(ranks[seat])),
    el("td", {}, winners.has(seat) ? "★ winner" : ""),
    categories.map((c) => cell(breakdown, seat, c)),
    ranked.map((c) => cell(standing, seat, c))));
  // The ending may name seats as ⟨sN⟩ (the engine's seat references): named here as the table names them.
  const ending = typeof result.ending === "string" && result.ending
    ? el("p", { class: "ending" }, "How it ended: ", result.ending.replace(/\u27e8s(\d+)\u27e9/g, (_, n) => seatName(Number(n), labels)))
    : null;
  return el("div", { class: "table-scroll" },
    el("table", { class: "result" }, el("caption", {}, "Result"), el("thead", {}, head), el("tbody", {}, rows)), ending);
}

/** The table id from a path like /t/{id} or /t/{id}/replay (under the sub-path, or without it). */
export function tableIdFromPath(pathname = location.pathname) {
  const below = ROOT && pathname.startsWith(`${ROOT}/`) ? pathname.slice(ROOT.length) : pathname;
  const m = below.match(/^\/t\/([^/]+)/);
  return m ? decodeURIComponent(m[1]) : null;
}

// What a drawing may hold: the elements and attributes the games draw with (gangland.engine.svg keeps the
// same lists, and a test holds the two together). Anything else is refused or dropped.
export const SVG_NS = "http://www.w3.org/2000/svg";
const DRAWING_ELEMENTS = new Set(["svg", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "title"]);
const DRAWING_ATTRIBUTES = new Set([
  "xmlns", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d", "points",
  "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "stroke-linejoin", "stroke-opacity",
  "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline", "transform",
  "class", "role", "data-act", "data-key", "data-glyph",
]);

/** The server's drawing of a view, parsed as SVG (never as HTML) and kept only if every element is an SVG
 * element of the drawing kind (no script, no HTML inside, no links, no images, no styles), with every
 * attribute outside the drawing kind dropped. Null when the text is not such a drawing. */
export function parseDrawing(svgText) {
  if (typeof svgText !== "string" || !svgText) return null;
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const root = doc.documentElement;
  if (doc.querySelector("parsererror")) return null;
  for (const node of [root, ...root.querySelectorAll("*")]) {
    if (node.namespaceURI !== SVG_NS || !DRAWING_ELEMENTS.has(node.localName)) return null;
    const attributes = node.attributes; // live: read from the end, so a removal moves none still to read
    for (let i = attributes.length - 1; i >= 0; i--) {
      const attr = attributes[i];
      if (attr.namespaceURI !== null || !DRAWING_ATTRIBUTES.has(attr.name)) node.removeAttributeNode(attr);
    }
  }
  if (root.localName !== "svg") return null;
  // Moved into the page's document, not copied: the parsed document is not used again.
  return document.adoptNode(root);
}
