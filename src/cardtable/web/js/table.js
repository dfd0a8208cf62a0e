// @ts-check
/**
 * A table in the browser, laid out as a card table that fits the screen: a compact head, the
 * other seats as chips, the middle (the face's board: trick, count or table), and a dock pinned
 * at the bottom with the status line, the move buttons and the hand. The log, chat and the
 * face's panels are a right column on wide screens and a drawer elsewhere (table/side.js).
 *
 * The page asks the table's summary (GET /api/tables/{id}) once, to know the game before its
 * socket opens; from then on everything comes over the socket: each `view` (sent for every
 * status, the waiting room's too) carries the seats, who made the table, `marked`,
 * `held_for_you`, the status and result in words; `presence` frames who is here.
 *
 * This module holds the state and the connection; the parts are drawn by the modules of
 * table/ (head, seats, hand and moves, side, hints, the waiting room and the end, motion, keys).
 */

import { get } from "./api.js";
import { fill, h } from "./dom.js";
import { contributionFor, rememberCommitment } from "./fair_deal.js";
import { faceFor, gameEntry } from "./games/index.js";
import { _, fmt } from "./i18n.js";
import { renderInterlude, renderResult, renderWaiting } from "./table/end.js";
import { renderBanner, renderHead } from "./table/head.js";
import { askHint, onHint } from "./table/hints.js";
import { onKey } from "./table/keys.js";
import { animate, capture } from "./table/motion.js";
import { focusHand, measureHand, renderActions, renderHand } from "./table/play.js";
import { renderSeats } from "./table/seats.js";
import { closeDrawer, placeDrawer, renderSide, renderTabs, settleSide } from "./table/side.js";
import { Signals } from "./signals.js";

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

/** @typedef {{from: string, text: string, at: string, id: number | null}} ChatLine */

/**
 * A chat line as the page keeps it (its id lets a reader mute its author).
 * @param {any} c
 * @returns {ChatLine}
 */
export function chatLine(c) {
  return { from: String(c.from), text: String(c.text), at: String(c.at || ""), id: typeof c.id === "number" ? c.id : null };
}

/**
 * The chat after a `chat_log`: its lines, then the lines that came live and are not in it (the
 * log may have been read from the database before a line that reached this page first).
 * @param {ChatLine[]} shown
 * @param {any[]} lines
 * @returns {ChatLine[]}
 */
export function mergeChat(shown, lines) {
  const log = lines.map(chatLine);
  /** @param {ChatLine} a @param {ChatLine} b */
  const same = (a, b) => a.from === b.from && a.text === b.text && Math.abs(Date.parse(a.at) - Date.parse(b.at)) < 1000;
  const last = log.length ? Date.parse(log[log.length - 1].at) : -Infinity;
  const live = shown.filter((c) => !log.some((l) => same(l, c)) && !(Date.parse(c.at) < last));
  return [...log, ...live].slice(-200);
}

export class TableView {
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
    /** @type {ChatLine[]} */
    this.chat = [];
    /** @type {HTMLElement | null} the chat's form, kept through redraws (table/side.js) */
    this.chatForm = null;
    /** @type {number[]} indices into the shown hand */
    this.selected = [];
    /** @type {string[]} cards that arrived with the last update (drawn with a short animation) */
    this.fresh = [];
    /** @type {any[]} events that arrived with the last update */
    this.newEvents = [];
    this.message = "";
    this.messageKind = "";
    /** @type {any} */
    this.hint = null;
    this.hintWaiting = false;
    this.tab = "log";
    /** Whether the side is open as a drawer (narrow screens). */
    this.drawerOpen = false;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** Whether the socket is open and a view came over it: moves may be sent. */
    this.online = false;
    this.closed = false;
    this.retry = 0;
    /** @type {string | null} */
    this.rematch = null;
    /** @type {string | null} the deal's commitment (the SHA-256 of the server's secret) */
    this.commitment = null;
    /** @type {number | null} the seat this page sent its contribution to the deal for */
    this.contributedFor = null;
    this.receivedAt = Date.now();
    /** Interludes (Cribbage's show) the player has dismissed, by key. */
    this.dismissed = new Set();
    /** The index in the hand of the card last played, to keep the focus there. */
    this.playedAt = -1;
    /** The index in the hand to give the focus to before the next frame (-1: none). */
    this.focusAt = -1;
    /** @type {string | null} the move a first touch marked (a second touch plays it) */
    this.armed = null;
    /** Hints this page asked for. */
    this.hintsAsked = 0;
    /** @type {ResizeObserver | null} */
    this.handObserver = null;
    /** The hand's width and a card's, as last laid out (0 until measured). */
    this.handSize = { width: 0, card: 0 };
    /** Whether the work that reads the laid-out page is asked for the next frame. */
    this.settling = false;
    /** @type {import("./table/motion.js").Before | null} where the cards were before a view */
    this.motion = null;
    /** @type {import("./table/motion.js").Before | null} where the cards rest, as last drawn */
    this.spots = null;
    /** The signals of online play: tab title, sound, vibration, presence lines. */
    this.signals = new Signals(String(summary.title));
    this.signalControls = this.signals.controls();
    /**
     * The game's own words (a full view brings them in the viewer's language; until the first
     * view, the catalogue's).
     * @type {Record<string, string>}
     */
    this.vocabulary = (gameEntry(app.catalog, summary.game) || {}).vocabulary || {};

    this.parts = {
      head: h("div", { class: "table-head" }),
      seats: h("ol", { class: "seats", "aria-label": _("Players") }),
      // Focusable: it may scroll inside, and a keyboard scrolls it then.
      board: h("div", { class: "board", id: "board", tabindex: 0, role: "region", "aria-label": _("The table") }),
      interlude: h("section", { class: "interlude", id: "interlude", hidden: true }),
      result: h("section", { class: "result", id: "result", "aria-label": _("Result") }),
      banner: h("p", { class: "banner", id: "banner", hidden: true }),
      // Focusable: a long line (Krypkasino's table in Japanese on a phone) scrolls inside it.
      status: h("p", { class: "status", id: "status", role: "status", "aria-live": "polite", tabindex: 0 }),
      live: h("p", { class: "visually-hidden", id: "announce", "aria-live": "polite" }),
      hand: h("div", { class: "hand", id: "hand", role: "group", "aria-label": _("Your hand") }),
      actions: h("div", { class: "actions", id: "actions" }),
      tabs: h("div", { class: "tabs", role: "tablist", "aria-label": _("Log, chat and help") }),
      side: h("div", { class: "side-body", id: "side", role: "tabpanel" }),
      keys: h("p", { class: "keys quiet" }),
    };
    const p = this.parts;
    this.middle = h("div", { class: "middle" }, p.result, p.board, p.interlude);
    this.aside = h(
      "aside",
      { class: "side", id: "side-panel", "aria-label": _("Log, chat and help") },
      h("button", { class: "small drawer-close", "aria-label": _("Close the panel"), onclick: () => closeDrawer(this) }, "✕"),
      p.side,
      p.keys,
    );
    this.el = h(
      "main",
      { class: `page table game-${this.game}` },
      p.head,
      p.seats,
      this.middle,
      h("div", { class: "dock" }, p.banner, p.status, p.actions, p.hand, p.live),
      this.aside,
    );
    this.onKey = (/** @type {KeyboardEvent} */ event) => onKey(this, event);
    document.addEventListener("keydown", this.onKey);
    this.onResize = () => {
      if (this.drawerOpen) placeDrawer(this);
    };
    window.addEventListener("resize", this.onResize);
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
      // The hand stays disabled and the banner up until a view comes over a new socket.
      this.online = false;
      this.say(_("The connection was lost; trying again…"), "offline");
      renderHand(this);
      renderActions(this);
      this.retry = Math.min(MAX_RETRY, this.retry + 1);
      setTimeout(() => this.connect(), this.retry * 1000);
    });
  }

  /** A new connection (after taking a seat back: the seat is fixed per socket). */
  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.connect();
  }

  close() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
    clearInterval(this.ticker);
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
    this.signals.dispose();
    if (this.handObserver) this.handObserver.disconnect();
  }

  /**
   * Send a frame; false (and the player told) when the connection is down.
   * @param {any} message
   */
  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    if (message.type !== "ping") this.say(_("You are offline: the move was not sent. Waiting for the connection…"), "offline");
    return false;
  }

  /** @param {any} message */
  receive(message) {
    switch (message.type) {
      case "view":
        this.onView(message);
        break;
      case "presence":
        if (this.view) this.onPresence(message);
        break;
      case "error":
        this.say(message.message, "error");
        break;
      case "why":
        this.say(message.reason || _("That card can be played."), message.reason ? "error" : "");
        break;
      case "hint":
        onHint(this, message);
        break;
      case "chat":
        this.chat.push(chatLine(message));
        if (this.chat.length > 200) this.chat.shift();
        this.renderChatTab();
        break;
      case "chat_log":
        this.chat = mergeChat(this.chat, message.lines || []);
        this.renderChatTab();
        break;
      case "rematch":
        this.rematch = String(message.table);
        renderResult(this);
        break;
      default:
        break;
    }
  }

  renderChatTab() {
    if (this.tab === "chat") renderSide(this);
    renderTabs(this);
  }

  /** @param {any} message */
  onPresence(message) {
    const before = this.view.players.map((/** @type {any} */ p) => ({ ...p }));
    message.online.forEach((/** @type {boolean} */ on, /** @type {number} */ seat) => {
      const player = this.view.players[seat];
      // A bot is always there; a person's presence is the frame's.
      if (player && player.kind === "human") player.online = on;
    });
    if (typeof message.spectators === "number") this.view.spectators = message.spectators;
    if (Array.isArray(message.watchers)) this.view.watchers = message.watchers;
    this.tellPresence(before, this.view.players);
    renderSeats(this);
    renderResult(this);
  }

  /**
   * "Bob left the table" / "Bob is back", in the log and the live region.
   * @param {any[]} before
   * @param {any[]} after
   */
  tellPresence(before, after) {
    if (!before) return;
    const lines = this.signals.presenceLines(before, after, (/** @type {number} */ seat) => this.seatName(seat));
    if (!lines.length) return;
    for (const text of lines) this.events.push({ i: -1, type: "presence", seat: null, data: {}, text });
    this.announce(lines.join(" "));
    if (this.tab === "log") renderSide(this);
  }

  /** @param {string} text  said in the polite live region, apart from the status line */
  announce(text) {
    // Emptied first so that the same words twice are read twice.
    fill(this.parts.live);
    requestAnimationFrame(() => fill(this.parts.live, text));
  }

  /** @param {any} view */
  onView(view) {
    const previous = this.view;
    const newPly = !previous || previous.ply !== view.ply;
    /** @type {string[]} */
    const fresh = [];
    /** @type {any[]} */
    const arrived = [];
    if (view.first_event === 0) {
      // The presence lines are this page's own: kept over a whole view.
      const own = this.events.filter((e) => e.type === "presence");
      this.events = view.events.slice();
      if (previous) this.events.push(...own);
    } else {
      const known = this.events.filter((e) => e.i >= 0).length;
      for (const event of view.events) {
        if (event.i >= known) {
          this.events.push(event);
          arrived.push(event);
          if (event.data && typeof event.data.card === "string") fresh.push(event.data.card);
        }
      }
    }
    this.fresh = fresh;
    this.newEvents = arrived;
    if (view.vocabulary) this.vocabulary = view.vocabulary;
    const wasOffline = !this.online;
    this.online = true;
    this.retry = 0;
    // Where the cards rested when last drawn (read then); the page changes now.
    const before = this.spots || capture(this);
    this.spots = null;
    this.view = view;
    this.receivedAt = Date.now();
    this.onDeal(view);
    if (newPly) {
      this.selected = [];
      this.hint = null;
      this.hintWaiting = false;
      if (this.messageKind !== "error" || wasOffline) this.say("", "");
    } else if (wasOffline && this.messageKind === "offline") {
      this.say("", "");
    }
    const focused = [...this.parts.hand.querySelectorAll("button.hand-card")].indexOf(/** @type {Element} */ (document.activeElement));
    this.render();
    // The cards fly once the new view is laid out (see settle).
    this.motion = before;
    if (previous && previous.players) this.tellPresence(previous.players, view.players);
    // Others' moves, in words, for a screen reader (the status line says whose turn it is).
    const others = arrived.filter((e) => e.text && e.seat !== view.seat);
    if (others.length) this.announce(others.map((e) => e.text).join(" "));
    this.signals.onView(view, previous);
    // The focus stays on the hand: on the card at the same place, or the nearest one left
    // (not when an interlude took it for its button).
    // Given before the next frame (focusing makes the browser lay the page out: once, then).
    this.focusAt = this.playedAt >= 0 ? this.playedAt : focused;
    this.playedAt = -1;
    if (this.focusAt >= 0) this.settle();
  }

  /**
   * The fair deal: the commitment kept (a view after a change may leave it out), and this
   * page's contribution sent once for its seat while the table is open (the view says whether
   * the seat has contributed, so a reload does not send another).
   * @param {any} view
   */
  onDeal(view) {
    if (typeof view.commitment === "string") {
      this.commitment = view.commitment;
      rememberCommitment(this.id, view.commitment);
    }
    if (view.status === "open" && view.seat !== null && view.contributed === false && this.contributedFor !== view.seat) {
      this.contributedFor = view.seat;
      this.send({ type: "contribute", value: contributionFor(this.id) });
    }
  }

  /** Whether the game is on the table (a view of an open table has no observation yet). */
  dealt() {
    return !!this.view && this.view.observation !== null && this.view.status !== "open";
  }

  /** Whether the viewer only watches (no seat, none held by a bot for them). */
  watching() {
    if (!this.view || this.view.seat !== null) return false;
    const held = this.view.held_for_you;
    return held === null || held === undefined;
  }

  // ------------------------------------------------------------------ what is shown

  /** @returns {import("./games/generic.js").Ctx} */
  ctx() {
    const view = this.view;
    return {
      view,
      obs: view.observation,
      seat: view.seat,
      events: this.events.filter((e) => e.i >= 0),
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

  /** The hand as shown: the face's order. */
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
    renderHead(this);
    renderSeats(this);
    renderBanner(this);
    if (!this.dealt()) {
      renderWaiting(this);
      return;
    }
    fill(this.parts.board, this.face.board(this.ctx()));
    this.renderStatus();
    renderHand(this);
    renderActions(this);
    renderResult(this);
    renderInterlude(this);
    renderTabs(this);
    renderSide(this);
    this.settle();
    // The keys help is for seated players; a phone hides it (CSS, no hover).
    fill(
      this.parts.keys,
      this.view.seat === null
        ? null
        : _("Keys: 1–9 pick a card, ←→ move, Enter plays, Esc clears, h hint, l log, c chat, r rules, q lobby."),
    );
  }

  /**
   * Ask, once per frame, for the work that reads the laid-out page (the hand's rows, the
   * board's main part in view, the side's scroll, the cards' flight): run just before the
   * frame is drawn, when the browser lays the page out anyway, so that an update costs one
   * layout instead of one per reading.
   */
  settle() {
    if (this.settling || this.closed) return;
    this.settling = true;
    requestAnimationFrame(() => {
      this.settling = false;
      if (this.closed) return;
      measureHand(this);
      if (this.focusAt >= 0 && document.activeElement?.id !== "interlude-next") focusHand(this, this.focusAt);
      this.focusAt = -1;
      this.showMain();
      settleSide(this);
      // Where the cards rest now: where the next view's cards fly from (read here, where the
      // page is laid out anyway, not when the view comes).
      const now = capture(this);
      if (this.motion) animate(this, this.motion, now);
      this.motion = null;
      this.spots = now;
    });
  }

  /** Scroll the board so that the face's main part (trick, count, table) is in view. */
  showMain() {
    const main = this.parts.board.querySelector("[data-main]");
    if (!main) return;
    const box = main.getBoundingClientRect();
    const frame = this.parts.board.getBoundingClientRect();
    if (box.top < frame.top || box.bottom > frame.bottom) {
      this.parts.board.scrollTop += box.top - frame.top - 4;
    }
  }

  tick() {
    if (!this.view || this.view.status !== "playing") return;
    const moving = this.view.players[this.view.to_move];
    if (moving && moving.clock_ms !== null && moving.clock_ms !== undefined) renderSeats(this);
  }

  /** Ask for a hint (the hint button, the h key, a face's advisor). */
  askHint() {
    askHint(this);
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
}
