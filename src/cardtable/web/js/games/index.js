// @ts-check
/**
 * Each game's face: how its table is drawn from a seat's view. A face is an object with
 * `board(ctx)` (the centre of the table) and optional `seatInfo(ctx, seat)`, `panels(ctx)`,
 * `summary(ctx)`, `sortHand(hand)`, `statusLine(ctx)`; see generic.js for the contract.
 * Faces are imported here by name; a game without one is drawn by the generic face.
 */

import generic from "./generic.js";

/** @type {Record<string, () => Promise<{default: Partial<import("./generic.js").Face>}>>} */
const FACES = {
  calypso: () => import("./calypso.js"),
  cribbage: () => import("./cribbage.js"),
  kloepper: () => import("./kloepper.js"),
  krypkasino: () => import("./krypkasino.js"),
};

/**
 * The face of `game` (the generic one if it has none or it fails to load).
 * @param {string} game
 * @returns {Promise<import("./generic.js").Face>}
 */
export async function faceFor(game) {
  const load = FACES[game];
  if (!load) return generic;
  try {
    return { ...generic, ...(await load()).default };
  } catch (err) {
    console.warn(`no face for ${game}`, err);
    return generic;
  }
}
