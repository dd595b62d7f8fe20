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

