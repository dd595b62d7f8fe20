// The lobby's socket (/ws/lobby): the server pushes whose turn it is at the seats this browser holds, right
// after each move, so "Your tables" follows within moments rather than on the lobby's poll.
import { loadSeats, socketAddress } from "./common.js";

const PING_MS = 25000;

/**
 * Watch this browser's seats: `onSeats(stored, answer)` gets the stored seats and, for each, what
 * POST /api/my-seats would answer, at once and after every change of turn. Returns { live() (true while
 * the socket is open: no need to poll), rewatch() (the stored seats changed) }.
 */
export function watchMySeats(onSeats) {
  let socket = null;
  let watched = [];
  let attempt = 0;
  let pingTimer = null;

  function watch() {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    watched = loadSeats().slice(-200);
    socket.send(JSON.stringify({ type: "watch", tokens: watched.map((s) => s.token) }));
  }

  function connect() {
    let ws;
    try {
      ws = new WebSocket(socketAddress("/ws/lobby"));
    } catch {
      later();
      return;
    }
    socket = ws;
    ws.addEventListener("open", () => {
      attempt = 0;
      watch();
      clearInterval(pingTimer);
      pingTimer = setInterval(() => { if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}'); }, PING_MS);
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg && msg.type === "my_seats" && Array.isArray(msg.seats) && msg.seats.length === watched.length) {
        onSeats(watched, msg.seats);
      }
    });
    ws.addEventListener("close", () => {
      if (socket !== ws) return;
      socket = null;
      clearInterval(pingTimer);
      later();
    });
  }

  function later() {
    attempt += 1;
    setTimeout(connect, Math.min(30, 2 ** attempt) * 1000);
  }

  // Another tab of this browser took or spent a seat link: watch what is stored now.
  window.addEventListener("storage", (event) => { if (event.key === null || event.key === "gangland.seats") watch(); });
  connect();
  return {
    live: () => Boolean(socket && socket.readyState === WebSocket.OPEN
      && watched.map((s) => s.token).join(" ") === loadSeats().slice(-200).map((s) => s.token).join(" ")),
    rewatch: watch,
  };
}
