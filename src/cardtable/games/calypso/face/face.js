// @ts-check
/**
 * The Calypso table: two partnerships (seats 0 + 2 against 1 + 3), each player building a
 * calypso (the thirteen ranks of a personal trump suit) from the tricks won. The board fits the
 * middle of the table (its size is the container's): the trick laid out round the table from
 * the viewer's seat (the last trick stays until the next one starts) is its main part; beside
 * or under it the partnerships' points and every calypso as a thin strip of thirteen slots with
 * its completed count, pile and renounce marks; the trick rule, round and deal fold away.
 * The score sheet is the "round over" events' scoring. Everything is drawn from the seat's
 * observation: no rule of the game is computed here.
 */

import { cardFace, cardName, rankName, suitIcon, suitName, suitSymbol } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { _, fmt, ngettext } from "/static/js/i18n.js";
import { facts, word } from "/static/js/widgets.js";

/** The calypso's slots, ace first as the cards rank. */
const SLOTS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
/** Where a seat sits as seen by the viewer: in play order from the bottom, clockwise. */
const PLACES = ["bottom", "left", "top", "right"];

/**
 * A trick rule in words (the game's vocabulary, `rule:<rule>`).
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {unknown} rule
 */
function ruleWords(ctx, rule) {
  return word(ctx, `rule:${rule}`, String(rule ?? ""));
}

/**
 * Why a trick was won, in words (`reason:<reason>`).
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {unknown} reason
 */
function reasonWords(ctx, reason) {
  return word(ctx, `reason:${reason}`, String(reason ?? ""));
}

/**
 * The seat drawn at the bottom: the viewer's, or seat 0 for a spectator.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function baseSeat(ctx) {
  return typeof ctx.seat === "number" ? ctx.seat : 0;
}

/** @param {import("/static/js/games/generic.js").Ctx} ctx */
function suitsOf(ctx) {
  return /** @type {string[]} */ (ctx.obs.suits || ["S", "C", "H", "D"]);
}

/**
 * A partnership's name in words ("Seats 1 + 3": seats counted from 1, as people count them),
 * the label next to its colour.
 * @param {number} side 0 or 1
 */
function sideWords(side) {
  return fmt(_("Seats {a} + {b}"), { a: side + 1, b: side + 3 });
}

/**
 * The void marks of a seat: the suits it has shown it lacks (symbols shown, names read out).
 * @param {string[]} suits
 */
function voidMark(suits) {
  return h(
    "span",
    {
      class: "cal-void",
      "aria-label": fmt(_("void: {suits}"), { suits: suits.map(suitName).join(", ") }),
    },
    fmt(_("void: {suits}"), { suits: suits.map(suitSymbol).join(" ") }),
  );
}

/**
 * The partnerships: who, their suits, this round's points so far, the game total.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function teams(ctx) {
  const suits = suitsOf(ctx);
  const points = /** @type {number[]} */ (ctx.obs.points || [0, 0, 0, 0]);
  const scores = /** @type {number[]} */ (ctx.obs.scores || [0, 0, 0, 0]);
  const mine = typeof ctx.seat === "number" ? ctx.seat % 2 : null;
  const rows = [0, 1].map((side) => {
    const seats = [side, side + 2];
    return h(
      "tr",
      { class: `side-${side}${mine === side ? " mine" : ""}`, "data-side": side },
      h(
        "th",
        { scope: "row" },
        h("span", { class: "side-tag" }, sideWords(side)),
        " ",
        h("span", { class: "side-names" }, seats.map((s) => ctx.name(s)).join(" + ")),
      ),
      h("td", { class: "cal-suits" }, seats.map((s) => suitIcon(suits[s], { fourColour: ctx.fourColour }))),
      h("td", { class: "cal-round-points" }, String(points[side] + points[side + 2])),
      h("td", { class: "cal-total" }, String(scores[side])),
    );
  });
  return h(
    "table",
    { class: "sheet cal-teams" },
    h("caption", { class: "visually-hidden" }, _("Partnership")),
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        [_("Partnership"), _("Suits"), _("This round"), _("Total")].map((t) => h("th", { scope: "col" }, t)),
      ),
    ),
    h("tbody", null, rows),
  );
}

/**
 * The last trick as the events tell it, in the observation's shape: a new deal clears the
 * observation's `last_trick`, but the deal's last trick should stay until the next one starts.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @returns {{cards: {seat: number, card: string}[], winner: number, reason: string} | null}
 */
function lastTrickEvent(ctx) {
  for (let i = ctx.events.length - 1; i >= 0; i--) {
    const e = ctx.events[i];
    if (e.type !== "trick" || !e.data || !Array.isArray(e.data.cards)) continue;
    const seats = /** @type {number[]} */ (e.data.seats || []);
    return {
      cards: e.data.cards.map((/** @type {string} */ card, /** @type {number} */ j) => ({ seat: seats[j], card })),
      winner: e.seat,
      reason: e.data.reason,
    };
  }
  return null;
}

/**
 * The trick round the table: each seat's card at its place (bottom is the viewer), or, between
 * tricks, the last trick with its winner and why.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function trickArea(ctx) {
  const obs = ctx.obs;
  /** @type {{seat: number, card: string}[]} */
  const trick = obs.trick || [];
  const last = obs.last_trick || lastTrickEvent(ctx);
  const showingLast = !trick.length && last && Array.isArray(last.cards);
  /** @type {{seat: number, card: string}[]} */
  const plays = showingLast ? last.cards : trick;
  const winner = showingLast ? Number(last.winner) : null;
  const base = baseSeat(ctx);
  // An abandoned table keeps a seat to move; nobody is.
  const toMove = ctx.view.status && ctx.view.status !== "playing" ? null : obs.to_move;
  const fresh = new Set(ctx.fresh);
  const spots = [0, 1, 2, 3].map((place) => {
    const seat = (base + place) % 4;
    const play = plays.find((p) => p.seat === seat);
    const wins = winner === seat;
    const moving = toMove === seat;
    /** @type {Element} */
    let card;
    if (play) {
      card = cardFace(play.card, { fourColour: ctx.fourColour });
      if (!showingLast && fresh.has(play.card)) card.classList.add("fresh");
    } else {
      card = h("span", { class: "cal-empty", "aria-hidden": "true" });
    }
    return h(
      "div",
      {
        class: `cal-spot side-${seat % 2}${wins ? " winner" : ""}${moving ? " to-move" : ""}`,
        "data-place": PLACES[place],
        "data-seat": seat,
      },
      h(
        "span",
        { class: "cal-spot-name" },
        h("span", { class: "cal-dot", "aria-hidden": "true" }),
        // The seat's suit tells apart players of the same name ("medium bot").
        suitIcon(suitsOf(ctx)[seat], { fourColour: ctx.fourColour }),
        " ",
        ctx.name(seat),
      ),
      card,
      wins ? h("span", { class: "cal-mark" }, _("wins")) : null,
      moving ? h("span", { class: "cal-mark turn" }, _("to move")) : null,
    );
  });
  let note = null;
  if (showingLast) {
    note = h(
      "p",
      { class: "cal-why" },
      fmt(_("{name}: {why}"), { name: ctx.name(Number(last.winner)), why: reasonWords(ctx, last.reason) }),
    );
  } else if (obs.led) {
    note = h(
      "p",
      { class: "cal-led" },
      fmt(_("Led: {suit}"), { suit: suitName(obs.led) }),
      " ",
      suitIcon(obs.led, { fourColour: ctx.fourColour }),
    );
  }
  return h(
    "section",
    {
      class: `block cal-trick${showingLast ? " last" : ""}`,
      "aria-label": showingLast ? _("Last trick") : _("Trick"),
      "data-main": "",
    },
    h("h3", null, showingLast ? _("Last trick") : _("Trick")),
    h("div", { class: "cal-compass" }, spots, h("div", { class: "cal-centre" }, note)),
  );
}

/**
 * One seat's calypso: thirteen slots, A down to 2, filled where the calypso holds that rank;
 * with the completed calypsos, the trick pile and the voids shown so far.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {number} seat
 */
function calypsoRow(ctx, seat) {
  const obs = ctx.obs;
  const suit = suitsOf(ctx)[seat];
  /** @type {string[]} */
  const cards = (obs.calypsos || [])[seat] || [];
  const have = new Set(cards.map((c) => c.slice(0, -1)));
  const completed = Number((obs.completed || [])[seat] || 0);
  const pile = Number((obs.pile_sizes || [])[seat] || 0);
  /** @type {string[]} */
  const voids = (obs.voids || [])[seat] || [];
  const partner = typeof ctx.seat === "number" && seat === (ctx.seat + 2) % 4;
  const slots = SLOTS.map((rank) =>
    have.has(rank)
      ? h(
          "span",
          {
            class: `cal-slot filled suit-${suit}${ctx.fourColour ? " four-colour" : ""}`,
            role: "listitem",
            "aria-label": cardName(rank + suit),
          },
          // Rank and suit apart: on a phone they stack to fit a thirteenth of the width.
          h("span", { "aria-hidden": "true" }, rank),
          h("span", { "aria-hidden": "true" }, `${suitSymbol(suit)}\uFE0E`),
        )
      : h(
          "span",
          { class: "cal-slot empty", role: "listitem", "aria-label": fmt(_("no {rank}"), { rank: rankName(rank) }) },
          h("span", { "aria-hidden": "true" }, rank),
        ),
  );
  return h(
    "li",
    { class: `cal-row side-${seat % 2}${seat === ctx.seat ? " me" : ""}`, "data-seat": seat },
    h(
      "div",
      { class: "cal-row-head" },
      h("span", { class: "cal-dot", "aria-hidden": "true" }),
      h("strong", { class: "cal-name" }, ctx.name(seat)),
      suitIcon(suit, { fourColour: ctx.fourColour }),
      h("span", { class: "cal-suit-name" }, suitName(suit)),
      partner ? h("span", { class: "cal-tag" }, _("Partner")) : null,
      h("span", { class: "cal-count" }, fmt(_("{count} of 13"), { count: have.size })),
      completed ? h("span", { class: "cal-done" }, fmt(_("calypsos: {count}"), { count: completed })) : null,
      h("span", { class: "cal-pile" }, fmt(_("pile {count}"), { count: pile })),
      voids.length ? voidMark(voids) : null,
    ),
    h(
      "div",
      {
        class: "cal-slots",
        role: "list",
        "aria-label": fmt(_("Calypso of {name}: {count} of 13"), { name: ctx.name(seat), count: have.size }),
      },
      slots,
    ),
  );
}

/**
 * The four calypsos: the viewer's and the partner's first, then the opponents'.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function calypsos(ctx) {
  const base = baseSeat(ctx);
  const order = [base, (base + 2) % 4, (base + 1) % 4, (base + 3) % 4];
  // On a short screen the strips scroll inside their box: it takes the keyboard's focus then.
  return h(
    "section",
    { class: "block cal-calypsos", tabindex: "0", "aria-labelledby": "cal-calypsos-title" },
    h("h3", { id: "cal-calypsos-title" }, _("Calypsos")),
    h("ol", { class: "cal-rows" }, order.map((seat) => calypsoRow(ctx, seat))),
  );
}

/** Whether the facts of the deal are unfolded: a person's choice outlives the redraws. */
let aboutOpen = false;

/**
 * The trick rule, round and deal in one folded line; unfolded, the dealer and the cards still
 * to deal too.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function about(ctx) {
  const obs = ctx.obs;
  const deal = fmt(_("round {round} of {rounds}, deal {deal} of 4"), { round: obs.round, rounds: obs.rounds, deal: obs.deal });
  /** @type {[string, import("/static/js/dom.js").Child][]} */
  const rows = [
    [_("Trick rule"), ruleWords(ctx, obs.trick_rule)],
    [_("Round, deal"), deal],
  ];
  if (typeof obs.dealer === "number") rows.push([_("Dealer"), ctx.name(obs.dealer)]);
  rows.push([_("Undealt"), String(obs.undealt ?? 0)]);
  const details = h(
    "details",
    { class: "cal-about", open: aboutOpen },
    h("summary", null, h("strong", null, _("Trick rule")), " ", ruleWords(ctx, obs.trick_rule), " · ", deal),
    facts(rows),
  );
  details.addEventListener("toggle", () => {
    aboutOpen = details.open;
  });
  return details;
}

/**
 * A cell of the score sheet: the points, and under them how they were made ("9 × 20"); narrow
 * enough for the side panel.
 * @param {number} points
 * @param {string} how
 */
function pointsCell(points, how) {
  return h("td", null, h("span", { class: "cal-pts" }, String(points)), h("small", { class: "cal-how" }, how));
}

/**
 * The scoring of one round, as the "round over" event tells it: per seat its calypsos, the
 * cards of its unfinished calypso (20 each) and of its trick pile (10 each); then the sides.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {any} d the event's data
 */
function roundSheet(ctx, d) {
  const suits = suitsOf(ctx);
  const head = [_("Seat"), _("Calypsos"), _("Unfinished"), _("Trick pile"), _("Points")];
  const seatRows = d.seats.map((/** @type {any} */ row) =>
    h(
      "tr",
      { class: `side-${row.seat % 2}`, "data-seat": row.seat },
      h(
        "th",
        { scope: "row", class: `cal-sheet-seat side-${row.seat % 2}` },
        suitIcon(suits[row.seat], { fourColour: ctx.fourColour }),
        " ",
        ctx.name(row.seat),
      ),
      pointsCell(row.calypso_points, fmt(ngettext("{count} calypso", "{count} calypsos", row.calypsos), { count: row.calypsos })),
      pointsCell(row.in_progress_points, `${row.in_progress} × 20`),
      pointsCell(row.pile_points, `${row.pile} × 10`),
      h("td", { class: "cal-seat-points" }, h("strong", null, String(row.points))),
    ),
  );
  const sideRows = [0, 1].map((side) =>
    h(
      "tr",
      { class: `cal-side-row side-${side}`, "data-side": side },
      h("th", { scope: "row", colspan: 4, class: `cal-sheet-seat side-${side}` }, sideWords(side)),
      h(
        "td",
        { class: "cal-side-points" },
        fmt(_("{points} (total {total})"), { points: d.sides[side], total: d.totals[side] }),
      ),
    ),
  );
  return h(
    "table",
    { class: "sheet cal-sheet", "data-round": d.round },
    h("caption", null, fmt(_("Round {round}: the scoring"), { round: d.round })),
    h("thead", null, h("tr", null, head.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", null, seatRows, sideRows),
  );
}

/** @type {Partial<import("/static/js/games/generic.js").Face>} */
const calypso = {
  board(ctx) {
    // The trick first (the next decision's), then what stands beside it.
    return h(
      "div",
      { class: "cal-board" },
      // The box whose size the parts follow, and inside it their layout.
      h(
        "div",
        { class: "cal-layout" },
        h("h2", { class: "visually-hidden" }, _("Calypso")),
        trickArea(ctx),
        h("div", { class: "cal-aside" }, teams(ctx), calypsos(ctx), about(ctx)),
      ),
    );
  },

  seatInfo(ctx, seat) {
    const sizes = ctx.obs.hand_sizes || [];
    const count = Number(sizes[seat] || 0);
    const completed = Number((ctx.obs.completed || [])[seat] || 0);
    const partner = typeof ctx.seat === "number" && seat === (ctx.seat + 2) % 4;
    const suit = suitsOf(ctx)[seat];
    return h(
      "span",
      { class: `cal-seat side-${seat % 2}` },
      suit ? suitIcon(suit, { fourColour: ctx.fourColour }) : null,
      h("span", { class: "side-tag" }, sideWords(seat % 2)),
      partner ? h("span", { class: "cal-tag" }, _("Partner")) : null,
      h("span", { class: "cal-cards" }, fmt(ngettext("{count} card in hand", "{count} cards in hand", count), { count })),
      completed ? h("span", { class: "cal-done" }, fmt(_("calypsos: {count}"), { count: completed })) : null,
    );
  },

  summary(ctx) {
    const rounds = ctx.events.filter((e) => e.type === "round over" && e.data && Array.isArray(e.data.seats));
    if (!rounds.length) return null;
    // The latest round first: it is the one just finished.
    return h(
      "div",
      { class: "cal-summary" },
      rounds
        .slice()
        .reverse()
        .map((e) => roundSheet(ctx, e.data)),
    );
  },

  sortHand(hand, ctx, seat) {
    // The server sorts by suit (clubs, diamonds, hearts, spades), high to low within a suit;
    // the seat's own trump suit is brought to the front, the rest kept in that order.
    const suit = typeof seat === "number" ? suitsOf(ctx)[seat] || null : null;
    if (!suit) return hand;
    return [...hand.filter((c) => c.slice(-1) === suit), ...hand.filter((c) => c.slice(-1) !== suit)];
  },
};

export default calypso;
