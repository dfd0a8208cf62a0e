// @ts-check
/** The end of a game in numbers: a few statistics (who won is the view's `headline`). */

import { _, fmt } from "../i18n.js";

/**
 * A few statistics of the game: moves made, its length, tricks the viewer took, hints asked.
 * @param {import("../table.js").TableView} t
 * @returns {string[]}
 */
export function gameStats(t) {
  const view = t.view;
  /** @type {string[]} */
  const lines = [];
  if (typeof view.ply === "number") lines.push(fmt(_("Moves made: {count}"), { count: view.ply }));
  // The view of a finished game carries when it started and ended.
  const length = Date.parse(view.finished_at) - Date.parse(view.started_at);
  if (Number.isFinite(length) && length >= 0) {
    lines.push(fmt(_("Time at the table: {minutes} min"), { minutes: Math.max(1, Math.round(length / 60000)) }));
  }
  const tricks = t.events.filter((e) => e.type === "trick" && e.i >= 0);
  if (tricks.length && view.seat !== null) {
    const mine = tricks.filter((e) => e.seat === view.seat).length;
    lines.push(fmt(_("Tricks you took: {count} of {total}"), { count: mine, total: tricks.length }));
  }
  if (t.hintsAsked > 0) lines.push(fmt(_("Hints asked: {count}"), { count: t.hintsAsked }));
  return lines;
}
