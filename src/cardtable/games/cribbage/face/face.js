// @ts-check
/**
 * The Cribbage face. The board fits the middle of the table (its parts scale with the box it is
 * given): the count and its cards are its main part, beside them the starter and whose crib it
 * is, each seat's played cards, and a small peg board (one track per side, a front peg at the
 * score and a back peg at the score before the last peg). After each deal's show the interlude
 * lays out every hand and the crib with the starter and its breakdown, until the person goes on;
 * panels "Discard advisor" and "Counted hands".
 * Everything is read from the seat's observation and events; nothing is scored here (the
 * breakdowns are the server's `breakdown` data, only put into words).
 */

import { h, svg } from "/static/js/dom.js";
import { _, fmt } from "/static/js/i18n.js";
import { adviceTable, backs, cardRow, miniCards, sheet, word } from "/static/js/widgets.js";

/** @typedef {import("/static/js/games/generic.js").Ctx} Ctx */
/** @typedef {{kind: string, points: number, cards: string[]}} Combo */

// ------------------------------------------------------------------ words

/**
 * The name of a score reason or show combination (the game's vocabulary, `reason:<kind>`).
 * @param {Ctx} ctx
 * @param {string} reason
 */
function reasonName(ctx, reason) {
  return word(ctx, `reason:${reason}`, reason);
}

/**
 * The traditional call of a show's combination ("fifteen two", "run of 4"): the vocabulary's
 * `call:<kind> <points>`, else `call` ("{reason} for {points}").
 * @param {Ctx} ctx
 * @param {string} reason
 * @param {number} points
 */
function callWords(ctx, reason, points) {
  const exact = ctx.vocabulary[`call:${reason} ${points}`];
  if (exact) return exact;
  return fmt(word(ctx, "call", "{reason} {points}"), { reason: reasonName(ctx, reason), points });
}

/**
 * How a game was won, in words (`kind:<kind>`).
 * @param {Ctx} ctx
 * @param {string} kind
 */
function gameKindName(ctx, kind) {
  return word(ctx, `kind:${kind}`, kind);
}

// ------------------------------------------------------------------ reading the view

/**
 * The sides that peg: one per seat, or the partnerships 0+2 and 1+3 with four players.
 * @param {Ctx} ctx
 * @returns {number[][]}
 */
function sides(ctx) {
  const n = Number(ctx.obs.players) || (ctx.obs.scores || []).length || 2;
  return n === 4 ? [[0, 2], [1, 3]] : Array.from({ length: n }, (_unused, s) => [s]);
}

/**
 * @param {Ctx} ctx
 * @param {number[]} side
 */
function sideName(ctx, side) {
  return side.map((s) => ctx.name(s)).join(" + ");
}

/**
 * The events of the current deal (from its `deal` event; all of them before the first deal).
 * @param {Ctx} ctx
 */
function dealEvents(ctx) {
  const events = ctx.events;
  for (let i = events.length - 1; i >= 0; i--) if (events[i].type === "deal") return events.slice(i);
  return events;
}

/**
 * Each side's previous score (the back peg): the total of its score event before its last one,
 * in the game being played (a new game starts both pegs from 0 again).
 * @param {Ctx} ctx
 * @returns {number[]}  by side
 */
function backPegs(ctx) {
  const four = Number(ctx.obs.players) === 4;
  const count = sides(ctx).length;
  let back = new Array(count).fill(0);
  let front = new Array(count).fill(0);
  let game = null;
  for (const e of ctx.events) {
    if (e.type === "deal" && e.data.game !== game) {
      game = e.data.game;
      back = back.map(() => 0);
      front = front.map(() => 0);
    } else if (e.type === "score" && typeof e.seat === "number") {
      const side = four ? e.seat % 2 : e.seat;
      back[side] = front[side];
      front[side] = Number(e.data.total);
    }
  }
  return back;
}

/**
 * The hands counted in a run of events: a counted show, or with muggins the count that follows
 * the claim (a muggins show lays the cards out uncounted).
 * @param {any[]} events
 */
function counted(events) {
  return events.filter((e) => e.type === "count" || (e.type === "show" && "points" in e.data));
}

/**
 * The counted hands of the last deal that has any.
 * @param {Ctx} ctx
 */
function lastCounted(ctx) {
  /** @type {any[]} */
  let deal = [];
  let last = deal;
  for (const e of ctx.events) {
    if (e.type === "deal") deal = [];
    if (e.type === "count" || (e.type === "show" && "points" in e.data)) {
      deal.push(e);
      last = deal;
    }
  }
  return last;
}

// ------------------------------------------------------------------ the peg board

const PITCH = 10; // between holes
const STREET = 6; // the extra gap after every five holes
const ROW = 11; // between rows
const PER_ROW = 30;
const LEFT = 20; // room for the start and game holes

/**
 * The x of column `i` of a row (-1: the start and game holes).
 * @param {number} i
 */
function holeX(i) {
  if (i < 0) return 6;
  return LEFT + i * PITCH + Math.floor(i / 5) * STREET;
}

/**
 * Where hole `k` lies (0 the start, `target` the game hole): the track snakes 30 holes a row,
 * left to right and back, as the long street of a real board.
 * @param {number} k
 * @param {number} target
 * @returns {[number, number]}
 */
function holeAt(k, target) {
  const rows = Math.max(1, Math.round((target - 1) / PER_ROW));
  if (k <= 0) return [holeX(-1), 6];
  if (k >= target) return [holeX(-1), 6 + (rows - 1) * ROW];
  const row = Math.floor((k - 1) / PER_ROW);
  const i = (k - 1) % PER_ROW;
  return [holeX(row % 2 ? PER_ROW - 1 - i : i), 6 + row * ROW];
}

/**
 * The lines a loser must pass: [hole, what] (the ACC skunk lines or Hoyle's lurch line).
 * @param {Ctx} ctx
 * @returns {[number, string][]}
 */
function skunkLines(ctx) {
  const target = Number(ctx.obs.target) || 121;
  const rule = ctx.options.skunk || "acc";
  if (rule === "acc") {
    /** @type {[number, string][]} */
    const lines = [[target - 30, fmt(_("Skunk line: a loser below {line} is skunked."), { line: target - 30 })]];
    if (target - 60 > 1) lines.push([target - 60, fmt(_("Double skunk line: a loser below {line} is double skunked."), { line: target - 60 })]);
    return lines;
  }
  if (rule === "hoyle") {
    const line = Math.ceil(target / 2);
    return [[line, fmt(_("Lurch line: a loser below {line} is lurched."), { line })]];
  }
  return [];
}

/**
 * One side's track as SVG: the holes in streets of five, the skunk lines, the back peg (a ring)
 * and the front peg (solid).
 * @param {number} target
 * @param {number} front
 * @param {number} back
 * @param {number} index  the side's colour
 * @param {number[]} lines  holes a skunk line stands before
 * @param {string} label
 */
function track(target, front, back, index, lines, label) {
  const rows = Math.max(1, Math.round((target - 1) / PER_ROW));
  const width = holeX(PER_ROW - 1) + 8;
  const height = 12 + (rows - 1) * ROW;
  const holes = [];
  for (let k = 0; k <= target; k++) {
    const [x, y] = holeAt(k, target);
    holes.push(svg("circle", { class: k === 0 || k === target ? "hole end" : "hole", cx: x, cy: y, r: 2.2 }));
  }
  const marks = lines.map((k) => {
    // Halfway between hole k-1 and hole k; at a row's turn, just outside hole k.
    const [x0, y0] = holeAt(k - 1, target);
    const [x1, y1] = holeAt(k, target);
    const x = y0 === y1 ? (x0 + x1) / 2 : x1 + (x1 > width / 2 ? PITCH / 2 : -PITCH / 2);
    return svg("line", { class: "skunk-line", x1: x, y1: y1 - 4.5, x2: x, y2: y1 + 4.5 });
  });
  const pegs = [];
  if (back !== front) {
    const [x, y] = holeAt(back, target);
    pegs.push(svg("circle", { class: "peg back", cx: x, cy: y, r: 3.5 }));
  }
  const [fx, fy] = holeAt(front, target);
  pegs.push(svg("circle", { class: "peg front", cx: fx, cy: fy, r: 4 }));
  return svg(
    "svg",
    { class: `track side-${index}`, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label },
    svg("rect", { class: "wood", x: 0, y: 0, width, height, rx: 4 }),
    holes,
    marks,
    pegs,
  );
}

/** @param {Ctx} ctx */
function pegBoard(ctx) {
  const target = Number(ctx.obs.target) || 121;
  const scores = ctx.obs.scores || [];
  const back = backPegs(ctx);
  const lines = skunkLines(ctx);
  const rows = sides(ctx).map((side, i) => {
    const front = Number(scores[side[0]]) || 0;
    // The events may not reach back to the game's start (an old record): no back peg then.
    const previous = back[i] <= front ? back[i] : front;
    const name = sideName(ctx, side);
    const label = fmt(_("{name}: front peg {score}, back peg {previous}"), { name, score: front, previous });
    return h(
      "li",
      { class: `peg-side side-${i}`, "data-side": i, "data-score": front, "data-back": previous },
      h(
        "p",
        { class: "peg-line" },
        h("span", { class: "peg-swatch", "aria-hidden": "true" }),
        h("span", { class: "peg-name" }, name),
        h("strong", { class: "peg-score" }, fmt(_("{score} of {target}"), { score: front, target })),
        front > previous ? h("span", { class: "peg-back" }, fmt(_("back peg {score} (+{points})"), { score: previous, points: front - previous })) : null,
      ),
      track(target, front, previous, i, lines.map(([k]) => k), label),
    );
  });
  return h(
    "section",
    { class: "block peg-board", "aria-labelledby": "peg-board-title" },
    h("h3", { id: "peg-board-title" }, _("Peg board")),
    h("ol", { class: "peg-sides" }, rows),
    lines.length ? h("p", { class: "skunk-note" }, lines.map(([, text]) => text).join(" ")) : null,
  );
}

// ------------------------------------------------------------------ the table

/**
 * The counts of this deal: each count's cards and total, the last one being the current count.
 * @param {Ctx} ctx
 * @returns {{cards: string[], total: number}[]}
 */
function counts(ctx) {
  /** @type {{cards: string[], total: number}[]} */
  const out = [{ cards: [], total: 0 }];
  for (const e of dealEvents(ctx)) {
    if (e.type === "play") {
      out[out.length - 1].cards.push(String(e.data.card));
      out[out.length - 1].total = Number(e.data.count);
    } else if (e.type === "reset") {
      out.push({ cards: [], total: 0 });
    }
  }
  return out;
}

/** @param {Ctx} ctx */
function countBlock(ctx) {
  const all = counts(ctx).filter((c) => c.cards.length);
  const current = ctx.obs.count_cards || [];
  // The last count of the list is the current one while its cards are on the table.
  const earlier = current.length ? all.slice(0, -1) : all;
  return h(
    "section",
    { class: "block count", "aria-labelledby": "count-title", "data-main": "" },
    h("h3", { id: "count-title" }, _("Count")),
    h(
      "div",
      { class: "count-now" },
      h("span", { class: "count-total", id: "count-total" }, String(ctx.obs.count ?? 0)),
      cardRow(current, { fourColour: ctx.fourColour, fresh: ctx.fresh, label: _("Count") }),
    ),
    earlier.length
      ? h(
          "ol",
          { class: "earlier-counts", "aria-label": _("Earlier counts of this deal") },
          earlier.map((c) =>
            h("li", null, cardRow(c.cards, { fourColour: ctx.fourColour, small: true }), h("span", { class: "count-was" }, `= ${c.total}`)),
          ),
        )
      : null,
  );
}

/**
 * Cards face down as one picture named by `label`: its backs are parts of it, not pictures of
 * their own (a picture without a name is an error for a screen reader).
 * @param {number} n
 * @param {string} label
 */
function quietBacks(n, label) {
  const row = backs(n, { max: 4, label });
  for (const back of row.querySelectorAll(".card")) {
    back.removeAttribute("role");
    back.removeAttribute("aria-label");
    back.setAttribute("aria-hidden", "true");
  }
  return row;
}

/** @param {Ctx} ctx */
function cribBlock(ctx) {
  const dealer = ctx.obs.dealer;
  const shownCrib = (ctx.obs.shown || []).some((/** @type {any} */ s) => s.what === "crib");
  const size = Number(ctx.obs.crib_size) || 0;
  const laid = ctx.obs.laid_away || [];
  return h(
    "section",
    { class: "block crib", "aria-labelledby": "crib-title" },
    h("h3", { id: "crib-title" }, _("Crib")),
    typeof dealer === "number" ? h("p", { class: "crib-owner" }, fmt(_("{name}'s crib"), { name: ctx.name(dealer) })) : null,
    shownCrib
      ? h("p", { class: "crib-shown" }, _("Shown below."))
      : quietBacks(size, fmt(_("{count} cards, face down"), { count: size })),
    shownCrib ? null : h("p", { class: "crib-size" }, fmt(_("{count} cards, face down"), { count: size })),
    laid.length ? h("p", { class: "laid-away" }, _("You laid away:"), " ", miniCards(laid, ctx.fourColour)) : null,
  );
}

/** @param {Ctx} ctx */
function starterBlock(ctx) {
  const starter = ctx.obs.starter;
  return h(
    "section",
    { class: "block starter", "aria-labelledby": "starter-title" },
    h("h3", { id: "starter-title" }, _("Starter")),
    starter ? cardRow([starter], { fourColour: ctx.fourColour, fresh: ctx.fresh }) : quietBacks(1, _("not cut yet")),
  );
}

/** @param {Ctx} ctx */
function playedBlock(ctx) {
  const played = ctx.obs.played || [];
  const sizes = ctx.obs.hand_sizes || [];
  return h(
    "section",
    { class: "block played", "aria-labelledby": "played-title" },
    h("h3", { id: "played-title" }, _("Cards played")),
    h(
      "ul",
      { class: "played-seats" },
      played.map((/** @type {string[]} */ cards, /** @type {number} */ seat) =>
        h(
          "li",
          { "data-seat": seat },
          // The seat number too: bots may share a name, and the log names seats by number.
          h("span", { class: "played-name" }, ctx.name(seat)),
          cardRow(cards, { fourColour: ctx.fourColour, small: true, fresh: ctx.fresh }),
          seat !== ctx.seat && sizes[seat]
            ? h("span", { class: "in-hand" }, fmt(_("{count} in hand"), { count: sizes[seat] }))
            : null,
        ),
      ),
    ),
  );
}

/**
 * One hand or crib with its count and breakdown (or only its cards while it waits for its
 * claim, with muggins).
 * @param {Ctx} ctx
 * @param {number} seat
 * @param {string} what  "hand" or "crib"
 * @param {string[]} cards
 * @param {string | null} starter
 * @param {any} count  the counting event's data, or null
 * @param {number | null} claimed
 * @param {"h3" | "h4"} [heading]  its heading's tag (under the section's)
 */
function shownHand(ctx, seat, what, cards, starter, count, claimed, heading = "h4") {
  const title = what === "crib" ? fmt(_("{name}'s crib"), { name: ctx.name(seat) }) : fmt(_("{name}'s hand"), { name: ctx.name(seat) });
  /** @type {Combo[]} */
  const combos = count ? count.breakdown || [] : [];
  return h(
    "article",
    { class: "shown-hand", "data-seat": seat, "data-what": what },
    h(heading, null, title),
    h(
      "div",
      { class: "shown-cards" },
      cardRow(cards, { fourColour: ctx.fourColour, small: true }),
      starter ? h("span", { class: "plus" }, "+") : null,
      starter ? cardRow([starter], { fourColour: ctx.fourColour, small: true }) : null,
      count ? h("strong", { class: "shown-points" }, fmt(_(" = {points}"), { points: count.points })) : null,
      claimed !== null ? h("span", { class: "claimed" }, fmt(_("(claimed {points})"), { points: claimed })) : null,
    ),
    combos.length
      ? h(
          "ul",
          { class: "breakdown" },
          combos.map((c) =>
            h("li", null, miniCards(c.cards, ctx.fourColour), " ", h("span", { class: "call" }, callWords(ctx, c.kind, c.points))),
          ),
        )
      : count
        ? h("p", { class: "no-points" }, _("No points."))
        : null,
  );
}

/**
 * A counted hand from its event (panel "Counted hands").
 * @param {Ctx} ctx
 * @param {any} e
 * @param {"h3" | "h4"} [heading]
 */
function countedHand(ctx, e, heading) {
  const claimed = typeof e.data.claimed === "number" ? e.data.claimed : null;
  return shownHand(ctx, e.seat, e.data.what, e.data.cards, e.data.starter, e.data, claimed, heading);
}

/** @param {Ctx} ctx */
function showBlock(ctx) {
  const shown = ctx.obs.shown || [];
  if (!shown.length) return null;
  const events = dealEvents(ctx);
  const done = counted(events);
  const claims = events.filter((e) => e.type === "claim");
  return h(
    "section",
    { class: "block show", "aria-labelledby": "show-title", "data-main": "" },
    h("h3", { id: "show-title" }, _("The show")),
    shown.map((/** @type {any} */ s) => {
      const same = (/** @type {any} */ e) => e.seat === s.seat && e.data.what === s.what;
      const count = done.find(same);
      const claim = claims.find(same);
      const claimed = count && typeof count.data.claimed === "number" ? count.data.claimed : claim ? Number(claim.data.points) : null;
      return shownHand(ctx, s.seat, s.what, s.cards, ctx.obs.starter, count ? count.data : null, claimed);
    }),
  );
}

// ------------------------------------------------------------------ panels and the sheet

/** @param {Ctx} ctx */
function advisor(ctx) {
  const obs = ctx.obs;
  const fits = obs.phase === "discard" && obs.players === 2 && (obs.hand || []).length === 6;
  const mine = ctx.view.to_move === ctx.seat && ctx.seat !== null;
  return h(
    "div",
    { class: "advisor" },
    h("p", null, _("The advisor helps with the two-player discard of six cards.")),
    // The table is the game's own declaration (its caption and columns), drawn as any advice.
    ctx.advice
      ? adviceTable(ctx.advice, ctx.fourColour)
      : fits && mine && ctx.askHint
        ? h("button", { class: "primary", id: "ask-advisor", onclick: () => ctx.askHint && ctx.askHint() }, _("Ask the advisor"))
        : null,
  );
}

/** @param {Ctx} ctx */
function countedPanel(ctx) {
  const hands = lastCounted(ctx);
  if (!hands.length) return h("p", { class: "quiet" }, _("No hand has been counted yet."));
  return h("div", { class: "counted-hands" }, hands.map((e) => countedHand(ctx, e)));
}

/** @param {Ctx} ctx */
function scoreSheet(ctx) {
  const games = Number(ctx.options.games) || 1;
  const scores = ctx.obs.scores || [];
  const match = ctx.obs.match_points || [];
  const target = Number(ctx.obs.target) || 121;
  const head = games > 1 ? [_("Player"), _("Score"), _("Game points")] : [_("Player"), _("Score")];
  const rows = sides(ctx).map((side) => {
    const row = [sideName(ctx, side), fmt(_("{score} of {target}"), { score: scores[side[0]] ?? 0, target })];
    if (games > 1) row.push(String(match[side[0]] ?? 0));
    return row;
  });
  const over = ctx.events.filter((e) => e.type === "game over");
  const results = over.map((e) => {
    const d = e.data;
    return [
      fmt(_("Game {game}"), { game: d.game }),
      (d.winners || []).map((/** @type {number} */ s) => ctx.name(s)).join(" + "),
      gameKindName(ctx, String(d.kind)),
      String(d.points),
      (d.pegs || []).join("–"),
    ];
  });
  // At the end of a single game the result box's own table already says the scores.
  const said = games === 1 && ctx.view.status !== "playing";
  return h(
    "div",
    { class: "cribbage-sheet" },
    said ? null : sheet(games > 1 ? fmt(_("A match of {games} games"), { games }) : "", head, rows),
    results.length ? sheet(_("Games"), [_("Game"), _("Winner"), _("Won by"), _("Game points"), _("Pegs")], results) : null,
    skunkLines(ctx).map(([, text]) => h("p", { class: "skunk-note" }, text)),
  );
}

// ------------------------------------------------------------------ the show, between deals

/**
 * The last finished show: the counted hands of the latest deal whose show is over (the next
 * deal was dealt, or the game ended), with that deal's muggins and claim scores; null before
 * the first show.
 * @param {Ctx} ctx
 * @returns {{game: number, deal: number, dealer: number, hands: any[], scores: any[]} | null}
 */
function finishedShow(ctx) {
  /** @type {{game: number, deal: number, dealer: number, hands: any[], scores: any[]} | null} */
  let current = null;
  /** @type {{game: number, deal: number, dealer: number, hands: any[], scores: any[]} | null} */
  let done = null;
  for (const e of ctx.events) {
    if (e.type === "deal") {
      if (current && current.hands.length) done = current;
      current = { game: Number(e.data.game), deal: Number(e.data.deal), dealer: Number(e.data.dealer), hands: [], scores: [] };
    } else if (!current) {
      continue;
    } else if (e.type === "count" || (e.type === "show" && "points" in e.data)) {
      current.hands.push(e);
    } else if (e.type === "score" && e.data.phase === "show" && (e.data.reason === "muggins" || e.data.reason === "claim")) {
      current.scores.push(e);
    } else if (e.type === "game over" && current.hands.length) {
      done = current;
    }
  }
  return done;
}

/**
 * The show of a finished deal laid out: the starter, each hand and the crib with its count and
 * breakdown (and, with muggins, what its owner claimed and what an opponent took), then the
 * scores after it.
 * @param {Ctx} ctx
 * @param {{game: number, deal: number, dealer: number, hands: any[], scores: any[]}} show
 */
function showNode(ctx, show) {
  const starter = show.hands.length ? String(show.hands[0].data.starter) : null;
  const scores = ctx.obs.scores || [];
  return h(
    "div",
    { class: "crib-interlude" },
    h(
      "p",
      { class: "interlude-head" },
      starter ? h("span", { class: "interlude-starter" }, _("Starter"), " ", cardRow([starter], { fourColour: ctx.fourColour, small: true })) : null,
      h("span", null, fmt(_("{name}'s crib"), { name: ctx.name(show.dealer) })),
    ),
    h("div", { class: "interlude-hands" }, show.hands.map((e) => countedHand(ctx, e, "h3"))),
    show.scores.length ? h("ul", { class: "interlude-muggins" }, show.scores.map((e) => h("li", null, String(e.text || "")))) : null,
    h(
      "p",
      { class: "interlude-scores" },
      sides(ctx).map((side) =>
        h("span", { "data-side": side[0] }, sideName(ctx, side), " ", h("strong", null, String(scores[side[0]] ?? 0))),
      ),
    ),
  );
}

/** @type {Partial<import("/static/js/games/generic.js").Face>} */
const cribbage = {
  board(ctx) {
    const obs = ctx.obs;
    const games = Number(ctx.options.games) || 1;
    const dealer = obs.dealer;
    // While hands are claimed (muggins) the last count is over: the show is the decision then.
    const claiming = obs.phase === "claim" || obs.phase === "muggins";
    return h(
      "div",
      { class: "cribbage-board" },
      h(
        "div",
        // A short box scrolls its lower parts: the keyboard can reach them then.
        { class: `crib-layout${claiming ? " claiming" : ""}`, tabindex: "0" },
        h("h2", { class: "visually-hidden" }, _("The table")),
        h(
          "p",
          { class: "deal-line" },
          games > 1
            ? h("span", null, h("strong", null, _("Game, deal")), ` ${obs.game_number}, ${obs.deal_number}`)
            : h("span", null, h("strong", null, _("Deal")), ` ${obs.deal_number}`),
          h("span", null, h("strong", null, _("Dealer")), " ", typeof dealer === "number" ? ctx.name(dealer) : "–"),
        ),
        claiming ? showBlock(ctx) : countBlock(ctx),
        h("div", { class: "crib-corner" }, starterBlock(ctx), cribBlock(ctx)),
        playedBlock(ctx),
        pegBoard(ctx),
      ),
    );
  },
  interlude(ctx) {
    const show = finishedShow(ctx);
    if (!show) return null;
    return {
      key: `show-${show.game}-${show.deal}`,
      title: fmt(_("The show of deal {deal}"), { deal: show.deal }),
      node: showNode(ctx, show),
    };
  },
  seatInfo(ctx, seat) {
    const scores = ctx.obs.scores || [];
    return h(
      "span",
      { class: "crib-seat" },
      h("span", { class: "score" }, String(scores[seat] ?? 0)),
      ctx.obs.dealer === seat ? h("span", { class: "dealer-mark" }, _("Dealer")) : null,
    );
  },
  panels() {
    return [
      { key: "a", title: _("Discard advisor"), draw: advisor, advice: true },
      { key: "b", title: _("Counted hands"), draw: countedPanel },
    ];
  },
  summary(ctx) {
    return scoreSheet(ctx);
  },
};

export default cribbage;
