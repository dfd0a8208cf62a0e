// @ts-check
/** The table's head (its title, status, the side's tabs, the signals' switches, rules, lobby) and
 * the banner under it ("Watching" for a spectator). */

import { fill, h } from "../dom.js";
import { shortCommitment } from "../fair_deal.js";
import { _, fmt } from "../i18n.js";

/** @typedef {import("../table.js").TableView} TableView */

/** @param {TableView} t */
export function renderHead(t) {
  const p = t.parts;
  // The first load's summary until the first view.
  const s = t.view || t.summary;
  const status = {
    open: _("waiting for players"),
    playing: _("playing"),
    over: _("over"),
    abandoned: _("abandoned"),
  }[/** @type {"open"} */ (s.status)] || s.status;
  fill(
    t.parts.head,
    // A view after a change leaves the title out: the first load's stands.
    h("h1", null, s.title || t.summary.title),
    h("span", { class: "table-status" }, status),
    // The tabs of the side: on a narrow screen each opens the drawer.
    p.tabs,
    s.marked ? h("span", { class: "badge", title: _("A bot played a seat for a person who was away.") }, _("marked")) : null,
    // The deal's commitment, published before the first card: the replay checks it.
    t.commitment
      ? h(
          "span",
          { class: "deal-commitment", title: _("The SHA-256 of the server's secret, shown before the deal; after the game the replay page checks the deal against it.") },
          fmt(_("Deal {short}"), { short: shortCommitment(t.commitment) }),
        )
      : null,
    h(
      "span",
      { class: "head-buttons" },
      t.signalControls,
      h("a", { href: `/rules/${t.game}`, class: "button small", target: "_blank", rel: "noopener" }, _("Rules")),
      h("a", { href: "/", class: "button small", "data-nav": "" }, _("Lobby")),
    ),
  );
}

/**
 * "Watching" for a spectator.
 * @param {TableView} t
 */
export function renderBanner(t) {
  const el = t.parts.banner;
  if (t.watching() && t.view.status === "playing") {
    el.className = "banner watching";
    fill(el, _("Watching: you see what every spectator sees."));
    el.hidden = false;
  } else {
    fill(el);
    el.hidden = true;
  }
}
