// @ts-check
/** A game's rules summary and its options, in the page's language. */

import { h } from "./dom.js";
import { _, fmt } from "./i18n.js";

/**
 * @param {import("./app.js").App} app
 * @param {string} name
 * @returns {import("./app.js").Screen}
 */
export function rulesScreen(app, name) {
  const game = app.catalog.games.find((/** @type {any} */ g) => g.name === name);
  if (!game) {
    return {
      el: h("main", { class: "page narrow" }, h("p", { class: "error" }, fmt(_("There is no game {name}."), { name }))),
    };
  }
  const show = (/** @type {any} */ v) => (v === null ? _("(automatic)") : typeof v === "boolean" ? (v ? _("on") : _("off")) : String(v));
  return {
    title: game.title,
    el: h(
      "main",
      { class: "page narrow rules" },
      h("h1", null, game.title),
      game.rules.map((/** @type {string} */ p) => h("p", null, p)),
      h("h2", null, _("Options")),
      h(
        "table",
        { class: "sheet" },
        h(
          "thead",
          null,
          h("tr", null, [_("Option"), _("Default"), _("Allowed"), _("Meaning")].map((t) => h("th", { scope: "col" }, t))),
        ),
        h(
          "tbody",
          null,
          game.options.map((/** @type {any} */ o) =>
            h(
              "tr",
              null,
              h("th", { scope: "row" }, o.label),
              h("td", null, show(o.default)),
              h("td", null, o.choices ? o.choices.map((/** @type {any} */ c) => c.label).join(", ") : `${o.low ?? ""}–${o.high ?? ""}`),
              h("td", null, o.help),
            ),
          ),
        ),
      ),
      h("p", null, h("a", { href: "/", "data-nav": "" }, _("Back to the lobby"))),
    ),
  };
}
