// @ts-check
/**
 * A player's page (`/players/ID`): each game's rating with its uncertainty, games played and
 * won, its history as a chart (`profile_chart.js`) and as a table, and the recent rated games
 * with their replays. A bot's page (`/players/bot:SPEC`) is the same.
 */

import { get } from "./api.js";
import { h } from "./dom.js";
import { _, currentLanguage, fmt } from "./i18n.js";
import { ratingChart } from "./profile_chart.js";

/**
 * A rating as shown: the figure sorted by, and its uncertainty.
 * @param {{ordinal: number, sigma: number}} r
 */
export function ratingText(r) {
  return fmt(_("{rating} (± {sigma})"), { rating: r.ordinal.toFixed(1), sigma: r.sigma.toFixed(1) });
}

/**
 * @param {import("./app.js").App} app
 * @param {string} id
 * @returns {Promise<import("./app.js").Screen>}
 */
export async function profileScreen(app, id) {
  const player = await get(`/api/players/${encodeURIComponent(id)}`);
  const title = player.bot ? fmt(_("Bot {name}"), { name: player.name }) : player.name;
  const when = (/** @type {string} */ at) => new Date(at).toLocaleString(currentLanguage());
  const games = player.ratings.map((/** @type {any} */ r, /** @type {number} */ i) =>
    h(
      "section",
      { class: "card-panel", "aria-labelledby": `rating-${i}` },
      h("h2", { id: `rating-${i}` }, r.title),
      h(
        "p",
        null,
        h("strong", null, ratingText(r)),
        " ",
        fmt(_("{games} rated games, {wins} won"), { games: r.games, wins: r.wins }),
        " · ",
        h("a", { href: `/leaderboard/${encodeURIComponent(r.game)}`, "data-nav": "" }, _("Leaderboard")),
      ),
      ratingChart(`chart-${i}`, fmt(_("{name}'s rating in {game}, after each rated game"), { name: title, game: r.title }), r.history),
      h(
        "details",
        null,
        h("summary", null, _("The history as a table")),
        h(
          "table",
          { class: "sheet" },
          h("thead", null, h("tr", null, [_("Game"), _("When"), _("Rating")].map((t) => h("th", { scope: "col" }, t)))),
          h(
            "tbody",
            null,
            r.history.map((/** @type {any} */ p, /** @type {number} */ n) =>
              h(
                "tr",
                null,
                h("th", { scope: "row" }, h("a", { href: `/replay/${encodeURIComponent(p.table)}`, "data-nav": "" }, String(n + 1))),
                h("td", null, h("time", { datetime: p.at }, when(p.at))),
                h("td", null, ratingText(p)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  const recent = player.recent.map((/** @type {any} */ g) =>
    h(
      "li",
      null,
      h("a", { href: g.replay, "data-nav": "" }, g.title),
      " ",
      g.left ? _("left the game") : g.won ? _("won") : fmt(_("place {place}"), { place: g.place }),
      " ",
      h("span", { class: g.change >= 0 ? "gain" : "loss" }, `${g.change >= 0 ? "+" : "−"}${Math.abs(g.change).toFixed(1)}`),
      " ",
      h("time", { datetime: g.at }, when(g.at)),
    ),
  );
  return {
    title,
    el: h(
      "main",
      { class: "page narrow profile" },
      h("h1", null, title),
      app.me && app.me.id === id ? h("p", { class: "quiet" }, _("Your ratings, as other players see them.")) : null,
      games.length ? games : h("p", { class: "quiet" }, _("No rated games yet.")),
      recent.length
        ? h("section", { class: "card-panel", "aria-labelledby": "recent-games" }, h("h2", { id: "recent-games" }, _("Recent rated games")), h("ul", null, recent))
        : null,
      h(
        "p",
        { class: "quiet" },
        _("A rating is shown as the figure the player is very likely above: a newcomer starts at 0 and climbs as results come in and the uncertainty (±) shrinks."),
      ),
      h("p", null, h("a", { href: "/", "data-nav": "" }, _("Back to the lobby"))),
    ),
  };
}
