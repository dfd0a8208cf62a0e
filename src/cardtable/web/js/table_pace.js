// @ts-check
/**
 * The pace of a new table, for its form: the speed (no clock, a clock, turn-based) and the bots'
 * pause before each move.
 */

import { fill, h } from "./dom.js";
import { _, currentLanguage, fmt, ngettext } from "./i18n.js";

/** Bank choices of a live clock, in minutes; the first preselected is the middle one. */
const BANKS = [3, 5, 10, 15, 30, 60];
const INCREMENTS = [0, 2, 5, 10, 30];
/** Turn-based play: each move's allowance in days (the server allows up to 14). */
const DAYS = [1, 2, 3, 7, 14];
/**
 * The bots' pause before each move, in seconds; "normal" is the server's default (0.6 s),
 * fast enough to keep a game moving and slow enough to see each card arrive.
 */
const PAUSES = [
  { value: 0, label: () => _("None") },
  { value: 0.3, label: () => _("Short") },
  { value: 0.6, label: () => _("Normal") },
  { value: 1.5, label: () => _("Slow") },
];
const NORMAL_PAUSE = 0.6;

/** @param {number} n */
function number(n) {
  return new Intl.NumberFormat(currentLanguage()).format(n);
}

/**
 * A labelled select of numbers.
 * @param {string} id
 * @param {string} label
 * @param {number[]} values
 * @param {number} chosen
 * @param {(n: number) => string} words
 */
function numberSelect(id, label, values, chosen, words) {
  const select = h(
    "select",
    { id },
    values.map((v) => h("option", { value: String(v) }, words(v))),
  );
  select.value = String(chosen);
  return { select, field: h("div", { class: "field" }, h("label", { for: id }, label), select) };
}

/**
 * The speed of a new table: no clock, a clock (bank and increment) or turn-based (days a move);
 * `request()` is what POST /api/tables takes for it.
 */
export function speedChoice() {
  const bank = numberSelect("clock-bank", _("Time for the game"), BANKS, 10, (m) => fmt(_("{n} min"), { n: number(m) }));
  const increment = numberSelect("clock-increment", _("Added after each move"), INCREMENTS, 5, (s) => fmt(_("{n} s"), { n: number(s) }));
  const days = numberSelect("turn-days", _("Time for each move"), DAYS, 3, (d) => fmt(ngettext("{n} day", "{n} days", d), { n: number(d) }));
  const kinds = [
    { value: "none", label: _("No clock"), help: _("Take the time you like; a game that everyone has left for a while is closed."), fields: [] },
    { value: "clock", label: _("A clock"), help: _("Each player has a time bank for the whole game, and a few seconds more after each move."), fields: [bank.field, increment.field] },
    {
      value: "turn",
      label: _("Turn-based"),
      help: _("Played over days: come back when it is your turn (the lobby shows it). Each move has the time chosen here."),
      fields: [days.field],
    },
  ];
  const details = h("div", { class: "speed-details" });
  const help = h("small", { class: "help", id: "speed-help" });
  let kind = "none";
  function draw() {
    const spec = kinds.find((k) => k.value === kind) || kinds[0];
    fill(help, spec.help);
    fill(details, ...spec.fields);
  }
  const radios = kinds.map((k) => {
    const radio = h("input", { type: "radio", name: "speed", value: k.value, id: `speed-${k.value}`, checked: k.value === kind, "aria-describedby": "speed-help" });
    radio.addEventListener("change", () => {
      kind = k.value;
      draw();
    });
    return h("label", { class: "check", for: `speed-${k.value}` }, radio, k.label);
  });
  draw();
  const el = h("fieldset", { class: "speed-choice", id: "speed" }, h("legend", null, _("Speed")), h("div", { class: "speed-kinds" }, radios), help, details);
  return {
    el,
    /** @returns {{clock?: {bank?: number, increment?: number, per_move?: number}, turn_based?: boolean}} */
    request() {
      if (kind === "clock") return { clock: { bank: Number(bank.select.value) * 60, increment: Number(increment.select.value) } };
      if (kind === "turn") return { clock: { per_move: Number(days.select.value) * 86400 }, turn_based: true };
      return {};
    },
  };
}

/** The bots' pause before each of their moves. */
export function pauseChoice() {
  return numberSelect("bot-pause", _("Bots' pause before each move"), PAUSES.map((p) => p.value), NORMAL_PAUSE, (v) => {
    const pause = PAUSES.find((p) => p.value === v);
    return v ? fmt(_("{label} ({n} s)"), { label: pause ? pause.label() : "", n: number(v) }) : _("None");
  });
}
