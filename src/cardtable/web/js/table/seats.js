// @ts-check
/**
 * The seats as compact chips around the middle: name, the to-move mark, clock, presence, the
 * face's badge, and who watches. Each chip carries `data-seat` (a trick flies to its winner's).
 */

import { post } from "../api.js";
import { fill, h } from "../dom.js";
import { _, fmt } from "../i18n.js";

/** @param {import("../table.js").TableView} t */
export function renderSeats(t) {
  const players = t.view ? t.view.players : t.summary.seats;
  const toMove = t.view ? t.view.to_move : null;
  const over = t.view && t.view.status !== "playing";
  const chips = players.map((/** @type {any} */ p, /** @type {number} */ seat) => {
    const moving = !over && toMove === seat;
    const clock = clockText(t, p, moving);
    const away = p.kind === "human" && !p.online;
    const mine = t.view && t.view.seat === seat;
    return h(
      "li",
      {
        class: `seat-chip${moving ? " to-move" : ""}${away ? " away" : ""}${mine ? " me" : ""}`,
        "data-seat": seat,
      },
      h("span", { class: "seat-name" }, t.seatName(seat)),
      p.kind === "bot" ? h("span", { class: "kind" }, _("bot")) : null,
      p.kind === "human" ? h("span", { class: `presence ${p.online ? "on" : "off"}` }, p.online ? _("here") : _("away")) : null,
      moving ? h("span", { class: "turn-mark" }, _("to move")) : null,
      clock ? h("span", { class: `clock${p.out_of_time ? " late" : ""}` }, clock) : null,
      t.dealt() ? h("span", { class: "seat-info" }, t.face.seatInfo(t.ctx(), seat)) : null,
      seatButton(t, p, seat),
    );
  });
  const watchers = watchersLine(t);
  fill(t.parts.seats, chips, watchers ? h("li", { class: "watchers" }, watchers) : null);
}

/**
 * Who watches: the view's names, else the count.
 * @param {import("../table.js").TableView} t
 * @returns {string}
 */
export function watchersLine(t) {
  if (!t.view) return "";
  const names = Array.isArray(t.view.watchers) ? t.view.watchers.map(String) : null;
  if (names && names.length) return fmt(_("Watching: {names}"), { names: names.join(", ") });
  const count = Number(t.view.spectators || 0);
  if (!names && count > 0) return fmt(_("Watching: {count}"), { count });
  return "";
}

/**
 * "Replace by bot" for a person who is away (or out of time), for the others at the table.
 * @param {import("../table.js").TableView} t
 * @param {any} p
 * @param {number} seat
 */
function seatButton(t, p, seat) {
  if (!t.view || t.view.status !== "playing" || t.view.seat === null || seat === t.view.seat) return null;
  if (p.kind !== "human" || (p.online && !p.out_of_time)) return null;
  return h(
    "button",
    {
      class: "small",
      onclick: async () => {
        try {
          await post(`/api/tables/${encodeURIComponent(t.id)}/seats/${seat}/bot`, { bot: "medium" });
        } catch (err) {
          t.say(err instanceof Error ? err.message : String(err), "error");
        }
      },
    },
    _("Replace by bot"),
  );
}

/**
 * A seat's clock as a person reads it (h:mm:ss or m:ss), running down for the seat to move.
 * @param {import("../table.js").TableView} t
 * @param {any} p
 * @param {boolean} running
 */
export function clockText(t, p, running) {
  if (p.clock_ms === null || p.clock_ms === undefined) return "";
  let ms = p.clock_ms;
  if (running && t.view) ms -= Date.now() - t.receivedAt;
  ms = Math.max(0, ms);
  const seconds = Math.ceil(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
