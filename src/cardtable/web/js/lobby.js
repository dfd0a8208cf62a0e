// @ts-check
/**
 * The lobby: links to your ratings and the leaderboards, the lists of tables
 * (`lobby_lists.js`), refreshed every few seconds without losing the keyboard's focus, above
 * the form for a new table (`table_form.js`).
 */

import { accountPanel } from "./account.js";
import { get } from "./api.js";
import { fill, h } from "./dom.js";
import { _ } from "./i18n.js";
import { ago, tableLists } from "./lobby_lists.js";
import { newTableForm } from "./table_form.js";
import { boardLinks } from "./leaderboard.js";

export { ago };

/**
 * @param {import("./app.js").App} app
 * @returns {Promise<import("./app.js").Screen>}
 */
export async function lobbyScreen(app) {
  const lists = h("div", { class: "lobby-lists" });
  const main = h(
    "main",
    { class: "page lobby" },
    h("h1", { class: "visually-hidden" }, _("Lobby")),
    ratingLinks(app),
    lists,
    newTableForm(app),
    await accountPanel(),
  );
  let stopped = false;
  let shown = "";
  async function refresh() {
    if (stopped) return;
    try {
      const [lobby, finished] = await Promise.all([get("/api/lobby"), get("/api/me/games")]);
      if (stopped) return;
      // Redrawn only when something changed, so that a keyboard's focus stays where it is;
      // otherwise only the ages move on.
      const now = JSON.stringify([lobby, finished.games]);
      if (now === shown) {
        for (const time of lists.querySelectorAll("time.age")) time.textContent = ago(time.getAttribute("datetime") || "");
        return;
      }
      shown = now;
      const focused = document.activeElement;
      const where = focused && lists.contains(focused) ? focusKey(focused) : null;
      fill(lists, ...tableLists(app, lobby, finished.games));
      if (where) refocus(lists, where);
    } catch (err) {
      app.notify(err instanceof Error ? err.message : String(err));
    }
  }
  await refresh();
  const timer = setInterval(refresh, 4000);
  return {
    el: main,
    title: _("Lobby"),
    dispose() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/**
 * Your ratings' page and every game's leaderboard.
 * @param {import("./app.js").App} app
 */
function ratingLinks(app) {
  return h(
    "section",
    { class: "card-panel ratings-links", "aria-labelledby": "ratings-title" },
    h("h2", { id: "ratings-title" }, _("Ratings")),
    app.me ? h("p", null, h("a", { href: `/players/${encodeURIComponent(app.me.id)}`, "data-nav": "" }, _("Your ratings"))) : null,
    boardLinks(app, ""),
  );
}

/**
 * Where the focus is in the lists: the table's entry and the control's text.
 * @param {Element} el
 * @returns {[string, string]}
 */
function focusKey(el) {
  const entry = el.closest("[data-table]");
  return [entry ? String(entry.getAttribute("data-table")) : "", (el.textContent || "").trim()];
}

/**
 * Focus the same control after a redraw, where the entry is still listed.
 * @param {HTMLElement} lists
 * @param {[string, string]} key
 */
function refocus(lists, [table, text]) {
  for (const el of lists.querySelectorAll("a, button")) {
    if (el instanceof HTMLElement && focusKey(el).join("\n") === [table, text].join("\n")) {
      el.focus();
      return;
    }
  }
}
