// @ts-check
/**
 * The hint: asked of the server for the viewer's move, shown as a selection, words (with the
 * server's rows: the best moves weighed, their values, error bars and reasons) and advice.
 */

import { _, fmt } from "../i18n.js";
import { renderActions, renderHand } from "./play.js";
import { renderSide, renderTabs } from "./side.js";

/** @typedef {import("../table.js").TableView} TableView */

/**
 * Ask the server for a hint for this move (one at a time).
 * @param {TableView} t
 */
export function askHint(t) {
  if (!t.myTurn() || t.hintWaiting) return;
  t.hintWaiting = true;
  t.hintsAsked += 1;
  t.send({ type: "hint", ply: t.view.ply });
  renderActions(t);
}

/**
 * The hint came: its move selected, said in words, its advice shown in its panel.
 * @param {TableView} t
 * @param {any} hint
 */
export function onHint(t, hint) {
  t.hintWaiting = false;
  if (!t.view || hint.ply !== t.view.ply) return;
  t.hint = hint;
  // The hint names its move by notation: the legal move with the same `move` has its cards.
  const legal = t.view.legal.find((/** @type {any} */ m) => m.move === hint.move);
  if (legal && legal.cards.length) {
    const hand = t.hand();
    /** @type {number[]} */
    const picked = [];
    for (const card of legal.cards) {
      const i = hand.findIndex((c, j) => c === card && !picked.includes(j));
      if (i >= 0) picked.push(i);
    }
    t.selected = picked;
  }
  // The hint explained: the best moves weighed, each a line in words with its value, error bar
  // and reason, worded by the server in the viewer's language (none for a move without any).
  /** @type {{line: string, deals: number, reason: string | null}[]} */
  const rows = Array.isArray(hint.rows) ? hint.rows : [];
  const explained = rows.some((r) => r.deals > 0 || r.reason) ? rows.map((r) => r.line) : [];
  t.say([fmt(_("Hint: {move}"), { move: hint.words }), ...explained].join("\n"), "hint");
  renderHand(t);
  renderActions(t);
  if (hint.advice) {
    const own = t.dealt() ? t.face.panels(t.ctx()).find((p) => p.advice) : undefined;
    t.tab = own ? own.key : "advice";
    renderTabs(t);
    renderSide(t);
  }
}
