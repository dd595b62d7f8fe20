// A game the host ends before its end: the host's "End this game" button (asked twice), and what the page
// says of an ended game in place of a result (it has none, and is never rated).
import { api, el, setChildren, hostTokenFor } from "./common.js";

let confirming = false;
let shown = null;  // what the box shows now, so that a state that changes nothing keeps the focus in it

/** The host's button to end the game, under the seats (nothing for anyone else, or once it is over). */
export function renderEnding(msg, tableId) {
  const box = document.getElementById("host-end");
  if (!box) return;
  const want = hostTokenFor(tableId) && !msg.over ? (confirming ? "confirm" : "button") : "none";
  if (want === shown) return;
  shown = want;
  if (want === "none") {
    setChildren(box);
    return;
  }
  if (want === "button") {
    setChildren(box, el("button", {
      type: "button", class: "small secondary",
      onclick: () => { confirming = true; renderEnding(msg, tableId); document.getElementById("end-yes")?.focus(); },
    }, "End this game…"));
    return;
  }
  const error = el("div", { class: "form-error hidden", role: "alert" });
  setChildren(box,
    el("p", {}, "End the game for everyone now? It stops where it is, with no result, and is never rated."),
    el("button", {
      type: "button", id: "end-yes", class: "small",
      onclick: async (e) => {
        const button = e.currentTarget;
        button.disabled = true;
        try {
          await api(`/api/tables/${encodeURIComponent(tableId)}/end`, {
            method: "POST", body: { host_token: hostTokenFor(tableId) },
          });
        } catch (err) {
          error.textContent = err.message;
          error.classList.remove("hidden");
          button.disabled = false;
        }
      },
    }, "Yes, end it"),
    " ",
    el("button", {
      type: "button", class: "small secondary",
      onclick: () => { confirming = false; renderEnding(msg, tableId); },
    }, "No, play on"),
    error);
}

/** What a game the host ended shows in place of its result (null for a game that ended by its rules). */
export function endedNote(msg) {
  if (msg.ended !== "abandoned") return null;
  return el("p", { class: "ended-note" },
    el("strong", {}, "The host ended this game"), " before its end: it has no result and is not rated.");
}
