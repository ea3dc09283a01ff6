// The table page: one seat's connection to a table (or a spectator's), rendered from the
// server's messages alone. The game area is drawn by the renderer the server names
// (js/games/<game>.js, or js/games/generic.js for a game without one); this file draws what every game shares: who sits where, whose turn it
// is, the public event log, scores, the end screen. No rule lives here: legal moves, reasons
// and results all come from the server.
import { theme, el, seatName } from "./common.js";

theme();
const params = new URLSearchParams(location.search);
const tableId = params.get("table");
const token = params.get("token");
const $ = (id) => document.getElementById(id);
let welcome = null;
let renderer = null;
let socket = null;
let last = null;
let retry = 0;
const reasons = new Map();  // move text -> why it is not legal now (asked of the server)
const waiting = new Map();  // move text -> callbacks waiting for the server's reason

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// What the renderers get: the update's facts, and ways to act.
function context(update) {
  return {
    root: $("game"),
    view: update.view,
    legal: update.legal,
    seat: update.seat,
    players: welcome.players,
    seats: welcome.seats,
    actors: update.actors,
    catalog: welcome.catalog || {},
    over: update.over,
    play(move) {
      $("error").textContent = "";
      send({ type: "move", move, turn: update.turn });
    },
    why(move) {
      if (reasons.has(move)) return Promise.resolve(reasons.get(move));
      return new Promise((resolve) => {
        if (!waiting.has(move)) { waiting.set(move, []); send({ type: "why", move }); }
        waiting.get(move).push(resolve);
      });
    },
  };
}

function showStatus(update) {
  const status = $("status");
  status.replaceChildren();
  const list = el("ul", { class: "seats", "aria-label": "Seats" });
  welcome.seats.forEach((kind, seat) => {
    const acting = update.actors.includes(seat);
    const label = seatName(seat, welcome) + (kind === "human" ? "" : ` (${kind})`);
    const cls = ["seat", seat === update.seat ? "me" : "", acting ? "acting" : "",
                 update.view.committed && update.view.committed[seat] ? "done" : ""];
    list.append(el("li", { class: cls.join(" ").trim() }, label));
  });
  status.append(list);
  let line;
  if (update.over) line = "The game is over.";
  else if (update.actors.length === 1 && update.actors[0] === -1) line = "Dealing…";
  else if (update.seat !== null && update.actors.includes(update.seat)) line = "Your turn.";
  else {
    const names = update.actors.map((s) => seatName(s, welcome));
    line = `Waiting for ${names.join(", ")}…`;
  }
  status.append(el("p", { class: "turn", id: "turn", "data-your-turn":
    String(update.seat !== null && update.actors.includes(update.seat)) }, line));
}

function showScores(update) {
  const scores = update.scores || update.view.scores;
  $("scores").replaceChildren(...(scores || []).map((points, seat) =>
    el("li", {}, `${seatName(seat, welcome)}: ${points}`)));
}

function showEvents(update) {
  const log = $("events");
  for (const event of update.events) {
    if (log.querySelector(`[data-n="${event.n}"]`)) continue;
    log.append(el("li", { "data-n": String(event.n) }, event.text));
  }
  log.lastElementChild?.scrollIntoView({ block: "nearest" });
}

function showMoves(update) {
  const box = $("moves");
  box.replaceChildren(...update.legal.slice(0, 60).map((move) =>
    el("button", { type: "button", class: "notation", onclick: () => context(update).play(move) }, move)));
  if (update.legal.length > 60) box.append(el("p", { class: "muted" }, `and ${update.legal.length - 60} more`));
}

function showEnd(update) {
  const end = $("end");
  end.hidden = !update.over;
  if (!update.over) return;
  const names = update.winners.map((s) => seatName(s, welcome));
  $("winners").textContent = `${names.length > 1 ? "Winners" : "Winner"}: ${names.join(", ")}. ` +
    `Final scores: ${update.scores.join(", ")}.`;
  $("winners").dataset.winners = update.winners.join(",");
  $("record").href = `/api/tables/${tableId}/record`;
}

async function onUpdate(update) {
  last = update;
  reasons.clear();
  showStatus(update);
  showScores(update);
  showEvents(update);
  showMoves(update);
  if (renderer) renderer.render(context(update));
  showEnd(update);
}

function onMessage(message) {
  if (message.type === "welcome") {
    welcome = message;
    $("game-name").textContent = ` · ${message.title || message.game}`;
    document.title = `tablefeast: ${message.title || message.game}`;
    // The server names the renderer (the game's own, or the generic one for a game without);
    // should it fail to load, the generic one draws the table.
    import(`./games/${message.renderer}.js`)
      .catch(() => import("./games/generic.js"))
      .then((module) => {
        renderer = module;
        if (last) onUpdate(last);
      });
  } else if (message.type === "update") {
    onUpdate(message);
  } else if (message.type === "why") {
    reasons.set(message.move, message.reason);
    for (const resolve of waiting.get(message.move) || []) resolve(message.reason);
    waiting.delete(message.move);
  } else if (message.type === "error") {
    if (message.code !== "stale") $("error").textContent = message.message;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`);
  socket.onopen = () => { retry = 0; $("connection").textContent = token ? "connected" : "watching"; };
  socket.onmessage = (event) => onMessage(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (event.code === 4403) { $("connection").textContent = "this link opens no seat"; return; }
    if (event.code === 4410) { $("connection").textContent = "this table cannot be played"; return; }
    if (event.code === 1008) { $("connection").textContent = "disconnected by the server"; return; }
    // 1013: the server is full for now; any other: a lost connection, which rejoins the seat.
    $("connection").textContent = event.code === 1013 ? "the server is busy: retrying…" : "reconnecting…";
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, (event.code === 1013 ? 3000 : 300) * retry);
  };
}

if (!tableId) {
  $("error").textContent = "No table in the link.";
} else {
  connect();
}
