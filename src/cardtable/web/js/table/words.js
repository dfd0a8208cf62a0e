// @ts-check
/** The end of a game in words: who won, as the viewer reads it, and a few statistics. */

import { _, fmt } from "../i18n.js";

/**
 * Names as a sentence lists them: "Bob", "Bob and Carol", "Bob, Carol and Dan".
 * @param {string[]} names
 */
export function listNames(names) {
  if (names.length <= 1) return names.join("");
  return fmt(_("{names} and {last}"), { names: names.slice(0, -1).join(_(", ")), last: names[names.length - 1] });
}

/**
 * The result's headline: "You win", "You and Carol win", "You lose", "Bob and Carol win".
 * @param {any} view
 * @param {(seat: number) => string} name  a seat's plain name (no "(you)")
 */
export function headline(view, name) {
  if (view.status === "abandoned") return _("The game was abandoned");
  const winners = /** @type {number[]} */ ((view.result && view.result.winners) || []);
  if (!winners.length) return _("Nobody wins");
  const me = view.seat;
  if (me !== null && me !== undefined) {
    if (!winners.includes(me)) return _("You lose");
    const partners = winners.filter((s) => s !== me).map(name);
    return partners.length ? fmt(_("You and {names} win"), { names: listNames(partners) }) : _("You win");
  }
  return winners.length === 1
    ? fmt(_("{name} wins"), { name: name(winners[0]) })
    : fmt(_("{names} win"), { names: listNames(winners.map(name)) });
}

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
