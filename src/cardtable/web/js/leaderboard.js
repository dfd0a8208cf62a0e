// @ts-check
/**
 * A game's leaderboard (`/leaderboard/GAME`): the people with enough rated games, best first,
 * then the bots, rated apart; links to every game's board and to each player's page.
 */

import { get } from "./api.js";
import { h } from "./dom.js";
import { _, fmt } from "./i18n.js";
import { ratingText } from "./profile.js";

/**
 * The rows of one list as a table.
 * @param {string} caption
 * @param {any[]} rows
 */
function board(caption, rows) {
  return h(
    "table",
    { class: "sheet leaderboard" },
    h("caption", null, caption),
    h(
      "thead",
      null,
      h("tr", null, [_("Rank"), _("Player"), _("Rating"), _("Games"), _("Wins")].map((t) => h("th", { scope: "col" }, t))),
    ),
    h(
      "tbody",
      null,
      rows.map((r) =>
        h(
          "tr",
          null,
          h("td", null, String(r.rank)),
          h("th", { scope: "row" }, h("a", { href: `/players/${encodeURIComponent(r.id)}`, "data-nav": "" }, r.name)),
          h("td", null, ratingText(r)),
          h("td", null, String(r.games)),
          h("td", null, String(r.wins)),
        ),
      ),
    ),
  );
}

/**
 * Links to every game's leaderboard, the shown one marked as the current page.
 * @param {import("./app.js").App} app
 * @param {string} current
 */
export function boardLinks(app, current) {
  return h(
    "nav",
    { class: "board-links", "aria-label": _("Leaderboards") },
    h(
      "ul",
      { class: "inline" },
      app.catalog.games.map((/** @type {any} */ g) =>
        h(
          "li",
          null,
          h("a", { href: `/leaderboard/${encodeURIComponent(g.name)}`, "data-nav": "", "aria-current": g.name === current ? "page" : null }, g.title),
        ),
      ),
    ),
  );
}

/**
 * @param {import("./app.js").App} app
 * @param {string} game
 * @returns {Promise<import("./app.js").Screen>}
 */
export async function leaderboardScreen(app, game) {
  const data = await get(`/api/leaderboard/${encodeURIComponent(game)}`);
  const title = fmt(_("{game} leaderboard"), { game: data.title });
  const enough = fmt(_("Players with at least {count} rated games"), { count: data.min_games });
  return {
    title,
    el: h(
      "main",
      { class: "page narrow leaderboard-page" },
      h("h1", null, title),
      boardLinks(app, game),
      data.players.length
        ? board(enough, data.players)
        : h("p", { class: "quiet" }, fmt(_("Nobody has played {count} rated games of it yet."), { count: data.min_games })),
      data.bots.length ? board(_("Bots, rated apart from people"), data.bots) : null,
      app.me ? h("p", null, h("a", { href: `/players/${encodeURIComponent(app.me.id)}`, "data-nav": "" }, _("Your ratings"))) : null,
      h("p", null, h("a", { href: "/", "data-nav": "" }, _("Back to the lobby"))),
    ),
  };
}
