// @ts-check
/**
 * The lobby: your games in progress (those a bot keeps for you too, with "Take my seat back"),
 * open tables with their options in words, age and who is there, games anyone may watch,
 * finished games, and the form for a new table from each game's option specs, with a speed
 * (no clock, a clock, turn-based) and the bots' pause.
 *
 * The lobby's fields beyond a table's (`held`, `options_text`, `created_at`, `present`,
 * `can_start`, `watch`) are read defensively: a server without them shows less, never breaks.
 */

import { get, post } from "./api.js";
import { fill, h } from "./dom.js";
import { _, currentLanguage, fmt, ngettext } from "./i18n.js";

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
function tableLists(app, lobby, finished) {
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
function speedChoice() {
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
function pauseChoice() {
  return numberSelect("bot-pause", _("Bots' pause before each move"), PAUSES.map((p) => p.value), NORMAL_PAUSE, (v) => {
    const pause = PAUSES.find((p) => p.value === v);
    return v ? fmt(_("{label} ({n} s)"), { label: pause ? pause.label() : "", n: number(v) }) : _("None");
  });
}

/** @param {import("./app.js").App} app */
function newTableForm(app) {
  const games = app.catalog.games;
  let chosen = games[0];
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats-choice" });
  const error = h("p", { class: "error", role: "alert" });
  const listed = h("input", { type: "checkbox", id: "listed", checked: false, disabled: true, "aria-describedby": "listed-help" });
  const listedHelp = h("small", { class: "help", id: "listed-help" });
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
    error,
    h("button", { type: "submit", class: "primary", id: "create" }, _("Create the table")),
  );
  form.addEventListener("submit", create);
  return form;
}
