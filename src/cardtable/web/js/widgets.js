// @ts-check
/** Small pieces every face draws with: rows of cards, backs, labelled values, score tables. */

import { cardBack, cardFace, miniCard } from "./cards.js";
import { h } from "./dom.js";
import { _, fmt } from "./i18n.js";

/**
 * A row of card faces (or a dash when there are none).
 * @param {string[]} cards
 * @param {{fourColour?: boolean, label?: string, small?: boolean, fresh?: string[]}} [opts]
 */
export function cardRow(cards, opts = {}) {
  const row = h("div", {
    class: `card-row${opts.small ? " small" : ""}`,
    role: "list",
    "aria-label": opts.label || null,
  });
  if (!cards.length) {
    // A list holds list items only (axe: aria-required-children), the dash too.
    row.append(h("span", { class: "none", role: "listitem" }, "–"));
    return row;
  }
  const fresh = new Set(opts.fresh || []);
  for (const code of cards) {
    const face = cardFace(code, { fourColour: !!opts.fourColour });
    face.setAttribute("role", "listitem");
    if (fresh.has(code)) face.classList.add("fresh");
    row.append(face);
  }
  return row;
}

/**
 * `n` cards face down, drawn as a fan of backs (at most `max`, then a count).
 * @param {number} n
 * @param {{max?: number, label?: string}} [opts]
 */
export function backs(n, opts = {}) {
  const max = opts.max ?? 8;
  const label = opts.label || fmt(_("{count} cards face down"), { count: n });
  const row = h("div", { class: "card-row backs", role: "img", "aria-label": label });
  for (let i = 0; i < Math.min(n, max); i++) row.append(cardBack({ label: "" }));
  if (n > max) row.append(h("span", { class: "count" }, `×${n}`));
  if (!n) row.append(h("span", { class: "none" }, "–"));
  return row;
}

/**
 * Cards inline in a line of text.
 * @param {string[]} cards
 * @param {boolean} [fourColour]
 */
export function miniCards(cards, fourColour = false) {
  const span = h("span", { class: "mini-cards" });
  for (const code of cards) span.append(miniCard(code, { fourColour }));
  return span;
}

/**
 * Labelled values: [[label, value], ...] as a definition list.
 * @param {[string, import("./dom.js").Child | import("./dom.js").Child[]][]} rows
 */
export function facts(rows) {
  const dl = h("dl", { class: "facts" });
  for (const [label, value] of rows) {
    dl.append(h("dt", null, label), h("dd", null, value));
  }
  return dl;
}

/**
 * A table with a header row; cells are text or nodes.
 * @param {string} caption
 * @param {string[]} head
 * @param {import("./dom.js").Child[][]} rows
 */
export function sheet(caption, head, rows) {
  return h(
    "table",
    { class: "sheet" },
    caption ? h("caption", null, caption) : null,
    h("thead", null, h("tr", null, head.map((c) => h("th", { scope: "col" }, c)))),
    h(
      "tbody",
      null,
      rows.map((r) => h("tr", null, r.map((c, i) => (i === 0 ? h("th", { scope: "row" }, c) : h("td", null, c))))),
    ),
  );
}

/**
 * A titled block of the board.
 * @param {string} title
 * @param {...(import("./dom.js").Child | import("./dom.js").Child[])} children
 */
export function block(title, ...children) {
  return h("section", { class: "block" }, title ? h("h3", null, title) : null, ...children);
}

/**
 * A word of the game's vocabulary (the view's `vocabulary`: the words the game declares for its
 * face, in the player's language), or `fallback` when the game declares no such key.
 * @param {{vocabulary: Record<string, string>}} ctx
 * @param {string} key
 * @param {string} fallback
 */
export function word(ctx, key, fallback) {
  const found = ctx.vocabulary[key];
  return typeof found === "string" ? found : fallback;
}

/**
 * @typedef {"cards" | "points" | "signed" | "percent"} AdviceKind  how a column's values show
 */

/**
 * @typedef {Object} Advice  a hint's help beyond its one move, as the game declares it
 * @property {string} caption
 * @property {{key: string, title: string, kind: AdviceKind}[]} columns
 * @property {Record<string, any>[]} rows
 */

/**
 * A hint's advice as a table: the game's caption and column headings (in the player's
 * language), each value shown as its column says (cards, points to two places, signed points,
 * a chance from 0 to 1 as a percentage to one place; a missing value as a dash).
 * @param {Advice} advice
 * @param {boolean} [fourColour]
 */
export function adviceTable(advice, fourColour = false) {
  /** @param {string} kind @param {any} value @returns {import("./dom.js").Child} */
  const cell = (kind, value) => {
    if (kind === "cards") return miniCards(Array.isArray(value) ? value : [], fourColour);
    if (value === null || value === undefined) return "–";
    if (kind === "percent") return `${(Number(value) * 100).toFixed(1)}%`;
    const points = Number(value).toFixed(2);
    return kind === "signed" && Number(value) >= 0 ? `+${points}` : points;
  };
  const table = sheet(
    advice.caption,
    advice.columns.map((c) => c.title),
    advice.rows.map((row) => advice.columns.map((c) => cell(c.kind, row[c.key]))),
  );
  table.classList.add("advice");
  return table;
}
