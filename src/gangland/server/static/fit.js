// A page that fits (issue 31): which layout the table is drawn in, and labels that read cleanly.
//
// Below NARROW_BELOW px the server draws the table for a narrow screen ("narrow": its panels stacked, the
// seat's own first after the shared board, every thing to touch 44 px or more); from it up, "wide". The
// page says which in its hello and want messages, and again when a resize crosses the line (a phone
// turned), so that the server sends the drawing in the other layout at once. docs/server.md, "The drawn
// table", says why the server draws both.

export const NARROW_BELOW = 700;

/** The layout the table is drawn in for this window's width now. */
export function layoutNow() {
  return window.innerWidth < NARROW_BELOW ? "narrow" : "wide";
}

/** Call `changed(layout)` whenever the window's width crosses NARROW_BELOW. */
export function watchLayout(changed) {
  let last = layoutNow();
  window.addEventListener("resize", () => {
    const now = layoutNow();
    if (now !== last) {
      last = now;
      changed(now);
    }
  });
}

/** A button's content with its number: the number in a box of its own, then a space (so that the text
 * copied reads "1 stop at B6", not "1stop at B6"), then the name. The number is hidden from screen readers,
 * which get it as the button's key shortcut instead (`keyAttributes`): the name read is the action's. */
export function numbered(el, number, name) {
  return [el("span", { class: "key", "aria-hidden": "true" }, String(number)), " ", el("span", { class: "name" }, name)];
}

/** The attributes that give a numbered button its key (1 to 9; "1 2" for 12, typed one digit at a time). */
export function keyAttributes(number) {
  return { "aria-keyshortcuts": String(number).split("").join(" ") };
}

/** A seat of the seat list as parts that read cleanly, each apart from the next for the eye, for screen
 * readers and for copy and paste: its name (the seat's `label`, its person's name or "Seat N" from 1),
 * "(you)", what plays it (a person, or a bot and its level), then its tags, each after a comma that only
 * screen readers and a copy see (the tags show as pills). */
export function seatParts(el, seat, mine, toAct) {
  const name = seat.label ? String(seat.label) : `Seat ${Number(seat.seat) + 1}`;
  const bot = seat.kind === "bot";
  const level = seat.level ? String(seat.level) : seat.bot ? String(seat.bot) : "";
  // A bot's name says its level already ("Vinnie (Easy bot)"): then nothing more; the exact agent is in
  // the hover text.
  const said = bot && level && name.includes(`${level} bot`);
  const what = bot ? (level ? `bot, ${level}` : "bot") : "person";
  const detail = bot && seat.bot_detail ? String(seat.bot_detail) : null;
  const parts = [el("span", { class: "seat-label", title: detail }, name), mine ? " (you)" : "",
    said ? null : el("span", { class: "seat-kind muted", title: detail }, ` · ${what}`)];
  const tags = [];
  if (!bot && !seat.joined) tags.push(["tag", "not joined"]);
  if (seat.away) tags.push(["tag", `away: a bot plays${seat.away_level ? ` (${seat.away_level})` : ""}`]);
  if (toAct) tags.push(["tag turn", "to act"]);
  for (const [cls, words] of tags) parts.push(el("span", { class: "offscreen" }, ", "), el("span", { class: cls }, words));
  return parts;
}
