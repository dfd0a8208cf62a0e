// @ts-check
/**
 * Cards move where they go, briefly (FLIP: where a card was, where it is, the way between
 * animated): a card played flies from the hand (or its player's chip) to its place on the
 * board, and cards leaving the board (a trick, a capture) fly to the chip of the seat whose
 * event names them. Driven only by `data-card` on the board's and the hand's elements and
 * `data-seat` on the chips; nothing moves with `prefers-reduced-motion: reduce`.
 */

/** How long a card is on its way, in milliseconds. */
const DURATION = 260;

/**
 * @typedef {{code: string, rect: DOMRect, el: Element}} Spot
 * @typedef {{board: Spot[], hand: Map<string, DOMRect>}} Before
 */

/**
 * Where the cards are before a view is drawn.
 * @param {import("../table.js").TableView} t
 * @returns {Before}
 */
export function capture(t) {
  /** @type {Spot[]} */
  const board = [];
  for (const el of t.parts.board.querySelectorAll("[data-card]")) {
    board.push({ code: String(el.getAttribute("data-card")), rect: el.getBoundingClientRect(), el });
  }
  /** @type {Map<string, DOMRect>} */
  const hand = new Map();
  for (const el of t.parts.hand.querySelectorAll("[data-card]")) {
    hand.set(String(el.getAttribute("data-card")), el.getBoundingClientRect());
  }
  return { board, hand };
}

/** Whether cards may move at all. */
function moving() {
  return typeof Element.prototype.animate === "function" && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** @param {DOMRect} r */
function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * The seat an arrived event names `code` for: the one playing it, or the one taking it (a
 * trick's `cards`, a capture's `captured`).
 * @param {any[]} events
 * @param {string} code
 * @param {boolean} taking
 * @returns {number | null}
 */
export function seatFor(events, code, taking) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    const data = e.data || {};
    if (typeof e.seat !== "number") continue;
    if (taking) {
      const taken = [...(Array.isArray(data.cards) ? data.cards : []), ...(Array.isArray(data.captured) ? data.captured : [])];
      if (taken.includes(code)) return e.seat;
    } else if (data.card === code) {
      return e.seat;
    }
  }
  return null;
}

/**
 * Animate from where the cards were (`before`) to where the new view draws them (`now`, read
 * by `capture` once the new view is laid out). Everything is read first, then every animation
 * started, so that the browser lays the page out once.
 * @param {import("../table.js").TableView} t
 * @param {Before} before
 * @param {Before} now
 */
export function animate(t, before, now) {
  if (!moving() || !t.newEvents.length || !before.board.length && !t.fresh.length) return;
  /** @type {Map<number, DOMRect | null>} */
  const chips = new Map();
  /** @param {number} seat */
  const chip = (seat) => {
    if (!chips.has(seat)) {
      const el = t.parts.seats.querySelector(`[data-seat="${seat}"]`);
      chips.set(seat, el ? el.getBoundingClientRect() : null);
    }
    return chips.get(seat) || null;
  };
  const left = before.board.map((s) => s.code);
  /** @type {(() => void)[]} */
  const starts = [];
  // Arrivals: cards on the board now that were not before.
  for (const spot of now.board) {
    const at = left.indexOf(spot.code);
    if (at >= 0) {
      left.splice(at, 1);
      continue;
    }
    if (!t.fresh.includes(spot.code)) continue;
    const seat = seatFor(t.newEvents, spot.code, false);
    const from = before.hand.get(spot.code) || (seat === null ? null : chip(seat));
    if (!from) continue;
    const a = centre(from);
    const b = centre(spot.rect);
    const scale = spot.rect.width ? Math.min(1.5, Math.max(0.4, from.width / spot.rect.width)) : 1;
    starts.push(() =>
      spot.el.animate(
        [{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${scale})` }, { transform: "none" }],
        { duration: DURATION, easing: "ease-out" },
      ),
    );
  }
  // Departures: cards that left the board, toward the seat that took them.
  for (const code of left) {
    const spot = before.board.find((s) => s.code === code);
    const seat = seatFor(t.newEvents, code, true);
    const to = seat === null ? null : chip(seat);
    if (!spot || !to || !spot.rect.width) continue;
    starts.push(() => fly(t.el, spot, to));
  }
  for (const start of starts) start();
}

/**
 * A card no longer drawn, flown from its old place to `to` and gone.
 * @param {HTMLElement} root
 * @param {Spot} spot
 * @param {DOMRect} to
 */
function fly(root, spot, to) {
  const ghost = /** @type {HTMLElement | SVGElement} */ (spot.el.cloneNode(true));
  ghost.classList.add("in-flight");
  ghost.removeAttribute("data-card");
  for (const inner of ghost.querySelectorAll("[data-card]")) inner.removeAttribute("data-card");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, {
    position: "fixed",
    left: `${spot.rect.left}px`,
    top: `${spot.rect.top}px`,
    width: `${spot.rect.width}px`,
    height: `${spot.rect.height}px`,
    margin: "0",
    pointerEvents: "none",
    zIndex: "30",
  });
  root.append(ghost);
  const a = centre(spot.rect);
  const b = centre(to);
  const run = ghost.animate(
    [
      { transform: "none", opacity: 1 },
      { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.5)`, opacity: 0.2 },
    ],
    { duration: DURATION + 40, easing: "ease-in" },
  );
  run.addEventListener("finish", () => ghost.remove());
  run.addEventListener("cancel", () => ghost.remove());
}
