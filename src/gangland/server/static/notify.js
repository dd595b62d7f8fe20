// Knowing it is your turn when the page is not in front: a short sound (Web Audio, no file; can be turned
// off), a mark in the title ("● Your turn · Game"), and a browser notification once the person allowed them
// (asked only when they press "Notify me when it's my turn", never on load; a refusal is remembered).
import { el, setChildren } from "./common.js";

const SOUND_KEY = "gangland.sound";      // "off" turns the sound off
const ASK_KEY = "gangland.notify";       // "no": the person refused notifications (not asked again)

let audio = null;                        // the AudioContext, made at the first touch or key (browsers allow sound only after one)

function unlockAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch {
    audio = null;
  }
}
for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, unlockAudio, { capture: true, passive: true });

/** Two short notes, quiet; nothing when sound is off or the browser has not allowed sound yet. */
export function beep() {
  if (localStorage.getItem(SOUND_KEY) === "off" || !audio) return false;
  try {
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.01;
    for (const [i, frequency] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      const at = start + i * 0.16;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.15);
    }
    return true;
  } catch {
    return false;
  }
}

/** The page is not in front: hidden (another tab, minimised) or without the focus (another window). */
function away() {
  return document.hidden || !document.hasFocus();
}

function notificationsAllowed() {
  return "Notification" in window && Notification.permission === "granted";
}

/**
 * The turn notices of the table page: `controls` is an element of the status bar for the buttons. Call
 * update(state, gameName) with each state message; it sets the page's title.
 */
export function createNotifier(controls) {
  let wasTurn = null;     // the last state's your_turn (null: no state yet; the first one alerts nobody)
  let marked = false;     // the title's mark: a turn came while the page was not in front
  let title = "Gangland";
  let playing = false;    // this page plays a seat (a spectator has no turn)
  let shown = null;       // the notification shown for the present turn

  const soundButton = el("button", { type: "button", class: "small secondary", onclick: () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    renderControls();
  } });
  const askButton = el("button", { type: "button", class: "small secondary", onclick: async () => {
    try {
      const answer = await Notification.requestPermission();
      if (answer !== "granted") localStorage.setItem(ASK_KEY, "no");
    } catch {
      localStorage.setItem(ASK_KEY, "no");
    }
    renderControls();
  } }, "Notify me when it's my turn");

  function soundOn() { return localStorage.getItem(SOUND_KEY) !== "off"; }

  function renderControls() {
    soundButton.textContent = soundOn() ? "Sound on" : "Sound off";
    soundButton.setAttribute("aria-pressed", String(soundOn()));
    soundButton.title = soundOn() ? "A short sound when your turn comes while the page is not in front; click to turn it off" : "Click to hear a short sound when your turn comes";
    const canAsk = "Notification" in window && Notification.permission === "default" && localStorage.getItem(ASK_KEY) !== "no";
    setChildren(controls, playing ? [soundButton, canAsk ? askButton : null] : []);
  }

  function showTitle(yourTurn) {
    document.title = yourTurn ? `${marked ? "● " : ""}Your turn · ${title}` : title;
  }

  function seenAgain() {
    if (away()) return;
    marked = false;
    if (shown) shown.close();
    shown = null;
    showTitle(Boolean(wasTurn));
  }
  document.addEventListener("visibilitychange", seenAgain);
  window.addEventListener("focus", seenAgain);

  function announce(gameName) {
    marked = true;
    beep();
    if (!notificationsAllowed()) return;
    try {
      shown = new Notification("Your turn", { body: `${gameName}: it is your turn to play.`, tag: `gangland-turn-${location.pathname}` });
      shown.onclick = () => {
        window.focus();
        shown?.close();
      };
    } catch {
      shown = null; // a browser that shows notifications only from a service worker: the title and sound say it
    }
  }

  renderControls();
  return {
    update(state, gameName) {
      title = `${gameName} · Gangland`;
      const seated = typeof state.seat === "number";
      if (seated !== playing) {
        playing = seated;
        renderControls();
      }
      const yourTurn = Boolean(state.your_turn && !state.over);
      if (yourTurn && wasTurn === false && away()) announce(gameName);
      if (!yourTurn) {
        marked = false;
        if (shown) shown.close();
        shown = null;
      }
      wasTurn = yourTurn;
      showTitle(yourTurn);
    },
  };
}
