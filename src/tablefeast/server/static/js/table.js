// The table page: one seat's connection to a table (or a spectator's), rendered from the
// server's messages alone. The game area is drawn by the renderer whose address the server
// names (the game's own, /games/<game>/renderer.js, served from the game's package, or
// /js/games/generic.js for a game without one); this file draws what every game shares: who
// sits where, whose turn it is, how the latest step came out, the public event log, scores,
// how to play, the end screen. No rule lives here: legal moves, reasons,
// results and score sheets all come from the server.
import { theme, el, named, seatName } from "./common.js";

const GENERIC = "/js/games/generic.js";

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
const reasons = new Map();  // move text or action -> why it is not legal now (asked of the server)
const waiting = new Map();  // the same key -> callbacks waiting for the server's reason
// A move asked about by its action's fields (no notation on the page) is keyed by their JSON, as
// the server's answer echoes them.
const actionKey = (action) => `action ${JSON.stringify(action)}`;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// What the renderers get: the update's facts, and ways to act.
function context(update) {
  return {
    root: $("game"),
    view: update.view,
    legal: update.legal,
    actions: update.actions || [],
    seat: update.seat,
    players: welcome.players,
    seats: welcome.seats,
    actors: update.actors,
    catalog: welcome.catalog || {},
    over: update.over,
    result: update.result || [],
    name: (seat) => seatName(seat, welcome),
    named: (parts) => named(parts, welcome),
    play(move) {
      $("error").textContent = "";
      send({ type: "move", move, turn: update.turn });
    },
    why(move) {
      return ask(move, { type: "why", move });
    },
    whyAction(action) {
      return ask(actionKey(action), { type: "why", action });
    },
  };
}

// The server's reason for the move `key` stands for, asked once until the next update.
function ask(key, message) {
  if (reasons.has(key)) return Promise.resolve(reasons.get(key));
  return new Promise((resolve) => {
    if (!waiting.has(key)) { waiting.set(key, []); send(message); }
    waiting.get(key).push(resolve);
  });
}

function showStatus(update) {
  const status = $("status");
  status.replaceChildren();
  const list = el("ul", { class: "seats", "aria-label": "Seats" });
  welcome.seats.forEach((kind, seat) => {
    const acting = update.actors.includes(seat);
    const label = seatName(seat, welcome);
    const cls = ["seat", seat === update.seat ? "me" : "", acting ? "acting" : "",
                 update.view.committed && update.view.committed[seat] ? "done" : ""];
    list.append(el("li", { class: cls.join(" ").trim() }, label));
  });
  status.append(list);
  let line;
  if (update.over) line = "The game is over: see the result above.";
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
    log.append(el("li", { "data-n": String(event.n) }, named(event.parts || event.text, welcome)));
  }
  // The log scrolls inside its own box: the page never jumps away from what is being read.
  log.scrollTop = log.scrollHeight;
}

// How the latest step came out (the server keeps it until the next step's result, and sends it
// again after a reload), so a duel's winner or a mouse caught stays on the board.
// Its box keeps one height whatever it says, so that nothing below it ever moves.
function showResult(update) {
  const lines = update.result_parts || update.result || [];
  $("result").dataset.empty = String(!lines.length);
  $("result-lines").replaceChildren(...(lines.length ? lines.map((line) => el("li", {}, named(line, welcome)))
    : [el("li", { class: "muted" }, "Nothing yet: the first step's result will show here.")]));
}

function showHowTo() {
  const summary = welcome.summary || [];
  $("how-summary").replaceChildren(...(summary.length ? summary : ["This game has no summary."])
    .map((paragraph) => el("p", {}, paragraph)));
  $("how-moves").replaceChildren(...(welcome.help || []).flatMap((h) =>
    [el("dt", {}, el("code", {}, h.notation)), el("dd", {}, h.meaning)]));
}

function showMoves(update) {
  const box = $("moves");
  box.replaceChildren(...update.legal.slice(0, 60).map((move) =>
    el("button", { type: "button", class: "notation", onclick: () => context(update).play(move) }, move)));
  if (update.legal.length > 60) box.append(el("p", { class: "muted" }, `and ${update.legal.length - 60} more`));
}

function plural(n, one, many) { return `${n} ${Math.abs(n) === 1 ? one : many}`; }

function showEnd(update) {
  const end = $("end");
  const first = end.hidden && update.over;
  end.hidden = !update.over;
  if (!update.over) return;
  const winners = update.winners.map((s) => seatName(s, welcome));
  const best = update.scores[update.winners[0]];
  const mine = update.seat !== null && update.winners.includes(update.seat);
  const who = winners.length > 1 ? `${winners.join(" and ")} share the win` :
    mine ? "You win" : `${winners[0]} wins`;
  $("winners").textContent = `${who} with ${plural(best, "point", "points")}.`;
  $("winners").dataset.winners = update.winners.join(",");
  const tie = update.sheet && update.sheet.tie_break;
  $("tie-break").hidden = !tie;
  $("tie-break").textContent = tie ? named(update.sheet.tie_break_parts || tie, welcome) : "";
  $("sheet").replaceChildren(...update.scores.map((total, seat) => seatSheet(update, seat, total))
    .sort((a, b) => Number(b.dataset.score) - Number(a.dataset.score)));
  $("record").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("again").hidden = !token;
  if (first) {  // the moment the game ends: the result comes into view
    end.scrollIntoView({ block: "start" });
    end.focus({ preventScroll: true });
  }
}

// One seat's score, part by part (the game's own score sheet), adding up to its total.
function seatSheet(update, seat, total) {
  const parts = update.sheet ? update.sheet.parts[seat] : [];
  const won = update.winners.includes(seat);
  return el("section", { class: `seat-sheet${won ? " won" : ""}${seat === update.seat ? " me" : ""}`,
                         "data-seat": String(seat), "data-score": String(total) },
    el("h3", {}, seatName(seat, welcome), won ? el("span", { class: "chip" }, "winner") : null),
    el("table", {},
      el("tbody", {}, ...parts.map((part) => el("tr", { class: "part" },
        el("th", { scope: "row" }, part.label,
          part.detail ? el("small", {}, ` ${named(part.detail_parts || part.detail, welcome)}`) : null),
        el("td", { "data-points": String(part.points) }, signed(part.points))))),
      el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "Total"),
        el("td", { class: "total", "data-total": String(total) }, String(total))))));
}

function signed(points) { return points > 0 ? `+${points}` : String(points); }

async function playAgain() {
  $("again-error").textContent = "";
  $("again").disabled = true;
  const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/again`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }),
  }).catch(() => null);
  $("again").disabled = false;
  const data = answer ? await answer.json().catch(() => ({})) : {};
  if (!answer || !answer.ok) {
    $("again-error").textContent = data.message || "the server could not start a new game";
    return;
  }
  const link = (seat) => `/table.html?table=${encodeURIComponent(data.table)}&token=${encodeURIComponent(data.tokens[seat])}`;
  const others = Object.keys(data.tokens).map(Number).filter((s) => s !== welcome.seat);
  if (!others.length) { location.assign(link(welcome.seat)); return; }
  $("again-links").hidden = false;
  $("again-mine").href = link(welcome.seat);
  $("again-share").replaceChildren(...others.map((seat) => el("li", {}, `${seatName(seat, welcome)}: `,
    el("input", { readonly: true, value: location.origin + link(seat), size: 40,
                  "aria-label": `Link for ${seatName(seat, welcome)}` }))));
}

// A link that leads nowhere says so, and leads back to the lobby.
function lost(why) {
  for (const id of ["status", "result", "game", "end"]) $(id).hidden = true;
  document.querySelector(".side").hidden = true;
  $("lost").hidden = false;
  $("lost-why").textContent = why;
  $("connection").textContent = "";
  $("error").textContent = "";  // the server's refusal, which the panel says in full
  document.querySelector("main").classList.add("is-lost");
}

async function onUpdate(update) {
  last = update;
  reasons.clear();
  showStatus(update);
  showScores(update);
  showEvents(update);
  showResult(update);
  showMoves(update);
  if (renderer) renderer.render(context(update));
  showEnd(update);
}

function onMessage(message) {
  if (message.type === "welcome") {
    welcome = message;
    $("game-name").textContent = ` · ${message.title || message.game}`;
    document.title = `tablefeast: ${message.title || message.game}`;
    showHowTo();
    // The server names the renderer's address (the game's own, served from the game's package,
    // or the generic one for a game without); should it fail to load, the generic one draws the
    // table. Only a same-origin absolute path is imported (the page's CSP allows no other).
    const own = /^\/[a-z]/.test(message.renderer) ? message.renderer : GENERIC;
    import(own)
      .catch(() => import(GENERIC))
      .then((module) => {
        renderer = module;
        if (last) onUpdate(last);
      });
  } else if (message.type === "update") {
    onUpdate(message);
  } else if (message.type === "why") {
    // The reason with the seats' names in it (its parts), as every other line of the page.
    const reason = message.reason === null ? null : named(message.parts || message.reason, welcome);
    const key = "action" in message ? actionKey(message.action) : message.move;
    reasons.set(key, reason);
    for (const resolve of waiting.get(key) || []) resolve(reason);
    waiting.delete(key);
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
    if (event.code === 4403) { lost("This link opens no table: it may be mistyped, or the table is gone."); return; }
    if (event.code === 4410) { lost("This table cannot be played: its stored record does not replay."); return; }
    if (event.code === 1008) { $("connection").textContent = "disconnected by the server"; return; }
    // 4409: this seat was opened again elsewhere (another tab or device), which plays on.
    if (event.code === 4409) { $("connection").textContent = "this seat is open in another window"; return; }
    // 1013: the server is full for now; any other: a lost connection, which rejoins the seat.
    $("connection").textContent = event.code === 1013 ? "the server is busy: retrying…" : "reconnecting…";
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, (event.code === 1013 ? 3000 : 300) * retry);
  };
}

$("again").addEventListener("click", playAgain);
if (!tableId) {
  lost("This link names no table.");
} else {
  connect();
}
