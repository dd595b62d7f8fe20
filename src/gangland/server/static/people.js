// Who is at the table: the seats with their names, your name, your seat's own link (to play from another
// device), the host's seat controls, and the page that stops on a link that opens nothing.
import {
  api, el, setChildren, hostTokenFor, saveSeat, seatLink, copyField, loadName, saveName, MAX_NAME, valueLabel,
  optionLabel, serverPath,
} from "./common.js";

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the seats

/** The list of seats: each one's name, what it is (a person, a bot and its level), whether it is here. */
export function renderSeats(msg, tableId) {
  const seats = Array.isArray(msg.seats) ? msg.seats : [];
  const hostToken = hostTokenFor(msg.table_id ?? tableId);
  setChildren($("seats"), seats.map((s) => {
    const isPerson = s.kind === "person";
    const toAct = msg.to_act === s.seat && !msg.over;
    const presence = isPerson ? (s.connected ? "here" : (s.joined ? "away" : "not arrived yet")) : "bot";
    const parts = [
      el("span", {
        class: `dot${s.connected ? " on" : ""}${isPerson ? "" : " none"}`,
        title: presence, role: "img", "aria-label": presence,
      }),
      el("span", { class: `seat-letter s${Number(s.seat) % 5}`, "aria-hidden": "true" }, String(Number(s.seat) + 1)),
      el("span", { class: "seat-name" },
        el("span", { class: "name" }, s.label || `Seat ${Number(s.seat) + 1}`),
        s.seat === msg.seat ? el("span", { class: "you" }, " (you)") : null),
      el("span", { class: "seat-tags" }, seatTags(s, msg, toAct)),
    ];
    if (msg.thinking === s.seat) parts.push(el("span", { class: "thinking" }, "thinking…"));
    const li = el("li", { class: toAct ? "to-act" : null }, parts);
    if (s.kind === "bot" && s.bot_detail) li.appendChild(el("details", { class: "bot-detail" },
      el("summary", {}, "which bot?"), el("p", { class: "small-text" }, s.bot_detail)));
    if (hostToken && isPerson && !msg.over) {
      li.appendChild(hostControls(s, tableId, s.seat === msg.seat, standIns(msg)));
    }
    return li;
  }));
}

/** The bots a host may hand an away person's seat to, each `{bot, level}`: the game's ranked levels,
 * weakest first, then the random bot, as the server lists them (`game.stand_ins`, server/people.py). */
function standIns(msg) {
  const listed = Array.isArray(msg.game?.stand_ins) ? msg.game.stand_ins : [];
  return listed.filter((c) => typeof c?.bot === "string" && typeof c?.level === "string");
}

/** A seat's short facts, each its own tag (so that they read apart, also to a screen reader). */
function seatTags(s, msg, toAct) {
  const tags = [];
  // Each tag after an unseen ", ": read aloud or copied, the seat's facts come apart ("Anna, invited").
  const tag = (text, kind = "") => tags.push(el("span", { class: "offscreen" }, ", "),
    el("span", { class: `tag ${kind}`.trim() }, text));
  const level = `${s.level ?? "Other"} bot`;
  if (s.kind === "bot" && !String(s.label ?? "").includes(level)) tag(level, "bot"); // said once, not twice
  else if (!s.joined) tag(s.open ? "open seat" : "invited");
  if (s.away) tag(`away: ${s.away_level ? `${s.away_level} bot` : "a bot"} plays`, "away");
  if (s.muted) tag("muted");
  if (toAct) tag(s.seat === msg.seat ? "your turn" : "to act", "turn");
  return tags;
}

/** The host's controls of a person's seat: a bot to play for them while they are away, and a new link. A
 * seat whose page is open (and whose move clock did not run out) is its person's: the server refuses to hand
 * it to a bot, so the page says so instead of offering it; one that has just left may be refused too, and
 * the refusal says how long to wait (docs/server.md, "The host's bot ..."). The host's `own` seat is handed
 * whenever they ask. */
function hostControls(s, tableId, own, choices) {
  const box = el("div", { class: "host-controls" });
  const seatText = `seat ${Number(s.seat) + 1}`;
  if (s.away) {
    box.appendChild(el("button", {
      type: "button", class: "small secondary", "aria-label": `Take ${seatText} back from the bot`,
      onclick: (e) => setController(tableId, s.seat, null, e.currentTarget),
    }, "Take back from the bot"));
  } else if (s.connected && !s.timed_out && !own) {
    box.appendChild(el("span", { class: "small-text muted host-note" },
      "Here now: a bot can play this seat once they have been away a while, or their move clock ran out."));
  } else {
    const select = el("select", { "aria-label": `Bot to play ${seatText}` },
      choices.map(({ bot, level }) => el("option", { value: bot }, `${level} bot`)));
    box.appendChild(select);
    box.appendChild(el("button", {
      type: "button", class: "small secondary", "aria-label": `Hand ${seatText} to the chosen bot`,
      onclick: (e) => setController(tableId, s.seat, select.value, e.currentTarget, own),
    }, "Hand to bot"));
  }
  box.appendChild(el("button", {
    type: "button", class: "small secondary", "aria-label": `Make a new link for ${seatText}`,
    onclick: (e) => newLink(tableId, s, e.currentTarget),
  }, "New link"));
  return box;
}

async function setController(tableId, seat, bot, button, own = false) {
  hostError("");
  button.disabled = true;
  // The host's own seat goes to a bot whenever they ask: its token (the page's link) shows it is theirs.
  const seatToken = own ? new URLSearchParams(location.hash.slice(1)).get("seat") : null;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/controller`, {
      method: "POST", body: { host_token: hostTokenFor(tableId), bot, ...(seatToken ? { seat_token: seatToken } : {}) },
    });
  } catch (err) {
    hostError(err.message);
    button.disabled = false;
  }
}

async function newLink(tableId, s, button) {
  const who = s.label || `Seat ${Number(s.seat) + 1}`;
  if (!window.confirm(`Make a new link for ${who}? Their present link stops working at once.`)) return;
  hostError("");
  button.disabled = true;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${s.seat}/link`, {
      method: "POST", body: { host_token: hostTokenFor(tableId) },
    });
    const token = new URLSearchParams(String(answer.link).split("#")[1] || "").get("seat");
    if (token) saveSeat({ table_id: tableId, seat: s.seat, token, game: null, own: false });
    setChildren($("new-link"), el("p", {}, `A new link for ${who}: send it to them. Their old link no longer works.`),
      copyField(`New link for ${who}`, answer.link));
    $("new-link").classList.remove("hidden");
  } catch (err) {
    hostError(err.message);
  } finally {
    button.disabled = false;
  }
}

function hostError(text) {
  const box = $("host-error");
  box.textContent = text;
  box.classList.toggle("hidden", !text);
}

// ---------------------------------------------------------------- your name

let nameOpen = false;   // the name form is shown (asked, or the person chose to change their name)

/** Ask a seat's person their name when the seat has none (once they give it, the form goes); a spectator
 * may give one for the chat. `send(name)` tells the server. */
export function renderName(msg, send) {
  const box = $("name-box");
  const mine = msg.seat === null || msg.seat === undefined ? null
    : (Array.isArray(msg.seats) ? msg.seats.find((s) => s.seat === msg.seat) : null);
  const needed = mine && !mine.name;
  if (!needed && !nameOpen) {
    box.classList.add("hidden");
    return;
  }
  if (!box.classList.contains("hidden")) return; // shown already: keep what the person is typing
  const input = el("input", {
    id: "name-input", type: "text", maxlength: String(MAX_NAME), autocomplete: "nickname", required: true,
    "aria-describedby": "name-doc",
  });
  input.value = mine?.name || loadName() || "";
  const error = el("span", { class: "form-error-inline", role: "alert" });
  const form = el("form", {
    class: "name-form",
    onsubmit: (event) => {
      event.preventDefault();
      const name = input.value.trim().replace(/\s+/g, " ");
      if (!name) {
        error.textContent = "Type a name first.";
        return;
      }
      saveName(name);
      send(name);
      nameOpen = false;
      box.classList.add("hidden");
    },
  },
  el("label", { for: "name-input" }, needed ? "Your name at this table" : "Change your name"),
  el("div", { class: "copy-row" }, input, el("button", { type: "submit", class: "btn small" }, "Save"),
    needed ? null : el("button", { type: "button", class: "small secondary", onclick: () => { nameOpen = false; box.classList.add("hidden"); } }, "Cancel")),
  el("span", { id: "name-doc", class: "doc" }, `The others see it beside your seat, in the log and in the chat (at most ${MAX_NAME} characters).`),
  error);
  setChildren(box, form);
  box.classList.remove("hidden");
  if (!needed || !input.value) input.focus({ preventScroll: true });
}

/** Show the name form to change one's name. */
export function askName(msg, send) {
  nameOpen = true;
  $("name-box").classList.add("hidden");
  renderName(msg, send);
}

// ---------------------------------------------------------------- your link

let linkShownFor = null; // the token whose link and QR code are drawn

/** "Play from another device": the seat's own link, to copy, and as a QR code to open it on a phone. */
export async function renderMyLink(msg, tableId, token, fresh) {
  const box = $("my-link");
  if (msg.seat === null || msg.seat === undefined || !token) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  if (fresh) box.open = true; // the invitation was just spent: this is the link from now on
  if (linkShownFor === token) return;
  linkShownFor = token;
  const link = seatLink(tableId, token);
  const image = el("img", { class: "qr", alt: "QR code of your seat's link", width: "180", height: "180" });
  setChildren($("my-link-body"),
    el("p", { class: "small-text" }, "This is your seat's own link: open it on your phone or another computer to play from there too. Keep it to yourself: whoever has it plays your seat."),
    copyField("Your seat's link", link), image);
  try {
    const answer = await api("/api/qr", { method: "POST", body: { text: new URL(link, location.origin).href } });
    if (linkShownFor === token && typeof answer?.image === "string" && answer.image.startsWith("data:image/svg+xml")) {
      image.src = answer.image;
    }
  } catch {
    image.replaceWith(el("p", { class: "muted small-text" }, "The QR code could not be made; copy the link instead."));
  }
}

// ---------------------------------------------------------------- the table's rules

const HOUSE_RULES = { undo: "moves may be taken back", hint: "hints allowed", spectator_chat: "spectators may chat" };
let rulesShownFor = null;

/** Under the status line, once: the table's rule options that differ from the game's defaults, in plain
 * words, with the rules decisions behind a link, and the house rules the host turned on. */
export async function renderTableRules(tableId, gameId) {
  if (!gameId || rulesShownFor === tableId) return;
  rulesShownFor = tableId;
  const box = document.getElementById("table-rules");
  try {
    const [summary, games] = await Promise.all([api(`/api/tables/${encodeURIComponent(tableId)}`), api("/api/games")]);
    const game = (Array.isArray(games) ? games : []).find((g) => g.id === gameId);
    const options = game && Array.isArray(game.options) ? game.options : [];
    const chosen = options.filter((o) => JSON.stringify(summary?.options?.[o.name]) !== JSON.stringify(o.default))
      .map((o) => `${optionLabel(o.name)}: ${valueLabel(summary.options[o.name])}`);
    const house = Object.entries(summary?.settings ?? {}).filter(([, on]) => on).map(([k]) => HOUSE_RULES[k] ?? k);
    const parts = [...chosen, ...house];
    if (!box || !parts.length) return;
    setChildren(box, `This table: ${parts.join(" · ")} (`, el("a", {
      href: serverPath(`/rules/${encodeURIComponent(gameId)}/decisions`), target: "_blank", rel: "noopener",
    }, "why these rules"), ")");
    box.classList.remove("hidden");
  } catch {
    rulesShownFor = null; // looked at again with the next state
  }
}

// ---------------------------------------------------------------- a link that opens nothing

/** Replace the page with what happened and what to do, and stop (no reconnecting, no empty controls). */
export function stopPage(title, text) {
  document.title = `${title} · Gangland`;
  setChildren(document.querySelector("main"),
    el("section", { class: "panel notice", role: "alert" },
      el("h1", {}, title), el("p", {}, text),
      el("p", {}, el("a", { class: "btn secondary", href: serverPath("/") }, "Go to the lobby"))));
}
