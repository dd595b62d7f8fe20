// The table page: one WebSocket to /ws/{table_id}; plays a seat (#seat=TOKEN) or watches (#watch=TOKEN or none).
import {
  SVG_NS, el, parseDrawing, setChildren, saveSeat, dropSeats, loadSeats, fragmentParams, tableIdFromPath, resultTable, formatSeconds,
  loadName, seatLabels, botSeats, fillSeats, fillDrawing, serverPath, socketAddress,
} from "./common.js";
import { renderSeats, renderName, askName, renderMyLink, renderTableRules, stopPage } from "./people.js";
import { createChat } from "./chat.js";
import { createNotifier } from "./notify.js";
import { startInGame, inGameState, inGameMessage } from "./ingame.js";
import { setupMail, onMail, mailRefused, mailState } from "./mail.js";
import { renderEnding, endedNote } from "./ending.js";
import { keyAttributes, layoutNow, numbered, watchLayout } from "./fit.js";

const $ = (id) => document.getElementById(id);
const FILTER_THRESHOLD = 12;
const LOG_LINES = 100;    // the log lines the page keeps (the server's protocol.LOG_LINES)
const MAX_BANNERS = 4;

const tableId = tableIdFromPath();
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/; // a link's token (the server's secrets.token_urlsafe(24))
const fragment = fragmentParams(location.href);
// An invitation link's token is exchanged at its first use for a token of the seat's own (seat_token):
// both change then.
let seatToken = fragment.get("seat");
const watchToken = fragment.get("watch");
if (!seatToken && !watchToken && !location.hash && tableId) {
  // The table's plain address (a turn mail's link) in a browser that holds the seat's own link: play it.
  const own = loadSeats().find((s) => s.table_id === tableId && s.own && TOKEN_SHAPE.test(String(s.token)));
  if (own) {
    seatToken = own.token;
    history.replaceState(null, "", `${location.pathname}${location.search}#seat=${encodeURIComponent(own.token)}`);
  }
}
let token = seatToken || watchToken || null;

let socket = null;
let attempt = 0;          // reconnect attempts since the last good state
let reconnectTimer = null;
let pingTimer = null;
let badToken = false;
let state = null;         // the last state message
let pending = false;      // an action was sent and no new state came yet
let freshSocket = false;  // no state has come on this connection yet
let clockTimer = null;
let clockDeadline = null; // performance.now() time when the clock runs out
let lastFilterStep = null;
let logLines = [];        // the log: the first state's lines on this connection, then each state's new ones
let heldLines = null;     // the lines of the drawing this connection was last sent (null: none)
let freshLink = false;    // this seat's own link was just given (its invitation spent): show it

setupMail(send);
const chat = createChat($("chat"), { send, tableId });
const notifier = createNotifier($("notify"));

if (seatToken && tableId && TOKEN_SHAPE.test(seatToken)) saveSeat({ table_id: tableId, seat: null, token: seatToken, game: null, own: true });

// ---------------------------------------------------------------- connection

function socketUrl() {
  return socketAddress(`/ws/${encodeURIComponent(tableId)}`);
}

function setConn(text, bad = false) {
  const conn = $("conn");
  conn.textContent = text;
  conn.classList.toggle("bad", bad);
}

function connect() {
  clearTimeout(reconnectTimer);
  reconnectTimer = null;
  setConn(attempt ? "reconnecting…" : "connecting…", attempt > 0);
  let ws;
  try {
    ws = new WebSocket(socketUrl());
  } catch (err) {
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.addEventListener("open", () => {
    freshSocket = true;
    const hello = { type: "hello", want: wants(), layout: layoutNow() };
    if (token) hello.token = token;
    const name = loadName();
    if (name) hello.name = name;
    ws.send(JSON.stringify(hello));
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({ type: "ping" }), 25000);
  });
  ws.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "undone") freshSocket = true; // a move taken back: the next state brings the log and drawing whole
    if (inGameMessage(msg)) return;
    if (msg.type === "state") {
      attempt = 0;
      setConn("connected");
      // A move sent on a connection that dropped may never have arrived: the new connection's first
      // state says where the game is, and the seat may move again if it is still its turn.
      if (freshSocket) pending = false;
      // A state carries the log lines this connection was not sent yet; its first one, the last 100.
      takeLog(msg.log, freshSocket);
      msg.svg = takeDrawing(msg.svg, freshSocket);
      freshSocket = false;
      renderState(msg);
      chat.state(msg);
      inGameState(msg);
    } else if (msg.type === "chat") {
      chat.take(msg);
    } else if (msg.type === "error") {
      if (!chat.refused(msg)) onError(msg);
    } else if (msg.type === "status") {
      onStatus(msg);
    } else if (msg.type === "mail") {
      onMail(msg);
    } else if (msg.type === "seat_token" && typeof msg.token === "string") {
      // This seat's own link from now on: the invitation link no longer opens it.
      if (seatToken) dropSeats([seatToken]);
      seatToken = msg.token;
      token = msg.token;
      freshLink = true;
      history.replaceState(null, "", `${location.pathname}${location.search}#seat=${encodeURIComponent(msg.token)}`);
      saveSeat({ table_id: tableId, seat: msg.seat ?? null, token: msg.token, game: null, own: true });
    }
  });
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    socket = null;
    clearInterval(pingTimer);
    if (badToken) return; // the page was replaced by what happened and what to do (stopPage): nothing more
    showOffline();
    scheduleReconnect(event);
  });
}

/** The parts of a state this page shows: the drawing always, the table as text only while its box is open
 * (the server then neither makes nor sends it). */
function wants() {
  const parts = ["drawing"];
  if ($("text-box").open) parts.push("text");
  return parts;
}

// Opening the box asks for its part (the server answers with a state that has it); closing it stops it coming.
// Both handlers outlive a stopped page (halt): the box's first toggle (it is parsed open) can even come after.
$("text-box").addEventListener("toggle", () => {
  if (!badToken) send({ type: "want", want: wants(), layout: layoutNow() });
});
// A window resized across the narrow line (a phone turned) asks for the drawing in the other layout.
watchLayout((layout) => {
  if (badToken) return;
  send({ type: "want", want: wants(), layout });
  if (drawnSvg !== null) applyZoom();
});

function scheduleReconnect() {
  if (reconnectTimer) return;
  const delay = Math.min(10, 2 ** attempt);
  attempt += 1;
  setConn(`reconnecting… (in ${delay} s)`, true);
  disableActions();
  reconnectTimer = setTimeout(connect, delay * 1000);
}

/** While the server is away nobody shows as connected, and the chat waits (the next state says who is here). */
function showOffline() {
  chat.offline();
  if (state && Array.isArray(state.seats)) renderSeats({ ...state, seats: state.seats.map((s) => ({ ...s, connected: false })) }, tableId);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- errors

// What a refusal means to a person (the server's sentence follows where it helps).
const FRIENDLY = {
  stale_step: "The table moved on before your move arrived, so it was not made: choose again.",
  not_your_turn: "It is not your turn any more: your move was not made.",
  illegal: "That move is not allowed now: choose again.",
  rate_limited: "Slow down a little: too many messages at once.",
  storage: "Your move could not be saved just now, so it was not made: try again in a moment.",
  game_over: "The game is over.",
};

function onError(msg) {
  const code = String(msg.code ?? "error");
  if (code === "no_table") {
    halt("No such table", "There is no table at this address. The link may be cut off (copy the whole link), or the table may be on another server. Ask whoever sent you the link, or start a table in the lobby.");
    badToken = true;
    return;
  }
  if (code === "bad_token" || code === "revoked") {
    // An invitation link opened again in a browser that already spent it: this browser holds the seat's
    // own link, so use that one.
    const own = seatToken
      ? loadSeats().find((s) => s.table_id === tableId && s.own && s.token && s.token !== seatToken)
      : null;
    if (own) {
      dropSeats([seatToken]);
      seatToken = own.token;
      token = own.token;
      history.replaceState(null, "", `${location.pathname}${location.search}#seat=${encodeURIComponent(own.token)}`);
      return; // the server closes this socket; the reconnect says hello with the seat's own token
    }
    badToken = true;
    if (seatToken) dropSeats([seatToken]); // a link that opens nothing is not offered again
    const text = String(msg.error ?? "This link does not open this table.");
    halt(code === "revoked" ? "This link no longer works" : "This link was not recognised",
      `${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
    return;
  }
  if (mailRefused(msg)) return;
  banner(code, FRIENDLY[code] ?? msg.error ?? "The server refused that.");
  // The game is unchanged: let the person choose again.
  pending = false;
  if (state) renderActions(state);
}

// The database out of reach: a banner that stays until the server says it is back.
let outageBanner = null;

function onStatus(msg) {
  if (outageBanner) outageBanner.remove();
  outageBanner = null;
  if (msg.database === "out") outageBanner = banner("database", msg.message ?? "The database cannot be reached.", "warn");
  else banner("database", msg.message ?? "The database answers again.");
}

/** Replace the page with what happened and what to do (people.js `stopPage`), and stop everything: no
 * reconnecting, no clock, no move played for the person, no socket. */
function halt(title, text) {
  badToken = true;
  clearTimeout(reconnectTimer);
  clearInterval(pingTimer);
  clearInterval(clockTimer);
  drawnSvg = null;
  const open = socket;
  socket = null;
  if (open) open.close();
  stopPage(title, text);
}

function banner(code, text, kind = "") {
  const box = $("banners");
  if (!box) return null; // the page was replaced (halt)
  const node = el("div", { class: `banner ${kind}`.trim(), role: "alert", dataset: { code } },
    el("div", {}, text),
    el("button", { type: "button", class: "small secondary", onclick: () => node.remove(), "aria-label": "Dismiss this message" }, "Dismiss"));
  box.appendChild(node);
  while (box.children.length > MAX_BANNERS) box.firstElementChild.remove();
  return node;
}

// ---------------------------------------------------------------- rendering

function label(seat) {
  if (seat === null || seat === undefined) return "nobody";
  return labels()[seat] ?? `Seat ${Number(seat) + 1}`;
}

function labels() {
  return seatLabels(state ? state.seats : []);
}

/** Game text with its seat markers filled in: names, and " (you)" for this page's seat. */
function fill(text, max = 0) {
  return fillSeats(text, labels(), state?.seat ?? null, max);
}

function sendName(name) {
  if (!send({ type: "name", name })) banner("offline", "Not connected: your name will be sent when the connection is back.");
}

function renderState(msg) {
  // Only a new step ends the wait for a move: another seat connecting also sends a state.
  if (!state || msg.step !== state.step || msg.over) pending = false;
  state = msg;
  const gameName = msg.game?.name ?? msg.game?.id ?? "Game";
  $("game-name").textContent = `${gameName} · table ${msg.table_id ?? tableId}`;
  if (msg.game?.id) {
    const rules = $("rules-link");
    rules.href = serverPath(`/rules/${encodeURIComponent(msg.game.id)}`);
    rules.textContent = `Rules of ${gameName}`;
    rules.classList.remove("hidden");
  }
  notifier.update(msg, gameName); // the title, and the sound and notification of a turn that came

  if (seatToken && msg.seat !== null && msg.seat !== undefined) {
    saveSeat({ table_id: msg.table_id ?? tableId, seat: msg.seat, token: seatToken, game: msg.game?.id ?? null, own: true });
  }

  const playing = msg.seat !== null && msg.seat !== undefined;
  const myName = playing ? msg.seats?.find((s) => s.seat === msg.seat)?.name : null;
  $("who").textContent = !playing ? "Spectator"
    : myName ? `You are ${myName} · seat ${Number(msg.seat) + 1}` : `You play seat ${Number(msg.seat) + 1}`;
  const turn = $("turn");
  if (msg.over) setChildren(turn, el("strong", {}, "Game over"));
  else if (msg.your_turn) setChildren(turn, el("span", { class: "turn-now" }, "Your turn"));
  else if (msg.to_act !== null && msg.to_act !== undefined) setChildren(turn, `${label(msg.to_act)} to play`);
  else setChildren(turn, "");

  renderClock(msg.clock);
  renderSeats(msg, tableId);
  renderName(msg, sendName);
  $("name-change").classList.toggle("hidden", !playing);
  renderMyLink(msg, tableId, seatToken, freshLink);
  renderTableRules(msg.table_id ?? tableId, msg.game?.id);
  freshLink = false;
  renderEnding(msg, msg.table_id ?? tableId);
  mailState(msg);
  // The drawing first: it opens the text's box when there is no drawing, and closes it when there is.
  const marks = renderDrawing(msg);
  $("text").textContent = typeof msg.text === "string" && $("text-box").open ? fill(msg.text) : "";
  renderActions(msg);
  renderLog(logLines);
  renderOver(msg);
  // Last: a mark's box is measured on the page, and measuring lays the page out. The marks are measured
  // together once the whole state is on it, so no later change of this state lays the page out again.
  if (marks) markChanged(marks.root, marks.changed);
}

function renderClock(clock) {
  clearInterval(clockTimer);
  clockTimer = null;
  const node = $("clock");
  if (!clock || typeof clock.seconds_left !== "number") {
    clockDeadline = null;
    node.textContent = "";
    node.classList.remove("low");
    return;
  }
  clockDeadline = performance.now() + clock.seconds_left * 1000;
  const who = clock.seat === state?.seat ? "Your clock" : `${label(clock.seat)}'s clock`;
  const tick = () => {
    const left = Math.max(0, (clockDeadline - performance.now()) / 1000);
    node.textContent = `${who}: ${formatSeconds(left)}`;
    node.classList.toggle("low", left <= 10);
    node.setAttribute("aria-label", `${who}: ${Math.ceil(left)} seconds left`);
    if (left <= 0) {
      clearInterval(clockTimer);
      clockTimer = null;
    }
  };
  tick();
  clockTimer = setInterval(tick, 250);
}

function visibleActions(msg) {
  const legal = Array.isArray(msg.legal) ? msg.legal : [];
  const filter = $("filter").value.trim().toLowerCase();
  if (legal.length <= FILTER_THRESHOLD || !filter) return legal;
  return legal.filter((a) => fill(a.name ?? a.id).toLowerCase().includes(filter));
}

function renderActions(msg) {
  hint("", false); // the buttons are made again: no hover is left on them
  const panel = $("actions-panel");
  const legal = Array.isArray(msg.legal) ? msg.legal : [];
  const show = legal.length > 0 && !msg.over;
  panel.classList.toggle("hidden", !show);
  if (!show) {
    setChildren($("actions"));
    return;
  }
  const filterRow = $("filter-row");
  const filtering = legal.length > FILTER_THRESHOLD;
  filterRow.classList.toggle("hidden", !filtering);
  if (lastFilterStep !== msg.step) {
    lastFilterStep = msg.step;
    $("filter").value = "";
  }
  const shown = visibleActions(msg);
  $("filter-count").textContent = filtering ? `${shown.length} of ${legal.length}` : "";
  const canAct = !pending && socket && socket.readyState === WebSocket.OPEN;
  $("actions").classList.toggle("many", legal.length > FILTER_THRESHOLD);
  setChildren($("actions"), shown.map((action, i) => el("button", {
    type: "button",
    disabled: !canAct,
    title: whatItDoes(String(action.name ?? action.id)),
    dataset: { action: String(action.id), name: String(action.name ?? action.id) },
    onclick: () => act(action.id),
    onmouseenter: () => hint(String(action.name), true),
    onmouseleave: () => hint(String(action.name), false),
    onfocus: () => hint(String(action.name), true),
    onblur: () => hint(String(action.name), false),
    ...keyAttributes(i + 1),
  }, numbered(el, i + 1, fill(action.name ?? action.id)))));
  if (!shown.length) setChildren($("actions"), el("p", { class: "muted" }, "No action matches the filter."));
  wireDrawing(msg);
}

// ---------------------------------------------------------------- the drawing

const ACT_SEPARATOR = "|"; // a drawn thing's data-act lists the names of the actions it stands for
const ZOOM_KEY = "gangland.zoom";
/** A wide drawing's size: "fit", as wide as the page (the default), or "full", at its own size, scrolling. */
function zoom() {
  return localStorage.getItem(ZOOM_KEY) === "full" ? "full" : "fit";
}

function applyZoom() {
  // A narrow drawing is made for the screen: shown as wide as the column, without the choice of size.
  const narrow = layoutNow() === "narrow";
  $("drawing").classList.toggle("narrow", narrow);
  $("zoom").classList.toggle("hidden", narrow);
  const mode = narrow ? "fit" : zoom();
  $("drawing").classList.toggle("full", mode === "full");
  for (const b of $("zoom").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.zoom === mode));
}

window.addEventListener("resize", () => {
  if (drawnSvg !== null) applyZoom();
  placeChooser();
});
// The chooser follows its thing when the drawing's box scrolls (a phone scrolls it; a scroll that was
// started before a tap may end after the chooser opened).
$("drawing").addEventListener("scroll", () => placeChooser());
for (const b of $("zoom").querySelectorAll("button")) {
  b.addEventListener("click", () => {
    localStorage.setItem(ZOOM_KEY, b.dataset.zoom);
    applyZoom();
  });
}
let drawnSvg = null;       // the svg text last drawn
let drawnNames = null;     // the seat names filled in it
let drawnKeys = new Map(); // data-key -> the markup of that thing as last drawn
let drawnWidth = null;     // the width of the drawing last drawn (another: a drawing in another layout)

/** The server's drawing of this seat's view (made from the view only), parsed as SVG, never as HTML. A
 * drawing new on the page gives the pieces in it to mark as changed (`markChanged`), else null. */
function renderDrawing(msg) {
  const box = $("drawing");
  // The names filled in are part of what is drawn: a rename draws it again.
  const names = JSON.stringify([labels(), msg.seat ?? null]);
  const fresh = typeof msg.svg === "string" && (msg.svg !== drawnSvg || names !== drawnNames);
  const shown = fresh ? parseDrawing(msg.svg) : null;
  if (shown) fillDrawing(shown, labels(), msg.seat ?? null, botSeats(msg.seats));
  if (typeof msg.svg !== "string" || !msg.svg || (fresh && !shown)) {
    // No drawing (or one that is not clean SVG): the table as text says it all.
    box.classList.add("hidden");
    $("zoom").classList.add("hidden");
    setChildren(box);
    drawnSvg = null;
    drawnKeys = new Map();
    drawnWidth = null;
    $("text-box").open = true;
    return null;
  }
  let marks = null;
  if (shown) {
    const keys = new Map([...shown.querySelectorAll("[data-key]")].map((n) => [n.getAttribute("data-key"), looks(n)]));
    // A drawing in another layout (a phone turned) is not a move: nothing in it is marked as changed.
    const relaid = drawnWidth !== null && shown.getAttribute("width") !== drawnWidth;
    const changed = drawnSvg === null || relaid ? new Set() : changedKeys(drawnKeys, keys);
    drawnWidth = shown.getAttribute("width");
    closeChooser();
    setChildren(box, shown);
    marks = { root: shown, changed };
    if (drawnSvg === null) $("text-box").open = false; // the drawing says it; the text stays a click away
    drawnSvg = msg.svg;
    drawnNames = names;
    drawnKeys = keys;
  }
  box.classList.remove("hidden");
  applyZoom(); // (shows the choice of size, but for a narrow drawing)
  wireDrawing(msg);
  return marks;
}

/** What a drawn thing looks like: its markup without what it offers to do (its actions and hover text
 * change with the phase while the thing stays as it was). */
function looks(node) {
  const copy = node.cloneNode(true);
  for (const n of [copy, ...copy.querySelectorAll("[data-act]")]) n.removeAttribute("data-act");
  for (const n of copy.querySelectorAll("title")) n.remove();
  return copy.outerHTML;
}

/** The keys of the things drawn differently (or newly) since the last drawing. */
function changedKeys(before, after) {
  const changed = new Set();
  for (const [key, markup] of after) if (before.get(key) !== markup) changed.add(key);
  return changed;
}

/** Mark the pieces that changed: the things holding no other keyed thing (a card, a token, a cheque), not
 * the panels around them, whose turn marks change every move. The mark is an orange frame drawn around
 * the piece (under it, so it hides nothing), not a glow, which blurred the text of a piece. */
function markChanged(root, changed) {
  if (!changed.size || !root.isConnected) return;
  const pieces = [...root.querySelectorAll("[data-key]")]
    .filter((node) => changed.has(node.getAttribute("data-key")) && !node.querySelector("[data-key]"));
  // Every box is measured before any frame is added: a box measured after a frame would lay the whole
  // drawing out again, once for each piece.
  const boxes = pieces.map((node) => node.getBBox());
  for (const [i, node] of pieces.entries()) {
    node.classList.add("changed");
    const box = boxes[i];
    if (!box.width && !box.height) continue;
    const frame = document.createElementNS(SVG_NS, "rect");
    const pad = 2.5;
    for (const [name, value] of Object.entries({ x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad,
      height: box.height + 2 * pad, rx: 4, class: "changed-frame" })) frame.setAttribute(name, String(value));
    // A group's frame goes inside it (its own coordinates); a text's beside it.
    if (node.localName === "g") node.insertBefore(frame, node.firstChild);
    else node.parentNode.insertBefore(frame, node);
  }
}

/** The names a drawn thing stands for. */
function namesOf(node) {
  return (node.getAttribute("data-act") || "").split(ACT_SEPARATOR).filter(Boolean);
}

/** Make each drawn thing whose data-act names a legal action clickable (and reachable by keyboard): one
 * legal action is played at once, several are offered in a chooser. */
function wireDrawing(msg) {
  const legal = new Map((Array.isArray(msg.legal) && !msg.over ? msg.legal : []).map((a) => [String(a.name), a.id]));
  const canAct = !pending && socket && socket.readyState === WebSocket.OPEN;
  for (const node of $("drawing").querySelectorAll("[data-act]")) {
    const choices = namesOf(node).filter((name) => legal.has(name)).map((name) => ({ name, id: legal.get(name) }));
    const live = choices.length > 0 && canAct;
    node.classList.toggle("actable", live);
    if (live) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const what = choices.length === 1 ? fill(choices[0].name) : `${choices.length} choices: ${choices.map((c) => fill(c.name)).join(", ")}`;
      node.setAttribute("aria-label", what);
      const take = (event) => {
        // A lot in the row is also inside the row (a court auction): the innermost thing clicked is meant.
        event.stopPropagation();
        if (choices.length === 1) act(choices[0].id);
        else openChooser(node, choices);
      };
      node.onclick = take;
      node.onkeydown = (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); take(event); }
      };
    } else {
      unwire(node);
    }
  }
}

/** A drawn thing that cannot be played now: not clickable, not focusable. */
function unwire(node) {
  node.classList.remove("actable", "hint");
  node.removeAttribute("tabindex");
  node.removeAttribute("role");
  node.removeAttribute("aria-label");
  node.onclick = null;
  node.onkeydown = null;
}

/** The actions one drawn thing stands for, to pick from, beside it. */
let chooserOwner = null; // the drawn thing whose chooser is open

function openChooser(node, choices) {
  closeChooser();
  chooserOwner = node;
  const heading = node.querySelector("title")?.textContent || "Choose";
  const box = el("div", { id: "chooser", class: "chooser", role: "dialog", "aria-label": heading },
    el("div", { class: "chooser-head" }, heading),
    ...choices.map((c, i) => el("button", { type: "button", title: fill(c.name), dataset: { action: String(c.id) }, onclick: () => { closeChooser(); act(c.id); }, ...keyAttributes(i + 1) },
      numbered(el, i + 1, fill(c.name)))),
    el("button", { type: "button", class: "secondary", onclick: () => closeChooser(true) }, "Cancel"));
  document.body.appendChild(box);
  placeChooser();
  box.querySelector("button")?.focus({ preventScroll: true });
}

/** Put the chooser just under the thing it is for, within the window's width. */
function placeChooser() {
  const box = document.getElementById("chooser");
  if (!box || !chooserOwner) return;
  if (!chooserOwner.isConnected) {
    closeChooser();
    return;
  }
  const where = chooserOwner.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  box.style.width = `${width}px`;
  box.style.left = `${Math.max(8, Math.min(where.left + window.scrollX, window.scrollX + window.innerWidth - width - 8))}px`;
  box.style.top = `${where.bottom + window.scrollY + 4}px`;
}

/** Close the chooser; `refocus`: give the focus back to the thing that opened it (Escape, Cancel). */
function closeChooser(refocus = false) {
  const box = document.getElementById("chooser");
  if (!box) return;
  box.remove();
  if (refocus && chooserOwner && chooserOwner.isConnected) chooserOwner.focus();
  chooserOwner = null;
}

/** An action's hover text: its name and what the drawing says of the thing it is played on (the drawn
 * thing's own hover text: the lot, the site, the square and the path to it). */
function whatItDoes(name) {
  const node = [...$("drawing").querySelectorAll("[data-act]")].find((n) => namesOf(n).includes(name));
  const about = node?.querySelector(":scope > title")?.textContent?.trim();
  return about ? `${fill(name)}\n${about}` : fill(name);
}

/** Show on the drawing where an action of the list is played (hovering or focusing its button). */
function hint(name, on) {
  for (const node of $("drawing").querySelectorAll("[data-act]")) {
    if (on && namesOf(node).includes(name)) node.classList.add("hint");
    else node.classList.remove("hint");
  }
}

function disableActions() {
  closeChooser();
  for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
  for (const node of $("drawing").querySelectorAll("[data-act]")) unwire(node);
}

function act(actionId, extra = {}) {
  if (badToken) return; // the page stopped (halt): its link opens nothing
  if (!state || pending) return;
  if (send({ type: "act", action: actionId, step: state.step, ...extra })) {
    pending = true;
    disableActions();
  } else {
    banner("offline", "Not connected: the move was not sent. Wait for the connection to come back.");
  }
}

/** Keep a state's log lines: those of a connection's first state replace the log, a later state's follow it. */
function takeLog(lines, first) {
  const fresh = Array.isArray(lines) ? lines : [];
  if (first) {
    logLines = fresh.slice(-LOG_LINES);
    return;
  }
  const last = logLines.length ? logLines[logLines.length - 1].step : 0;
  logLines = logLines.concat(fresh.filter((entry) => entry.step > last)).slice(-LOG_LINES);
}

/** A state's drawing as text: sent whole, or (once this connection holds one) as its lines, each a line
 * or the number of a line of the drawing this connection was last sent. */
function takeDrawing(svg, first) {
  if (first) heldLines = null;
  if (typeof svg === "string") {
    heldLines = svg.split("\n");
    return svg;
  }
  if (Array.isArray(svg) && heldLines) {
    const lines = svg.map((line) => (typeof line === "number" ? heldLines[line] : line));
    if (lines.every((line) => typeof line === "string")) {
      heldLines = lines;
      return lines.join("\n");
    }
  }
  heldLines = null;
  return null;
}

let shownLog = [];       // the log entries the page shows, in order (the entries of `logLines` they were)
let shownLogNames = null; // the seat names filled into them

/** One log entry as a list item. The move's number stays out of sight (no "step 107" for a player), kept
 * for tools and tests. */
function logItem(entry) {
  const by = entry.by;
  const marked = by === "timeout" || by === "host";
  return el("li", { class: marked ? `by-${by}` : null, dataset: { step: String(entry.step ?? "") } },
    fill(entry.line ?? ""),
    marked ? el("span", { class: `tag ${by}` }, by === "timeout" ? "timeout" : "by host's bot") : null);
}

/** The log shown as `log`: the lines it has kept are left as they are (a move adds a line or two to a
 * hundred), the lines it dropped are removed and the new ones added; it is drawn whole when the names in it
 * changed or the log was taken anew (a new connection, a move taken back). */
function renderLog(log) {
  const list = $("log");
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const lines = Array.isArray(log) ? log : [];
  const names = JSON.stringify([labels(), state?.seat ?? null]);
  if (!lines.length) {
    setChildren(list, el("li", { class: "muted" }, "Nothing has happened yet."));
    shownLog = [];
    return;
  }
  // takeLog keeps the entries it does not drop: the shown ones still in the log are a prefix of it.
  const kept = shownLog.length && names === shownLogNames ? lines.indexOf(shownLog[shownLog.length - 1]) + 1 : 0;
  const dropped = shownLog.length - kept;
  if (kept && dropped >= 0 && lines.slice(0, kept).every((entry, i) => entry === shownLog[dropped + i])) {
    for (let i = 0; i < dropped; i++) list.firstElementChild.remove();
    list.append(...lines.slice(kept).map(logItem));
  } else {
    setChildren(list, lines.map(logItem));
  }
  shownLog = lines.slice();
  shownLogNames = names;
  if (nearBottom || !list.dataset.scrolled) {
    list.scrollTop = list.scrollHeight;
    list.dataset.scrolled = "1";
  }
}

function renderOver(msg) {
  const box = $("over");
  if (!msg.over) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  setChildren($("result"), endedNote(msg) ?? resultTable(msg.result, labels(), msg.seat ?? null));
  let replay = msg.replay || serverPath(`/t/${encodeURIComponent(tableId)}/replay`);
  if (msg.seat !== null && msg.seat !== undefined && !/[?&]seat=/.test(replay)) {
    replay += `${replay.includes("?") ? "&" : "?"}seat=${msg.seat}`;
  }
  setChildren($("replay-link"), el("a", { class: "btn", href: replay }, "Replay this game step by step"),
    " ", el("a", { class: "btn secondary", href: serverPath("/") }, "Back to the lobby"));
}

// ---------------------------------------------------------------- keyboard and filter

document.addEventListener("keydown", (event) => {
  if (badToken) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  const chooser = document.getElementById("chooser");
  if (event.key === "Escape" && chooser) {
    closeChooser(true);
    return;
  }
  if (!/^[0-9]$/.test(event.key)) return;
  event.preventDefault();
  typeNumber(event.key, [...(chooser ?? $("actions")).querySelectorAll(chooser ? "button[data-action]" : "button")]);
});

// Numbers as in the terminal: "1" to "9" and "10" upwards. A number is played as soon as no further digit
// could make another action's number, else after a short pause (so "1" then "2" is the 12th action of 20).
const NUMBER_PAUSE_MS = 800;
let typed = "";
let typedTimer = null;

function typeNumber(digit, buttons) {
  clearTimeout(typedTimer);
  if (Number(typed + digit) > buttons.length) typed = "";  // no such action: this digit starts a new number
  typed += digit;
  const number = Number(typed);
  showTyped(number >= 1 ? typed : "");
  const play = () => {
    typed = "";
    showTyped("");
    const button = buttons[number - 1];
    if (button && button.isConnected && !button.disabled) button.click();
  };
  if (number < 1) typed = "";
  else if (number * 10 > buttons.length) play();
  else typedTimer = setTimeout(play, NUMBER_PAUSE_MS);
}

function showTyped(digits) {
  $("typed").textContent = digits ? `Number ${digits}…` : "";
}

document.addEventListener("click", (event) => {
  const chooser = document.getElementById("chooser");
  if (chooser && !chooser.contains(event.target)) closeChooser();
});

$("filter").addEventListener("input", () => { if (state) renderActions(state); });
$("filter").addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    const first = $("actions").querySelector("button:not(:disabled)");
    if (first) {
      event.preventDefault();
      first.click();
    }
  }
});

// ---------------------------------------------------------------- start

$("change-name").addEventListener("click", () => { if (state) askName(state, sendName); });
// Another link of the same table pasted into this tab (a new link from the host) changes only the fragment,
// which loads nothing: the page starts again with it.
window.addEventListener("hashchange", () => location.reload());

if (!tableId) {
  halt("No such table", "This address names no table. Go to the lobby to find or start one.");
} else if (fragment.has("seat") && !TOKEN_SHAPE.test(fragment.get("seat") || "")) {
  // An empty or cut-off link must not quietly open the table as a spectator.
  halt("This seat was not recognised", "The link's seat part is empty or cut off, so it opens no seat. Copy the whole link again from where it was sent to you, or ask the table's host (who created it) for a new link.");
} else if (fragment.has("watch") && !TOKEN_SHAPE.test(fragment.get("watch") || "")) {
  halt("This spectator link was not recognised", "The link is empty or cut off. Copy the whole link again, or ask the table's host for it.");
} else {
  startInGame({ act, send, tableId, token: () => token });
  connect();
}
