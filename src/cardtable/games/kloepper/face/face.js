// @ts-check
/**
 * The Kloepper table: four players, the holders of the black queens secretly partners. The
 * board fits the middle of the table (its parts scale with the box it is given): the four seats
 * round the trick as seen from the viewer are its main part (a 2 x 2 grid in a tall box, a row
 * in a short wide one), beside them the deal, the dealer, the call or the lone declaration, the
 * knock and the knock-off, the viewer's side and partner. Each seat shows its side as far as the viewer knows it, its card
 * points, tricks and score to the target. The last trick stays in place until the next card is
 * led; between deals the last deal's scoring stands over the new one. Every side shown comes
 * from the observation (`roles`, `partner`): nothing is guessed, no rule is computed here.
 */

import { cardFace, cardText, miniCard } from "/static/js/cards.js";
import { h } from "/static/js/dom.js";
import { _, fmt, ngettext } from "/static/js/i18n.js";
import { facts, miniCards, sheet, word } from "/static/js/widgets.js";

/** Where a seat sits as seen by the viewer, in play order from the bottom, clockwise. */
const PLACES = ["me", "left", "across", "right"];

/** The trumps, high to low (RULES.md 3.2): shown as a reminder, never used to decide. */
const TRUMPS = ["QC", "QS", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "QD", "9D"];

/**
 * A row of the scoring table in words (the game's vocabulary, `result:<key>`).
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {unknown} key
 */
function resultName(ctx, key) {
  return word(ctx, `result:${key}`, String(key));
}

/**
 * A seat's side in words (`role:<role>`), "" for none.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {unknown} role
 */
function roleName(ctx, role) {
  return role ? word(ctx, `role:${role}`, "") : "";
}

/**
 * Items as a list in words ("Ann and Bob"), as the terminal's join_and.
 * @param {string[]} items
 */
function joinAnd(items) {
  return items.reduce((out, item) => (out ? fmt(_("{first} and {second}"), { first: out, second: item }) : item), "");
}

/**
 * A seat's name as shown, with its number where another seat has the same name (three bots of
 * one level are all "medium bot").
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {number} seat
 */
function who(ctx, seat) {
  const name = ctx.name(seat);
  const twin = [0, 1, 2, 3].some((s) => s !== seat && ctx.name(s) === name);
  return twin ? fmt(_("{name} (seat {seat})"), { name, seat: seat + 1 }) : name;
}

/**
 * The seat drawn at the bottom: the viewer's, or seat 0 for a spectator.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function baseSeat(ctx) {
  return typeof ctx.seat === "number" ? ctx.seat : 0;
}

/**
 * The cards of a trick by seat (a trick lists its cards in play order from its leader).
 * @param {{leader: number, cards: string[]}} trick
 * @returns {Map<number, string>}
 */
function trickBySeat(trick) {
  return new Map(trick.cards.map((card, i) => [(trick.leader + i) % 4, card]));
}

/**
 * The last "deal score" event while no card of the next deal is played yet (or the game is
 * over), with the last trick of that deal: what stands over the new deal's empty table.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function lastDeal(ctx) {
  let score = null;
  let trick = null;
  let lastTrick = null;
  for (const event of ctx.events) {
    if (event.type === "trick") lastTrick = event;
    else if (event.type === "deal score") [score, trick] = [event, lastTrick];
    else if (event.type === "play") score = null;
  }
  return score ? { score, trick } : null;
}

/**
 * The queens team of a scored deal in words.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {any} d  the "deal score" event's data
 */
function queensWords(ctx, d) {
  const names = joinAnd((d.queens || []).map((/** @type {number} */ s) => who(ctx, s)));
  if (d.alone) return fmt(_("{names} played alone"), { names });
  if (d.call) return fmt(_("Queens team: {names} (called {ace})"), { names, ace: cardText(d.call) });
  return fmt(_("Queens team: {names}"), { names });
}

/**
 * The winners of a scored deal and their points in words.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {any} d
 */
function awardWords(ctx, d) {
  const names = joinAnd((d.winners || []).map((/** @type {number} */ s) => who(ctx, s)));
  return fmt(_("{result}: {names} +{points} each"), { result: resultName(ctx, d.result), names, points: d.points });
}

/**
 * "43 card points, 2 tricks": what a seat (or the queens team) has taken.
 * @param {number} points
 * @param {number} tricks
 */
function takenWords(points, tricks) {
  return fmt(ngettext("{points} card points, {tricks} trick", "{points} card points, {tricks} tricks", tricks), {
    points,
    tricks,
  });
}

/**
 * "Ann takes 24 card points": who took a trick.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {number} winner
 * @param {number} points
 */
function takesWords(ctx, winner, points) {
  return fmt(ngettext("{name} takes {points} card point", "{name} takes {points} card points", points), {
    name: who(ctx, winner),
    points,
  });
}

/**
 * The facts above the trick: deal and dealer, the call, the knock, the viewer's side.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function contract(ctx) {
  const o = ctx.obs;
  /** @type {[string, import("/static/js/dom.js").Child | import("/static/js/dom.js").Child[]][]} */
  const rows = [];
  if (typeof o.caller === "number" && o.call) {
    rows.push([_("Call"), [fmt(_("{name} called"), { name: who(ctx, o.caller) }), " ", miniCard(o.call, { fourColour: ctx.fourColour })]]);
  } else if (o.phase === "declare") {
    rows.push([_("Call"), typeof o.to_move === "number" ? fmt(_("{name} is declaring."), { name: who(ctx, o.to_move) }) : "–"]);
  } else {
    rows.push([_("Call"), _("no call")]);
  }
  if (typeof o.knocker === "number") {
    const name = who(ctx, o.knocker);
    /** @type {import("/static/js/dom.js").Child[]} */
    const knock = [
      h("strong", null, o.lone_knock ? fmt(_("{name} knocked alone"), { name }) : fmt(_("{name} knocked"), { name })),
    ];
    if (typeof o.knock_off === "number") {
      knock.push(h("br"), h("strong", null, fmt(_("{name} knocked off"), { name: who(ctx, o.knock_off) })));
    } else if (o.phase === "knock-off") {
      knock.push(h("br"), _("The opponents may knock off."));
    }
    rows.push([_("Knock"), knock]);
  } else if (o.may_knock) {
    rows.push([_("Knock"), h("strong", { class: "kl-may-knock" }, _("you may knock now"))]);
  }
  const roles = /** @type {(string | null)[]} */ (o.roles || []);
  if (typeof ctx.seat === "number" && roles[ctx.seat]) {
    const mine = roles[ctx.seat];
    /** @type {import("/static/js/dom.js").Child[]} */
    const side = [h("span", { class: `kl-role role-${mine}` }, roleName(ctx, mine))];
    if (mine !== "alone") {
      side.push(
        " ",
        typeof o.partner === "number"
          ? fmt(_("partner: {name}"), { name: who(ctx, o.partner) })
          : _("partner not known yet"),
      );
    }
    rows.push([_("Your side"), side]);
  }
  return facts(rows);
}

/**
 * One seat round the trick: name, side and marks, then its card (or its declaration while the
 * seats declare) beside its score bar, card points and tricks.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 * @param {number} seat
 * @param {string} place
 * @param {{cards: Map<number, string>, last: boolean, winner: number | null}} shown
 */
function seatSlot(ctx, seat, place, shown) {
  const o = ctx.obs;
  const role = (o.roles || [])[seat];
  const target = Number(o.target) || 30;
  const score = Number((o.scores || [])[seat]) || 0;
  const moving = o.to_move === seat;
  const marks = [];
  if (role) marks.push(h("span", { class: `kl-role role-${role}` }, roleName(ctx, role)));
  if (typeof ctx.seat === "number" && o.partner === seat) marks.push(h("span", { class: "kl-mark" }, _("your partner")));
  if (o.dealer === seat) marks.push(h("span", { class: "kl-mark" }, _("Dealer")));
  if (o.caller === seat && o.call) marks.push(h("span", { class: "kl-mark" }, fmt(_("called {ace}"), { ace: cardText(o.call) })));
  if (o.knocker === seat) marks.push(h("span", { class: "kl-mark kl-knock" }, o.lone_knock ? _("knocked alone") : _("knocked")));
  if (o.knock_off === seat) marks.push(h("span", { class: "kl-mark kl-knock" }, _("knocked off")));
  if (moving) marks.push(h("span", { class: "kl-mark kl-turn" }, _("next to play")));
  const voids = /** @type {string[]} */ ((o.voids || [])[seat] || []);

  /** @type {import("/static/js/dom.js").Child} */
  let play;
  const card = shown.cards.get(seat);
  if (o.phase === "declare") {
    const said = (o.declared || [])[seat];
    let words = moving ? _("declaring") : "–";
    if (said === "no call") words = _("no call");
    else if (said) words = fmt(_("called {ace}"), { ace: cardText(String(said).split(" ")[1] || "") });
    play = h("span", { class: "kl-said" }, words);
  } else if (card) {
    const face = cardFace(card, { fourColour: ctx.fourColour });
    if (!shown.last && ctx.fresh.includes(card)) face.classList.add("fresh");
    play = face;
  } else {
    play = h("span", { class: "kl-empty", "aria-hidden": "true" });
  }
  const won = shown.winner === seat;
  return h(
    "section",
    {
      class: `kl-seat place-${place}${moving ? " to-move" : ""}${won ? " won" : ""}${shown.last ? " last" : ""}`,
      "data-seat": seat,
      "aria-label": who(ctx, seat),
    },
    h("h3", { class: "kl-name" }, who(ctx, seat)),
    marks.length ? h("p", { class: "kl-marks" }, marks) : null,
    h("div", { class: "kl-play" }, play),
    h(
      "div",
      { class: "kl-stats" },
      h(
        "p",
        { class: "kl-score" },
        h("progress", {
          max: target,
          value: Math.min(score, target),
          "aria-label": fmt(_("Score: {score} of {target}"), { score, target }),
        }),
        h("span", { class: "kl-score-text" }, `${score}/${target}`),
      ),
      h(
        "p",
        { class: "kl-taken" },
        takenWords((o.card_points || [])[seat] ?? 0, (o.tricks_won || [])[seat] ?? 0),
      ),
      voids.length
        ? h("p", { class: "kl-void" }, fmt(_("void: {suits}"), { suits: joinAnd(voids.map((v) => word(ctx, `void:${v}`, v))) }))
        : null,
      won ? h("p", { class: "kl-won" }, _("takes the trick")) : null,
    ),
  );
}

/**
 * The trick round the table: this trick's cards, or the last trick's until the next lead (and
 * while a trick is under way, the last one in a line under it).
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function trickArea(ctx) {
  const o = ctx.obs;
  const trick = /** @type {{seat: number, card: string}[]} */ (o.trick || []);
  const done = /** @type {{leader: number, cards: string[], winner: number, points: number}[]} */ (o.tricks || []);
  const last = done.length ? done[done.length - 1] : null;
  /** @type {{cards: Map<number, string>, last: boolean, winner: number | null}} */
  let shown = { cards: new Map(trick.map((p) => [p.seat, p.card])), last: false, winner: null };
  /** @type {import("/static/js/dom.js").Child[]} */
  let caption;
  if (o.phase === "declare") {
    caption = [_("The seats declare in turn.")];
  } else if (!trick.length && last) {
    shown = { cards: trickBySeat(last), last: true, winner: last.winner };
    caption = [h("strong", null, _("Last trick")), takesWords(ctx, last.winner, last.points)];
  } else {
    // Tricks a deal: the trick's number less one, and the most cards a seat still holds
    // (six with the full pack, two with the tiny one); once every card is played, the number.
    const trickNo = o.trick_number ?? 1;
    const tricks = Math.max(trickNo, trickNo - 1 + Math.max(0, ...(o.hand_sizes ?? [])));
    caption = [
      h("strong", null, fmt(_("Trick {trick} of {tricks}"), { trick: trickNo, tricks })),
    ];
    if (last) {
      caption.push(
        h(
          "span",
          { class: "kl-prev" },
          _("Last trick"),
          ": ",
          miniCards(last.cards, ctx.fourColour),
          " ",
          takesWords(ctx, last.winner, last.points),
        ),
      );
    }
  }
  const base = baseSeat(ctx);
  return h(
    "div",
    { class: "kl-trick", role: "group", "aria-label": _("The trick"), "data-main": "" },
    PLACES.map((place, i) => seatSlot(ctx, (base + i) % 4, place, shown)),
    h("p", { class: "kl-caption" }, caption),
  );
}

/**
 * The scoring of the deal just over, standing over the new deal until its first card.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function lastDealBlock(ctx) {
  const found = lastDeal(ctx);
  if (!found) return null;
  const d = found.score.data;
  const trick = found.trick;
  const title = fmt(_("Result of deal {deal}"), { deal: d.deal });
  return h(
    "section",
    { class: "kl-last-deal", "aria-label": title },
    h("h3", null, title),
    h("p", null, queensWords(ctx, d)),
    h("p", null, takenWords(d.card_points, d.tricks)),
    h("p", { class: "kl-award" }, awardWords(ctx, d)),
    // Once the new deal is dealt the slots no longer hold that deal's last trick: show it here.
    trick && !(ctx.obs.tricks || []).length
      ? h("p", null, _("Last trick"), ": ", miniCards(trick.data.cards, ctx.fourColour), " ", takesWords(ctx, trick.seat, trick.data.points))
      : null,
  );
}

/** Whether the reminder of the trumps is open: a person's choice outlives the redraws. */
let reminderOpen = false;

/**
 * Trumps and card values as a reminder (the rules page has the rest), folded at first.
 * @param {import("/static/js/games/generic.js").Ctx} ctx
 */
function reminder(ctx) {
  const details = h(
    "details",
    { class: "kl-reminder", open: reminderOpen },
    h("summary", null, _("Trumps, high to low:"), " ", miniCards(TRUMPS.slice(0, 4), ctx.fourColour), " …"),
    h("p", null, miniCards(TRUMPS, ctx.fourColour)),
    h("p", null, _("Other suits, high to low: A 10 K Q 9. Card points: A 11, 10 10, K 4, Q 3, J 2 (120 in all); the queens team needs 61.")),
  );
  details.addEventListener("toggle", () => {
    reminderOpen = details.open;
  });
  return details;
}

/** @type {Partial<import("/static/js/games/generic.js").Face>} */
const kloepper = {
  board(ctx) {
    const o = ctx.obs;
    const head = h(
      "p",
      { class: "kl-head" },
      h("span", null, fmt(_("Deal {deal}"), { deal: o.deal_number ?? 1 })),
      typeof o.dealer === "number" ? h("span", null, fmt(_("Dealer: {name}"), { name: who(ctx, o.dealer) })) : null,
      h("span", null, fmt(_("Game to {target}"), { target: o.target ?? 30 })),
    );
    // The box whose size the parts follow, and inside it their layout: the trick first.
    return h(
      "div",
      { class: "kl-board" },
      h(
        "div",
        { class: "kl-layout" },
        h("h2", { class: "visually-hidden" }, _("The table")),
        trickArea(ctx),
        // A short box scrolls the facts: the keyboard can reach them then.
        h("div", { class: "kl-aside", tabindex: "0" }, head, contract(ctx), lastDealBlock(ctx), reminder(ctx)),
      ),
    );
  },

  seatInfo(ctx, seat) {
    // Compact: the score and the side; the board's seat tells the rest (card points, marks).
    const o = ctx.obs;
    const role = (o.roles || [])[seat];
    const score = (o.scores || [])[seat] ?? 0;
    const target = o.target ?? 30;
    return h(
      "span",
      { class: "kl-info" },
      h("span", { class: "score", "aria-label": fmt(_("Score: {score} of {target}"), { score, target }) }, `${score}/${target}`),
      role ? [" ", h("span", { class: `kl-role role-${role}` }, roleName(ctx, role))] : null,
    );
  },

  panels(ctx) {
    return [
      {
        key: "a",
        title: _("Tricks of this deal"),
        draw: () => {
          const done = /** @type {any[]} */ (ctx.obs.tricks || []);
          if (!done.length) return h("p", { class: "quiet" }, _("No trick has been taken in this deal yet."));
          return sheet(
            "",
            [_("Trick"), _("Cards"), _("Winner"), _("Points")],
            done.map((t, i) => [String(i + 1), miniCards(t.cards, ctx.fourColour), who(ctx, t.winner), String(t.points)]),
          );
        },
      },
    ];
  },

  summary(ctx) {
    const deals = ctx.events.filter((e) => e.type === "deal score");
    if (!deals.length) return null;
    return h(
      "div",
      { class: "kl-sheet" },
      sheet(
        _("Score of each deal"),
        [_("Deal"), _("Result"), _("Scores")],
        deals.map((e) => {
          const d = e.data;
          const winners = new Set(d.winners || []);
          return [
            String(d.deal),
            h(
              "span",
              null,
              queensWords(ctx, d),
              h("br"),
              takenWords(d.card_points, d.tricks),
              h("br"),
              h("strong", null, resultName(ctx, d.result)),
            ),
            h(
              "ul",
              { class: "kl-totals" },
              [0, 1, 2, 3].map((s) =>
                h(
                  "li",
                  { class: winners.has(s) ? "kl-gain" : "" },
                  `${who(ctx, s)}: ${(d.scores || [])[s] ?? ""}`,
                  winners.has(s) ? ` (+${d.points})` : "",
                ),
              ),
            ),
          ];
        }),
      ),
    );
  },
};

export default kloepper;
