// Turn mails on the table page: "E-mail me when it's my turn" for the seat this page plays. The form shows
// only when the server sends mails: it says so in a `mail` message to this seat's own connections alone,
// with the address they go to (no other seat, no spectator ever sees it).
import { el, setChildren } from "./common.js";

const MAIL_CODES = new Set(["bad_address", "no_mail"]);
let send = () => false;
let current = null;   // the last `mail` message: {available, seat, email}
let waiting = false;  // an address was sent and no answer came yet
let over = false;     // the game is over: no turn is left to mail about

/** Give the module the page's way to send a message on its socket. */
export function setupMail(sendMessage) {
  send = sendMessage;
}

/** The server told this seat's page whether mails are offered and where they go. */
export function onMail(msg) {
  current = msg;
  waiting = false;
  render();
}

/** Each state: once the game is over the form goes (no turn is left to mail about). */
export function mailState(msg) {
  if (Boolean(msg.over) === over) return;
  over = Boolean(msg.over);
  render();
}

/** An error the server answered to an address sent from here: shown in the form. True if it was one. */
export function mailRefused(msg) {
  if (!MAIL_CODES.has(String(msg.code))) return false;
  waiting = false;
  const box = document.getElementById("mail-error");
  if (!box) return false;
  box.textContent = String(msg.error ?? "The address was refused.");
  box.classList.remove("hidden");
  const button = document.getElementById("mail-send");
  if (button) button.disabled = false;
  return true;
}

function ask(email) {
  const box = document.getElementById("mail-error");
  box.classList.add("hidden");
  if (!send({ type: "mail", email })) {
    box.textContent = "Not connected: try again once the page is back.";
    box.classList.remove("hidden");
    return false;
  }
  waiting = true;
  return true;
}

function render() {
  const panel = document.getElementById("mail-panel");
  if (!panel) return;
  if (!current || !current.available || over) {
    panel.classList.add("hidden");
    return;
  }
  panel.classList.remove("hidden");
  const error = el("div", { id: "mail-error", class: "form-error hidden", role: "alert" });
  if (current.email) {
    setChildren(document.getElementById("mail-body"),
      el("p", {}, "A mail goes to ", el("strong", { class: "mail-address" }, String(current.email)),
        " when your turn comes and this table is open on none of your devices (one a turn)."),
      el("button", {
        type: "button", id: "mail-send", class: "small secondary",
        onclick: (e) => { if (ask(null)) e.currentTarget.disabled = true; },
      }, "Stop the mails"),
      error);
    return;
  }
  const input = el("input", {
    id: "mail-address", type: "email", autocomplete: "email", maxlength: "254", required: true,
    placeholder: "name@example.org",
  });
  const button = el("button", { type: "submit", id: "mail-send", class: "small" }, "E-mail me");
  const form = el("form", {
    class: "field inline",
    onsubmit: (e) => {
      e.preventDefault();
      if (ask(input.value)) button.disabled = true;
    },
  }, el("label", { for: "mail-address" }, "E-mail me when it's my turn"), input, button);
  setChildren(document.getElementById("mail-body"), form,
    el("p", { class: "muted small-text" },
      "Only the server sees your address, never the other players. Every mail has a link that stops them."),
    error);
}
