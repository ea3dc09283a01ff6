// Goofspiel at the table: the prize turned up, your hand as card buttons, and each seat's
// points, cards left and whether it has bid (never what: the view does not say). A small
// renderer a game ships in its own package (Capabilities.renderer and .stylesheet): the server
// serves it at /games/goofspiel/renderer.js, so it imports the client's helpers by their
// absolute address. No rule lives here: a card is a button for the legal move whose action bids
// that card (actionButton picks it among the moves the server lists), disabled when there is
// none, with the server's reason why not on hover.
import { actionButton, el, zone, useStyle } from "/js/common.js";

function cards(counts) {  // counts[c - 1] copies of card c, as card values
  return counts.flatMap((count, i) => Array(count).fill(i + 1));
}

function held(n) {
  return n === 1 ? "1 card in hand" : `${n} cards in hand`;
}

export function render(ctx) {
  useStyle("goofspiel");
  const view = ctx.view;
  const prize = view.prize === null
    ? el("span", { class: "gs-card gs-big gs-back", "aria-label": "No prize turned up yet" }, "?")
    : el("span", { class: "gs-card gs-big", "data-prize": String(view.prize) }, String(view.prize));
  const left = cards(view.prizes);
  const table = el("div", { class: "gs-prize" }, prize,
    el("p", {}, `Prizes still face down: ${left.length ? left.join(", ") : "none"}`));
  const parts = [zone("The prize", table)];
  if (ctx.seat !== null) {
    const mine = view.my_bid === null ? "Bid a card for the prize." : `You bid ${view.my_bid}.`;
    const hand = el("div", { class: "gs-hand", "aria-label": "Your hand" },
      ...cards(view.hands[ctx.seat]).map((card) =>
        actionButton(ctx, { type: "Bid", card }, String(card), { "aria-label": `Bid ${card}` })));
    parts.push(zone("Your hand", el("p", { id: "gs-mine" }, mine), hand));
  }
  const seats = el("div", { class: "gs-seats" }, ...view.points.map((points, seat) =>
    el("section", { class: `gs-seat${seat === ctx.seat ? " gs-me" : ""}`, "data-seat": String(seat) },
      el("h4", {}, ctx.name(seat)),
      el("p", {}, points === 1 ? "1 point" : `${points} points`),
      el("p", {}, held(cards(view.hands[seat]).length)),
      el("p", { class: "muted" }, view.committed[seat] ? "has bid" : "to bid"))));
  parts.push(zone("The players", seats));
  ctx.root.replaceChildren(el("div", { class: "gs" }, ...parts));
}
