// @ts-check
/**
 * A table in the browser: the waiting room, then the game drawn from this seat's view by the
 * game's face, the hand (a tap selects, a second tap or the button plays), the moves that are not
 * cards, the log, chat, hint, clocks, and the result with the score sheet.
 *
 * The page asks the table's summary (GET /api/tables/{id}) once, to know the game before its
 * socket opens; from then on everything comes over the socket: each `view` (sent for every
 * status, the waiting room's too) carries the seats, who made the table, `marked`,
 * `held_for_you`, the status and result in words; `presence` frames who is here.
 */

import { get, post } from "./api.js";
import { cardFace, cardName } from "./cards.js";
import { fill, h } from "./dom.js";
import { faceFor, gameEntry } from "./games/index.js";
import { _, fmt } from "./i18n.js";
import { sameCards, sameMoveWith, within } from "./moves.js";
import { adviceTable } from "./widgets.js";

/** Seconds between attempts to reconnect, growing to this bound. */
const MAX_RETRY = 10;

/**
 * @param {import("./app.js").App} app
 * @param {string} id
 * @returns {Promise<import("./app.js").Screen>}
 */
export async function tableScreen(app, id) {
  const summary = await get(`/api/tables/${encodeURIComponent(id)}`);
  const face = await faceFor(app.catalog, summary.game);
  const table = new TableView(app, summary, face);
  table.connect();
  return { el: table.el, title: summary.title, dispose: () => table.close() };
}

class TableView {
  /**
   * @param {import("./app.js").App} app
   * @param {any} summary
   * @param {import("./games/generic.js").Face} face
   */
  constructor(app, summary, face) {
    this.app = app;
    /** The table as the first load found it: drawn until the first view comes, never asked again. */
    this.summary = summary;
    this.id = String(summary.id);
    this.game = String(summary.game);
    this.face = face;
    /** @type {any} */
    this.view = null;
    /** @type {any[]} */
    this.events = [];
    /** @type {any[]} */
    this.chat = [];
    /** @type {number[]} indices into the shown hand */
    this.selected = [];
    /** @type {string[]} cards that arrived with the last update (drawn with a short animation) */
    this.fresh = [];
    this.message = "";
    this.messageKind = "";
    /** @type {any} */
    this.hint = null;
    this.hintWaiting = false;
    this.tab = "log";
    /** @type {WebSocket | null} */
    this.socket = null;
    this.closed = false;
    this.retry = 0;
    /** @type {string | null} */
    this.rematch = null;
    this.receivedAt = Date.now();
    /**
     * The game's own words (a full view brings them in the viewer's language; until the first
     * view, the catalogue's).
     * @type {Record<string, string>}
     */
    this.vocabulary = (gameEntry(app.catalog, summary.game) || {}).vocabulary || {};

    this.parts = {
      head: h("div", { class: "table-head" }),
      seats: h("ol", { class: "seats", "aria-label": _("Players") }),
      board: h("div", { class: "board", id: "board" }),
      status: h("p", { class: "status", id: "status", role: "status", "aria-live": "polite" }),
      hand: h("div", { class: "hand", id: "hand", role: "group", "aria-label": _("Your hand") }),
      actions: h("div", { class: "actions", id: "actions" }),
      result: h("section", { class: "result", id: "result", "aria-label": _("Result") }),
      tabs: h("div", { class: "tabs", role: "tablist" }),
      side: h("div", { class: "side-body", id: "side" }),
      keys: h("p", { class: "keys quiet" }),
    };
    const p = this.parts;
    this.el = h(
      "main",
      { class: `page table game-${this.game}` },
      p.head,
      p.seats,
      h("div", { class: "play-area" }, p.result, p.board, p.status, p.hand, p.actions),
      h("aside", { class: "side", "aria-label": _("Log, chat and help") }, p.tabs, p.side),
      p.keys,
    );
    this.onKey = this.onKey.bind(this);
    document.addEventListener("keydown", this.onKey);
    this.ticker = setInterval(() => this.tick(), 1000);
    this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    this.render();
  }

  // ------------------------------------------------------------------ connection

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.id)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      if (this.messageKind === "offline") this.say("", "");
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.receive(message);
    });
    socket.addEventListener("close", () => {
      if (this.closed || this.socket !== socket) return;
      this.say(_("The connection was lost; trying again…"), "offline");
      this.retry = Math.min(MAX_RETRY, this.retry + 1);
      setTimeout(() => this.connect(), this.retry * 1000);
    });
  }

  /** A new connection (after sitting down or a change of language: the seat is fixed per socket). */
  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.connect();
  }

  close() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.ticker);
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }

  /** @param {any} message */
  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** @param {any} message */
  receive(message) {
    switch (message.type) {
      case "view":
        this.onView(message);
        break;
      case "presence":
        if (this.view) {
          message.online.forEach((/** @type {boolean} */ on, /** @type {number} */ seat) => {
            const player = this.view.players[seat];
            // A bot is always there; a person's presence is the frame's.
            if (player && player.kind === "human") player.online = on;
          });
          if (typeof message.spectators === "number") this.view.spectators = message.spectators;
          this.renderSeats();
          this.renderResult();
        }
        break;
      case "error":
        this.say(message.message, "error");
        break;
      case "why":
        this.say(message.reason || _("That card can be played."), message.reason ? "error" : "");
        break;
      case "hint":
        this.onHint(message);
        break;
      case "chat":
        this.chat.push(message);
        if (this.chat.length > 200) this.chat.shift();
        if (this.tab === "chat") this.renderSide();
        else this.renderTabs();
        break;
      case "rematch":
        this.rematch = String(message.table);
        this.renderResult();
        break;
      default:
        break;
    }
  }

  /** @param {any} view */
  onView(view) {
    const newPly = !this.view || this.view.ply !== view.ply;
    const fresh = [];
    if (view.first_event === 0) {
      this.events = view.events.slice();
    } else {
      for (const event of view.events) {
        if (event.i >= this.events.length) {
          this.events.push(event);
          if (event.data && typeof event.data.card === "string") fresh.push(event.data.card);
        }
      }
    }
    this.fresh = fresh;
    if (view.vocabulary) this.vocabulary = view.vocabulary;
    this.view = view;
    this.receivedAt = Date.now();
    if (newPly) {
      this.selected = [];
      this.hint = null;
      this.hintWaiting = false;
      if (this.messageKind !== "offline") this.say("", "");
    }
    this.render();
  }

  /** Whether the game is on the table (a view of an open table has no observation yet). */
  dealt() {
    return !!this.view && this.view.observation !== null && this.view.status !== "open";
  }

  // ------------------------------------------------------------------ what is shown

  /** @returns {import("./games/generic.js").Ctx} */
  ctx() {
    const view = this.view;
    return {
      view,
      obs: view.observation,
      seat: view.seat,
      events: this.events,
      game: this.game,
      options: this.summary.options,
      vocabulary: this.vocabulary,
      name: (seat) => this.seatName(seat),
      fourColour: this.app.fourColour,
      hands: null,
      fresh: this.fresh,
      advice: this.hint && this.hint.advice ? this.hint.advice : null,
      askHint: () => this.askHint(),
    };
  }

  /** @param {number} seat */
  seatName(seat) {
    const players = this.view ? this.view.players : this.summary.seats;
    const player = players[seat];
    let name = player && player.name ? player.name : fmt(_("Seat {seat}"), { seat: seat + 1 });
    // Two seats of one name are told apart by their seats, counted from 1 as people count
    // (the server names bots of one level apart already).
    if (players.some((/** @type {any} */ p, /** @type {number} */ s) => s !== seat && p.name === name)) {
      name = fmt(_("{name} (seat {seat})"), { name, seat: seat + 1 });
    }
    const mine = this.view ? this.view.seat === seat : this.summary.your_seat === seat;
    return mine ? fmt(_("{name} (you)"), { name }) : name;
  }

  /** The hand as shown: the face's order, with each card's index in the observation. */
  hand() {
    if (!this.dealt()) return [];
    const hand = this.view.observation.hand;
    return Array.isArray(hand) ? this.face.sortHand(hand.slice(), this.ctx(), this.view.seat) : [];
  }

  myTurn() {
    return !!this.view && this.view.seat !== null && this.view.to_move === this.view.seat && this.view.legal.length > 0;
  }

  /**
   * @param {string} text
   * @param {string} kind  "", "error", "hint" or "offline"
   */
  say(text, kind) {
    this.message = text;
    this.messageKind = kind;
    this.renderStatus();
  }

  render() {
    this.renderHead();
    this.renderSeats();
    if (!this.dealt()) {
      this.renderWaiting();
      return;
    }
    fill(this.parts.board, this.face.board(this.ctx()));
    this.renderStatus();
    this.renderHand();
    this.renderActions();
    this.renderResult();
    this.renderTabs();
    this.renderSide();
    fill(
      this.parts.keys,
      _("Keys: 1–9 pick a card, ←→ move, Enter plays, Esc clears, h hint, l log, c chat, r rules, q lobby."),
    );
  }

  renderHead() {
    // The first load's summary until the first view.
    const s = this.view || this.summary;
    const status = {
      open: _("waiting for players"),
      playing: _("playing"),
      over: _("over"),
      abandoned: _("abandoned"),
    }[/** @type {"open"} */ (s.status)] || s.status;
    fill(
      this.parts.head,
      h("h1", null, s.title),
      h("span", { class: "table-status" }, status),
      s.marked ? h("span", { class: "badge", title: _("A bot played a seat for a person who was away.") }, _("marked")) : null,
      h(
        "span",
        { class: "head-buttons" },
        h("a", { href: `/rules/${this.game}`, class: "button", target: "_blank", rel: "noopener" }, _("Rules")),
        h("a", { href: "/", class: "button", "data-nav": "" }, _("Lobby")),
      ),
    );
  }

  renderSeats() {
    const players = this.view ? this.view.players : this.summary.seats;
    const toMove = this.view ? this.view.to_move : null;
    const over = this.view && this.view.status !== "playing";
    fill(
      this.parts.seats,
      players.map((/** @type {any} */ p, /** @type {number} */ seat) => {
        const moving = !over && toMove === seat;
        const clock = this.clockText(p, moving);
        const away = p.kind === "human" && !p.online;
        return h(
          "li",
          {
            class: `seat-chip${moving ? " to-move" : ""}${away ? " away" : ""}${this.view && this.view.seat === seat ? " me" : ""}`,
            "data-seat": seat,
          },
          h("span", { class: "seat-name" }, this.seatName(seat)),
          p.kind === "bot" ? h("span", { class: "kind" }, _("bot")) : null,
          p.kind === "human" ? h("span", { class: `presence ${p.online ? "on" : "off"}` }, p.online ? _("here") : _("away")) : null,
          moving ? h("span", { class: "turn-mark" }, _("to move")) : null,
          clock ? h("span", { class: `clock${p.out_of_time ? " late" : ""}` }, clock) : null,
          this.dealt() ? h("span", { class: "seat-info" }, this.face.seatInfo(this.ctx(), seat)) : null,
          this.seatButton(p, seat),
        );
      }),
    );
  }

  /**
   * "Replace by bot" for a person who is away (or out of time), for the others at the table.
   * @param {any} p
   * @param {number} seat
   */
  seatButton(p, seat) {
    if (!this.view || this.view.status !== "playing" || this.view.seat === null || seat === this.view.seat) return null;
    if (p.kind !== "human" || (p.online && !p.out_of_time)) return null;
    return h(
      "button",
      {
        class: "small",
        onclick: async () => {
          try {
            await post(`/api/tables/${encodeURIComponent(this.id)}/seats/${seat}/bot`, { bot: "medium" });
          } catch (err) {
            this.say(err instanceof Error ? err.message : String(err), "error");
          }
        },
      },
      _("Replace by bot"),
    );
  }

  /**
   * @param {any} p
   * @param {boolean} running
   */
  clockText(p, running) {
    if (p.clock_ms === null || p.clock_ms === undefined) return "";
    let ms = p.clock_ms;
    if (running && this.view) ms -= Date.now() - this.receivedAt;
    ms = Math.max(0, ms);
    const seconds = Math.ceil(ms / 1000);
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = String(seconds % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
  }

  tick() {
    if (!this.view || this.view.status !== "playing") return;
    const moving = this.view.players[this.view.to_move];
    if (moving && moving.clock_ms !== null && moving.clock_ms !== undefined) this.renderSeats();
  }

  renderStatus() {
    const el = this.parts.status;
    el.className = `status ${this.messageKind}`;
    if (this.message) {
      fill(el, this.message);
      return;
    }
    if (!this.view) {
      fill(el, _("Waiting for players."));
      return;
    }
    // The words are the view's: whose turn, the waiting room, the result.
    if (this.myTurn()) fill(el, h("strong", null, _("Your turn.")), " ", this.view.prompt);
    else fill(el, this.view.status_text || "");
  }

  // ------------------------------------------------------------------ the hand and the moves

  /**
   * The legal moves, each with the hand cards it uses and the table cards it takes.
   * @returns {import("./moves.js").Legal[]}
   */
  moves() {
    return this.myTurn() ? this.view.legal : [];
  }

  /** The selected cards. */
  selectedCards() {
    const hand = this.hand();
    return this.selected.map((i) => hand[i]);
  }

  /** The moves whose hand cards are exactly the selection. */
  matching() {
    const chosen = this.selectedCards();
    if (!chosen.length) return [];
    return this.moves().filter((m) => m.cards.length && sameCards(m.cards, chosen));
  }

  renderHand() {
    const hand = this.hand();
    const moves = this.moves();
    const handMoves = moves.filter((m) => m.cards.length);
    const el = this.parts.hand;
    if (!this.view || this.view.seat === null || this.view.status !== "playing") {
      fill(el);
      el.hidden = true;
      return;
    }
    el.hidden = false;
    // The CSS overlaps the cards only as much as the width needs (a phone and 13 cards).
    el.style.setProperty("--n", String(Math.max(2, hand.length)));
    const selected = new Set(this.selected);
    fill(
      el,
      hand.length ? null : h("span", { class: "quiet" }, _("No cards in hand.")),
      hand.map((code, i) => {
        const usable = handMoves.some((m) => m.cards.includes(code));
        const dimmed = handMoves.length > 0 && !usable;
        const name = dimmed ? fmt(_("{card}, cannot be played now"), { card: cardName(code) }) : cardName(code);
        const label = i < 10 ? `${(i + 1) % 10}: ${name}` : name;
        const button = h(
          "button",
          {
            class: `hand-card${selected.has(i) ? " selected" : ""}${dimmed ? " dimmed" : ""}`,
            "aria-pressed": selected.has(i) ? "true" : "false",
            "aria-label": label,
            "data-card": code,
            "data-index": i,
            onclick: () => this.tap(i),
          },
          cardFace(code, { fourColour: this.app.fourColour }),
        );
        return button;
      }),
    );
  }

  /**
   * A tap on the hand's card `i`: select it; tapped again, play it when it alone makes a move.
   * @param {number} i
   */
  tap(i) {
    const hand = this.hand();
    const code = hand[i];
    if (!this.myTurn()) {
      this.say(this.view && this.view.status === "playing" ? _("It is not your turn.") : _("The game is not being played."), "error");
      return;
    }
    const handMoves = this.moves().filter((m) => m.cards.length);
    if (!handMoves.length) {
      this.say(_("No card is played now: choose one of the moves below."), "error");
      return;
    }
    if (!handMoves.some((m) => m.cards.includes(code))) {
      // The reason is the server's (the client knows no rules): asked of the move that plays
      // this card as a legal move plays its one card.
      const like = handMoves.map((m) => sameMoveWith(m, code)).find((move) => move !== null);
      if (like) this.send({ type: "why", move: like });
      else this.say(fmt(_("{card}, cannot be played now"), { card: cardName(code) }), "error");
      return;
    }
    if (this.selected.includes(i)) {
      const matching = this.matching();
      if (matching.length === 1 && matching[0].cards.length === 1) {
        this.play(matching[0].move);
        return;
      }
      this.selected = this.selected.filter((j) => j !== i);
    } else {
      const wanted = [...this.selectedCards(), code];
      this.selected = handMoves.some((m) => within(wanted, m.cards)) ? [...this.selected, i] : [i];
    }
    const hadFocus = this.parts.hand.contains(document.activeElement);
    this.say("", "");
    this.renderHand();
    this.renderActions();
    this.highlight([]);
    if (hadFocus) this.focusCard(i);
  }

  /** @param {string} move */
  play(move) {
    if (!this.view) return;
    this.send({ type: "move", ply: this.view.ply, move });
    this.selected = [];
    this.highlight([]);
  }

  /**
   * Mark the board's cards a capture would take (or none).
   * @param {string[]} cards
   */
  highlight(cards) {
    const left = [...cards];
    for (const el of this.parts.board.querySelectorAll("[data-card]")) {
      const at = left.indexOf(String(el.getAttribute("data-card")));
      el.classList.toggle("highlight", at >= 0);
      if (at >= 0) left.splice(at, 1);
    }
  }

  renderActions() {
    const el = this.parts.actions;
    if (!this.myTurn()) {
      fill(el);
      return;
    }
    const moves = this.moves();
    const matching = this.matching();
    const buttons = [];
    if (matching.length) {
      for (const m of matching) {
        const button = h(
          "button",
          { class: `primary move${m.warn ? " warn" : ""}`, "data-move": m.move, onclick: () => this.play(m.move) },
          m.words,
          m.warn ? h("small", { class: "warning" }, m.warn) : null,
        );
        // The table cards the move takes, marked on the board while the button is pointed at.
        const show = () => this.highlight(m.takes);
        button.addEventListener("mouseenter", show);
        button.addEventListener("focus", show);
        buttons.push(button);
      }
    } else if (this.selected.length) {
      buttons.push(h("span", { class: "quiet" }, _("Choose the other cards of the move.")));
    }
    // Moves that use no card of the hand: pass, knock, a call, a claim; many (a muggins claim of
    // 0 to 29) are chosen from a list.
    const other = moves.filter((m) => !m.cards.length);
    if (other.length > 6) {
      // Nothing is chosen at first, so that Confirm cannot make a move by accident.
      const select = h(
        "select",
        { id: "number-move", "aria-label": _("Choose a move") },
        h("option", { value: "" }, "—"),
        other.map((m) => h("option", { value: m.move }, m.words)),
      );
      const confirm = h("button", { class: "primary", disabled: true, onclick: () => select.value && this.play(select.value) }, _("Confirm"));
      select.addEventListener("change", () => {
        confirm.disabled = !select.value;
      });
      buttons.push(h("span", { class: "number-move" }, select, confirm));
    } else {
      for (const m of other) {
        buttons.push(h("button", { class: "move", "data-move": m.move, onclick: () => this.play(m.move) }, m.words));
      }
    }
    buttons.push(
      h(
        "button",
        { class: "hint-button", onclick: () => this.askHint(), disabled: this.hintWaiting },
        this.hintWaiting ? _("Thinking…") : _("Hint"),
      ),
    );
    fill(el, ...buttons);
  }

  askHint() {
    if (!this.myTurn() || this.hintWaiting) return;
    this.hintWaiting = true;
    this.send({ type: "hint", ply: this.view.ply });
    this.renderActions();
  }

  /** @param {any} hint */
  onHint(hint) {
    this.hintWaiting = false;
    if (!this.view || hint.ply !== this.view.ply) return;
    this.hint = hint;
    // The hint names its move by notation: the legal move with the same `move` has its cards.
    const legal = this.moves().find((m) => m.move === hint.move);
    if (legal && legal.cards.length) {
      const hand = this.hand();
      /** @type {number[]} */
      const picked = [];
      for (const card of legal.cards) {
        const i = hand.findIndex((c, j) => c === card && !picked.includes(j));
        if (i >= 0) picked.push(i);
      }
      this.selected = picked;
    }
    this.say(fmt(_("Hint: {move}"), { move: hint.words }), "hint");
    this.renderHand();
    this.renderActions();
    if (hint.advice) {
      const own = this.ownAdvicePanel();
      this.tab = own ? own.key : "advice";
      this.renderTabs();
      this.renderSide();
    }
  }

  // ------------------------------------------------------------------ the side: log, chat, help

  /** @returns {{key: string, title: string, draw: () => Node}[]} */
  sideTabs() {
    /** @type {{key: string, title: string, draw: () => Node}[]} */
    const tabs = [
      { key: "log", title: _("Log"), draw: () => this.logPanel() },
      { key: "chat", title: this.chat.length ? fmt(_("Chat ({count})"), { count: this.chat.length }) : _("Chat"), draw: () => this.chatPanel() },
    ];
    if (this.dealt()) {
      const ctx = this.ctx();
      for (const panel of this.face.panels(ctx)) {
        tabs.push({ key: panel.key, title: panel.title, draw: () => panel.draw(ctx) });
      }
      const sheet = this.face.summary(ctx);
      if (sheet) tabs.push({ key: "sheet", title: _("Scores"), draw: () => sheet });
    }
    if (this.hint && this.hint.advice && !this.ownAdvicePanel()) {
      tabs.push({ key: "advice", title: _("Advice"), draw: () => this.advicePanel() });
    }
    return tabs;
  }

  /** The face's own panel for the hint's advice, if it has one. */
  ownAdvicePanel() {
    return this.dealt() ? this.face.panels(this.ctx()).find((p) => p.advice) : undefined;
  }

  renderTabs() {
    const tabs = this.sideTabs();
    if (!tabs.some((t) => t.key === this.tab)) this.tab = "log";
    fill(
      this.parts.tabs,
      tabs.map((t) =>
        h(
          "button",
          {
            role: "tab",
            id: `tab-${t.key}`,
            "aria-selected": t.key === this.tab ? "true" : "false",
            class: t.key === this.tab ? "active" : "",
            onclick: () => {
              this.tab = t.key;
              this.renderTabs();
              this.renderSide();
            },
          },
          t.title,
        ),
      ),
    );
  }

  renderSide() {
    const tab = this.sideTabs().find((t) => t.key === this.tab);
    fill(this.parts.side, tab ? tab.draw() : null);
    if (this.tab === "log" || this.tab === "chat") {
      const list = this.parts.side.querySelector(".scroll");
      if (list) list.scrollTop = list.scrollHeight;
    }
  }

  logPanel() {
    return h(
      "ol",
      { class: "log scroll", id: "log", "aria-label": _("What happened") },
      this.events.filter((e) => e.text).slice(-300).map((e) =>
        h("li", { class: `event ev-${e.type}${e.seat === null ? "" : ` seat-${e.seat}`}` }, e.text),
      ),
    );
  }

  chatPanel() {
    const input = h("input", { id: "chat-input", maxlength: 300, autocomplete: "off", "aria-label": _("Say something") });
    const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, _("Send")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (text) this.send({ type: "chat", text });
      input.value = "";
    });
    return h(
      "div",
      { class: "chat" },
      h(
        "ol",
        { class: "scroll", id: "chat-lines" },
        this.chat.map((c) => h("li", null, h("strong", null, `${c.from}: `), c.text)),
      ),
      form,
    );
  }

  advicePanel() {
    return adviceTable(this.hint.advice, this.app.fourColour);
  }

  // ------------------------------------------------------------------ before and after the game

  renderWaiting() {
    // The first load's summary until the first view (the two name the seats alike).
    const mine = this.view ? this.view.seat : this.summary.your_seat;
    const players = this.view ? this.view.players : this.summary.seats;
    const invite = sessionStorage.getItem(`cardtable.invite.${this.id}`);
    const link = invite ? `${location.origin}/join/${invite}` : `${location.origin}/t/${this.id}`;
    const linkInput = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": _("Invitation link") });
    const copy = h(
      "button",
      {
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
            this.say(_("The link is copied."), "");
          } catch {
            linkInput.select();
            this.say(_("Select the link and copy it."), "");
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
            ? h("button", { class: "primary", onclick: () => this.sit(seat.seat) }, _("Sit here"))
            : h("em", null, _("open"))
          : h("strong", null, seat.name),
      ),
    );
    const open = players.some((/** @type {any} */ seat) => seat.kind === "open");
    // The view says whether the viewer made the table; until the first view, the summary.
    const creator = this.view
      ? Boolean(this.view.you_created)
      : Boolean(this.app.me && this.summary.created_by === this.app.me.id);
    fill(
      this.parts.board,
      h(
        "section",
        { class: "waiting card-panel" },
        h("h2", null, _("Waiting for players")),
        h("ol", { class: "waiting-seats" }, seats),
        h("p", null, _("Send this link to the people you want at the table:")),
        h("div", { class: "invite" }, linkInput, copy),
        creator
          ? h("button", { class: "primary", id: "start", disabled: open, onclick: () => this.start() }, _("Start the game"))
          : h("p", { class: "quiet" }, _("The table's creator starts the game once every seat is taken.")),
        mine !== null && mine !== undefined ? h("button", { onclick: () => this.leave() }, _("Leave the table")) : null,
      ),
    );
    fill(this.parts.hand);
    fill(this.parts.actions);
    fill(this.parts.result);
    this.renderStatus();
    this.renderTabs();
    this.renderSide();
  }

  /** @param {number} seat */
  async sit(seat) {
    try {
      // The server moves this page's connection to the seat and sends its whole view.
      await post(`/api/tables/${encodeURIComponent(this.id)}/sit`, { seat });
    } catch (err) {
      this.say(err instanceof Error ? err.message : String(err), "error");
    }
  }

  async start() {
    try {
      // The views that follow show the game.
      await post(`/api/tables/${encodeURIComponent(this.id)}/start`);
    } catch (err) {
      this.say(err instanceof Error ? err.message : String(err), "error");
    }
  }

  async leave() {
    try {
      await post(`/api/tables/${encodeURIComponent(this.id)}/leave`);
      this.app.go("/");
    } catch (err) {
      this.say(err instanceof Error ? err.message : String(err), "error");
    }
  }

  renderResult() {
    const el = this.parts.result;
    const view = this.view;
    const held = view ? view.held_for_you : null;
    if (view && view.status === "playing" && held !== null && held !== undefined && view.seat === null) {
      fill(
        el,
        h("p", null, _("A bot is playing your seat.")),
        h("button", { class: "primary", onclick: () => this.reclaim() }, _("Take my seat back")),
      );
      el.hidden = false;
      return;
    }
    if (!view || (view.status !== "over" && view.status !== "abandoned")) {
      fill(el);
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const result = view.result || {};
    const scores = result.scores || (view.observation && view.observation.scores) || [];
    const winners = new Set(result.winners || []);
    const sheet = view.observation ? this.face.summary(this.ctx()) : null;
    fill(
      el,
      h("h2", null, view.status === "abandoned" ? _("The game was abandoned") : _("The game is over")),
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
              h(
                "th",
                { scope: "row" },
                winners.has(seat) ? fmt(_("{name}, winner"), { name: this.seatName(seat) }) : this.seatName(seat),
              ),
              h("td", { class: "final-score", "data-seat": seat }, String(score)),
            ),
          ),
        ),
      ),
      sheet,
      h(
        "p",
        { class: "result-buttons" },
        this.rematch
          ? h("a", { class: "button primary", href: `/t/${encodeURIComponent(this.rematch)}`, "data-nav": "" }, _("Go to the rematch"))
          : view.seat !== null
            ? h("button", { class: "primary", id: "rematch", onclick: () => this.askRematch() }, _("Rematch"))
            : null,
        h("a", { class: "button", href: `/replay/${encodeURIComponent(this.id)}`, "data-nav": "" }, _("Replay")),
        h(
          "a",
          { class: "button", href: `/api/tables/${encodeURIComponent(this.id)}/record`, download: `cardtable-${this.game}-${this.id}.json` },
          _("Download the record"),
        ),
        h("a", { class: "button", href: "/", "data-nav": "" }, _("Lobby")),
      ),
    );
  }

  async askRematch() {
    try {
      const answer = await post(`/api/tables/${encodeURIComponent(this.id)}/rematch`);
      const id = answer.table.id;
      sessionStorage.setItem(`cardtable.invite.${id}`, answer.invite);
      const open = answer.table.seats.some((/** @type {any} */ seat) => seat.kind === "open");
      if (!open) await post(`/api/tables/${encodeURIComponent(id)}/start`);
      this.app.go(`/t/${id}`);
    } catch (err) {
      this.say(err instanceof Error ? err.message : String(err), "error");
    }
  }

  async reclaim() {
    try {
      await post(`/api/tables/${encodeURIComponent(this.id)}/reclaim`);
      this.reconnect();
    } catch (err) {
      this.say(err instanceof Error ? err.message : String(err), "error");
    }
  }

  // ------------------------------------------------------------------ keys

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const hand = [...this.parts.hand.querySelectorAll("button.hand-card")];
    const key = event.key;
    if (/^[0-9]$/.test(key)) {
      const i = key === "0" ? 9 : Number(key) - 1;
      if (i < hand.length) {
        /** @type {HTMLElement} */ (hand[i]).focus();
        this.tap(i);
      }
    } else if (key === "ArrowLeft" || key === "ArrowRight") {
      const at = hand.indexOf(/** @type {Element} */ (document.activeElement));
      const next = at < 0 ? 0 : (at + (key === "ArrowLeft" ? -1 : 1) + hand.length) % hand.length;
      if (hand[next]) /** @type {HTMLElement} */ (hand[next]).focus();
    } else if (key === "Enter") {
      // Enter makes the one move the selection makes, also with a card of the hand in focus
      // (on any other button it is that button's own click).
      const onCard = target instanceof HTMLElement && target.classList.contains("hand-card");
      if (!onCard && (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement)) return;
      const matching = this.matching();
      if (matching.length === 1) this.play(matching[0].move);
      else if (onCard) return;
    } else if (key === "Escape") {
      this.selected = [];
      this.say("", "");
      this.renderHand();
      this.renderActions();
      this.highlight([]);
    } else if (key === "h") {
      this.askHint();
    } else if (key === "l" || key === "g" || key === "c" || key === "a" || key === "b" || key === "s") {
      const wanted = { l: "log", g: "log", c: "chat", s: "sheet" }[/** @type {"l"} */ (key)] || key;
      if (this.sideTabs().some((t) => t.key === wanted)) {
        this.tab = wanted;
        this.renderTabs();
        this.renderSide();
        const tab = document.getElementById(`tab-${wanted}`);
        if (tab) tab.focus();
      }
    } else if (key === "r") {
      window.open(`/rules/${this.game}`, "_blank", "noopener");
    } else if (key === "q") {
      this.app.go("/");
    } else {
      return;
    }
    event.preventDefault();
  }

  /** @param {number} i */
  focusCard(i) {
    const button = this.parts.hand.querySelectorAll("button.hand-card")[i];
    if (button) /** @type {HTMLElement} */ (button).focus();
  }
}
