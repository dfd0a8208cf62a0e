// @ts-check
/**
 * The lobby's lists: your games in progress (those a bot keeps for you too, with "Take my seat
 * back"), open tables with their options in words, age and who is there, games anyone may watch,
 * and finished games.
 *
 * The lobby's fields beyond a table's (`held`, `options_text`, `created_at`, `present`,
 * `can_start`, `watch`) are read defensively: a server without them shows less, never breaks.
 */

import { post } from "./api.js";
import { h } from "./dom.js";
import { _, currentLanguage, fmt } from "./i18n.js";

/**
 * How long ago, in words of the page's language ("5 minutes ago", "5 分前").
 * @param {string | undefined} iso
 * @param {number} [now]
 */
export function ago(iso, now = Date.now()) {
  const then = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, (now - then) / 1000);
  const words = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: "auto" });
  if (seconds < 45) return words.format(0, "second");
  if (seconds < 3600) return words.format(-Math.max(1, Math.round(seconds / 60)), "minute");
  if (seconds < 86400) return words.format(-Math.round(seconds / 3600), "hour");
  return words.format(-Math.round(seconds / 86400), "day");
}

/** @param {string | undefined} iso */
function age(iso) {
  const text = ago(iso);
  return text ? h("time", { class: "age", datetime: String(iso), title: new Date(String(iso)).toLocaleString(currentLanguage()) }, text) : null;
}

/** @param {any} t */
function optionsText(t) {
  const lines = Array.isArray(t.options_text) ? t.options_text : [];
  return lines.length ? h("span", { class: "options-text" }, lines.join(" · ")) : null;
}

/**
 * @param {string} title
 * @param {string} id
 * @param {HTMLElement[]} items
 */
function section(title, id, items) {
  return h("section", { class: "card-panel", id }, h("h2", null, title), h("ul", { class: "tables" }, items));
}

/**
 * @param {import("./app.js").App} app
 * @param {any} lobby
 * @param {any[]} finished
 */
export function tableLists(app, lobby, finished) {
  const sections = [];
  const playing = lobby.playing || [];
  const open = lobby.open || [];
  const watch = lobby.watch || [];
  const yourTurn = new Set((lobby.your_turn || []).map((/** @type {any} */ t) => t.id));
  if (playing.length) {
    sections.push(section(_("Your games"), "my-tables", playing.map((/** @type {any} */ t) => playingItem(app, t, yourTurn.has(t.id)))));
  }
  sections.push(
    open.length
      ? section(_("Open tables"), "open-tables", open.map((/** @type {any} */ t) => openItem(app, t)))
      : h(
          "section",
          { class: "card-panel", id: "open-tables" },
          h("h2", null, _("Open tables")),
          h("p", { class: "quiet" }, _("No table is waiting for players. Start one below.")),
        ),
  );
  if (watch.length) sections.push(section(_("Games to watch"), "watch-tables", watch.map(watchItem)));
  if (finished.length) {
    sections.push(
      section(
        _("Finished games"),
        "finished",
        finished.slice(0, 20).map((/** @type {any} */ g) =>
          h(
            "li",
            null,
            h("a", { href: `/replay/${encodeURIComponent(g.table)}`, "data-nav": "" }, g.title || g.game),
            " ",
            g.won ? _("won") : _("lost"),
            g.scores ? ` (${g.scores.join(" – ")})` : "",
            g.finished_at ? h("time", { datetime: g.finished_at }, ` ${new Date(g.finished_at).toLocaleString(currentLanguage())}`) : null,
          ),
        ),
      ),
    );
  }
  return sections;
}

/**
 * A game in progress where you sit, or where a bot keeps your seat.
 * @param {import("./app.js").App} app
 * @param {any} t
 * @param {boolean} mine  whether it is your turn
 */
function playingItem(app, t, mine) {
  const href = `/t/${encodeURIComponent(t.id)}`;
  const seats = t.seats || [];
  const mover = t.to_move !== null && t.to_move !== undefined ? seats[t.to_move] : null;
  /** @type {import("./dom.js").Child} */
  let turn = null;
  if (t.held) turn = h("span", { class: "held" }, _("A bot is playing your seat."));
  else if (mine) turn = h("strong", { class: "badge" }, _("Your turn"));
  else if (mover) turn = h("span", { class: "whose-turn" }, fmt(_("{name} to play"), { name: mover.name }));
  return h(
    "li",
    { class: mine ? "your-turn" : t.held ? "held-seat" : "", "data-table": t.id },
    h("a", { href, "data-nav": "" }, t.title),
    " ",
    seatNames(t),
    turn,
    t.held ? h("button", { type: "button", class: "primary", onclick: () => reclaim(app, t.id) }, _("Take my seat back")) : null,
  );
}

/**
 * A table waiting for players.
 * @param {import("./app.js").App} app
 * @param {any} t
 */
function openItem(app, t) {
  const present = Array.isArray(t.present) ? t.present : [];
  const seated = t.your_seat !== null && t.your_seat !== undefined;
  return h(
    "li",
    { "data-table": t.id },
    h("strong", null, t.title),
    " ",
    t.rated ? h("span", { class: "badge rated" }, _("Rated")) : null,
    t.rated ? " " : null,
    seatNames(t),
    optionsText(t),
    age(t.created_at),
    present.length ? h("span", { class: "present" }, fmt(_("Here now: {names}"), { names: present.join(", ") })) : null,
    h(
      "span",
      { class: "table-actions" },
      t.can_start ? h("button", { type: "button", class: "primary start", onclick: () => startTable(app, t.id) }, _("Start")) : null,
      seated
        ? h("a", { href: `/t/${encodeURIComponent(t.id)}`, "data-nav": "", class: "button" }, _("Back to the table"))
        : h("button", { type: "button", class: "primary", onclick: () => join(app, t.id) }, _("Join")),
    ),
  );
}

/** @param {any} t  a game in progress anyone may watch */
function watchItem(t) {
  const names = Array.isArray(t.names) ? t.names : [];
  const watching = Number(t.spectators) || 0;
  return h(
    "li",
    { "data-table": t.id },
    h("strong", null, t.title),
    " ",
    h("span", { class: "seat-names" }, names.join(", ")),
    optionsText(t),
    age(t.started_at),
    watching ? h("span", { class: "watching" }, fmt(_("{count} watching"), { count: watching })) : null,
    h("a", { href: `/t/${encodeURIComponent(t.id)}`, "data-nav": "", class: "button" }, _("Watch")),
  );
}

/** @param {any} table */
function seatNames(table) {
  return h(
    "span",
    { class: "seat-names" },
    (table.seats || []).map((/** @type {any} */ s) => (s.kind === "open" ? _("(open seat)") : s.name)).join(", "),
  );
}

/**
 * POST to a table, then go to it; a refusal is shown in words.
 * @param {import("./app.js").App} app
 * @param {string} id
 * @param {string} action  "sit", "start" or "reclaim"
 */
async function act(app, id, action) {
  try {
    await post(`/api/tables/${encodeURIComponent(id)}/${action}`, {});
    app.go(`/t/${id}`);
  } catch (err) {
    app.notify(err instanceof Error ? err.message : String(err));
  }
}
const join = (/** @type {import("./app.js").App} */ app, /** @type {string} */ id) => act(app, id, "sit");
const startTable = (/** @type {import("./app.js").App} */ app, /** @type {string} */ id) => act(app, id, "start");
const reclaim = (/** @type {import("./app.js").App} */ app, /** @type {string} */ id) => act(app, id, "reclaim");
