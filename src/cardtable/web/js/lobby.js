// @ts-check
/** The lobby: new tables from each game's option specs, open tables, your games, finished games. */

import { get, post } from "./api.js";
import { fill, h } from "./dom.js";
import { _, fmt } from "./i18n.js";

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
    lists,
    newTableForm(app),
  );
  let stopped = false;
  async function refresh() {
    if (stopped) return;
    try {
      const [lobby, finished] = await Promise.all([get("/api/lobby"), get("/api/me/games")]);
      if (!stopped) fill(lists, ...tableLists(app, lobby, finished.games));
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
 * @param {import("./app.js").App} app
 * @param {any} lobby
 * @param {any[]} finished
 */
function tableLists(app, lobby, finished) {
  const sections = [];
  const yourTurn = new Set(lobby.your_turn.map((/** @type {any} */ t) => t.id));
  if (lobby.playing.length) {
    sections.push(
      h(
        "section",
        { class: "card-panel", id: "my-tables" },
        h("h2", null, _("Your games")),
        h(
          "ul",
          { class: "tables" },
          lobby.playing.map((/** @type {any} */ t) =>
            h(
              "li",
              { class: yourTurn.has(t.id) ? "your-turn" : "" },
              h("a", { href: `/t/${encodeURIComponent(t.id)}`, "data-nav": "" }, t.title),
              " ",
              seatNames(t),
              yourTurn.has(t.id) ? h("strong", { class: "badge" }, _("Your turn")) : null,
            ),
          ),
        ),
      ),
    );
  }
  sections.push(
    h(
      "section",
      { class: "card-panel", id: "open-tables" },
      h("h2", null, _("Open tables")),
      lobby.open.length
        ? h(
            "ul",
            { class: "tables" },
            lobby.open.map((/** @type {any} */ t) =>
              h(
                "li",
                null,
                h("strong", null, t.title),
                " ",
                seatNames(t),
                " ",
                t.your_seat !== null
                  ? h("a", { href: `/t/${encodeURIComponent(t.id)}`, "data-nav": "", class: "button" }, _("Back to the table"))
                  : h("button", { class: "primary", onclick: () => join(app, t.id) }, _("Join")),
              ),
            ),
          )
        : h("p", { class: "quiet" }, _("No table is waiting for players. Start one below.")),
    ),
  );
  if (finished.length) {
    sections.push(
      h(
        "section",
        { class: "card-panel", id: "finished" },
        h("h2", null, _("Finished games")),
        h(
          "ul",
          { class: "tables" },
          finished.slice(0, 20).map((/** @type {any} */ g) =>
            h(
              "li",
              null,
              h("a", { href: `/replay/${encodeURIComponent(g.table)}`, "data-nav": "" }, g.title || g.game),
              " ",
              g.won ? _("won") : _("lost"),
              g.scores ? ` (${g.scores.join(" – ")})` : "",
              g.finished_at ? h("time", { datetime: g.finished_at }, ` ${new Date(g.finished_at).toLocaleString()}`) : null,
            ),
          ),
        ),
      ),
    );
  }
  return sections;
}

/** @param {any} table */
function seatNames(table) {
  return h(
    "span",
    { class: "seat-names" },
    table.seats.map((/** @type {any} */ s) => (s.kind === "open" ? _("(open seat)") : s.name)).join(", "),
  );
}

/**
 * @param {import("./app.js").App} app
 * @param {string} id
 */
async function join(app, id) {
  try {
    await post(`/api/tables/${encodeURIComponent(id)}/sit`, {});
    app.go(`/t/${id}`);
  } catch (err) {
    app.notify(err instanceof Error ? err.message : String(err));
  }
}

/** @param {import("./app.js").App} app */
function newTableForm(app) {
  const games = app.catalog.games;
  let chosen = games[0];
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats-choice" });
  const error = h("p", { class: "error", role: "alert" });
  const listed = h("input", { type: "checkbox", id: "listed", checked: true });
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
          type: "number",
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
        h("small", { class: "help" }, spec.help),
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
        chosen.levels.map((/** @type {any} */ l) => h("option", { value: l.name, title: l.description }, fmt(_("bot: {level}"), { level: l.label }))),
      );
      select.value = chosen.levels.some((/** @type {any} */ l) => l.name === "medium") ? "medium" : "open";
      seatSelects.push(select);
      rows.push(h("div", { class: "field" }, h("label", { for: id }, fmt(_("Seat {seat}"), { seat: seat + 1 })), select));
    }
    fill(seatsBox, ...rows);
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
      else options[spec.name] = spec.kind === "int" ? Number(input.value) : input.value;
    }
    const seats = ["open", ...seatSelects.map((s) => s.value)];
    try {
      const answer = await post("/api/tables", { game: chosen.name, options, seats, listed: listed.checked });
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
    h("div", { class: "field" }, h("label", { class: "check", for: "listed" }, listed, _("List it in the lobby for anyone to join"))),
    error,
    h("button", { type: "submit", class: "primary", id: "create" }, _("Create the table")),
  );
  form.addEventListener("submit", create);
  return form;
}
