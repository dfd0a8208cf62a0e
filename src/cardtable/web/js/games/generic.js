// @ts-check
/**
 * The generic face, and the contract every game's face keeps. A face draws from one seat's view
 * (the server's `view` message), never from game rules: the client runs no game code.
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
 * @property {any[] | null} advice  the hint's advice rows (Cribbage's discard advisor), once asked
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
 */

import { h } from "../dom.js";
import { _ } from "../i18n.js";
import { facts } from "../widgets.js";

const HIDDEN_KEYS = new Set(["hand", "legal_moves", "scores", "seat", "game", "to_move", "takes"]);

/** @type {Face} */
const generic = {
  board(ctx) {
    const rows = Object.entries(ctx.obs)
      .filter(([key]) => !HIDDEN_KEYS.has(key))
      .map(([key, value]) => /** @type {[string, string]} */ ([key, JSON.stringify(value)]));
    return h("div", { class: "generic-board" }, facts(rows));
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
};

export default generic;
