// The lobby: choose a game, players, seats and options; create the table; share the links.
import { theme, el } from "./common.js";

theme();
const $ = (id) => document.getElementById(id);
const SEAT_KINDS = [
  ["human", "a person"], ["easy", "bot: easy"], ["medium", "bot: medium"], ["hard", "bot: hard"],
  ["random", "bot: random moves"],
];
// The games and what a person may choose for each, as the games declare them (GET /api/games).
let GAMES = {};

function seatRows() {
  const players = Number($("players").value);
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(el("legend", {}, "Seats"));
  for (let seat = 0; seat < players; seat++) {
    const select = el("select", { id: `seat-${seat}`, "aria-label": `Seat ${seat}` },
      ...SEAT_KINDS.map(([value, label]) => el("option", { value }, label)));
    select.value = previous[seat] || (seat === 0 ? "human" : "medium");
    box.append(el("div", { class: "seat-row" }, el("span", {}, `Seat ${seat}`), select));
  }
}

function optionRows() {
  const box = $("options");
  box.replaceChildren(el("legend", {}, "Game options"));
  const { options, custom_cards: cards } = GAMES[$("game").value];
  if (!options.length) box.append(el("p", { class: "muted" }, "The printed game's rules."));
  for (const { key, label, choices } of options) {
    box.append(el("label", {}, label, el("select", { id: `option-${key}`, "data-option": key },
      ...choices.map(([value, text]) => el("option", { value }, text)))));
  }
  if (cards) {
    box.append(el("label", {}, `Custom ${cards} (a JSON file, optional)`,
      el("input", { id: "cards", type: "file", accept: ".json,application/json" })));
  }
}

function gameChanged() {
  const [low, high] = GAMES[$("game").value].players;
  $("players").min = low; $("players").max = high;
  $("players").value = Math.min(high, Math.max(low, Number($("players").value)));
  seatRows();
  optionRows();
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const players = Number($("players").value);
  const seats = [...Array(players).keys()].map((s) => $(`seat-${s}`).value);
  const options = {};
  for (const select of document.querySelectorAll("[data-option]")) options[select.dataset.option] = select.value;
  const file = $("cards")?.files?.[0];
  if (file) {
    try {
      options.cards = JSON.parse(await file.text());
    } catch {
      $("create-error").textContent = `${file.name} is not JSON`;
      return;
    }
  }
  const headers = { "Content-Type": "application/json" };
  const key = $("create-key")?.value;
  if (key) headers.Authorization = `Bearer ${key}`;
  // The person's name goes to the first human seat (theirs); the others give none here.
  const me = seats.indexOf("human");
  const typed = $("my-name").value.trim();
  if (typed) localStorage.setItem("tablefeast-name", typed);
  const names = seats.map((_, seat) => (seat === me && typed ? typed : null));
  const answer = await fetch("/api/tables", {
    method: "POST", headers,
    body: JSON.stringify({ game: $("game").value, players, seats, options, names }),
  });
  const data = await answer.json().catch(() => ({ message: `the server answered ${answer.status}` }));
  if (!answer.ok) {
    const wait = answer.headers.get("Retry-After");
    $("create-error").textContent = data.message + (wait ? ` (try again in ${wait} s)` : "");
    return;
  }
  const link = (seat) => `${location.origin}/table.html?table=${data.table}&token=${data.tokens[seat]}`;
  const humans = Object.keys(data.tokens).map(Number).sort((a, b) => a - b);
  $("created").hidden = false;
  const mine = humans[0];
  if (mine === undefined) {
    $("my-link").textContent = "Watch the bots play";
    $("my-link").href = `/table.html?table=${data.table}`;
  } else {
    $("my-link").textContent = `Sit down at seat ${mine}`;
    $("my-link").href = link(mine);
  }
  $("share-intro").hidden = humans.length < 2;
  $("share").replaceChildren(...humans.slice(1).map((seat) => el("li", {}, `Seat ${seat}: `,
    el("input", { readonly: true, value: link(seat), "aria-label": `Link for seat ${seat}`, size: 40 }),
    el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link(seat)) }, "Copy"))));
  listTables();
}

// "just now", "5 min ago", "2 h ago": how long since a table last moved.
function age(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

async function listTables() {
  const answer = await fetch("/api/tables?limit=30");
  if (!answer.ok) return;
  const tables = (await answer.json()).tables;
  // Each table by its game's title, who sits there, how it stands and when it last moved
  // (names are shown as text, never as markup).
  $("tables").replaceChildren(...tables.map((t) => el("li", { class: "listed", "data-state": t.state },
    el("a", { href: `/table.html?table=${encodeURIComponent(t.id)}` }, t.title || t.game),
    el("span", { class: `chip state-${t.state}` }, t.state === "over" ? "finished" : t.state),
    el("div", { class: "muted who" }, (t.names || []).join(", ")),
    el("div", { class: "muted when" }, `${t.state === "over" ? "ended" : "last move"} ${age(t.updated)}`))));
  if (!tables.length) $("tables").append(el("li", { class: "muted" }, "No tables being played right now."));
}

// A server that asks a key for new tables gets a field for it in the form.
async function serverInfo() {
  const answer = await fetch("/api/server");
  if (!answer.ok) return;
  const info = await answer.json();
  if (info.create_key && !$("create-key")) {
    $("new-table").querySelector("button[type=submit]").before(el("label", {},
      "Creation key (this server asks for one)",
      el("input", { id: "create-key", type: "password", autocomplete: "off", required: true })));
  }
}

async function listGames() {
  const answer = await fetch("/api/games");
  if (!answer.ok) {
    $("create-error").textContent = `the server answered ${answer.status}: no games to offer`;
    return;
  }
  const games = (await answer.json()).games;
  GAMES = Object.fromEntries(games.map((game) => [game.name, game]));
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  gameChanged();
}

$("my-name").value = localStorage.getItem("tablefeast-name") || "";
$("game").addEventListener("change", gameChanged);
$("players").addEventListener("change", seatRows);
$("new-table").addEventListener("submit", create);
listGames();
serverInfo();
listTables();
