// @ts-check
/**
 * The replay of a finished game: step forward and back through any seat's view or the full
 * record (every hand open), with the moves, the log, the record to download and a link to share.
 */

import { get } from "./api.js";
import { fill, h } from "./dom.js";
import { dealPanel } from "./fair_deal.js";
import { faceFor, gameEntry } from "./games/index.js";
import { _, fmt } from "./i18n.js";
import { reviewPanel } from "./review.js";
import { cardRow } from "./widgets.js";

/**
 * @param {import("./app.js").App} app
 * @param {string} id
 * @returns {Promise<import("./app.js").Screen>}
 */
export async function replayScreen(app, id) {
  const summary = await get(`/api/tables/${encodeURIComponent(id)}`);
  const face = await faceFor(app.catalog, summary.game);
  /** @type {Record<string, string>} the game's own words, the catalogue's until a view brings them */
  const vocabulary = (gameEntry(app.catalog, summary.game) || {}).vocabulary || {};
  const query = new URLSearchParams(location.search);
  let seat = query.get("seat") || "all";
  let ply = Number(query.get("ply") || 0) || 0;
  /** @type {Map<string, any>} */
  const cache = new Map();

  const seatSelect = h(
    "select",
    { id: "replay-seat", "aria-label": _("Whose view") },
    h("option", { value: "all" }, _("The full record (every hand)")),
    summary.seats.map((/** @type {any} */ s) => h("option", { value: String(s.seat) }, fmt(_("{name}'s view"), { name: s.name || fmt(_("Seat {seat}"), { seat: s.seat + 1 }) }))),
  );
  seatSelect.value = seat;
  const slider = h("input", { type: "range", id: "replay-ply", min: 0, max: 0, value: 0, "aria-label": _("Move number") });
  const counter = h("span", { class: "counter", id: "replay-counter", "aria-live": "polite" });
  const board = h("div", { class: "board", id: "board" });
  const hands = h("div", { class: "replay-hands" });
  const moves = h("ol", { class: "moves scroll", id: "replay-moves", "aria-label": _("Moves") });
  const log = h("ol", { class: "log scroll", id: "log", "aria-label": _("What happened") });
  const share = h("input", { readonly: true, id: "share-link", "aria-label": _("Link to this moment") });
  const review = reviewPanel({
    id,
    seats: summary.seats.map((/** @type {any} */ s) => ({ seat: s.seat, name: s.name || fmt(_("Seat {seat}"), { seat: s.seat + 1 }) })),
    seat: summary.your_seat ?? (seat === "all" ? 0 : Number(seat)),
    jump: (whose, to) => {
      seat = String(whose);
      seatSelect.value = seat;
      show(to);
    },
  });
  /** @type {any} */
  let view = null;

  /** The move asked for last: quick clicks add up, and only its answer is drawn. */
  let wanted = ply;

  /** @param {number} to */
  async function show(to) {
    wanted = to;
    const key = `${seat}:${to}`;
    let answer = cache.get(key);
    if (!answer) {
      answer = await get(`/api/tables/${encodeURIComponent(id)}/replay?ply=${to}&seat=${seat}`);
      cache.set(key, answer);
    }
    if (to !== wanted) return; // a later step was asked for meanwhile
    view = answer;
    ply = answer.ply;
    wanted = ply;
    const url = `/replay/${encodeURIComponent(id)}?seat=${seat}&ply=${ply}`;
    history.replaceState(null, "", url);
    share.value = `${location.origin}${url}`;
    slider.max = String(answer.plies);
    slider.value = String(ply);
    fill(counter, fmt(_("Move {ply} of {total}"), { ply, total: answer.plies }));
    const players = answer.players;
    /** @type {import("./games/generic.js").Ctx} */
    const ctx = {
      view: answer,
      obs: answer.observation,
      seat: answer.seat,
      events: answer.events,
      game: summary.game,
      options: summary.options,
      vocabulary: answer.vocabulary || vocabulary,
      name: (s) => (players[s] && players[s].name) || fmt(_("Seat {seat}"), { seat: s + 1 }),
      fourColour: app.fourColour,
      hands: answer.hands || null,
      fresh: [],
      advice: null,
      askHint: null,
    };
    fill(board, face.board(ctx));
    if (answer.hands) {
      fill(
        hands,
        answer.hands.map((/** @type {string[]} */ hand, /** @type {number} */ s) =>
          h("div", { class: "replay-hand" }, h("h3", null, ctx.name(s)), cardRow(face.sortHand(hand.slice(), ctx, s), { fourColour: app.fourColour, small: true })),
        ),
      );
    } else if (Array.isArray(answer.observation.hand)) {
      fill(hands, h("div", { class: "replay-hand" }, h("h3", null, ctx.name(answer.seat)), cardRow(face.sortHand(answer.observation.hand.slice(), ctx, answer.seat), { fourColour: app.fourColour, small: true })));
    } else {
      fill(hands);
    }
    fill(
      moves,
      answer.moves.map((/** @type {any} */ m) =>
        h(
          "li",
          { class: m.ply < ply ? "done" : m.ply === ply ? "next" : "" },
          h("button", { class: "link", onclick: () => show(m.ply + 1) }, `${m.ply + 1}. ${ctx.name(m.seat)}: ${m.words}`),
        ),
      ),
    );
    fill(log, answer.events.map((/** @type {any} */ e) => h("li", { class: `event ev-${e.type}` }, e.text)));
    log.scrollTop = log.scrollHeight;
    const current = moves.querySelector("li.next");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  const step = (/** @type {number} */ d) => show(Math.max(0, Math.min(view ? view.plies : 0, wanted + d)));
  seatSelect.addEventListener("change", () => {
    seat = seatSelect.value;
    show(ply);
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  /** @param {KeyboardEvent} event */
  function onKey(event) {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    if (event.target instanceof HTMLSelectElement) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (event.key in moves) step(moves[/** @type {"ArrowLeft"} */ (event.key)]);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(view ? view.plies : 0);
    else return;
    event.preventDefault();
  }
  document.addEventListener("keydown", onKey);
  const el = h(
    "main",
    { class: `page replay game-${summary.game}` },
    h("div", { class: "table-head" }, h("h1", null, fmt(_("Replay: {game}"), { game: summary.title }))),
    h(
      "div",
      { class: "replay-controls" },
      seatSelect,
      h("button", { id: "replay-first", onclick: () => show(0), "aria-label": _("To the start") }, "|◀"),
      h("button", { id: "replay-back", onclick: () => step(-1), "aria-label": _("One move back") }, "◀"),
      h("button", { id: "replay-forward", onclick: () => step(1), "aria-label": _("One move forward") }, "▶"),
      h("button", { id: "replay-last", onclick: () => show(view ? view.plies : 0), "aria-label": _("To the end") }, "▶|"),
      counter,
      slider,
    ),
    h("div", { class: "play-area" }, board, hands),
    h(
      "aside",
      { class: "side" },
      h("h2", null, _("Moves")),
      moves,
      h("h2", null, _("Log")),
      log,
      review.el,
      dealPanel(id),
      h("h2", null, _("Share")),
      h("div", { class: "invite" }, share, h("button", { onclick: () => navigator.clipboard.writeText(share.value).catch(() => share.select()) }, _("Copy"))),
      h(
        "p",
        null,
        h("a", { class: "button", href: `/api/tables/${encodeURIComponent(id)}/record`, download: `cardtable-${summary.game}-${id}.json` }, _("Download the record")),
      ),
    ),
  );
  await show(ply);
  return {
    el,
    title: _("Replay"),
    dispose: () => {
      document.removeEventListener("keydown", onKey);
      review.dispose();
    },
  };
}
