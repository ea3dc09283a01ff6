// Small helpers every page and renderer shares.

// Light or dark: the system's choice, or the person's (remembered in this browser).
export function theme() {
  const saved = localStorage.getItem("tablefeast-theme");
  if (saved) document.documentElement.dataset.theme = saved;
  document.getElementById("theme")?.addEventListener("click", () => {
    const dark = document.documentElement.dataset.theme === "dark" ||
      (!document.documentElement.dataset.theme && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.dataset.theme = dark ? "light" : "dark";
    localStorage.setItem("tablefeast-theme", document.documentElement.dataset.theme);
  });
}

// An element with attributes (on* attributes become listeners) and children (text or nodes).
// A "style" is set property by property: the server's Content-Security-Policy refuses inline
// style attributes, not styles set through the DOM.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") setStyle(node, String(value));
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// "left: 10%; --k: red" set on the node's style, one declaration at a time.
function setStyle(node, declarations) {
  for (const declaration of declarations.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon > 0) node.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
}

// What the table calls a seat: its name (typed in the lobby, "Seat N" for a person who gave
// none, "Bot (level)" for a bot), with "(you)" for this page's own seat.
export function seatName(seat, welcome) {
  if (seat === -1) return "chance";
  const name = (welcome && welcome.names && welcome.names[seat]) || `Seat ${seat}`;
  return welcome && seat === welcome.seat ? `${name} (you)` : name;
}

// The server's words with the seats' names in them: an event, a result line or a reason comes
// with its parts (words, and each seat it names by id: {"seat": 2}, "own" for "seat 2's", "cap"
// where a sentence begins with it), so no English is read here. Names are only ever put in text
// nodes: a name is never read as markup. Plain text (no parts) is shown as it is.
export function named(parts, welcome) {
  if (!Array.isArray(parts)) return String(parts ?? "");
  return parts.map((part) => {
    if (typeof part === "string") return part;
    if (!part.own) return seatName(part.seat, welcome);
    if (welcome && part.seat === welcome.seat) return part.cap ? "Your" : "your";
    return `${seatName(part.seat, welcome)}'s`;
  }).join("");
}

// A button for the move whose action has these fields (see legalMove): enabled when the server
// lists it, otherwise disabled with the server's reason why not.
export function actionButton(ctx, fields, label, attributes = {}) {
  return moveButton(ctx, legalMove(ctx, fields), label, { ...attributes, action: fields });
}

// The legal move whose action, as the server sent it (ctx.actions, beside each move of
// ctx.legal: the action's fields as tablefeast.dumps writes them), has all these fields (a list
// as a multiset: cards chosen in any order); null when the server lists none. A renderer picks
// its moves here and never writes notation.
export function legalMove(ctx, fields) {
  const key = (v) => JSON.stringify(Array.isArray(v) ? v.map((x) => JSON.stringify(x)).sort() : v);
  const same = (a, b) => key(a) === key(b);
  const i = (ctx.actions || []).findIndex((action) =>
    Object.entries(fields).every(([key, value]) => same(action[key], value)));
  return i < 0 ? null : ctx.legal[i];
}

// A button for one move: enabled when the server lists it as legal (`move`: a move of
// ctx.legal, from legalMove); otherwise (`move` null) disabled. A move the seat may not make now
// keeps the server's reason (asked on hover or focus) as its tooltip and description: asked by
// its notation, or by `action` (the action's fields, as legalMove takes them) where the page has
// no notation for it, which is every move the server did not list.
export function moveButton(ctx, move, label, attributes = {}) {
  const legal = move !== null && ctx.legal.includes(move);
  const button = el("button", {
    type: "button", "data-move": move, disabled: !legal, "aria-label": attributes["aria-label"],
    class: attributes.class || "", title: legal ? `${move}` : "not possible now",
    onclick: () => ctx.play(move),
  }, ...(Array.isArray(label) ? label : [label]));
  const ask = move !== null ? () => ctx.why(move)
    : attributes.action ? () => ctx.whyAction(attributes.action) : null;
  if (!legal && ask && ctx.seat !== null && !ctx.over) {
    const explain = () => ask().then((reason) => {
      if (!reason) return;
      button.title = reason;
      button.setAttribute("aria-description", button.title);
    });
    button.addEventListener("mouseenter", explain, { once: true });
    button.addEventListener("focus", explain, { once: true });
    // A disabled button gets no hover events in every browser: wrap it so the reason shows.
    const wrap = el("span", { class: "why", onmouseenter: explain }, button);
    return wrap;
  }
  return button;
}

export function zone(title, ...children) {
  return el("div", { class: "zone" }, el("h3", {}, title), ...children);
}

// A game's own stylesheet (the file its Capabilities.stylesheet names in its package, served at
// /games/<game>/style.css), added to the page once. A renderer calls it with its game's name.
export function useStyle(game) {
  const href = `/games/${encodeURIComponent(game)}/style.css`;
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
}
