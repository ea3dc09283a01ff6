// All You Can Eat Buffet: the Meal line, your Mood hand, every seat's plate and tokens.
// Drawn from the seat's view and the catalog alone. No rule lives here: the legal moves and the
// reasons come from the server; a click picks the legal move whose action has the fields clicked
// (ctx.actions beside ctx.legal: the Moods picked, the Meals to swap); no notation is written here.
import { actionButton, el, legalMove, moveButton, zone, useStyle } from "/js/common.js";

const GAME = "all_you_can_eat_buffet";
const SVG = "http://www.w3.org/2000/svg";
const MOOD_IDS = ["hungry", "very-hungry", "boor", "slow", "trickster", "jealous"];

// Small outline pictograms (24 x 24), drawn with the text colour.
const circle = (x, y, r) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
const ICONS = {
  garlic: "M12 3c1 3 6 5 6 11a6 6 0 0 1-12 0c0-6 5-8 6-11z M12 9v11 M9 12c0 4 1 7 3 8 M15 12c0 4-1 7-3 8",
  cake: "M3 20h18v-8H3z M3 16c3 2 6-2 9 0s6 2 9 0 M12 12V7 " + circle(12, 5, 1.2),
  meat: "M15 3a6 6 0 0 1 6 6c0 4-3 6-6 6-1 0-2 0-3 1l-3 3a2 2 0 1 1-2.5-2.5A2 2 0 1 1 9 13l3-3c1-1 1-2 1-3 0-3 1-4 2-4z",
  fish: "M2 12c4-6 12-6 16 0-4 6-12 6-16 0z M18 12l4-4v8z " + circle(7, 11, 0.8),
  vegetables: "M4 20c-1-1 1-6 4-9l4-4c2-1 4 1 3 3l-4 4c-3 3-6 7-7 6z M14 6l1-4 M15 7l3-3 M16 8l5-1 M8 14l2 1 M6 17l2 1",
  parsley: "M5 19C5 9 12 4 20 4c0 8-5 15-15 15z M5 19l9-9",
  fruits: "M12 7c-3-2-8-1-8 5s4 9 8 8c4 1 8-3 8-8s-5-7-8-5z M12 7c0-2 1-4 3-4",
  tomato: circle(12, 13, 8) + " M8 6l4 2 4-2 M12 8V3",
  surprise_bread: "M4 19v-8a4 4 0 0 1 2-7h12a4 4 0 0 1 2 7v8z M10 10a2 2 0 1 1 3 2c-1 .5-1 1-1 2 M12 16.5v.5",
  coffee: "M4 9h12v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z M16 10h2a2 2 0 0 1 0 4h-2 M8 3v3 M12 3v3",
  milk: "M9 3h6v3l2 3v12H7V9l2-3z M7 13h10",
  lemon: "M4 12c0-4 4-7 8-7s8 3 8 7-4 7-8 7-8-3-8-7z M2 12h2 M20 12h2 M9 10c1-1 3-2 5-1",
  ketchup: "M10 2h4v3l2 2v14H8V7l2-2z M8 12h8 M8 16h8",
  spoiled_food: "M12 4a7 7 0 0 0-7 7c0 3 2 4 2 6h10c0-2 2-3 2-6a7 7 0 0 0-7-7z M9 20h6 " +
    circle(9, 11, 1.3) + " " + circle(15, 11, 1.3),
  hungry: "M7 3v18 M5 3v5a2 2 0 0 0 4 0V3 M17 21V3c-3 2-3 8 0 9",
  "very-hungry": circle(12, 12, 9) + " M7 12h10a5 5 0 0 1-10 0z " + circle(9, 8.5, 0.6) + " " + circle(15, 8.5, 0.6),
  boor: "M13 2L4 14h7l-1 8 9-12h-7z",
  slow: "M6 3h12 M6 21h12 M7 3c0 5 10 6 10 9s-10 4-10 9 M17 3c0 5-10 6-10 9s10 4 10 9",
  trickster: "M4 8h15l-4-4 M20 16H5l4 4",
  jealous: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z " + circle(12, 12, 3),
  drink: "M6 3h12l-2 18H8z M7 8h10",
  spice: "M9 9h6l1 12H8z M10 4h4l1 5H9z " + circle(12, 15, 0.6),
  secret: "M12 3a4 4 0 0 1 4 4v3H8V7a4 4 0 0 1 4-4z M6 10h12v10H6z M12 14v3",
  crown: "M3 18h18 M4 16L3 7l5 4 4-6 4 6 5-4-1 9z",
};

function icon(name, label = null) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `ayc-icon icon-${name}`);
  if (label) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", label); }
  else svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name] || ICONS.secret);
  svg.append(path);
  return svg;
}

// What the person has picked but not yet sent; forgotten when the position changes.
const ui = { key: null, picked: [], swapFrom: null };

const STAGES = {
  deal: "Setting the table", play: "Everyone commits Mood cards", reveal: "Revealing the Moods",
  resolve: "Eating", secrets: "Surprise breads turn up their secrets",
  tomatoes: "Tomato decisions", over: "Game over",
};

function facts(ctx) {
  const cat = ctx.catalog || {};
  const meals = cat.meals || [];
  const moods = cat.moods && cat.moods.length ? cat.moods
    : MOOD_IDS.map((id) => ({ id, name: id, text: "", when: "turn" }));
  const sets = Object.fromEntries((cat.sets || []).map((s) => [s.id, s]));
  const meal = (i) => meals[i] || { name: `Meal ${i}`, set: "secret", points: 0 };
  return { cat, meal, moods, sets, rounds: cat.rounds };
}

const who = (ctx, seat) => (seat === ctx.seat ? "You" : ctx.name(seat));
const whose = (ctx, seat) => (seat === ctx.seat ? "your" : `${ctx.name(seat)}'s`);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function mealCard(f, index, extra = {}) {
  const m = f.meal(index);
  const set = f.sets[m.set] || { name: m.set, scoring: "" };
  const words = [m.name, set.name, m.points ? `${m.points} points` : null,
    m.drink ? "Drink icon" : null, m.jealous_icon ? "Jealous icon" : null,
    extra.spices ? plural(extra.spices, "spice token") : null,
    extra.secret ? "a secret card underneath" : null];
  const label = (extra.position ? `Meal ${extra.position}: ` : "") + words.filter(Boolean).join(", ");
  const icons = el("div", { class: "ayc-marks" },
    m.drink ? el("span", { class: "ayc-mark drink", title: "Drink icon: a Drink token when collected" },
      icon("drink"), "drink") : null,
    m.jealous_icon ? el("span", { class: "ayc-mark jealous", title: "Jealous icon: a Drink token when stolen" },
      icon("jealous"), "jealous") : null);
  return el("div", {
    class: `ayc-meal set-${m.set}`, role: "img", "aria-label": label,
    title: `${m.name} (${set.name}). ${set.scoring}`,
  },
  el("div", { class: "ayc-band" },
    extra.position ? el("span", { class: "ayc-pos", "aria-hidden": "true" }, String(extra.position)) : null,
    icon(m.set), el("span", { class: "ayc-set" }, set.name)),
  el("div", { class: "ayc-name" }, m.name),
  el("div", { class: "ayc-body" },
    m.points ? el("div", { class: "ayc-points" }, `${m.points > 0 ? "+" : ""}${m.points}`, el("small", {}, " pts")) : null,
    el("div", { class: "ayc-art", "aria-hidden": "true" }, icon(m.set))),
  extra.rule && set.scoring ? el("div", { class: "ayc-rule" }, set.scoring) : null,
  icons,
  extra.spices ? el("div", { class: "ayc-spices" },
    ...Array.from({ length: extra.spices }, () => icon("spice")), `+${extra.spices} spice`) : null,
  extra.secret ? el("div", { class: "ayc-secret" }, el("span", {}, icon("secret"), "secret card under it")) : null);
}

function moodCard(f, mood, label, attributes = {}) {
  const m = f.moods[mood] || { id: "?", name: "?" };
  return el(attributes.tag || "div", {
    class: `ayc-mood mood-${m.id} ${attributes.class || ""}`.trim(),
    "aria-label": label, role: attributes.tag ? undefined : "img",
    title: `${m.name}: ${m.text || ""}`.trim(), ...attributes.attrs,
  }, el("span", { class: "ayc-mood-band" }, icon(m.id)), el("span", { class: "ayc-mood-name" }, m.name));
}

function cardBack(label) {
  return el("div", { class: "ayc-mood ayc-back", role: "img", "aria-label": label }, el("span", {}, "?"));
}

// The legal moves of one kind: each move's notation and its action's fields, as the server sent them.
const movesOf = (ctx, type) => ctx.actions.flatMap((action, i) => (action.type === type ? [{ move: ctx.legal[i], action }] : []));

// --- the header strip: round, stage, first player, supplies -----------------------------------
function header(ctx, f) {
  const v = ctx.view;
  const rounds = f.rounds ? ` of ${f.rounds}` : "";
  const unseen = (v.unseen_meals || []).reduce((a, b) => a + b, 0);
  const cake = v.cake === null || v.cake === undefined ? "on the table" : who(ctx, v.cake);
  return el("div", { class: "ayc-header" },
    el("div", { class: "ayc-round" }, el("strong", {}, `Round ${v.round}${rounds}`), " · ", STAGES[v.stage] || v.stage),
    el("ul", { class: "ayc-facts", "aria-label": "The table" },
      el("li", {}, icon("crown"), `First player: ${who(ctx, v.first)}`),
      el("li", {}, icon("drink"), `${v.drink_supply} Drink tokens in the supply`),
      el("li", {}, icon("spice"), `${v.spice_supply} Spice tokens in the supply`),
      el("li", {}, icon("cake"), `Birthday Cake tile: ${cake}`),
      el("li", {}, icon("surprise_bread"), `${plural(unseen, "Meal")} unseen`)));
}

// --- what to do now -----------------------------------------------------------------------
function prompt(ctx, f) {
  const v = ctx.view;
  if (ctx.over) return null;
  const mine = ctx.seat !== null && ctx.legal.length > 0;
  let text;
  if (!mine) {
    if (ctx.seat !== null && v.stage === "play" && v.my_commitment) {
      const cards = v.my_commitment.map((m) => f.moods[m]?.name).join(" and ");
      text = cards ? `You committed ${cards}, face down. Waiting for the others.`
        : "You committed no card: your neighbour picks one from your hand at random.";
    } else text = "Watch the buffet: it is not your move.";
    return el("p", { class: "ayc-prompt" }, text);
  }
  const kinds = new Set(ctx.actions.map((a) => a.type));
  if (kinds.has("Play")) {
    const sizes = new Set(movesOf(ctx, "Play").map((t) => t.action.moods.length));
    if (sizes.has(2)) text = "You have enough Drink tokens to commit two Mood cards: your left neighbour reveals one of them at random; the other goes back to your hand.";
    else if (sizes.has(0) && sizes.size === 1) text = "You have so many Drink tokens that you commit no card: your left neighbour picks one from your hand at random.";
    else text = "Pick the Mood card to play this round, then confirm. Everyone commits at the same time.";
  } else if (kinds.has("Tomato")) {
    text = "Decide your Tomatoes: each one counts as a Fruit (a kind of its own) or as a Vegetable.";
  } else {
    const mood = v.revealed[ctx.seat];
    const m = f.moods[mood];
    text = m ? `Your ${m.name}: ${m.text}` : "Your choice.";
    if (kinds.has("Swap")) text += " Pick a Meal to swap, then the Meal to swap it with.";
    if (kinds.has("Steal")) text += " The Steal buttons are on the other players' plates below.";
  }
  return el("p", { class: "ayc-prompt mine" }, el("strong", {}, "Your move. "), text);
}

// --- the Meal line ------------------------------------------------------------------------
function line(ctx, f, covered) {
  const v = ctx.view;
  const takes = movesOf(ctx, "Take");
  const singles = takes.some((t) => t.action.positions.length === 1);
  const pairs = takes.some((t) => t.action.positions.length === 2);
  const swaps = movesOf(ctx, "Swap").map((t) => [t.action.first, t.action.second]);
  if (ui.swapFrom !== null && !swaps.some((p) => p.includes(ui.swapFrom))) ui.swapFrom = null;
  const row = el("ol", { class: "ayc-line", "aria-label": "The Meal line, first to last" });
  v.line.forEach(([index, spices, secret], i) => {
    const p = i + 1;
    const slot = el("li", { class: "ayc-slot" }, mealCard(f, index, { position: p, spices, secret, rule: true }));
    const actions = el("div", { class: "ayc-slot-actions" });
    const name = f.meal(index).name;
    if (singles) {
      const fields = { type: "Take", positions: [p] };
      const take = legalMove(ctx, fields);
      actions.append(moveButton(ctx, take, "Take", { class: "ayc-do", "aria-label": `Take ${name} (Meal ${p})`, action: fields }));
      covered.add(take);
    }
    if (swaps.length) {
      if (ui.swapFrom === null || ui.swapFrom === p) {
        const can = swaps.some((s) => s.includes(p));
        const title = ui.swapFrom === p ? "Cancel this swap"
          : can ? "Pick this Meal, then the one to swap it with" : "No swap with this Meal is possible now";
        const toggle = el("button", {
          type: "button", class: "ayc-do ayc-toggle", "aria-pressed": String(ui.swapFrom === p),
          disabled: !can, "aria-label": `Swap ${name} (Meal ${p}) with…`, title,
          onclick: () => { ui.swapFrom = ui.swapFrom === p ? null : p; render(ctx); },
        }, ui.swapFrom === p ? "Swapping… (cancel)" : "Swap…");
        // A disabled button gets no hover events in every browser: its wrapper carries the words.
        actions.append(can ? toggle : el("span", { class: "why", title }, toggle));
      } else {
        const [a, b] = [Math.min(p, ui.swapFrom), Math.max(p, ui.swapFrom)];
        actions.append(actionButton(ctx, { type: "Swap", first: a, second: b }, `Swap with ${ui.swapFrom}`,
          { class: "ayc-do primary", "aria-label": `Swap ${name} (Meal ${p}) with Meal ${ui.swapFrom}` }));
      }
    }
    for (const s of movesOf(ctx, "Swap")) covered.add(s.move);
    if (pairs && p < v.line.length) {
      const next = f.meal(v.line[i + 1][0]).name;
      const fields = { type: "Take", positions: [p, p + 1] };
      const take = legalMove(ctx, fields);
      actions.append(moveButton(ctx, take, `Take ${p} + ${p + 1} →`,
        { class: "ayc-do", "aria-label": `Take ${name} and ${next} (Meals ${p} and ${p + 1})`, action: fields }));
      covered.add(take);
    }
    if (actions.childElementCount) slot.append(actions);
    row.append(slot);
  });
  if (!v.line.length) row.append(el("li", { class: "ayc-empty muted" }, "The line is empty."));
  return zone("The Meal line", row);
}

// --- your Mood hand: toggles and one confirm button ---------------------------------------
function hand(ctx, f, covered) {
  const v = ctx.view;
  if (ctx.seat === null || !v.my_hand) return null;
  const plays = movesOf(ctx, "Play").map((t) => t.action.moods);
  const cards = [];
  v.my_hand.forEach((n, mood) => { for (let k = 0; k < n; k++) cards.push({ mood, key: `${mood}:${k}` }); });
  ui.picked = ui.picked.filter((key) => cards.some((c) => c.key === key));
  const pickedMoods = () => ui.picked.map((key) => Number(key.split(":")[0])).sort((a, b) => a - b);
  // Can a legal play still hold these Moods (a multiset)? Composition only, no rule.
  const reachable = (moods) => plays.some((words) => {
    const left = [...words];
    return moods.every((m) => { const i = left.indexOf(f.moods[m].id); if (i < 0) return false; left.splice(i, 1); return true; });
  });
  const row = el("div", { class: "ayc-hand" });
  const committed = new Set();
  if (v.my_commitment && !plays.length) {
    const left = [...v.my_commitment];
    for (const c of cards) {
      const i = left.indexOf(c.mood);
      if (i >= 0) { left.splice(i, 1); committed.add(c.key); }
    }
  }
  for (const c of cards) {
    const m = f.moods[c.mood];
    if (plays.length) {
      const on = ui.picked.includes(c.key);
      const can = on || (ui.picked.length < 2 && reachable([...pickedMoods(), c.mood]));
      row.append(moodCard(f, c.mood, `your card: ${m.name}${on ? ", picked" : ""}`, {
        tag: "button", class: on ? "picked" : "",
        attrs: {
          type: "button", "aria-pressed": String(on), disabled: !can,
          title: `${m.name}: ${m.text}${can ? "" : " (not with the cards picked now)"}`,
          onclick: () => {
            ui.picked = on ? ui.picked.filter((k) => k !== c.key) : [...ui.picked, c.key];
            render(ctx);
          },
        },
      }));
    } else {
      const down = committed.has(c.key);
      row.append(moodCard(f, c.mood, `your card: ${m.name}${down ? ", committed face down" : ""}`,
        { class: down ? "committed" : "" }));
    }
  }
  if (!cards.length) row.append(el("p", { class: "muted" }, "Your hand is empty."));
  const parts = [row];
  if (plays.length) {
    const chosen = pickedMoods().map((m) => f.moods[m].id);
    const fields = { type: "Play", moods: chosen };
    const move = legalMove(ctx, fields);
    const names = pickedMoods().map((m) => f.moods[m].name);
    const label = names.length ? `Play ${names.join(" + ")}`
      : plays.some((moods) => !moods.length) ? "Play no card" : "Play";
    // Not yet a move because of what is picked on this page (not a rule): say what to pick,
    // in the page's words. A move the server refuses keeps the server's reason (moveButton).
    const sizes = [...new Set(plays.map((words) => words.length))];
    const more = move !== null || !reachable(pickedMoods()) ? 0
      : Math.min(...sizes.filter((n) => n > chosen.length)) - chosen.length;
    const hint = more <= 0 || !Number.isFinite(more) ? null
      : chosen.length ? `Pick ${more === 1 ? "one more Mood card" : `${more} more Mood cards`} first`
        : more === 1 ? "Pick a Mood card first" : `Pick ${more} Mood cards first`;
    const confirm = hint
      ? el("span", { class: "why", title: hint }, el("button", {
        type: "button", class: "primary", disabled: true, title: hint,
        "aria-label": `Confirm: ${label.toLowerCase()}`, "aria-describedby": "ayc-confirm-hint",
      }, label))
      : moveButton(ctx, move, label, { class: "primary", "aria-label": `Confirm: ${label.toLowerCase()}`, action: fields });
    parts.push(el("div", { class: "actions ayc-confirm" }, confirm,
      el("span", { class: hint ? "ayc-hint" : "muted", id: "ayc-confirm-hint" },
        hint || `${plural(ui.picked.length, "card")} picked`)));
    for (const m of movesOf(ctx, "Play")) covered.add(m.move);
  }
  const deck = (v.my_deck || []).flatMap((n, mood) => (n ? [`${f.moods[mood].name} ×${n}`] : []));
  parts.push(el("p", { class: "ayc-deck muted" }, `Still in your deck (${(v.my_deck || []).reduce((a, b) => a + b, 0)}): `,
    deck.join(", ") || "nothing"));
  return zone("Your Mood cards", ...parts);
}

// --- Tomatoes ------------------------------------------------------------------------------
function tomatoes(ctx, covered) {
  const moves = movesOf(ctx, "Tomato");
  const v = ctx.view;
  if (!moves.length) {
    if (ctx.seat !== null && v.my_tomatoes !== null && v.my_tomatoes !== undefined && !ctx.over)
      return zone("Your Tomatoes", el("p", {}, `Decided: ${plural(v.my_tomatoes, "Vegetable")}, the rest Fruit.`));
    return null;
  }
  const buttons = moves.map(({ move, action }) => {
    const fruit = action.fruits;
    const veg = action.vegetables;
    covered.add(move);
    return moveButton(ctx, move, [icon("tomato"), `${fruit} Fruit · ${veg} Vegetable`],
      { class: "ayc-do ayc-tomato", "aria-label": `Tomatoes: ${fruit} as Fruit, ${veg} as Vegetable` });
  });
  return zone("Your Tomatoes", el("div", { class: "actions" }, ...buttons));
}

// --- every seat: this round's Mood, tokens, plate ------------------------------------------
function seats(ctx, f, covered) {
  const v = ctx.view;
  const steals = movesOf(ctx, "Steal");
  const grid = el("div", { class: "ayc-seats" });
  const order = v.stage === "resolve" ? v.queue : [];
  for (let seat = 0; seat < ctx.players; seat++) {
    const name = who(ctx, seat);
    const acting = (v.actors || ctx.actors || []).includes(seat);
    const round = el("div", { class: "ayc-played" });
    const mood = v.revealed[seat];
    if (mood !== null && mood !== undefined) {
      round.append(moodCard(f, mood, `${whose(ctx, seat)} Mood: ${f.moods[mood].name}`, { class: "small" }));
    } else if (v.committed[seat] !== null && v.committed[seat] !== undefined) {
      const n = v.committed[seat];
      for (let k = 0; k < n; k++) round.append(cardBack(`${whose(ctx, seat)} card ${k + 1}, face down`));
      round.append(el("span", { class: "muted" }, n ? `${plural(n, "card")} face down` : "no card: a random pick"));
    } else if (v.stage === "play") {
      round.append(el("span", { class: "muted" }, "choosing…"));
    }
    if (v.stage === "tomatoes" && v.tomatoes_decided[seat]) round.append(el("span", { class: "chip" }, icon("tomato"), "Tomatoes decided"));
    else if (v.stage === "tomatoes" && acting) round.append(el("span", { class: "chip" }, icon("tomato"), "deciding Tomatoes…"));
    const place = order.indexOf(seat);
    if (place >= 0) round.append(el("span", { class: "chip" }, place === 0 ? "eats now" : `eats ${place + 1}.`));
    const tokens = el("ul", { class: "ayc-tokens", "aria-label": `${whose(ctx, seat)} tokens` },
      el("li", {}, icon("drink"), plural(v.drinks[seat], "Drink")),
      el("li", {}, icon("spice"), plural(v.spices[seat], "Spice")),
      v.cake === seat ? el("li", { class: "ayc-cake" }, icon("cake"), "Birthday Cake tile") : null,
      v.secrets[seat] ? el("li", {}, icon("secret"), plural(v.secrets[seat], "secret card")) : null,
      el("li", { class: "muted" }, `hand ${v.hand_sizes[seat]} · deck ${v.deck_sizes[seat]}`));
    const plate = el("ul", { class: "ayc-plate", "aria-label": `${whose(ctx, seat)} plate` });
    const collection = v.collections[seat];
    const indices = collection.map((n, i) => i).filter((i) => collection[i] > 0);
    const setOrder = Object.keys(f.sets);
    indices.sort((a, b) => setOrder.indexOf(f.meal(a).set) - setOrder.indexOf(f.meal(b).set) || a - b);
    for (const i of indices) {
      const m = f.meal(i);
      const set = f.sets[m.set] || { name: m.set, scoring: "" };
      const item = el("li", { class: `ayc-chip set-${m.set}`, title: `${m.name} (${set.name}). ${set.scoring}` },
        icon(m.set), el("span", {}, m.name), collection[i] > 1 ? el("b", {}, `×${collection[i]}`) : null,
        m.points ? el("small", {}, `${m.points > 0 ? "+" : ""}${m.points}`) : null);
      const fields = { type: "Steal", seat, meal: m.name };
      const steal = legalMove(ctx, fields);
      if (steals.length && seat !== ctx.seat) {
        item.append(moveButton(ctx, steal, "Steal", { class: "ayc-do ayc-steal", "aria-label": `Steal ${m.name} from ${ctx.name(seat)}`, action: fields }));
        covered.add(steal);
      }
      plate.append(item);
    }
    if (!indices.length) plate.append(el("li", { class: "muted" }, "nothing yet"));
    const used = (v.used[seat] || []).flatMap((n, m) => (n ? [`${f.moods[m].name}${n > 1 ? ` ×${n}` : ""}`] : []));
    grid.append(el("section", {
      class: `ayc-seat seat-${seat}${seat === ctx.seat ? " me" : ""}${acting ? " acting" : ""}`,
      "aria-label": name,
    },
    el("h4", {}, el("span", { class: "ayc-dot", "aria-hidden": "true" }), name,
      v.first === seat ? el("span", { class: "chip", title: "First player tile" }, icon("crown"), "first") : null,
      acting ? el("span", { class: "chip acting" }, "to act") : null,
      el("span", { class: "ayc-score", "aria-label": `${v.scores[seat]} points` }, String(v.scores[seat]), el("small", {}, " pts"))),
    round, tokens, plate,
    used.length ? el("p", { class: "ayc-used muted" }, "Moods played: ", used.join(", ")) : null));
  }
  return zone("At the buffet", grid);
}

// --- what nobody holds: discard pile and unseen Meals -------------------------------------
function piles(ctx, f) {
  const v = ctx.view;
  const list = (counts) => counts.flatMap((n, i) => (n ? [`${f.meal(i).name}${n > 1 ? ` ×${n}` : ""}`] : [])).join(", ") || "none";
  return el("details", { class: "ayc-piles" },
    el("summary", {}, "Discarded and unseen Meals"),
    el("p", {}, el("strong", {}, "Discarded: "), list(v.discard)),
    el("p", {}, el("strong", {}, "Unseen (the deck and the secret cards): "), list(v.unseen_meals)),
    el("ul", { class: "ayc-rules" }, ...Object.values(f.sets).map((s) =>
      el("li", {}, el("strong", {}, `${s.name}: `), s.scoring)),
      ...Object.values(f.cat.scoring || {}).map((text) => el("li", {}, text))));
}

export function render(ctx) {
  useStyle(GAME);
  const key = JSON.stringify([ctx.view.round, ctx.view.stage, ctx.legal]);
  if (key !== ui.key) { ui.key = key; ui.picked = []; ui.swapFrom = null; }
  const f = facts(ctx);
  const covered = new Set();
  const parts = [header(ctx, f), prompt(ctx, f), line(ctx, f, covered), tomatoes(ctx, covered),
    hand(ctx, f, covered), seats(ctx, f, covered)];
  // Any legal move no control above offers (a form this page does not know): a plain button.
  const rest = ctx.legal.filter((m) => !covered.has(m));
  if (rest.length) parts.splice(2, 0, zone("Other moves", el("div", { class: "actions" }, ...rest.map((m) => moveButton(ctx, m, m)))));
  parts.push(piles(ctx, f));
  ctx.root.replaceChildren(...parts.filter(Boolean));
  ctx.root.classList.add("ayc");
}
