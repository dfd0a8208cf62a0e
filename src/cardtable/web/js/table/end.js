// @ts-check
/**
 * Before and after the game, and the pauses between: the waiting room, the result panel
 * (a headline in words, the scores, the face's sheet, a few statistics, rematch and replay),
 * "take my seat back", and a face's interlude (Cribbage's show) over the middle.
 */

import { post } from "../api.js";
import { fill, h } from "../dom.js";
import { _, fmt } from "../i18n.js";
import { gameStats } from "./words.js";

/** @typedef {import("../table.js").TableView} TableView */

/** @param {TableView} t */
export function renderWaiting(t) {
  // The first load's summary until the first view (the two name the seats alike).
  const mine = t.view ? t.view.seat : t.summary.your_seat;
  const players = t.view ? t.view.players : t.summary.seats;
  const invite = sessionStorage.getItem(`cardtable.invite.${t.id}`);
  const link = invite ? `${location.origin}/join/${invite}` : `${location.origin}/t/${t.id}`;
  const linkInput = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": _("Invitation link") });
  const copy = h(
    "button",
    {
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
          t.say(_("The link is copied."), "");
        } catch {
          linkInput.select();
          t.say(_("Select the link and copy it."), "");
        }
      },
    },
    _("Copy"),
  );
  const seats = players.map((/** @type {any} */ seat) =>
    h(
      "li",
      null,
      h("span", null, fmt(_("Seat {seat}"), { seat: seat.seat + 1 }), ": "),
      seat.kind === "open"
        ? mine === null || mine === undefined
          ? h("button", { class: "primary", onclick: () => sit(t, seat.seat) }, _("Sit here"))
          : h("em", null, _("open"))
        : h("strong", null, seat.name),
    ),
  );
  const open = players.some((/** @type {any} */ seat) => seat.kind === "open");
  // The view says whether the viewer made the table; until the first view, the summary.
  const creator = t.view ? Boolean(t.view.you_created) : Boolean(t.app.me && t.summary.created_by === t.app.me.id);
  fill(
    t.parts.board,
    h(
      "section",
      { class: "waiting card-panel" },
      h("h2", null, _("Waiting for players")),
      h("ol", { class: "waiting-seats" }, seats),
      h("p", null, _("Send this link to the people you want at the table:")),
      h("div", { class: "invite" }, linkInput, copy),
      creator
        ? h("button", { class: "primary", id: "start", disabled: open, onclick: () => start(t) }, _("Start the game"))
        : h("p", { class: "quiet" }, _("The table's creator starts the game once every seat is taken.")),
      mine !== null && mine !== undefined ? h("button", { onclick: () => leave(t) }, _("Leave the table")) : null,
    ),
  );
  fill(t.parts.hand);
  t.parts.hand.hidden = true;
  fill(t.parts.actions);
  fill(t.parts.result);
  t.parts.result.hidden = true;
  t.parts.interlude.hidden = true;
  t.renderStatus();
}

/**
 * @param {TableView} t
 * @param {() => Promise<any>} request
 */
async function attempt(t, request) {
  try {
    return await request();
  } catch (err) {
    t.say(err instanceof Error ? err.message : String(err), "error");
    return null;
  }
}

/**
 * @param {TableView} t
 * @param {number} seat
 */
function sit(t, seat) {
  // The server moves this page's connection to the seat and sends its whole view.
  return attempt(t, () => post(`/api/tables/${encodeURIComponent(t.id)}/sit`, { seat }));
}

/** @param {TableView} t */
function start(t) {
  // The views that follow show the game.
  return attempt(t, () => post(`/api/tables/${encodeURIComponent(t.id)}/start`));
}

/** @param {TableView} t */
async function leave(t) {
  if (await attempt(t, () => post(`/api/tables/${encodeURIComponent(t.id)}/leave`))) t.app.go("/");
}

/** @param {TableView} t */
export function renderResult(t) {
  const el = t.parts.result;
  const view = t.view;
  const held = view ? view.held_for_you : null;
  if (view && view.status === "playing" && held !== null && held !== undefined && view.seat === null) {
    fill(
      el,
      h("p", null, _("A bot is playing your seat.")),
      h("button", { class: "primary", onclick: () => reclaim(t) }, _("Take my seat back")),
    );
    el.hidden = false;
    el.classList.remove("final");
    return;
  }
  if (!view || (view.status !== "over" && view.status !== "abandoned")) {
    fill(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.classList.add("final");
  const result = view.result || {};
  const scores = result.scores || (view.observation && view.observation.scores) || [];
  const winners = new Set(result.winners || []);
  const sheet = view.observation ? t.face.summary(t.ctx()) : null;
  // The face's sheet opens by itself where there is room for it.
  const roomy = window.matchMedia("(min-width: 1000px) and (min-height: 600px)").matches;
  const stats = gameStats(t);
  fill(
    el,
    // "You win", "Bob and Carol win": the view's words for this viewer.
    h("h2", { class: "headline" }, view.headline),
    // The result in words is the view's, the same line every face shows.
    view.result_text ? h("p", { class: "result-note" }, view.result_text) : null,
    h(
      "table",
      { class: "sheet final" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, _("Player")), h("th", { scope: "col" }, _("Score")))),
      h(
        "tbody",
        null,
        scores.map((/** @type {number} */ score, /** @type {number} */ seat) =>
          h(
            "tr",
            { class: winners.has(seat) ? "winner" : "" },
            h("th", { scope: "row" }, winners.has(seat) ? fmt(_("{name}, winner"), { name: t.seatName(seat) }) : t.seatName(seat)),
            h("td", { class: "final-score", "data-seat": seat }, String(score)),
          ),
        ),
      ),
    ),
    stats.length ? h("ul", { class: "stats" }, stats.map((line) => h("li", null, line))) : null,
    sheet ? h("details", { class: "result-sheet", open: roomy }, h("summary", null, _("Score sheet")), sheet) : null,
    h(
      "p",
      { class: "result-buttons" },
      t.rematch
        ? h("a", { class: "button primary", href: `/t/${encodeURIComponent(t.rematch)}`, "data-nav": "" }, _("Go to the rematch"))
        : view.seat !== null
          ? h("button", { class: "primary", id: "rematch", onclick: () => askRematch(t) }, _("Rematch"))
          : null,
      h("a", { class: "button", href: `/replay/${encodeURIComponent(t.id)}`, "data-nav": "" }, _("Replay")),
      h(
        "a",
        { class: "button", href: `/api/tables/${encodeURIComponent(t.id)}/record`, download: `cardtable-${t.game}-${t.id}.json` },
        _("Download the record"),
      ),
      h("a", { class: "button", href: "/", "data-nav": "" }, _("Lobby")),
    ),
  );
}

/** @param {TableView} t */
async function askRematch(t) {
  const answer = await attempt(t, () => post(`/api/tables/${encodeURIComponent(t.id)}/rematch`));
  if (!answer) return;
  const id = answer.table.id;
  sessionStorage.setItem(`cardtable.invite.${id}`, answer.invite);
  const open = answer.table.seats.some((/** @type {any} */ seat) => seat.kind === "open");
  if (!open && !(await attempt(t, () => post(`/api/tables/${encodeURIComponent(id)}/start`)))) return;
  t.app.go(`/t/${id}`);
}

/** @param {TableView} t */
async function reclaim(t) {
  if (await attempt(t, () => post(`/api/tables/${encodeURIComponent(t.id)}/reclaim`))) t.reconnect();
}

/**
 * A face's interlude (Cribbage's show) over the middle, until "Next deal" dismisses it.
 * @param {TableView} t
 */
export function renderInterlude(t) {
  const el = t.parts.interlude;
  const shown = t.face.interlude && t.dealt() ? t.face.interlude(t.ctx()) : null;
  if (!shown || t.dismissed.has(shown.key)) {
    if (!el.hidden) {
      fill(el);
      el.hidden = true;
    }
    return;
  }
  // Drawn again for another show, or when the game ends behind it (its button changes).
  const over = String(t.view.status !== "playing");
  const fresh = el.hidden || el.dataset.key !== shown.key || el.dataset.over !== over;
  // The same show already laid out stays as it is (drawn again, its button would lose the
  // focus it was given).
  if (!fresh) return;
  const next = h(
    "button",
    {
      class: "primary",
      id: "interlude-next",
      onclick: () => {
        t.dismissed.add(shown.key);
        renderInterlude(t);
        t.showMain();
      },
    },
    // After the game's last show, the result waits behind it.
    t.view.status === "playing" ? _("Next deal") : _("See the result"),
  );
  el.dataset.key = shown.key;
  el.dataset.over = over;
  el.setAttribute("aria-label", shown.title);
  fill(el, h("h2", null, shown.title), h("div", { class: "interlude-body" }, shown.node), h("p", { class: "interlude-buttons" }, next));
  el.hidden = false;
  next.focus({ preventScroll: true });
}
