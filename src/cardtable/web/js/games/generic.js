// @ts-check
/**
 * The generic face, and the contract every game's face keeps. A face draws from one seat's view
 * (the server's `view` message), never from game rules: the client runs no game code. The
 * generic face draws any game's view (a game without a face of its own): every entry of the
 * observation, cards as cards and seats by name.
 *
 * @typedef {Object} Ctx
 * @property {any} view            the latest `view` message (docs/protocol.md)
 * @property {Record<string, any>} obs  `view.observation`: what this seat may see
 * @property {number | null} seat  the viewer's seat; null for a spectator or a full replay
 * @property {any[]} events        this seat's events so far: {i, type, seat, data, text}
 * @property {string} game
 * @property {Record<string, any>} options  the table's options
 * @property {Record<string, string>} vocabulary  the game's own words by key, in the viewer's
 *   language (the view's `vocabulary`: what the game declares in games/<name>/vocabulary.py)
 * @property {(seat: number) => string} name  a seat's name as shown ("Ann", "Ann (you)")
 * @property {boolean} fourColour
 * @property {string[][] | null} hands  every seat's hand (a replay of the full record), else null
 * @property {string[]} fresh  cards played since the last update (to draw with a short animation)
 * @property {import("../widgets.js").Advice | null} advice  the hint's advice (a table the game
 *   declares: Cribbage's discard advisor), once asked
 * @property {(() => void) | null} askHint  ask the server for a hint (null in a replay)
 *
 * @typedef {Object} Panel
 * @property {string} key     its key on the keyboard ("a", "b")
 * @property {string} title
 * @property {(ctx: Ctx) => Node} draw
 * @property {boolean} [advice]  shows the hint's advice (the table opens it when advice comes)
 *
 * @typedef {Object} Face
 * @property {(ctx: Ctx) => Node} board   the centre of the table
 * @property {(ctx: Ctx, seat: number) => import("../dom.js").Child} seatInfo  a seat's badge
 * @property {(ctx: Ctx) => Panel[]} panels   extra views (Cribbage's advisor...)
 * @property {(ctx: Ctx) => Node | null} summary  the score sheet (end of a round or game)
 * @property {(hand: string[], ctx: Ctx, seat: number) => string[]} sortHand  the order on screen
 *   of ``seat``'s hand
 * @property {(ctx: Ctx) => Interlude | null} [interlude]  a pause over the middle (Cribbage's
 *   show of the hands and the crib); the table shows it until "Next deal" dismisses its key
 *
 * @typedef {Object} Interlude
 * @property {string} key    the same key for the same pause (dismissed once, never shown again)
 * @property {string} title
 * @property {Node} node
 *
 * The board marks its main part (the trick, the count, the table's cards) with `data-main`:
 * the table keeps it in view. Cards on the board carry `data-card` and seats `data-seat`, so
 * that a card played flies from its player's chip and a trick or capture to its taker's.
 */

import { miniCard } from "../cards.js";
import { h } from "../dom.js";
import { _ } from "../i18n.js";
import { facts, miniCards, word } from "../widgets.js";

/** What the table shows elsewhere: the hand below the board, the scores by the seats. */
const HIDDEN_KEYS = new Set(["hand", "legal_moves", "scores", "seat", "game", "to_move"]);
const CARD = /^(10|[2-9AJQK])[SHDC]$/;

/** @param {unknown} value */
function isCard(value) {
  return typeof value === "string" && CARD.test(value);
}

/**
 * Any value of an observation drawn plainly: cards as cards, a list with one entry per seat as
 * each seat's name with its entry, `{seat, card}` as the seat's name with the card, the rest as
 * text.
 * @param {Ctx} ctx
 * @param {unknown} value
 * @returns {import("../dom.js").Child | import("../dom.js").Child[]}
 */
function plain(ctx, value) {
  if (value === null || value === undefined) return "–";
  if (isCard(value)) return miniCard(String(value), { fourColour: ctx.fourColour });
  if (Array.isArray(value)) {
    if (!value.length) return "–";
    if (value.every(isCard)) return miniCards(value, ctx.fourColour);
    const seats = ctx.view && Array.isArray(ctx.view.players) ? ctx.view.players.length : 0;
    if (value.length === seats && value.every((v) => !isSeatCard(v))) {
      return h(
        "ul",
        { class: "generic-seats" },
        value.map((v, seat) => h("li", { "data-seat": seat }, h("span", { class: "seat-name" }, ctx.name(seat)), " ", plain(ctx, v))),
      );
    }
    const list = h("span", { class: "generic-list" });
    value.forEach((v, i) => list.append(h("span", null, i ? ", " : "", plain(ctx, v))));
    return list;
  }
  if (isSeatCard(value)) {
    const played = /** @type {{seat: number, card: string}} */ (value);
    return h("span", { class: "generic-play", "data-seat": played.seat }, ctx.name(played.seat), " ", plain(ctx, played.card));
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** @param {unknown} value */
function isSeatCard(value) {
  return !!value && typeof value === "object" && typeof (/** @type {any} */ (value).seat) === "number" && isCard(/** @type {any} */ (value).card);
}

/** @type {Face} */
const generic = {
  board(ctx) {
    // A game may name its observation's keys in its vocabulary (`obs:<key>`); else the key.
    const rows = Object.entries(ctx.obs || {})
      .filter(([key]) => !HIDDEN_KEYS.has(key))
      .map(([key, value]) => /** @type {[string, import("../dom.js").Child | import("../dom.js").Child[]]} */ ([word(ctx, `obs:${key}`, key.replaceAll("_", " ")), plain(ctx, value)]));
    return h("div", { class: "generic-board", "data-main": "" }, h("h2", { class: "visually-hidden" }, _("The table")), facts(rows));
  },
  seatInfo(ctx, seat) {
    const scores = ctx.obs.scores;
    return Array.isArray(scores) ? h("span", { class: "score" }, String(scores[seat])) : null;
  },
  panels() {
    return [];
  },
  summary() {
    return null;
  },
  sortHand(hand) {
    // The server sends the hand in the order the terminal shows it.
    return hand;
  },
  interlude() {
    return null;
  },
};

export default generic;
