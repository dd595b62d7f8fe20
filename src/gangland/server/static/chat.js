// The table's chat beside the log: lines from the people at the table and notes of the table's own, shown as
// text only (never markup); an input with Send, one-tap messages for phones, an unread count while the chat is
// out of sight, and (for the host) muting a seat. The server keeps the rules (docs/server.md, "Chat").
import { api, el, setChildren, hostTokenFor, loadName, saveName } from "./common.js";

const QUICK = ["Good game", "Your turn", "One moment", "Thanks"];
const MAX_CHAT = 500;     // the server's chat.MAX_CHAT
const KEEP = 200;         // lines the page keeps

/** The list items of chat lines (`mySeat`: the viewer's own seat, marked "(you)"), for the table and the replay. */
export function chatItems(lines, mySeat = null) {
  return lines.filter((line) => line && typeof line === "object").map((line) => {
    if (line.kind === "note") return el("li", { class: "chat-note" }, String(line.text ?? ""));
    const seat = typeof line.seat === "number" ? line.seat : null;
    return el("li", { class: `chat-line${seat !== null && seat === mySeat ? " mine" : ""}` },
      seat === null
        ? el("span", { class: "seat-letter spectator", "aria-hidden": "true" }, "·")
        : el("span", { class: `seat-letter s${seat % 5}`, "aria-hidden": "true" }, String(seat + 1)),
      el("span", { class: "chat-name" }, String(line.name ?? ""), seat !== null && seat === mySeat ? " (you)" : "",
        seat === null ? el("span", { class: "tag" }, "spectator") : null, ":"),
      " ",
      el("span", { class: "chat-text" }, String(line.text ?? "")));
  });
}

/** Fill `list` with `lines` and keep its end in view when it was there. */
export function showLines(list, lines, mySeat = null, empty = "Nobody has written yet.") {
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  if (!lines.length) setChildren(list, el("li", { class: "muted" }, empty));
  else setChildren(list, chatItems(lines, mySeat));
  if (atEnd || !list.dataset.scrolled) {
    list.scrollTop = list.scrollHeight;
    list.dataset.scrolled = "1";
  }
}

/**
 * The chat of the table page in `root` (an empty section). `send(message)` sends on the table's socket and
 * says whether it went; `tableId` names the table for the host's mute. Returns the hooks table.js calls:
 * take(msg) for a chat message, refused(msg) for an error (true if it was the chat's), state(msg) for each
 * state, and offline() when the socket closed.
 */
export function createChat(root, { send, tableId }) {
  const heading = el("h2", { id: "chat-h" }, "Chat");
  const unreadBadge = el("span", { class: "unread hidden", "aria-live": "polite" });
  const list = el("ol", { id: "chat-lines", class: "chat-lines", tabindex: "0", "aria-label": "The table's chat, newest at the bottom" });
  const input = el("input", { id: "chat-input", type: "text", maxlength: String(MAX_CHAT), autocomplete: "off", placeholder: "Write to the table", enterkeyhint: "send" });
  const nameInput = el("input", { id: "chat-name", type: "text", maxlength: "24", autocomplete: "nickname", placeholder: "Your name", class: "chat-name-input" });
  const nameRow = el("div", { class: "chat-name-row hidden" }, el("label", { for: "chat-name" }, "Name"), nameInput);
  const sendButton = el("button", { type: "submit" }, "Send");
  const form = el("form", { class: "chat-form", "aria-label": "Write in the chat" },
    el("label", { for: "chat-input", class: "offscreen" }, "Write to the table"), input, sendButton);
  const quick = el("div", { class: "chat-quick", role: "group", "aria-label": "One-tap messages" },
    QUICK.map((text) => el("button", { type: "button", class: "small secondary", onclick: () => say(text) }, text)));
  const why = el("p", { class: "chat-why muted small-text hidden", role: "status" });
  const problem = el("p", { class: "chat-problem form-error hidden", role: "alert" });
  const muting = el("div", { class: "chat-mute hidden" });
  setChildren(root, el("div", { class: "chat-head" }, heading, unreadBadge), list, nameRow, form, quick, why, problem, muting);
  root.setAttribute("aria-labelledby", "chat-h");

  let lines = [];
  let state = null;
  let spectatorsWrite = false;
  let online = false;
  let unread = 0;
  let inView = true;
  let lastSent = "";
  nameInput.value = loadName() || "";

  // Unread: lines that came while the chat was out of sight (scrolled away, or the page hidden).
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      inView = entries.some((e) => e.isIntersecting);
      if (seen()) markRead();
    }).observe(list);
  }
  document.addEventListener("visibilitychange", () => { if (seen()) markRead(); });
  function seen() { return inView && !document.hidden; }
  function markRead() {
    unread = 0;
    unreadBadge.textContent = "";
    unreadBadge.classList.add("hidden");
  }

  function mySeat() { return state && typeof state.seat === "number" ? state.seat : null; }

  /** Whether this page may write now, and if not, why. */
  function whyNot() {
    if (!online) return "Not connected: the chat comes back with the connection.";
    const seat = mySeat();
    if (seat === null) return spectatorsWrite ? "" : "Spectators may read the chat; the host did not let them write.";
    const facts = Array.isArray(state.seats) ? state.seats.find((s) => s.seat === seat) : null;
    return facts && facts.muted ? "The host muted your seat: you may read the chat but not write." : "";
  }

  function renderAbility() {
    const reason = whyNot();
    for (const control of [input, sendButton, ...quick.querySelectorAll("button")]) control.disabled = Boolean(reason);
    why.textContent = reason;
    why.classList.toggle("hidden", !reason);
    nameRow.classList.toggle("hidden", mySeat() !== null || !spectatorsWrite);
  }

  function say(text) {
    problem.classList.add("hidden");
    const message = { type: "chat", text };
    if (mySeat() === null && nameInput.value.trim()) {
      message.name = nameInput.value;
      saveName(nameInput.value);
    }
    if (!send(message)) {
      showProblem("Not connected: the line was not sent.");
      return false;
    }
    lastSent = text;
    return true;
  }

  function showProblem(text) {
    problem.textContent = text;
    problem.classList.remove("hidden");
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value;
    if (!text.trim()) return;
    if (say(text)) input.value = "";
  });

  function renderMuting() {
    const host = hostTokenFor(tableId);
    const people = state && Array.isArray(state.seats) ? state.seats.filter((s) => s.kind === "person" && s.seat !== mySeat()) : [];
    if (!host || !people.length) {
      muting.classList.add("hidden");
      return;
    }
    muting.classList.remove("hidden");
    setChildren(muting, el("span", { class: "muted small-text" }, "Host: "), people.map((s) => el("button", {
      type: "button",
      class: "small secondary",
      "aria-pressed": String(Boolean(s.muted)),
      onclick: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        try {
          await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${s.seat}/mute`, { method: "POST", body: { host_token: host, muted: !s.muted } });
        } catch (err) {
          showProblem(err.message);
        } finally {
          button.disabled = false;
        }
      },
    }, `${s.muted ? "Unmute" : "Mute"} ${s.label || `Seat ${s.seat + 1}`}`)));
  }

  return {
    take(msg) {
      const fresh = Array.isArray(msg.lines) ? msg.lines : [];
      if (msg.history) {
        lines = fresh.slice(-KEEP);
        if (typeof msg.spectators_write === "boolean") spectatorsWrite = msg.spectators_write;
      } else {
        const last = lines.length ? lines[lines.length - 1].number : 0;
        const added = fresh.filter((line) => line.number > last);
        lines = lines.concat(added).slice(-KEEP);
        const others = added.filter((line) => line.kind === "note" || mySeat() === null || line.seat !== mySeat());
        if (!seen() && others.length) {
          unread += others.length;
          unreadBadge.textContent = `${unread} new`;
          unreadBadge.classList.remove("hidden");
        }
      }
      showLines(list, lines, mySeat());
      renderAbility();
    },
    refused(msg) {
      if (!String(msg.code ?? "").startsWith("chat_")) return false;
      showProblem(String(msg.error ?? "The chat refused that line."));
      if (!input.value && lastSent && !QUICK.includes(lastSent)) input.value = lastSent; // to mend and send again
      return true;
    },
    state(msg) {
      const before = mySeat();
      state = msg;
      if (mySeat() !== before) showLines(list, lines, mySeat()); // "(you)" once the seat is known
      online = true;
      renderAbility();
      renderMuting();
    },
    offline() {
      online = false;
      renderAbility();
    },
  };
}
