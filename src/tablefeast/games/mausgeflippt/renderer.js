// Mausgeflippt: the turned mouse and its clothes, the face-up cheese, the race (Pass, Play a
// card, Flip) and every player's mice, penalty cards and cheeses, drawn from the seat's view and
// the catalog alone. No rule lives here: which moves are legal, why not, and who was fastest all
// come from the server. The race is won by the first claim to reach the server (MG-21), so its
// controls are big, sit next to the mouse, and answer keys too (P, F, 1-9).
import { actionButton, el, zone, useStyle } from "/js/common.js";
import { render as generic } from "/js/games/generic.js";

const NS = "http://www.w3.org/2000/svg";

// A small SVG element tree: svg("path", { d: "..." }).
function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

// One outline per clothing kind of the default card set, in a 32 x 32 box; a kind of a custom
// card set without its own outline gets a tag. Filled with the item's colour (--tone).
const OUTLINES = {
  trousers: [["path", { d: "M9 4h14l2.5 24h-6.5L16 13l-3 15H6.5z" }]],
  tie: [["path", { d: "M12.5 3h7l-1.5 4.5 3.5 14.5-5.5 7-5.5-7L14 7.5z" }]],
  dress: [["path", { d: "M12 3h8l-1 7 8 18H5l8-18z" }]],
  shoes: [["path", { d: "M3 17c0-4 1-9 3-9h6c1 4 4 6 9 7 6 1 8 3 8 7v3H3z" }]],
  belt: [["rect", { x: 1.5, y: 11, width: 29, height: 10, rx: 2 }],
         ["rect", { x: 11, y: 9, width: 10, height: 14, rx: 2, class: "mg-hole" }]],
  jacket: [["path", { d: "M11 4l5 5 5-5 8 5-3 9-3-1.5V29H9V16.5L6 18l-3-9z" }],
           ["path", { d: "M16 9v20", class: "mg-line" }]],
  "t-shirt": [["path", { d: "M11 4c1 2.5 3 3.5 5 3.5s4-1 5-3.5l9 4.5-3.5 6.5-4.5-2V29H10V13l-4.5 2L2 8.5z" }]],
  shirt: [["path", { d: "M11 3l5 4 5-4 8 5-1 20h-4l-1-12V29H9V16L8 28H4L3 8z" }],
          ["path", { d: "M16 7v22M13 4l3 5 3-5", class: "mg-line" }]],
  bag: [["path", { d: "M6 12h20l2 17H4z" }],
        ["path", { d: "M11 12c0-8 10-8 10 0", class: "mg-line mg-thick" }]],
  ring: [["circle", { cx: 16, cy: 19, r: 8.5, class: "mg-ring" }],
         ["path", { d: "M12 6l4-4 4 4-4 4z" }]],
  hat: [["rect", { x: 9.5, y: 5, width: 13, height: 15, rx: 1.5 }],
        ["rect", { x: 3, y: 20, width: 26, height: 5, rx: 2.5 }]],
  cap: [["path", { d: "M5 21c0-8 5-13.5 11-13.5S27 13 27 21z" }],
        ["path", { d: "M16 21h14v4H14z" }]],
  scarf: [["path", { d: "M6 6h20v7H6z" }], ["path", { d: "M17 13h6.5v16H17z" }]],
};
const TAG = [["path", { d: "M4 6h14l10 10-10 10H4z" }], ["circle", { cx: 9, cy: 11, r: 2, class: "mg-hole" }]];

function itemIcon(item) {
  const shapes = OUTLINES[item.kind] || TAG;
  return svg("svg", { viewBox: "0 0 32 32", class: "mg-icon", "aria-hidden": "true" },
    ...shapes.map(([tag, attributes]) => svg(tag, attributes)));
}

function mouseIcon(extra = "") {
  return svg("svg", { viewBox: "0 0 100 84", class: `mg-mouse-art ${extra}`.trim(), "aria-hidden": "true" },
    svg("circle", { cx: 24, cy: 24, r: 19, class: "mg-fur" }),
    svg("circle", { cx: 76, cy: 24, r: 19, class: "mg-fur" }),
    svg("circle", { cx: 24, cy: 24, r: 11, class: "mg-ear" }),
    svg("circle", { cx: 76, cy: 24, r: 11, class: "mg-ear" }),
    svg("ellipse", { cx: 50, cy: 52, rx: 31, ry: 28, class: "mg-fur" }),
    svg("circle", { cx: 39, cy: 47, r: 4.5, class: "mg-eye" }),
    svg("circle", { cx: 61, cy: 47, r: 4.5, class: "mg-eye" }),
    svg("circle", { cx: 40.5, cy: 45.5, r: 1.4, class: "mg-glint" }),
    svg("circle", { cx: 62.5, cy: 45.5, r: 1.4, class: "mg-glint" }),
    svg("ellipse", { cx: 50, cy: 62, rx: 5, ry: 4, class: "mg-nose" }),
    svg("path", { d: "M30 60l-22-4M30 65l-22 2M70 60l22-4M70 65l22 2", class: "mg-whisker" }));
}

function cheeseIcon() {
  return svg("svg", { viewBox: "0 0 40 30", class: "mg-cheese-art", "aria-hidden": "true" },
    svg("path", { d: "M3 12L33 3l4 9v15H3z", class: "mg-wedge" }),
    svg("path", { d: "M3 12h34", class: "mg-line" }),
    svg("circle", { cx: 12, cy: 19, r: 3, class: "mg-hole" }),
    svg("circle", { cx: 25, cy: 22, r: 2.2, class: "mg-hole" }),
    svg("circle", { cx: 30, cy: 16, r: 1.6, class: "mg-hole" }));
}

// The seat's name, as the rest of the page writes it (a bot's name says its level).
function who(ctx, seat) {
  return ctx.name(seat);
}

function list(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// Indices with their numbers of copies, from a counts list, each copy once.
function copies(counts) {
  const out = [];
  (counts || []).forEach((n, index) => { for (let k = 0; k < n; k += 1) out.push(index); });
  return out;
}

// Indices held, each with its number of copies.
function groups(counts) {
  const out = [];
  (counts || []).forEach((n, index) => { if (n) out.push([index, n]); });
  return out;
}

const times = (n) => (n > 1 ? ` ×${n}` : "");

const total = (counts) => (counts || []).reduce((a, b) => a + b, 0);

// A clothing card's face: the outline in its colour, the kind, and the colour as a word.
function itemFace(item) {
  return [itemIcon(item), el("span", { class: "mg-kind" }, item.kind),
    el("span", { class: "mg-colour" }, item.colour)];
}

function itemCard(item, { label, extra = "" } = {}) {
  return el("div", { class: `card mg-item ${extra}`.trim(), "data-colour": item.colour, role: "img",
    "aria-label": label || `${item.kind} ${item.colour}` }, ...itemFace(item));
}

// A small chip: the outline and the name, for lists (what a mouse wears, penalty cards).
function itemChip(item, note = "") {
  return el("span", { class: "mg-chip", "data-colour": item.colour },
    itemIcon(item), el("span", {}, `${item.kind} ${item.colour}${note}`));
}

function cheeseCard(catalog, index, { label, small = false } = {}) {
  const cheese = catalog.cheeses[index];
  return el("div", { class: `card mg-cheese${small ? " mg-small" : ""}`, "data-tone": String(index % 4),
    role: "img", "aria-label": label || `cheese: ${cheese.name}` },
    cheeseIcon(), el("span", { class: "mg-kind" }, cheese.name));
}

function cheeseChip(catalog, index, prefix = "", suffix = "") {
  const cheese = catalog.cheeses[index];
  return el("span", { class: "mg-chip mg-cheese-chip", "data-tone": String(index % 4) },
    cheeseIcon(), el("span", {}, `${prefix}${cheese.name}${suffix}`));
}

function back(label, extra = "") {
  return el("div", { class: `card back mg-back ${extra}`.trim(), role: "img", "aria-label": label });
}

// The turned mouse: its id, the items it wears and the cheese it shows.
function mouseCard(catalog, index, fresh) {
  const mouse = catalog.mice[index];
  const wears = mouse.wears.map((i) => catalog.items[i]);
  const cheese = catalog.cheeses[mouse.cheese];
  const words = `mouse ${mouse.id}: wears ${list(wears.map((w) => `${w.kind} ${w.colour}`))}; shows ${cheese.name}`;
  return el("figure", { class: `mg-mouse${fresh ? " mg-fresh" : ""}`, role: "group", "aria-label": words },
    el("div", { class: "mg-mouse-top" }, mouseIcon(), el("strong", { class: "mg-id" }, mouse.id)),
    el("ul", { class: "mg-wears", "aria-label": "wears" },
      ...wears.map((item) => el("li", {}, itemChip(item)))),
    el("figcaption", {}, el("span", { class: "muted" }, "shows "), cheeseChip(catalog, mouse.cheese)));
}

// What a seat committed to, in words (with the card it played, once the card is seen).
function commitment(ctx, code) {
  const { catalog } = ctx;
  if (code === catalog.commitments.pass) return el("span", { class: "mg-said mg-pass" }, "passes");
  if (code === catalog.commitments.flip) {
    return el("span", { class: "mg-said mg-flip" }, `flips: ${catalog.call}`);
  }
  if (code === catalog.commitments.played) return el("span", { class: "mg-said mg-play" }, "plays a card");
  return el("span", { class: "mg-said mg-play" }, "plays ", itemChip(catalog.items[code]));
}

// After a wrong flip with cards of two or more of the mouse's items, the flipper chooses which
// lies face down (MG-17); the others see only how many cards it lays.
function choiceZone(ctx) {
  const { view, catalog } = ctx;
  const me = ctx.seat;
  const laying = view.placing[me];
  if (!laying || !view.placers.includes(me)) return null;
  const options = groups(laying).map(([index, n]) => {
    const item = catalog.items[index];
    const node = actionButton(ctx, { type: "FaceDown", kind: item.kind, colour: item.colour }, [...itemFace(item), el("small", {}, times(n) || " ")],
      { class: "card mg-item", "aria-label": `lay a ${item.kind} ${item.colour} face down` });
    buttonOf(node).dataset.colour = item.colour;
    return node;
  });
  const waiting = view.placers[0] === me ? "" : ` (after ${who(ctx, view.placers[0])})`;
  return zone(`Wrong flip: choose the card that lies face down${waiting}`,
    el("p", { class: "muted" }, "The others lie face up; nobody else sees which you chose."),
    el("div", { class: "cards mg-hand" }, ...options));
}

function buttonOf(node) {
  return node.tagName === "BUTTON" ? node : node.querySelector("button");
}

// The race: what is happening now in one line, and the big Pass and Flip buttons.
function raceLine(ctx) {
  const { view, catalog } = ctx;
  const mine = ctx.seat === null ? null : view.my_commitment;
  if (view.game_over || ctx.over) return "The game is over.";
  if (view.open_mouse === null) {
    if (view.placers.length) {
      return view.placers[0] === ctx.seat ? "Wrong flip: choose the card that lies face down (below)."
        : `${who(ctx, view.placers[0])} chooses a card to lay face down…`;
    }
    return view.actors.length === 1 && view.actors[0] === -1 ? "Turning the next mouse…" : "No mouse is open.";
  }
  const waiting = view.committed.map((done, s) => (done ? null : s)).filter((s) => s !== null);
  if (view.revealed) return "Everyone has chosen: who was fastest?";
  if (mine !== null && mine !== undefined) {
    const said = mine === catalog.commitments.pass ? "You pass"
      : mine === catalog.commitments.flip ? `You flip: ${catalog.call}`
      : `You play ${catalog.items[mine].name}`;
    return `${said}. Waiting for ${list(waiting.map((s) => who(ctx, s)))}…`;
  }
  if (ctx.legal.length) return "Race! Pass, play an item the mouse wears, or flip if you hold none of its items.";
  return `The race is on: waiting for ${list(waiting.map((s) => who(ctx, s)))}.`;
}

function raceZone(ctx, fresh) {
  const { view, catalog } = ctx;
  const centre = el("div", { class: "mg-centre" });
  if (view.open_mouse !== null) centre.append(mouseCard(catalog, view.open_mouse, fresh));
  else centre.append(el("div", { class: "mg-mouse mg-empty" }, mouseIcon("mg-faded"),
    el("p", { class: "muted" }, view.game_over ? "No more mice" : "No mouse open")));
  const faceUp = el("div", { class: "mg-faceup" }, el("p", { class: "mg-label" }, "Face-up cheese"),
    view.open_cheese === null ? el("p", { class: "muted" }, "none")
      : cheeseCard(catalog, view.open_cheese, { label: `face-up cheese: ${catalog.cheeses[view.open_cheese].name}` }));
  centre.append(faceUp);

  const pass = actionButton(ctx, { type: "Pass" }, [el("span", { class: "mg-big" }, "Pass"),
    el("small", {}, "no claim (key P)")], { class: "mg-race-button mg-pass-button", "aria-label": "Pass: no claim on this mouse" });
  const flip = actionButton(ctx, { type: "Flip" }, [el("span", { class: "mg-big" }, "Flip!"),
    el("small", {}, `${catalog.call} (key F)`)], { class: "mg-race-button mg-flip-button primary",
    "aria-label": `Flip your whole hand and call ${catalog.call}` });
  const controls = el("div", { class: "mg-controls" },
    el("p", { class: "mg-now", "aria-live": "polite" }, raceLine(ctx)),
    ctx.seat === null ? null : el("div", { class: "mg-race-buttons" }, pass, flip));
  if (view.revealed && view.open_mouse !== null) {
    controls.append(el("ul", { class: "mg-revealed", "aria-label": "Revealed" },
      ...view.revealed.map((code, s) => el("li", {}, el("strong", {}, `${who(ctx, s)}: `),
        code === null ? "—" : commitment(ctx, code)))));
  }
  const owed = [];
  if (view.mouse_awards.length) owed.push(`a mouse to ${list(view.mouse_awards.map((s) => who(ctx, s)))}`);
  if (view.cheese_awards.length) owed.push(`a cheese to ${list(view.cheese_awards.map((s) => who(ctx, s)))}`);
  if (view.pending_draws.length) owed.push(`cards to draw for ${list([...new Set(view.pending_draws)].map((s) => who(ctx, s)))}`);
  if (owed.length) controls.append(el("p", { class: "muted mg-owed" }, `Owed: ${owed.join("; ")}.`));
  return el("section", { class: "mg-race", "aria-labelledby": "mg-race-title" },
    el("h3", { id: "mg-race-title", class: "mg-visually-hidden" }, "The mouse and the race"),
    centre, controls);
}

// The seat's own hand: every card a button (play it), in card-set order, numbered for the keys.
function handZone(ctx) {
  const { view, catalog } = ctx;
  const me = ctx.seat;
  const hand = copies(view.hands[me]);
  const cards = el("div", { class: "cards mg-hand" });
  hand.forEach((index, n) => {
    const item = catalog.items[index];
    const node = actionButton(ctx, { type: "Play", kind: item.kind, colour: item.colour }, [...itemFace(item),
      n < 9 ? el("span", { class: "mg-key", "aria-hidden": "true" }, String(n + 1)) : null],
    { class: "card mg-item", "aria-label": `your card: ${item.kind} ${item.colour}` });
    const button = buttonOf(node);
    button.dataset.colour = item.colour;
    if (view.my_commitment === index) button.classList.add("chosen");
    cards.append(node);
  });
  if (!hand.length) cards.append(el("p", { class: "muted" }, "No cards in hand."));
  const young = catalog.young_seats.includes(me) ? " — young player: face up for all" : "";
  return zone(`Your hand (${hand.length})${young}`, cards);
}

// One seat at the table: what it did in this race, its hand, mice, penalty cards and cheeses.
function seatPanel(ctx, seat) {
  const { view, catalog } = ctx;
  const me = seat === ctx.seat;
  const acting = view.actors.includes(seat);
  const badges = [];
  if (seat === view.turner) badges.push(el("span", { class: "mg-badge mg-turner" }, "turns the mice"));
  if (catalog.young_seats.includes(seat)) badges.push(el("span", { class: "mg-badge" }, "young"));
  let state = null;
  if (view.revealed && view.revealed[seat] !== null && view.open_mouse !== null) state = commitment(ctx, view.revealed[seat]);
  else if (view.open_mouse !== null && view.committed[seat]) state = el("span", { class: "mg-said mg-ready" }, "✓ has chosen");
  else if (view.placing_counts[seat]) {
    state = el("span", { class: "mg-said mg-thinking" },
      `lays ${view.placing_counts[seat]} cards in front, choosing the one face down…`);
  } else if (acting) state = el("span", { class: "mg-said mg-thinking" }, "choosing…");

  const handRow = el("div", { class: "mg-row" }, el("span", { class: "mg-label" }, "Hand"));
  if (me) handRow.append(el("span", {}, `${view.hand_sizes[seat]} cards (above)`));
  else if (view.hands[seat]) {
    handRow.append(...groups(view.hands[seat]).map(([i, n]) => itemChip(catalog.items[i], times(n))));
  } else {
    handRow.append(el("span", { class: "mg-fan", role: "img", "aria-label": `${view.hand_sizes[seat]} cards in hand` },
      ...Array.from({ length: Math.min(view.hand_sizes[seat], 10) }, () => el("span", { class: "mg-fan-card" }))),
    el("span", { class: "muted" }, `${view.hand_sizes[seat]}`));
  }

  const caught = view.caught[seat];
  const miceRow = el("div", { class: "mg-row" }, el("span", { class: "mg-label" }, "Mice"),
    caught.length ? el("span", { class: "mg-caught", role: "img", "aria-label": `${caught.length} mice caught: ${caught.map((m) => catalog.mice[m].id).join(", ")}` },
      ...caught.slice(0, 12).map(() => mouseIcon("mg-tiny"))) : null,
    el("span", {}, caught.length ? `${caught.length} (+${catalog.points.mouse} each)` : "none"));

  const up = copies(view.face_up[seat]);
  const downCount = view.face_down_counts[seat];
  const down = view.face_down[seat] !== null;
  const penaltyRow = el("div", { class: "mg-row" }, el("span", { class: "mg-label" }, "Penalty"),
    ...groups(view.face_up[seat]).map(([i, n]) => itemChip(catalog.items[i], times(n))),
    ...(down ? groups(view.face_down[seat]).map(([i, n]) => el("span", { class: "mg-facedown" }, itemChip(catalog.items[i], `${times(n)} (face down)`)))
      : Array.from({ length: downCount }, () => el("span", { class: "mg-chip mg-down-chip", role: "img", "aria-label": "a face-down card" }, "face down"))),
    up.length + downCount ? el("span", { class: "muted" }, `${up.length + downCount} (${catalog.points.clothing} each)`)
      : el("span", {}, "none"));

  const cheeses = copies(view.cheeses[seat]);
  const cheeseRow = el("div", { class: "mg-row" }, el("span", { class: "mg-label" }, "Cheeses"),
    ...groups(view.cheeses[seat]).map(([i, n]) => cheeseChip(catalog, i, "", times(n))),
    el("span", { class: cheeses.length ? "muted" : "" }, cheeses.length ? `${cheeses.length} (${catalog.points.cheese} each)` : "none"));

  const score = view.scores[seat];
  return el("li", { class: `mg-seat${me ? " me" : ""}${acting ? " acting" : ""}`, "aria-label": who(ctx, seat) },
    el("div", { class: "mg-seat-head" },
      el("h4", {}, who(ctx, seat)), ...badges,
      el("span", { class: "mg-score", "aria-label": `score ${score}` }, el("small", {}, "score "), String(score))),
    state ? el("div", { class: "mg-seat-state" }, state) : null,
    handRow, miceRow, penaltyRow, cheeseRow);
}

function pilesZone(ctx) {
  const { view, catalog } = ctx;
  const unseen = total(view.mice_unseen);
  const bottom = view.mice_bottom.map((m) => catalog.mice[m].id);
  const pile = (label, count, art, detail) => el("div", { class: "mg-pile", role: "group", "aria-label": `${label}: ${count}` },
    el("div", { class: "mg-pile-art" }, art), el("div", {}, el("strong", {}, String(count)), " ", label,
      detail ? el("div", { class: "muted mg-detail" }, detail) : null));
  return zone("The piles", el("div", { class: "mg-piles" },
    pile("mice in the stack", unseen + bottom.length, mouseIcon("mg-small-art"),
      bottom.length ? `${unseen} never turned; then back under it: ${bottom.join(", ")}` : null),
    pile("clothing cards to draw", view.clothing_pile_size, el("span", { class: "card back mg-pile-back" })),
    pile("in the discard pile", total(view.discard), el("span", { class: "card mg-pile-back mg-discard" })),
    pile("cheeses face down", total(view.cheese_pile), cheeseIcon())));
}

let lastMouse = null;  // the mouse drawn last time, to animate only a newly turned one
let current = null;  // the latest context, for the keys

function onKey(event) {
  if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  const root = current.root;
  let button = null;
  const key = event.key.toLowerCase();
  if (key === "p") button = root.querySelector('button[data-move="pass"]');
  else if (key === "f") button = root.querySelector('button[data-move="flip"]');
  else if (/^[1-9]$/.test(key)) button = root.querySelectorAll(".mg-hand button")[Number(key) - 1];
  if (button && !button.disabled) { event.preventDefault(); button.click(); }
}

export function render(ctx) {
  const { view, catalog } = ctx;
  if (!catalog || !catalog.items || !catalog.mice) { generic(ctx); return; }
  useStyle("mausgeflippt");
  if (!current) document.addEventListener("keydown", onKey);
  current = ctx;
  const mouseKey = view.open_mouse === null ? null : `${view.open_mouse}:${total(view.mice_unseen)}:${view.mice_bottom.length}`;
  const fresh = mouseKey !== null && mouseKey !== lastMouse;
  lastMouse = mouseKey;

  const parts = [raceZone(ctx, fresh)];
  if (ctx.seat !== null) parts.push(choiceZone(ctx), handZone(ctx));
  const order = ctx.seat === null ? [...Array(ctx.players).keys()]
    : [...Array(ctx.players).keys()].map((k) => (ctx.seat + k) % ctx.players);
  parts.push(zone("At the table", el("ul", { class: "mg-seats" }, ...order.map((s) => seatPanel(ctx, s)))));
  parts.push(pilesZone(ctx));
  ctx.root.classList.add("mg");
  ctx.root.replaceChildren(...parts.filter(Boolean));
}
