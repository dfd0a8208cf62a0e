// @ts-check
/**
 * Reading the server's legal moves for the hand: which cards of the hand each move uses, so that
 * a tap can select and a second tap can play. Only the notation's shape is read here (a verb,
 * then cards); what is legal is always the server's list.
 */

const CARD = /^(10|[2-9AJQK])[SHDC]$/;
/** Verbs whose first cards come from the mover's hand. */
const HAND_VERBS = new Set(["play", "discard"]);

/** @param {string} token */
export function isCard(token) {
  return CARD.test(token);
}

/**
 * @typedef {Object} Legal
 * @property {string} move   the notation ("play 7C take 2C 5H")
 * @property {string} words  the move in the player's language
 * @property {string | null} [warn]
 *
 * @typedef {Object} ReadMove
 * @property {Legal} legal
 * @property {string} verb
 * @property {string[]} cards   the hand's cards it uses
 * @property {string[]} others  the other cards it names (what it takes, an ace it calls)
 */

/**
 * @param {Legal} legal
 * @returns {ReadMove}
 */
export function readMove(legal) {
  const [verb, ...rest] = legal.move.split(" ");
  const cards = [];
  let i = 0;
  if (HAND_VERBS.has(verb)) {
    while (i < rest.length && isCard(rest[i])) cards.push(rest[i++]);
  }
  const others = rest.slice(i).filter(isCard);
  return { legal, verb, cards, others };
}

/**
 * Does the multiset `have` equal the multiset `want`?
 * @param {string[]} have
 * @param {string[]} want
 */
export function sameCards(have, want) {
  if (have.length !== want.length) return false;
  const a = [...have].sort();
  const b = [...want].sort();
  return a.every((c, i) => c === b[i]);
}

/**
 * Is every card of `part` (a multiset) in `whole`?
 * @param {string[]} part
 * @param {string[]} whole
 */
export function within(part, whole) {
  const left = [...whole];
  for (const card of part) {
    const at = left.indexOf(card);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}
