// @ts-check
/**
 * The server's legal moves as the hand reads them: each names the hand cards it uses (`cards`)
 * and the table cards it takes (`takes`), so that a tap can select and a second tap can play.
 * The client parses no notation: a move's `move` is only sent back as it came.
 */

/**
 * @typedef {Object} Legal
 * @property {string} move      the notation, only to send back
 * @property {string} words     the move in the player's language
 * @property {string[]} cards   the hand cards it uses (a card may repeat)
 * @property {string[]} takes   the table cards it takes (Krypkasino), else []
 * @property {string | null} [warn]
 */

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

/**
 * The move that plays `card` the way `like` plays its one hand card (its notation with that card
 * in place of the other), to ask the server why it is refused; null when `like` uses no single
 * card of the hand.
 * @param {Legal} like
 * @param {string} card
 */
export function sameMoveWith(like, card) {
  if (like.cards.length !== 1) return null;
  const words = like.move.split(" ");
  const at = words.indexOf(like.cards[0]);
  if (at < 0) return null;
  words[at] = card;
  return words.join(" ");
}

/**
 * How to lay out `n` cards of width `card` in `width` px so that each shows at least `min` px
 * to tap: the fewest rows (up to three) and the step from one card's left edge to the next
 * (a small gap when they fit side by side, else an overlap).
 * @param {number} n
 * @param {number} width
 * @param {number} card
 * @param {number} min
 * @returns {{rows: number, step: number}}
 */
export function tapStrip(n, width, card, min) {
  let rows = 1;
  let step = card;
  for (rows = 1; rows <= 3; rows++) {
    const perRow = Math.ceil(n / rows);
    step = perRow > 1 ? Math.min(card + 6, (width - card) / (perRow - 1)) : card;
    if (step >= min) break;
  }
  return { rows: Math.min(rows, 3), step };
}
