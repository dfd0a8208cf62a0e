// @ts-check
/**
 * The Krypkasino table (two packs, 2 to 6 players, alone or in teams; low scores win). The
 * board fits the middle of the table (its parts scale with the box it is given; the table's
 * cards are its main part). It shows the hand and dealer, the stock and the extra deals left, the cards on the table
 * (each a full card face with `data-card`, so a move button's hover marks what a capture
 * takes) and the court cards set aside, the plays since the deal, and one panel a player: cards
 * in hand, cards taken and their points, tabbe marks and tabbe points, penalty points of the
 * hand and of the game, the team. Panels: what each card in hand would take, and every
 * player's captured cards. The score sheet is the "hand over" events. Everything is drawn from
 * the seat's view: no rule of the game is computed here (the sweep warning is the server's).
 */

import { miniCard } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { _, fmt, ngettext } from "/static/js/i18n.js";
import { backs, block, cardRow, miniCards } from "/static/js/widgets.js";

/** @typedef {import("/static/js/games/generic.js").Ctx} Ctx */

/** Events that change the table between two deals. */
const TABLE_EVENTS = new Set(["play", "tabbe", "courts", "leftover"]);

/**
 * @param {unknown} value
 * @returns {number}
 */
function num(value) {
  return typeof value === "number" ? value : 0;
}

/**
 * @param {Ctx} ctx
 * @param {string} key
 * @returns {any[]}
 */
function list(ctx, key) {
  const value = ctx.obs[key];
  return Array.isArray(value) ? value : [];
}

/**
 * The seats of each team, in the order of the teams' first seats: [[0, 2], [1, 3]].
 * @param {Ctx} ctx
 */
function sides(ctx) {
  /** @type {Map<number, number[]>} */
  const byTeam = new Map();
  list(ctx, "teams").forEach((team, seat) => {
    const side = byTeam.get(team) || [];
    side.push(seat);
    byTeam.set(team, side);
  });
  return [...byTeam.values()];
}

/** @param {Ctx} ctx */
function teamed(ctx) {
  return sides(ctx).some((side) => side.length > 1);
}

/**
 * A signed number: "+5", "−5", "0".
 * @param {number} n
 */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

/**
 * The events since the last deal (or extra deal) that changed the table.
 * @param {Ctx} ctx
 */
function sinceDeal(ctx) {
  let start = 0;
  ctx.events.forEach((e, i) => {
    if (e.type === "deal" || e.type === "extra deal") start = i + 1;
  });
  return ctx.events.slice(start).filter((e) => TABLE_EVENTS.has(e.type));
}

/**
 * The game's finished hands: [{hand, points[], totals[]}], from the "hand over" events.
 * @param {Ctx} ctx
 * @returns {{hand: number, points: number[], totals: number[]}[]}
 */
function finishedHands(ctx) {
  return ctx.events.filter((e) => e.type === "hand over" && e.data).map((e) => e.data);
}

/**
 * Cards face down as one picture named by `label`: its backs are parts of it, not pictures of
 * their own (a picture without a name is an error for a screen reader).
 * @param {number} n
 * @param {number} max
 * @param {string} label
 */
function quietBacks(n, max, label) {
  const row = backs(n, { max, label });
  for (const back of row.querySelectorAll(".card")) {
    back.removeAttribute("role");
    back.removeAttribute("aria-label");
    back.setAttribute("aria-hidden", "true");
  }
  return row;
}

/**
 * The line above the table: which hand, who deals, what is left in the stock.
 * @param {Ctx} ctx
 */
function infoLine(ctx) {
  const o = ctx.obs;
  const extra = num(o.extra_deals_left);
  const dealer = typeof o.dealer === "number" ? ctx.name(o.dealer) : "";
  return h(
    "p",
    { class: "kk-info" },
    h("span", null, h("strong", null, _("Hand")), " ", fmt(_("{hand} of {hands}"), { hand: num(o.hand_number), hands: num(o.hands_in_game) })),
    dealer ? h("span", null, h("strong", null, _("Dealer")), " ", dealer) : null,
    h(
      "span",
      { class: "kk-stock" },
      num(o.stock) ? quietBacks(Math.min(3, Math.ceil(num(o.stock) / 20)), 3, _("Stock")) : null,
      h("strong", null, _("Stock")),
      " ",
      fmt(ngettext("{stock} cards, {extra} extra deal left", "{stock} cards, {extra} extra deals left", extra), {
        stock: num(o.stock),
        extra,
      }),
    ),
  );
}

/**
 * The plays since the deal (the last few), in the server's words; before any, the hand that
 * just ended, so its points stay in view while the next hand starts.
 * @param {Ctx} ctx
 */
function recentPlays(ctx) {
  const recent = sinceDeal(ctx).slice(-3);
  if (recent.length) {
    return block(
      _("Last plays"),
      h(
        "ol",
        { class: "kk-recent" },
        recent.map((e) => h("li", { class: `kk-event ${e.type === "tabbe" ? "kk-sweep" : ""}` }, e.text)),
      ),
    );
  }
  const hands = finishedHands(ctx);
  const last = hands[hands.length - 1];
  if (!last || last.hand !== num(ctx.obs.hand_number) - 1) {
    return h("p", { class: "kk-recent quiet-felt" }, _("Nothing has been played since the deal."));
  }
  return block(
    fmt(_("Hand {hand}: 42 penalty points"), { hand: last.hand }),
    h(
      "ul",
      { class: "kk-last-hand" },
      last.points.map((points, seat) =>
        h("li", null, h("span", null, ctx.name(seat)), " ", fmt(_("{points} (total {total})"), { points, total: last.totals[seat] })),
      ),
    ),
  );
}

/**
 * One player's panel on the board.
 * @param {Ctx} ctx
 * @param {number} seat
 */
function playerPanel(ctx, seat) {
  const o = ctx.obs;
  const sizes = list(ctx, "hand_sizes");
  const captured = list(ctx, "captured");
  const points = list(ctx, "captured_points");
  const tabbes = num(list(ctx, "tabbes")[seat]);
  const tabbePoints = num(list(ctx, "tabbe_points")[seat]);
  const team = list(ctx, "teams")[seat];
  const taken = Array.isArray(captured[seat]) ? captured[seat].length : 0;
  const moving = o.to_move === seat;
  const inHand = num(sizes[seat]);
  return h(
    "li",
    {
      class: `kk-player${moving ? " to-move" : ""}${teamed(ctx) ? ` kk-team-${num(team) % 3}` : ""}`,
      "data-seat": seat,
      "aria-label": ctx.name(seat),
    },
    h(
      "p",
      { class: "kk-name" },
      h("strong", null, teamed(ctx) ? fmt(_("{name}, team {team}"), { name: ctx.name(seat), team: num(team) + 1 }) : ctx.name(seat)),
      moving ? h("span", { class: "kk-tag kk-turn" }, _("to move")) : null,
      o.dealer === seat ? h("span", { class: "kk-tag" }, _("Dealer")) : null,
    ),
    h(
      "p",
      { class: "kk-hand" },
      quietBacks(inHand, 6, fmt(ngettext("{count} card in hand", "{count} cards in hand", inHand), { count: inHand })),
      h("span", null, fmt(ngettext("{count} card in hand", "{count} cards in hand", inHand), { count: inHand })),
    ),
    h(
      "p",
      { class: "kk-taken" },
      fmt(ngettext("{count} card taken, worth {points}", "{count} cards taken, worth {points}", taken), {
        count: taken,
        points: num(points[seat]),
      }),
      o.last_capturer === seat ? h("span", { class: "kk-last" }, " ", _("(last capture)")) : null,
    ),
    tabbes || tabbePoints
      ? h(
          "p",
          { class: "kk-tabbe" },
          tabbes
            ? h(
                "span",
                { class: "kk-marks" },
                Array.from({ length: Math.min(tabbes, 6) }, () => h("span", { class: "kk-mark", "aria-hidden": "true" })),
                fmt(ngettext("{count} tabbe", "{count} tabbes", tabbes), { count: tabbes }),
              )
            : null,
          tabbePoints
            ? h(
                "span",
                { class: `kk-tabbe-points ${tabbePoints > 0 ? "plus" : "minus"}` },
                fmt(_("tabbe points {points}"), { points: signed(tabbePoints) }),
              )
            : null,
        )
      : null,
    // Penalty points as the terminal shows them: this hand so far, and the game's finished
    // hands (over, the game's whole total).
    h(
      "dl",
      { class: "kk-penalty" },
      h("div", null, h("dt", null, _("This hand")), h("dd", { class: "kk-hand-points" }, String(num(list(ctx, "hand_points")[seat])))),
      h("div", null, h("dt", null, _("Game")), h("dd", { class: "kk-game-points" }, String(num(list(ctx, "totals")[seat])))),
    ),
  );
}

/**
 * What each card in hand would take: the legal moves by card, with the cards each takes and
 * the server's warning (a sweep left for the next player).
 * @param {Ctx} ctx
 */
function choicesPanel(ctx) {
  const legal = ctx.view && Array.isArray(ctx.view.legal) ? ctx.view.legal : [];
  if (!legal.length) return h("p", { class: "quiet" }, _("The capture choices show when it is your turn."));
  /** @type {Map<string, Node[]>} */
  const byCard = new Map();
  // Each move says which hand card it plays (`cards`) and what it takes (`takes`).
  legal.forEach((/** @type {import("/static/js/moves.js").Legal} */ m) => {
    const card = m.cards.length ? m.cards[0] : "";
    const taking = m.takes;
    const line = h(
      "li",
      { "data-move": m.move },
      h("span", { class: "kk-words" }, m.words),
      // The words name what is taken; the cards show it at a glance.
      taking.length ? miniCards(taking, ctx.fourColour) : h("span", { class: "quiet" }, _("takes nothing")),
      m.warn ? h("small", { class: "kk-warn" }, m.warn) : null,
    );
    byCard.set(card, [...(byCard.get(card) || []), line]);
  });
  return h(
    "table",
    { class: "sheet kk-choices" },
    h("caption", null, _("Capture choices")),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, _("Card")), h("th", { scope: "col" }, _("Choices")))),
    h(
      "tbody",
      null,
      [...byCard].map(([card, lines]) =>
        h("tr", null, h("th", { scope: "row" }, miniCard(card, { fourColour: ctx.fourColour })), h("td", null, h("ul", null, lines))),
      ),
    ),
  );
}

/**
 * Every player's captured cards (each was face up when taken).
 * @param {Ctx} ctx
 */
function pilesPanel(ctx) {
  const captured = list(ctx, "captured");
  const points = list(ctx, "captured_points");
  return h(
    "div",
    { class: "kk-piles" },
    captured.map((cards, seat) =>
      h(
        "section",
        { class: "kk-pile", "data-seat": seat },
        h(
          "h3",
          null,
          ctx.name(seat),
          " ",
          h("small", null, fmt(ngettext("{count} card taken, worth {points}", "{count} cards taken, worth {points}", cards.length), {
            count: cards.length,
            points: num(points[seat]),
          })),
        ),
        cards.length ? miniCards(cards, ctx.fourColour) : h("span", { class: "quiet" }, "–"),
      ),
    ),
  );
}

/** @type {Partial<import("/static/js/games/generic.js").Face>} */
const krypkasino = {
  board(ctx) {
    const o = ctx.obs;
    const table = list(ctx, "table");
    const aside = list(ctx, "set_aside");
    const seats = list(ctx, "hand_sizes").map((_n, seat) => seat);
    const tableRow = cardRow(table, { fourColour: ctx.fourColour, fresh: ctx.fresh, label: _("Table") });
    tableRow.classList.add("kk-table-cards");
    // The box whose size the parts follow, and inside it their layout: the table's cards first.
    return h(
      "div",
      { class: "kk-board" },
      h(
        "div",
        { class: "kk-layout" },
        h("h2", { class: "visually-hidden" }, _("The table")),
        infoLine(ctx),
        o.must_sweep
          ? h("p", { class: "kk-must", role: "note" }, _("You must sweep: a card in your hand takes the whole table."))
          : null,
        h(
          "div",
          { class: "kk-middle", "data-main": "" },
          h(
            "section",
            { class: "block kk-table", "aria-label": _("Table") },
            h("h3", null, _("Table"), " ", h("small", null, fmt(ngettext("{count} card", "{count} cards", table.length), { count: table.length }))),
            tableRow,
          ),
          aside.length
            ? h(
                "section",
                { class: "block kk-aside", "aria-label": _("Set aside") },
                h("h3", null, _("Set aside")),
                cardRow(aside, { fourColour: ctx.fourColour, small: true, label: _("Set aside") }),
              )
            : null,
        ),
        // The plays and the players scroll in their own box when the middle is short.
        h(
          "div",
          { class: "kk-lower", tabindex: "0" },
          recentPlays(ctx),
          h(
            "section",
            { class: "kk-players-block", "aria-label": _("Players") },
            h("h3", { class: "kk-players-title" }, _("Penalty points: the lowest total wins")),
            h("ul", { class: "kk-players" }, seats.map((seat) => playerPanel(ctx, seat))),
          ),
        ),
      ),
    );
  },

  seatInfo(ctx, seat) {
    const scores = list(ctx, "scores");
    const tabbes = num(list(ctx, "tabbes")[seat]);
    return h(
      "span",
      { class: "kk-seat-info" },
      // In teams the score is the team's (partners add their points).
      h(
        "span",
        { class: "score" },
        teamed(ctx)
          ? fmt(_("team {team}: {points} penalty points"), { team: num(list(ctx, "teams")[seat]) + 1, points: num(scores[seat]) })
          : fmt(_("{points} penalty points"), { points: num(scores[seat]) }),
      ),
      tabbes ? h("span", { class: "kk-marks" }, fmt(ngettext("{count} tabbe", "{count} tabbes", tabbes), { count: tabbes })) : null,
    );
  },

  panels() {
    return [
      { key: "a", title: _("Capture choices"), draw: choicesPanel },
      { key: "b", title: _("Captured cards"), draw: pilesPanel },
    ];
  },

  summary(ctx) {
    const hands = finishedHands(ctx);
    const seats = list(ctx, "hand_sizes").map((_n, seat) => seat);
    const playing = ctx.view && ctx.view.status === "playing";
    if (!hands.length && !playing) return null;
    // A row a player and a narrow column a hand: six players fit a phone's width.
    const now = list(ctx, "hand_points");
    const totals = list(ctx, "totals");
    const scores = list(ctx, "scores");
    const teams = list(ctx, "teams");
    const columns = hands.map((r) => ({ label: String(r.hand), title: fmt(_("Hand {hand}"), { hand: r.hand }) }));
    if (playing) {
      const hand = num(ctx.obs.hand_number);
      columns.push({ label: fmt(_("{hand} (so far)"), { hand }), title: fmt(_("Hand {hand}"), { hand }) });
    }
    const head = h(
      "tr",
      null,
      h("th", { scope: "col" }, _("Player")),
      columns.map((c) => h("th", { scope: "col", title: c.title, "aria-label": c.title }, c.label)),
      h("th", { scope: "col" }, _("Total")),
      teamed(ctx) ? h("th", { scope: "col" }, _("Team total")) : null,
    );
    const rows = seats.map((seat) =>
      h(
        "tr",
        { "data-seat": seat },
        h(
          "th",
          { scope: "row" },
          teamed(ctx) ? fmt(_("{name}, team {team}"), { name: ctx.name(seat), team: num(teams[seat]) + 1 }) : ctx.name(seat),
        ),
        hands.map((r) => h("td", null, String(r.points[seat]))),
        playing ? h("td", null, String(num(now[seat]))) : null,
        h("td", { class: "kk-total" }, String(num(totals[seat]))),
        teamed(ctx) ? h("td", { class: "kk-total" }, String(num(scores[seat]))) : null,
      ),
    );
    return h(
      "div",
      { class: "kk-sheet" },
      h(
        "table",
        { class: "sheet" },
        h("caption", null, _("Penalty points: the lowest total wins")),
        h("thead", null, head),
        h("tbody", null, rows),
      ),
    );
  },
};

export default krypkasino;
