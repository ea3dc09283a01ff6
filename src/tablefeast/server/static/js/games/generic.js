// The plain renderer: the view's facts as a list, and the legal moves as buttons. Every game's
// own renderer draws its table instead; this one is what a game without one gets.
import { el, moveButton, zone } from "../common.js";

export function render(ctx) {
  const facts = el("dl", { class: "facts" });
  for (const [key, value] of Object.entries(ctx.view)) {
    if (key === "config") continue;
    facts.append(el("dt", {}, key.replaceAll("_", " ")), el("dd", {}, JSON.stringify(value)));
  }
  const moves = el("div", { class: "actions" },
    ...ctx.legal.map((move) => moveButton(ctx, move, move)));
  ctx.root.replaceChildren(zone("Your moves", moves), zone("The table", facts));
}
