// Food Chain at the table: your nine animals, what every seat played once revealed, the stacks
// the predators carry, the centre, the scoring piles and stars. Drawn from the seat's view and
// the catalog alone; every control is a move the server lists (ctx.legal) or a disabled button
// that asks the server why not. No rule lives here.
import { actionButton, el, moveButton, useStyle } from "/js/common.js";

const SVG = "http://www.w3.org/2000/svg";

// Simple line drawings, one per animal key, on a 48 x 48 grid (currentColor = the kind's colour).
const DRAWINGS = {
  worm: [
    ["path", { d: "M6 32 C10 20 18 20 22 30 S34 40 40 26", fill: "none", stroke: "currentColor",
               "stroke-width": 7, "stroke-linecap": "round" }],
    ["circle", { cx: 40, cy: 25, r: 1.8, fill: "var(--fc-eye)" }],
  ],
  bird: [
    ["ellipse", { cx: 22, cy: 28, rx: 14, ry: 10, fill: "currentColor" }],
    ["circle", { cx: 34, cy: 18, r: 7, fill: "currentColor" }],
    ["path", { d: "M40 16 L47 19 L40 21 Z", fill: "var(--fc-beak)" }],
    ["path", { d: "M14 26 Q22 20 28 28 Q20 32 14 26 Z", fill: "var(--fc-eye)", opacity: 0.35 }],
    ["path", { d: "M9 26 L2 20 L6 30 Z", fill: "currentColor" }],
    ["circle", { cx: 36, cy: 17, r: 1.6, fill: "var(--fc-eye)" }],
    ["path", { d: "M20 38 L18 44 M26 38 L27 44", stroke: "currentColor", "stroke-width": 2 }],
  ],
  cat: [
    ["path", { d: "M10 18 L12 4 L21 12 L27 12 L36 4 L38 18 Z", fill: "currentColor" }],
    ["ellipse", { cx: 24, cy: 26, rx: 15, ry: 13, fill: "currentColor" }],
    ["ellipse", { cx: 18, cy: 24, rx: 2.2, ry: 3.2, fill: "var(--fc-eye)" }],
    ["ellipse", { cx: 30, cy: 24, rx: 2.2, ry: 3.2, fill: "var(--fc-eye)" }],
    ["path", { d: "M22 30 L26 30 L24 32 Z", fill: "var(--fc-eye)" }],
    ["path", { d: "M4 28 L16 30 M4 34 L16 32 M44 28 L32 30 M44 34 L32 32", stroke: "var(--fc-eye)",
               "stroke-width": 1.2 }],
  ],
  dog: [
    ["ellipse", { cx: 24, cy: 24, rx: 13, ry: 14, fill: "currentColor" }],
    ["ellipse", { cx: 9, cy: 22, rx: 5, ry: 11, fill: "currentColor", transform: "rotate(15 9 22)" }],
    ["ellipse", { cx: 39, cy: 22, rx: 5, ry: 11, fill: "currentColor", transform: "rotate(-15 39 22)" }],
    ["ellipse", { cx: 24, cy: 32, rx: 8, ry: 6, fill: "var(--fc-eye)", opacity: 0.3 }],
    ["circle", { cx: 19, cy: 20, r: 2, fill: "var(--fc-eye)" }],
    ["circle", { cx: 29, cy: 20, r: 2, fill: "var(--fc-eye)" }],
    ["ellipse", { cx: 24, cy: 29, rx: 3.5, ry: 2.5, fill: "var(--fc-eye)" }],
  ],
  flea: [
    ["path", { d: "M16 30 L8 42 M22 32 L18 44 M28 32 L32 44 M20 22 L10 14 M28 22 L36 10 L42 20",
               stroke: "currentColor", "stroke-width": 2.5, fill: "none", "stroke-linecap": "round" }],
    ["ellipse", { cx: 24, cy: 26, rx: 11, ry: 8, fill: "currentColor" }],
    ["circle", { cx: 34, cy: 22, r: 5, fill: "currentColor" }],
    ["circle", { cx: 36, cy: 21, r: 1.4, fill: "var(--fc-eye)" }],
  ],
};

function drawing(key, size = "1em") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "fc-drawing");
  for (const [tag, attributes] of DRAWINGS[key] || [["circle", { cx: 24, cy: 24, r: 14, fill: "currentColor" }]]) {
    const shape = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, String(value));
    svg.append(shape);
  }
  return svg;
}

// The catalog's animals (static facts from the server); a plain fallback if it sent none.
function animals(ctx) {
  const list = ctx.catalog.animals;
  if (Array.isArray(list) && list.length) return list;
  return ctx.view.centre.map((_, index) => ({
    index, key: `kind-${index}`, name: `Kind ${index}`, stars: null, per_hand: null,
    prey: null, predator: null, colour: "grey", symbol: String(index),
  }));
}

const plural = (n, word) => `${n} ${word.toLowerCase()}${n === 1 ? "" : "s"}`;
const stars = (n) => (n === null || n === undefined ? "" : `★${n}`);
const who = (ctx, seat) => (seat === ctx.seat ? "You" : ctx.name(seat));

// A face-up animal card: colour band, symbol, drawing, name, stars.
function cardFace(kind, extra = []) {
  return [
    el("span", { class: "fc-corner", "aria-hidden": "true" }, kind.symbol),
    el("span", { class: "fc-stars", "aria-hidden": "true" }, stars(kind.stars)),
    drawing(kind.key, "2.6em"),
    el("span", { class: "fc-name" }, kind.name),
    ...extra,
  ];
}

function kindClass(kind) {
  return `fc-kind fc-${kind.colour}`;
}

// A small token: the animal's drawing and a count (or nothing), labelled for screen readers.
function token(kind, count = null, label = null) {
  const text = label || (count === null ? kind.name : plural(count, kind.name));
  return el("span", { class: `fc-token ${kindClass(kind)}`, role: "img", "aria-label": text, title: text },
    el("span", { class: "fc-symbol", "aria-hidden": "true" }, kind.symbol),
    drawing(kind.key, "1.15em"),
    count === null ? null : el("span", { class: "fc-count", "aria-hidden": "true" }, `×${count}`));
}

// Counts (one per kind) as tokens; `empty` when there are none.
function counts(kinds, values, empty = "none") {
  const tokens = values.map((n, k) => (n ? token(kinds[k], n) : null)).filter(Boolean);
  return tokens.length ? el("span", { class: "fc-tokens" }, ...tokens)
    : el("span", { class: "muted fc-none" }, empty);
}

// The food chain itself: who snatches whom, the stars, and who is snatching now.
function chain(ctx, kinds) {
  const now = ctx.view.snatching;
  const row = el("ol", { class: "fc-chain", "aria-label": "The food chain: each animal snatches the one before it" });
  kinds.forEach((kind, i) => {
    const active = now === kind.index;
    const hunted = now !== null && kinds[now] && kinds[now].prey === kind.index;
    const label = `${kind.name}, ${plural(kind.stars ?? 0, "star")}` +
      (kind.prey !== null && kinds[kind.prey] ? `, snatches ${kinds[kind.prey].name}s` : "") +
      (active ? ", snatching now" : "") + (hunted ? ", hunted now" : "");
    row.append(el("li", { class: `fc-link ${kindClass(kind)}${active ? " active" : ""}${hunted ? " hunted" : ""}`,
                          "aria-label": label },
      drawing(kind.key, "1.6em"),
      el("span", { class: "fc-link-name", "aria-hidden": "true" }, kind.name),
      el("span", { class: "fc-link-stars", "aria-hidden": "true" }, stars(kind.stars)),
      active ? el("span", { class: "fc-flag", "aria-hidden": "true" }, "▲", el("span", { class: "fc-flag-word" }, " snatching")) : null,
      hunted ? el("span", { class: "fc-flag", "aria-hidden": "true" }, "▼", el("span", { class: "fc-flag-word" }, " prey")) : null));
    if (i < kinds.length - 1) row.append(el("li", { class: "fc-eats", "aria-hidden": "true" }, "◀"));
  });
  const order = (ctx.catalog.predator_order || []).map((k) => kinds[k]).filter((k) => k && kinds[k.prey]);
  const words = order.map((k) => `${k.name}s snatch ${kinds[k.prey].name}s`);
  const caption = words.length ? el("p", { class: "fc-caption muted" }, `${words.join(", then ")}; stars per card under each name.`) : null;
  return el("div", { class: "fc-chain-box" }, row, caption);
}

// What to do now, in one sentence.
function prompt(ctx, kinds) {
  const v = ctx.view;
  const mine = ctx.seat !== null && ctx.actors.includes(ctx.seat);
  if (ctx.over || v.game_over) return ["The game is over.", false];
  if (v.snatching !== null) {
    const hunter = kinds[v.snatching];
    const prey = hunter && hunter.prey !== null ? kinds[hunter.prey] : null;
    const what = prey ? `a ${prey.name}` : "a prey";
    if (v.taker === ctx.seat && mine) {
      return [`Your ${hunter.name} snatches: take ${what}, played this pass (with everything under it) or from the centre.`, true];
    }
    return [`${hunter ? hunter.name + "s" : "Predators"} snatch ${prey ? prey.name + "s" : "their prey"}: ${who(ctx, v.taker)} ${v.taker === ctx.seat ? "take" : "takes"} next.`, false];
  }
  const waiting = v.committed.map((done, seat) => (done ? null : who(ctx, seat))).filter(Boolean);
  if (mine) return ["Choose an animal from your hand to play face down.", true];
  if (ctx.seat !== null && v.my_commitment !== null) {
    const kind = kinds[v.my_commitment];
    return [`Your ${kind ? kind.name : "animal"} lies face down. Waiting for ${waiting.join(", ")}…`, false];
  }
  return [`Everybody chooses an animal face down. Waiting for ${waiting.join(", ")}…`, false];
}

function handZone(ctx, kinds) {
  const v = ctx.view;
  const hand = v.hands[ctx.seat];
  const cards = kinds.map((kind) => {
    const n = hand[kind.index];
    const face = v.my_commitment === kind.index;
    const label = `your card: ${kind.name}, ${n} in hand, ${plural(kind.stars ?? 0, "star")}` +
      (face ? ", played face down" : "");
    const button = actionButton(ctx, { type: "Play", animal: kind.key }, cardFace(kind, [
      el("span", { class: "fc-held", "aria-hidden": "true" }, `×${n}`),
      face ? el("span", { class: "fc-tag", "aria-hidden": "true" }, "face down") : null,
    ]), { class: `card fc-card ${kindClass(kind)}${n ? "" : " fc-gone"}${face ? " chosen" : ""}`,
          "aria-label": label });
    return button;
  });
  return section("Your hand", el("div", { class: "fc-hand" }, ...cards),
    el("p", { class: "muted fc-note" }, `${hand.reduce((a, b) => a + b, 0)} cards in hand; every player holds the same nine animals each round.`));
}

function section(title, ...children) {
  return el("section", { class: "zone fc-zone" }, el("h3", {}, title), ...children);
}

// One seat around the table: its played card (or the back of a face-down one), the stack under
// it, its hand, its scoring pile and stars.
function seatPanel(ctx, kinds, seat, taking) {
  const v = ctx.view;
  const me = seat === ctx.seat;
  const name = ctx.name(seat);
  const badges = el("span", { class: "fc-badges" },
    v.alpha === seat ? el("span", { class: "chip fc-alpha", title: "the Alpha Animal: first to snatch" }, "α Alpha") : null,
    v.taker === seat ? el("span", { class: "chip fc-turn" }, "▶ takes now") : null,
    ctx.actors.includes(seat) && v.snatching === null ? el("span", { class: "chip fc-thinking" }, "… choosing") : null,
    v.committed[seat] ? el("span", { class: "chip fc-ready" }, "✓ face down") : null);

  let slot;
  const played = v.played[seat];
  if (played !== null && played !== undefined && kinds[played]) {
    const kind = kinds[played];
    const snatched = v.taken[seat];
    const label = `${who(ctx, seat)}${me ? "r" : "'s"} ${kind.name}` + (snatched ? ", snatched" : "") +
      (v.stacks[seat].length ? `, with ${v.stacks[seat].length} under it` : "");
    const face = cardFace(kind, snatched ? [el("span", { class: "fc-snatched", "aria-hidden": "true" }, "✕ snatched")] : []);
    const cls = `card fc-card fc-played ${kindClass(kind)}${snatched ? " fc-taken" : ""}`;
    slot = taking
      ? actionButton(ctx, { type: "Take", seat }, face, { class: cls, "aria-label": `take ${label}` })
      : el("div", { class: cls, role: "img", "aria-label": label }, ...face);
  } else if (v.committed[seat]) {
    slot = el("div", { class: "card fc-card back fc-back", role: "img", "aria-label": `${who(ctx, seat)}: a card face down` },
      el("span", { class: "fc-back-mark", "aria-hidden": "true" }, "?"));
  } else {
    slot = el("div", { class: "fc-slot", role: "img", "aria-label": `${who(ctx, seat)}: no card on the table` },
      el("span", { "aria-hidden": "true" }, ctx.actors.includes(seat) && v.snatching === null ? "choosing…" : "—"));
  }
  const stack = v.stacks[seat];
  const under = stack.length
    ? el("div", { class: "fc-stack", "aria-label": `under it: ${stack.map((k) => kinds[k] ? kinds[k].name : k).join(", ")}` },
      el("span", { class: "muted", "aria-hidden": "true" }, "under it:"),
      ...stack.map((k) => (kinds[k] ? token(kinds[k]) : null)))
    : null;
  const round = v.scores[seat] - v.totals[seat];
  return el("section", { class: `fc-seat${me ? " me" : ""}${v.taker === seat ? " taker" : ""}`, "aria-label": name },
    el("h4", {}, name), badges,
    el("div", { class: "fc-slot-row" }, slot, under),
    el("dl", { class: "fc-facts" },
      el("dt", {}, "Hand"), el("dd", {}, counts(kinds, v.hands[seat], "empty")),
      el("dt", {}, "Pile"), el("dd", {}, counts(kinds, v.piles[seat], "nothing yet")),
      el("dt", {}, "Stars"), el("dd", { class: "fc-score" },
        el("strong", {}, `★ ${v.scores[seat]}`),
        el("span", { class: "muted" }, ` (${v.totals[seat]} from earlier rounds + ${round} this round)`))));
}

function centreZone(ctx, kinds, taking) {
  const v = ctx.view;
  // FC-8: only Fleas leave the round, so the view counts them alone.
  const fleas = v.fleas_out ? kinds.map((kind) => (kind.key === "flea" ? v.fleas_out : 0)) : null;
  const out = fleas ? el("p", { class: "fc-out" }, el("span", { class: "muted" }, "Out of the round: "),
    counts(kinds, fleas)) : null;
  const hunter = v.snatching !== null ? kinds[v.snatching] : null;
  const prey = hunter && hunter.prey !== null ? kinds[hunter.prey] : null;
  const what = prey ? `a ${prey.name}` : "a prey";
  const take = taking
    ? actionButton(ctx, { type: "TakeFromCentre" }, [prey ? drawing(prey.key, "1.4em") : null, ` Take ${what} from the centre`],
      { class: `fc-take-centre${prey ? " " + kindClass(prey) : ""}`, "aria-label": `take ${what} from the centre` })
    : null;
  return section("The centre",
    el("div", { class: "fc-centre" }, counts(kinds, v.centre, "empty"), take), out);
}

export function render(ctx) {
  useStyle("food_chain");
  const v = ctx.view;
  const kinds = animals(ctx);
  const n = v.committed.length;
  const taking = ctx.actions.some((a) => a.type === "Take" || a.type === "TakeFromCentre");
  const [line, act] = prompt(ctx, kinds);
  const rounds = ctx.catalog.rounds || n;
  const passes = ctx.catalog.passes || 9;

  const head = el("div", { class: "fc-head" },
    el("p", { class: "fc-where" },
      el("span", { class: "chip" }, `Round ${v.round} of ${rounds}`),
      el("span", { class: "chip" }, `Pass ${v.pass_number} of ${passes}`),
      el("span", { class: "chip fc-alpha" }, `α Alpha: ${who(ctx, v.alpha)}`)),
    chain(ctx, kinds),
    el("p", { class: `fc-prompt${act ? " act" : ""}`, role: "status" }, line));

  const parts = [head];
  if (ctx.seat !== null && v.hands[ctx.seat]) parts.push(handZone(ctx, kinds));
  parts.push(centreZone(ctx, kinds, taking));
  const order = [];
  for (let i = 0; i < n; i += 1) order.push(((ctx.seat ?? 0) + i) % n);
  parts.push(section("Around the table (clockwise)",
    el("div", { class: "fc-seats" }, ...order.map((seat) => seatPanel(ctx, kinds, seat, taking)))));

  const root = el("div", { class: "fc-table" }, ...parts);
  // Every legal move must be reachable: anything the drawing above did not offer gets a button.
  const offered = new Set([...root.querySelectorAll("[data-move]")].map((b) => b.dataset.move));
  const rest = ctx.legal.filter((move) => !offered.has(move));
  if (rest.length) root.append(section("Other moves", el("div", { class: "actions" }, ...rest.map((m) => moveButton(ctx, m, m)))));
  ctx.root.replaceChildren(root);
}
