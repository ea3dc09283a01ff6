// Schlacht am Buffet / Sus au buffet: the buffet's plates, the race track, your hand of mouse
// cards, who has a card down, the plates everyone won, and the piles. Drawn from the seat's view
// and the catalog alone; every move is one the server lists (ctx.legal), picked by its action's
// fields (ctx.actions: an exchange by the cards the person picked), and checked by the server.
import { actionButton, el, legalMove, moveButton, useStyle } from "/js/common.js";

const PALETTE = new Set(["orange", "sky", "green", "yellow", "blue", "vermillion", "purple", "grey"]);
const SEAT_COLOURS = ["blue", "orange", "green", "purple", "vermillion", "sky"];
const SVG = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" aria-hidden="true" focusable="false"';
const EDGE = 'stroke="rgb(0 0 0 / 45%)" stroke-width="1.2" stroke-linejoin="round"';

// Dish icons (static markup, no data from outside goes into it): shapes tell kinds apart
// without their colour.
const ICONS = {
  cheese: `<path d="M3 15 L29 7 L29 25 L3 25 Z" fill="var(--k)" ${EDGE}/>
    <path d="M3 15 L29 7" stroke="rgb(0 0 0 / 30%)" stroke-width="3"/>
    <circle cx="21" cy="19" r="2.4" fill="rgb(0 0 0 / 22%)"/><circle cx="12" cy="21" r="1.5" fill="rgb(0 0 0 / 22%)"/>
    <circle cx="25" cy="13" r="1.3" fill="rgb(0 0 0 / 22%)"/>`,
  salami: `<circle cx="16" cy="16" r="12" fill="var(--k)" ${EDGE}/>
    <circle cx="11" cy="12" r="1.8" fill="#fff8" /><circle cx="19" cy="10" r="1.4" fill="#fff8"/>
    <circle cx="21" cy="19" r="2" fill="#fff8"/><circle cx="13" cy="21" r="1.5" fill="#fff8"/>
    <circle cx="16" cy="16" r="1.2" fill="#fff8"/>`,
  potato: `<ellipse cx="16" cy="17" rx="13" ry="9.5" fill="var(--k)" ${EDGE} transform="rotate(-12 16 17)"/>
    <circle cx="10" cy="15" r="1.2" fill="rgb(0 0 0 / 40%)"/><circle cx="19" cy="13" r="1" fill="rgb(0 0 0 / 40%)"/>
    <circle cx="22" cy="20" r="1.2" fill="rgb(0 0 0 / 40%)"/><circle cx="14" cy="21" r=".9" fill="rgb(0 0 0 / 40%)"/>`,
  sausage: `<g transform="rotate(-25 16 16)"><rect x="3" y="11.5" width="26" height="9" rx="4.5" fill="var(--k)" ${EDGE}/>
    <path d="M9 14 Q16 12.5 23 14" stroke="#fff8" stroke-width="1.4" fill="none"/>
    <path d="M3 16 L1 14 M3 16 L1 18 M29 16 L31 14 M29 16 L31 18" stroke="rgb(0 0 0 / 45%)" stroke-width="1.2"/></g>`,
  pizza: `<path d="M16 30 L3 7 Q16 1 29 7 Z" fill="var(--k)" ${EDGE}/>
    <path d="M3.6 7.6 Q16 1.8 28.4 7.6" stroke="#c9a36b" stroke-width="3.2" fill="none"/>
    <circle cx="13" cy="12" r="2.2" fill="#fff9"/><circle cx="20" cy="13" r="2" fill="#fff9"/>
    <circle cx="16" cy="20" r="1.8" fill="#fff9"/>`,
  chicken: `<line x1="17" y1="17" x2="26" y2="26" stroke="rgb(0 0 0 / 45%)" stroke-width="6" stroke-linecap="round"/>
    <line x1="17" y1="17" x2="26" y2="26" stroke="#f4efe6" stroke-width="3.6" stroke-linecap="round"/>
    <circle cx="27.5" cy="24.5" r="2.4" fill="#f4efe6" ${EDGE}/><circle cx="24.5" cy="27.5" r="2.4" fill="#f4efe6" ${EDGE}/>
    <ellipse cx="12" cy="12" rx="10" ry="8" fill="var(--k)" ${EDGE} transform="rotate(45 12 12)"/>`,
  salad: `<circle cx="10" cy="13" r="5.5" fill="var(--k)" ${EDGE}/><circle cx="22" cy="13" r="5.5" fill="var(--k)" ${EDGE}/>
    <circle cx="16" cy="10" r="6" fill="var(--k)" ${EDGE}/>
    <path d="M2 15 H30 A14 12 0 0 1 2 15 Z" fill="#f4efe6" ${EDGE}/>`,
};
const MOUSE = `<svg ${SVG}><path d="M4 22 Q1 26 6 28" stroke="var(--m)" stroke-width="1.6" fill="none"/>
  <ellipse cx="15" cy="20" rx="11" ry="7" fill="var(--m)" ${EDGE}/>
  <circle cx="22" cy="12" r="4.5" fill="var(--m)" ${EDGE}/><circle cx="22" cy="12" r="2.2" fill="#fff7"/>
  <circle cx="27" cy="19" r="1.3" fill="#222"/><circle cx="30.5" cy="21" r="1.1" fill="#222"/></svg>`;

function svg(markup) {
  const span = el("span", { class: "sab-icon" });
  span.innerHTML = markup;  // static markup from this file only
  return span;
}

// What the person has picked for an exchange, kept across redraws of the same decision.
let picking = { key: "", picked: new Set() };
// The previous view, to show what the last step revealed (how far each mouse moved).
let previous = null;
let revealed = { key: "", moves: new Map() };

function colourVar(name) {
  return PALETTE.has(name) ? `var(--c-${name})` : "var(--c-grey)";
}

function kindsOf(ctx) {
  const kinds = new Map();
  for (const kind of ctx.catalog.kinds || []) kinds.set(kind.key, kind);
  return kinds;
}

function kindFacts(kinds, key) {
  return kinds.get(key) || { key, name: key, colour: "grey", symbol: "?", icon: "salad", rank: 9 };
}

function valueText(value) {
  return value < 0 ? `−${-value}` : String(value);
}

function name(ctx, seat) {
  return seat === ctx.seat ? "You" : ctx.name(seat);
}

function seatStyle(seat) {
  return `--m: ${colourVar(SEAT_COLOURS[seat % SEAT_COLOURS.length])}`;
}

// A plate, drawn as a dish on a round plate with its value.
function plateCard(kinds, plate, { size = "", note = "", label = "" } = {}) {
  const kind = kindFacts(kinds, plate.kind);
  const text = `${kind.name} ${plate.value}`;
  return el("div", {
    class: `sab-plate ${size} ${plate.value < 0 ? "negative" : ""}`.trim(),
    style: `--k: ${colourVar(kind.colour)}`, role: "img", "aria-label": label || text,
    title: label || text,
  },
  el("span", { class: "sab-face" },
    el("span", { class: "sab-dish" }, svg(`<svg ${SVG}>${ICONS[kind.icon] || ICONS.salad}</svg>`)),
    el("span", { class: "sab-value" }, valueText(plate.value))),
  el("span", { class: "sab-name" }, el("span", { class: "sab-symbol" }, kind.symbol), ` ${kind.name}`),
  note ? el("span", { class: "sab-note" }, note) : null);
}

// A mouse card's face (inside a button or a plain card).
function cardFace(value) {
  return [
    el("span", { class: "corner top" }, valueText(value)),
    el("span", { class: "big" }, valueText(value)),
    el("span", { class: "sab-move" }, value < 0 ? "◀ back" : value === 0 ? "stay" : "▶ run"),
    el("span", { class: "corner bottom" }, valueText(value)),
  ];
}

function staticCard(value, label, extra = "") {
  return el("div", { class: `card sab-card ${extra}`.trim(), role: "img", "aria-label": label }, ...cardFace(value));
}

function backCard(label, extra = "") {
  return el("div", { class: `card back sab-back ${extra}`.trim(), role: "img", "aria-label": label, title: label });
}

function section(title, ...children) {
  return el("section", { class: "zone sab-zone", "aria-label": title }, el("h3", {}, title), ...children);
}

function summary(ctx) {
  const view = ctx.view;
  const facts = ctx.catalog;
  const items = [
    el("span", { class: "chip sab-chip" }, `Round ${view.round}${facts.rounds ? ` of ${facts.rounds}` : ""}`),
  ];
  if (facts.edition === "fr") items.push(el("span", { class: "chip sab-chip" }, `${facts.title}: French rules`));
  if (ctx.players === 3) items.push(el("span", { class: "chip sab-chip" }, `Part ${view.part} of 2`));
  items.push(el("span", { class: "chip sab-chip" }, `★ start player: ${name(ctx, view.start_player)}`));
  if (view.racing.length === 2 && view.buffet.length === 1 && !view.game_over) {  // SAB-9
    items.push(el("span", { class: "chip sab-chip duel" }, "⚔ duel"));
  }
  return el("div", { class: "sab-summary" }, ...items);
}

function buffetZone(ctx, kinds) {
  const view = ctx.view;
  const plates = view.buffet.map((plate, i) => {
    const last = i === view.buffet.length - 1;
    const note = view.buffet.length > 1 ? (i === 0 ? "best" : last ? "lowest" : "") : "";
    return plateCard(kinds, plate, { note, label: `${kindFacts(kinds, plate.kind).name} ${plate.value}${note ? `, ${note}` : ""}` });
  });
  for (let i = 0; i < view.to_reveal; i += 1) {
    plates.push(el("div", { class: "sab-plate face-down", role: "img", "aria-label": "a plate still face down" },
      el("span", { class: "sab-dish" }, el("span", { class: "sab-value" }, "?")),
      el("span", { class: "sab-name" }, "to reveal")));
  }
  if (!plates.length) plates.push(el("p", { class: "muted" }, view.game_over ? "The buffet is empty: the game is over." : "The buffet is empty."));
  return section("The buffet", el("div", { class: "sab-buffet" }, ...plates));
}

function noteRevealed(ctx) {
  // A step is revealed when the commitments go from some to none within one race (same round
  // and part): each racing mouse then moved by exactly the card it played (SAB-4, SAB-5).
  const view = ctx.view;
  const key = `${view.round}/${view.part}`;
  if (revealed.key !== key) revealed = { key, moves: new Map() };
  if (previous && previous.round === view.round && previous.part === view.part &&
      previous.committed.some(Boolean) && !view.committed.some(Boolean)) {
    const moves = new Map();
    for (const seat of previous.racing) moves.set(seat, view.positions[seat] - previous.positions[seat]);
    revealed = { key, moves };
  }
  previous = { round: view.round, part: view.part, committed: view.committed.slice(),
               racing: view.racing.slice(), positions: view.positions.slice() };
}

function trackZone(ctx) {
  const view = ctx.view;
  const goal = ctx.catalog.track_length || 40;
  const lo = Math.min(-1, ...view.positions);
  const hi = Math.max(goal, ...view.positions);
  const at = (p) => `${(100 * (p - lo)) / (hi - lo)}%`;
  const ticks = [];
  for (let p = 0; p <= hi; p += 10) {
    ticks.push(el("span", { class: `sab-tick ${p === 0 ? "start" : ""}`, style: `left: ${at(p)}` }, p === 0 ? "start" : String(p)));
  }
  const lanes = view.positions.map((position, seat) => {
    const racing = view.racing.includes(seat);
    let state;
    if (!racing) state = el("span", { class: "sab-state out" }, "✕ out");
    else if (view.committed[seat]) state = el("span", { class: "sab-state down" }, backCard(`${name(ctx, seat)}: a card face down`, "mini"), "card down");
    else if (ctx.actors.includes(seat)) state = el("span", { class: "sab-state choosing" }, "… choosing");
    else state = el("span", { class: "sab-state" }, "racing");
    const move = revealed.moves.get(seat);
    const shown = move === undefined ? null : el("span", {
      class: "sab-revealed", role: "img", "aria-label": `${name(ctx, seat)} revealed ${move}`,
      title: `last step: played ${move}`,
    }, valueText(move));
    return el("li", { class: `sab-lane ${racing ? "" : "is-out"} ${seat === ctx.seat ? "me" : ""}`.trim(), style: seatStyle(seat) },
      el("span", { class: "sab-who" }, el("span", { class: "sab-dot" }, String(seat)), name(ctx, seat)),
      el("span", { class: "sab-road" },
        el("span", { class: "sab-goal", style: `left: ${at(goal)}` }),
        el("span", {
          class: "sab-mouse", style: `left: ${at(position)}`, role: "img",
          "aria-label": `${name(ctx, seat)}'s mouse at ${position}${racing ? "" : ", out of the race"}`,
        }, svg(MOUSE), el("b", {}, valueText(position)))),
      el("span", { class: "sab-side" }, shown, state));
  });
  return section("The race",
    el("div", { class: "sab-track" },
      el("div", { class: "sab-scale", "aria-hidden": "true" }, el("span", { class: "sab-who" }),
        el("span", { class: "sab-road ruler" }, ...ticks), el("span", { class: "sab-side sab-head" }, "last card · now")),
      el("ol", { class: "sab-lanes" }, ...lanes)));
}

function handZone(ctx) {
  const view = ctx.view;
  if (view.hand === null) return null;
  const exchanging = ctx.actions.some((a) => a.type === "Exchange");
  const hand = view.hand;
  const children = [];
  if (view.my_commitment !== null) {
    children.push(el("div", { class: "sab-committed" },
      staticCard(view.my_commitment, `your card this step: ${view.my_commitment}`, "chosen"),
      el("p", {}, el("strong", {}, "Your card is down."), " It is revealed when every racing mouse has chosen.")));
  }
  let row;
  let actions = null;
  if (exchanging) {
    const key = `${view.round}/${view.part}/${hand.join(",")}`;
    if (picking.key !== key) picking = { key, picked: new Set() };
    const picked = picking.picked;
    row = hand.map((value, i) => el("button", {
      type: "button", class: `card sab-card toggle ${picked.has(i) ? "discard" : ""}`.trim(),
      "aria-pressed": String(picked.has(i)), "aria-label": `your card: ${value}${picked.has(i) ? ", to discard" : ""}`,
      title: picked.has(i) ? "to discard: click to keep" : "click to discard",
      "data-pick": String(i),
      onclick: () => {
        if (picked.has(i)) picked.delete(i); else picked.add(i);
        render(ctx);
        ctx.root.querySelector(`[data-pick="${i}"]`)?.focus();  // keep the keyboard's place
      },
    }, ...cardFace(value), picked.has(i) ? el("span", { class: "sab-discard-mark" }, "✕ discard") : null));
    const values = [...picked].map((i) => hand[i]).sort((a, b) => b - a);
    const fields = { type: "Exchange", discard: values };
    const move = legalMove(ctx, fields);
    const label = values.length ? `Discard ${values.length} and draw ${values.length}` : "Keep all my cards";
    // Every pick (none included) is a whole move: the server says why, should it refuse one.
    actions = el("div", { class: "actions sab-actions" },
      moveButton(ctx, move, label, { class: "primary sab-confirm", action: fields }),
      values.length ? actionButton(ctx, { type: "Exchange", discard: [] }, "Keep all instead") : null);
    children.unshift(el("p", { class: "sab-prompt" }, el("strong", {}, "You dropped out first. "),
      "Pick any cards to throw away (or none) and draw as many new ones."));
  } else if (ctx.seat !== null && !ctx.over) {
    row = hand.map((value) => actionButton(ctx, { type: "Play", card: value }, cardFace(value),
      { class: "card sab-card", "aria-label": `your card: ${value}` }));
    if (ctx.actions.some((a) => a.type === "Play")) {
      children.unshift(el("p", { class: "sab-prompt" }, el("strong", {}, "Choose a card "),
        "to play face down: your mouse runs that many spaces (−1 runs back)."));
    }
  } else {
    row = hand.map((value) => staticCard(value, `your card: ${value}`));
  }
  if (!hand.length) row = [el("p", { class: "muted" }, "No cards in hand.")];
  children.push(el("div", { class: "cards sab-hand" }, ...row));
  if (actions) children.push(actions);
  // Any legal move the controls above do not offer (there should be none) still gets a button.
  const offered = (a) => a.type === "Play" || a.type === "Exchange";
  const rest = ctx.legal.filter((move, i) => !offered(ctx.actions[i] || {}));
  if (rest.length) children.push(el("div", { class: "actions" }, ...rest.map((move) => moveButton(ctx, move, move))));
  const mine = ctx.seat !== null && ctx.actors.includes(ctx.seat);
  const zone = section(`Your hand (${hand.length})`, ...children);
  zone.classList.add("sab-mine");
  if (mine) zone.classList.add("to-act");
  return zone;
}

function seatsZone(ctx, kinds) {
  const view = ctx.view;
  const boxes = view.plates_won.map((plates, seat) => {
    // Stacks by kind, in the order they were won: the last plate of a kind lies on top (SAB-14).
    const stacks = new Map();
    for (const plate of plates) {
      if (!stacks.has(plate.kind)) stacks.set(plate.kind, []);
      stacks.get(plate.kind).push(plate);
    }
    const ordered = [...stacks.entries()].sort((a, b) => kindFacts(kinds, a[0]).rank - kindFacts(kinds, b[0]).rank);
    const piles = ordered.map(([kind, stack]) => {
      const top = stack[stack.length - 1];
      const under = stack.slice(0, -1).map((p) => `${kindFacts(kinds, kind).name} ${p.value}`);
      const label = `${kindFacts(kinds, kind).name} ${top.value}${under.length ? ` on top of ${under.reverse().join(", ")}` : ""}`;
      return el("div", { class: "sab-stack", "data-under": String(stack.length - 1) },
        plateCard(kinds, top, { size: "small", label, note: under.length ? `covers ${under.length}` : "" }));
    });
    const tags = [];
    if (view.start_player === seat) tags.push(el("span", { class: "chip sab-chip" }, "★ start"));
    if (view.exchanger === seat) tags.push(el("span", { class: "chip sab-chip" }, "⇄ exchanging"));
    const owed = view.pending_draws.filter((s) => s === seat).length;
    if (owed) tags.push(el("span", { class: "chip sab-chip" }, `draws ${owed}`));
    return el("li", { class: `sab-seat ${seat === ctx.seat ? "me" : ""}`.trim(), style: seatStyle(seat) },
      el("div", { class: "sab-seat-head" },
        el("span", { class: "sab-dot" }, String(seat)),
        el("strong", {}, ctx.name(seat)),
        el("span", { class: "sab-score", "aria-label": `score ${view.scores[seat]}` }, `${view.scores[seat]} ${Math.abs(view.scores[seat]) === 1 ? "pt" : "pts"}`)),
      el("div", { class: "sab-seat-facts" },
        el("span", { class: "sab-handsize", "aria-label": `${view.hand_sizes[seat]} cards in hand` },
          backCard("", "mini"), `× ${view.hand_sizes[seat]}`), ...tags),
      piles.length ? el("div", { class: "sab-stacks" }, ...piles) : el("p", { class: "muted sab-none" }, "no plates yet"));
  });
  return section("At the table: plates won (only the top plate of each dish counts)", el("ul", { class: "sab-seats" }, ...boxes));
}

function pilesZone(ctx, kinds) {
  const view = ctx.view;
  const cards = ctx.catalog.cards || view.discard.map((_, i) => ({ index: i, value: i - 1, copies: 10 }));
  const most = Math.max(1, ...view.discard);
  const discard = el("ol", { class: "sab-discard", "aria-label": "the discard pile, by value" },
    ...cards.map((card) => {
      const n = view.discard[card.index] || 0;
      return el("li", { "aria-label": `${n} of ${card.value}`, title: `${n} × ${card.value}` },
        el("span", { class: "sab-bar", style: `height: ${(100 * n) / most}%` }),
        el("b", {}, valueText(card.value)), el("small", {}, `×${n}`));
    }));
  const plates = ctx.catalog.plates || [];
  const rows = [...kinds.values()].sort((a, b) => a.rank - b.rank).map((kind) => {
    const left = plates.filter((p) => p.key === kind.key && view.supply[p.rank]);
    return el("li", { style: `--k: ${colourVar(kind.colour)}`, "aria-label": `${kind.name}: ${left.map((p) => p.value).join(", ") || "none"} face down` },
      el("span", { class: "sab-supply-kind" }, el("span", { class: "sab-symbol" }, kind.symbol), ` ${kind.name}`),
      ...plates.filter((p) => p.key === kind.key).map((p) => el("span", {
        class: `sab-supply-plate ${view.supply[p.rank] ? "" : "gone"}`.trim(), "aria-hidden": "true",
      }, valueText(p.value))));
  });
  const facedown = view.supply.reduce((a, b) => a + b, 0);
  return section("Piles",
    el("div", { class: "sab-piles" },
      el("div", { class: "sab-pile" }, el("h4", {}, "Draw pile"),
        el("div", { class: "sab-drawpile" }, backCard(`draw pile: ${view.draw_pile_size} cards`), el("b", {}, `${view.draw_pile_size} cards`))),
      el("div", { class: "sab-pile" }, el("h4", {}, `Discard pile (${view.discard.reduce((a, b) => a + b, 0)})`), discard),
      el("div", { class: "sab-pile wide" }, el("h4", {}, `Plates still face down (${facedown})`),
        el("ul", { class: "sab-supply" }, ...rows))));
}

export function render(ctx) {
  useStyle("schlacht_am_buffet");
  const kinds = kindsOf(ctx);
  noteRevealed(ctx);
  const root = el("div", { class: "sab" },
    summary(ctx),
    buffetZone(ctx, kinds),
    trackZone(ctx),
    handZone(ctx),
    seatsZone(ctx, kinds),
    pilesZone(ctx, kinds));
  ctx.root.replaceChildren(root);
}
