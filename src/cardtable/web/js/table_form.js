// @ts-check
/**
 * The form for a new table: the game, its options from the game's option specs, the seats
 * (a person or a bot's level), the speed and the bots' pause (`table_pace.js`), whether the
 * table is listed in the lobby, and whether it is rated.
 */

import { post } from "./api.js";
import { fill, h } from "./dom.js";
import { _, fmt } from "./i18n.js";
import { pauseChoice, speedChoice } from "./table_pace.js";

/** @param {import("./app.js").App} app */
export function newTableForm(app) {
  const games = app.catalog.games;
  let chosen = games[0];
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats-choice" });
  const error = h("p", { class: "error", role: "alert" });
  const listed = h("input", { type: "checkbox", id: "listed", checked: false, disabled: true, "aria-describedby": "listed-help" });
  const listedHelp = h("small", { class: "help", id: "listed-help" });
  const rated = h("input", { type: "checkbox", id: "rated", checked: false, "aria-describedby": "rated-help" });
  const speed = speedChoice();
  const pause = pauseChoice();
  const pickers = h(
    "div",
    { class: "game-choice", role: "radiogroup", "aria-label": _("Game") },
    games.map((/** @type {any} */ g, /** @type {number} */ i) => {
      const radio = h("input", { type: "radio", name: "game", value: g.name, id: `game-${g.name}`, checked: i === 0 });
      radio.addEventListener("change", () => {
        chosen = g;
        drawOptions();
      });
      return h(
        "label",
        { class: "game-card", for: `game-${g.name}` },
        radio,
        h("strong", null, g.title),
        h("span", { class: "summary" }, g.summary),
        h("a", { href: `/rules/${g.name}`, "data-nav": "" }, _("Rules")),
      );
    }),
  );

  /** @type {Map<string, HTMLInputElement | HTMLSelectElement>} */
  let inputs = new Map();
  function drawOptions() {
    inputs = new Map();
    const fields = chosen.options.map((/** @type {any} */ spec) => {
      const id = `opt-${spec.name}`;
      /** @type {HTMLInputElement | HTMLSelectElement} */
      let input;
      if (spec.kind === "bool") {
        input = h("input", { type: "checkbox", id, checked: !!spec.default });
      } else if (spec.kind === "seat") {
        // A seat (the first dealer): chosen among the seats, counted from 1 as people count;
        // filled by drawSeats, which knows how many seats there are.
        input = h("select", { id, "data-seat-option": spec.name });
      } else if (spec.choices) {
        input = h(
          "select",
          { id },
          spec.default === null ? h("option", { value: "" }, _("(automatic)")) : null,
          spec.choices.map((/** @type {any} */ c) => h("option", { value: String(c.value) }, c.label)),
        );
        input.value = spec.default === null ? "" : String(spec.default);
      } else {
        input = h("input", {
          type: spec.kind === "int" ? "number" : "text",
          id,
          min: spec.low,
          max: spec.high,
          placeholder: spec.default === null ? _("(automatic)") : null,
          value: spec.default === null ? "" : String(spec.default),
        });
      }
      input.addEventListener("change", () => {
        if (spec.name === playersOption()) drawSeats();
      });
      inputs.set(spec.name, input);
      return h(
        "div",
        { class: "field" },
        h("label", { for: id }, spec.label),
        input,
        spec.help ? h("small", { class: "help" }, spec.help) : null,
      );
    });
    fill(optionsBox, h("h3", null, fmt(_("Options of {game}"), { game: chosen.title })), fields);
    drawSeats();
  }
  function playersOption() {
    return chosen.players.option || null;
  }
  function seatCount() {
    if (chosen.players.fixed) return chosen.players.fixed;
    const input = inputs.get(chosen.players.option);
    const spec = chosen.options.find((/** @type {any} */ o) => o.name === chosen.players.option);
    return Number((input && input.value) || (spec && spec.default) || 2);
  }
  /** @type {HTMLSelectElement[]} */
  let seatSelects = [];
  let anyOpen = false;
  /** Listing a table where every other seat is a bot would invite people to a full table. */
  function drawListed() {
    const open = seatSelects.some((s) => s.value === "open");
    if (open && !anyOpen) listed.checked = true;
    if (!open) listed.checked = false;
    listed.disabled = !open;
    anyOpen = open;
    fill(
      listedHelp,
      open
        ? _("People who are not invited can take the open seats.")
        : _("Every other seat is a bot: there is no seat for anyone to take."),
    );
  }
  function drawSeats() {
    const n = seatCount();
    seatSelects = [];
    /** @type {HTMLElement[]} */
    const rows = [h("legend", null, _("Seats"))];
    rows.push(h("div", { class: "field" }, h("span", null, fmt(_("Seat {seat}"), { seat: 1 })), h("strong", null, _("you"))));
    for (let seat = 1; seat < n; seat++) {
      const id = `seat-${seat}`;
      const select = h(
        "select",
        { id },
        h("option", { value: "open" }, _("a person (open seat)")),
        chosen.levels.map((/** @type {any} */ l) =>
          h("option", { value: l.name, title: l.description || null }, fmt(_("bot: {level}"), { level: l.label })),
        ),
      );
      select.value = chosen.levels.some((/** @type {any} */ l) => l.name === "medium") ? "medium" : "open";
      select.addEventListener("change", drawListed);
      seatSelects.push(select);
      rows.push(h("div", { class: "field" }, h("label", { for: id }, fmt(_("Seat {seat}"), { seat: seat + 1 })), select));
    }
    fill(seatsBox, ...rows);
    drawListed();
    drawSeatOptions(n);
  }
  /**
   * The options whose value is a seat offer the table's seats (kept where still there).
   * @param {number} n
   */
  function drawSeatOptions(n) {
    for (const spec of chosen.options.filter((/** @type {any} */ o) => o.kind === "seat")) {
      const select = /** @type {HTMLSelectElement} */ (inputs.get(spec.name));
      const kept = select.value;
      fill(
        select,
        spec.default === null ? h("option", { value: "" }, _("(automatic)")) : null,
        Array.from({ length: n }, (_unused, seat) => h("option", { value: String(seat) }, fmt(_("Seat {seat}"), { seat: seat + 1 }))),
      );
      const wanted = kept !== "" && Number(kept) < n ? kept : spec.default === null ? "" : String(Math.min(Number(spec.default), n - 1));
      select.value = wanted;
    }
  }

  async function create(/** @type {Event} */ event) {
    event.preventDefault();
    fill(error);
    /** @type {Record<string, string | number | boolean>} */
    const options = {};
    for (const spec of chosen.options) {
      const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (inputs.get(spec.name));
      if (spec.kind === "bool") options[spec.name] = /** @type {HTMLInputElement} */ (input).checked;
      else if (input.value === "") continue;
      else options[spec.name] = spec.kind === "int" || spec.kind === "seat" ? Number(input.value) : input.value;
    }
    const seats = ["open", ...seatSelects.map((s) => s.value)];
    const request = {
      game: chosen.name,
      options,
      seats,
      listed: listed.checked && !listed.disabled,
      rated: rated.checked,
      bot_pause: Number(pause.select.value),
      ...speed.request(),
    };
    try {
      const answer = await post("/api/tables", request);
      const id = answer.table.id;
      sessionStorage.setItem(`cardtable.invite.${id}`, answer.invite);
      if (!seats.slice(1).includes("open")) await post(`/api/tables/${encodeURIComponent(id)}/start`);
      app.go(`/t/${id}`);
    } catch (err) {
      fill(error, err instanceof Error ? err.message : String(err));
    }
  }

  drawOptions();
  const form = h(
    "form",
    { class: "card-panel new-table", id: "new-table" },
    h("h2", null, _("New table")),
    pickers,
    optionsBox,
    seatsBox,
    speed.el,
    pause.field,
    h("div", { class: "field" }, h("label", { class: "check", for: "listed" }, listed, _("List it in the lobby for anyone to join")), listedHelp),
    h(
      "div",
      { class: "field" },
      h("label", { class: "check", for: "rated" }, rated, _("Rated game")),
      h(
        "small",
        { class: "help", id: "rated-help" },
        _("The result moves everyone's rating. If a seat is handed to a bot, only the person who left loses rating; an abandoned game counts for nobody."),
      ),
    ),
    error,
    h("button", { type: "submit", class: "primary", id: "create" }, _("Create the table")),
  );
  form.addEventListener("submit", create);
  return form;
}
