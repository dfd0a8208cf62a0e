// @ts-check
/**
 * The dock's hand and moves: a tap selects a card, a second tap (or the move's button) plays;
 * the moves that use no card of the hand are buttons (or a list when there are many). The hand
 * is laid out in one row, or in two or three overlapping rows when one row would leave less
 * than a finger's width of each card (13 Calypso cards on a phone).
 */

import { cardFace, cardName } from "../cards.js";
import { fill, h } from "../dom.js";
import { _, fmt } from "../i18n.js";
import { sameCards, sameMoveWith, tapStrip, within } from "../moves.js";

/** The least width of a card a finger can tap, in CSS pixels. */
const MIN_STRIP = 32;

/** @typedef {import("../table.js").TableView} TableView */

/**
 * The legal moves, each with the hand cards it uses and the table cards it takes.
 * @param {TableView} t
 * @returns {import("../moves.js").Legal[]}
 */
export function moves(t) {
  return t.myTurn() ? t.view.legal : [];
}

/** @param {TableView} t */
function selectedCards(t) {
  const hand = t.hand();
  return t.selected.map((i) => hand[i]);
}

/**
 * The moves whose hand cards are exactly the selection.
 * @param {TableView} t
 */
export function matching(t) {
  const chosen = selectedCards(t);
  if (!chosen.length) return [];
  return moves(t).filter((m) => m.cards.length && sameCards(m.cards, chosen));
}

/** @param {TableView} t */
export function renderHand(t) {
  const el = t.parts.hand;
  if (!t.view || t.view.seat === null || t.view.status !== "playing" || !t.dealt()) {
    fill(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const hand = t.hand();
  const handMoves = moves(t).filter((m) => m.cards.length);
  const selected = new Set(t.selected);
  /** @param {string} code @param {number} i */
  const looks = (code, i) => {
    const usable = handMoves.some((m) => m.cards.includes(code));
    const dimmed = handMoves.length > 0 && !usable;
    const name = dimmed ? fmt(_("{card}, cannot be played now"), { card: cardName(code) }) : cardName(code);
    return {
      class: `hand-card${selected.has(i) ? " selected" : ""}${dimmed ? " dimmed" : ""}`,
      "aria-pressed": selected.has(i) ? "true" : "false",
      "aria-label": i < 10 ? `${(i + 1) % 10}: ${name}` : name,
      // Offline the cards stay focusable (the focus is kept) but a tap only says why not.
      "aria-disabled": t.online ? null : "true",
    };
  };
  el.classList.toggle("offline", !t.online);
  if (!hand.length) {
    fill(el, h("span", { class: "quiet" }, _("No cards in hand.")));
    return;
  }
  const shown = /** @type {HTMLElement[]} */ ([...el.querySelectorAll("button.hand-card")]);
  if (shown.length === hand.length && shown.every((b, i) => b.dataset.card === hand[i])) {
    // The same cards (another player moved, a card was selected): the buttons stay, only
    // what they say changes. Taking a focused button out of the page would make the browser
    // restyle the whole page twice (losing the focus, then giving it back).
    shown.forEach((button, i) => {
      for (const [name, value] of Object.entries(looks(hand[i], i))) {
        if (value === null) button.removeAttribute(name);
        else if (button.getAttribute(name) !== value) button.setAttribute(name, value);
      }
    });
    return;
  }
  const buttons = hand.map((code, i) =>
    h(
      "button",
      { ...looks(code, i), "data-card": code, "data-index": i, onclick: () => tap(t, i) },
      cardFace(code, { fourColour: t.app.fourColour }),
    ),
  );
  fill(el, buttons);
  layoutHand(t);
  if (!t.handObserver && typeof ResizeObserver === "function") {
    // A new size of the dock (a turned phone, an opened drawer) lays the rows out again.
    t.handObserver = new ResizeObserver(() => t.settle());
    t.handObserver.observe(el);
  }
}

/**
 * Put the hand's cards in as few rows as leave each card at least MIN_STRIP px to tap, by the
 * sizes measured last (reading them here would make the browser lay out the page once more
 * on every update; `measureHand` reads them when the frame is laid out anyway).
 * @param {TableView} t
 */
export function layoutHand(t) {
  const el = t.parts.hand;
  const buttons = /** @type {HTMLElement[]} */ ([...el.querySelectorAll("button.hand-card")]);
  if (!buttons.length || !t.handSize.width || !t.handSize.card) return;
  const { rows, step } = tapStrip(buttons.length, t.handSize.width, t.handSize.card, MIN_STRIP);
  const perRow = Math.ceil(buttons.length / rows);
  /** @type {HTMLElement[]} */
  const lines = [];
  for (let r = 0; r < rows; r++) {
    lines.push(h("div", { class: "hand-row" }, buttons.slice(r * perRow, (r + 1) * perRow)));
  }
  el.style.setProperty("--overlap", `${Math.min(6, step - t.handSize.card)}px`);
  el.dataset.rows = String(rows);
  el.dataset.laid = `${buttons.length}:${t.handSize.width}:${t.handSize.card}`;
  const focused = buttons.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  fill(el, lines);
  if (focused >= 0) buttons[focused].focus({ preventScroll: true });
}

/**
 * Read the hand's width and a card's (the page is laid out: called before a frame is drawn)
 * and lay the rows out again if they changed.
 * @param {TableView} t
 */
export function measureHand(t) {
  const el = t.parts.hand;
  const card = el.querySelector("button.hand-card");
  if (!card || el.hidden) return;
  const width = el.clientWidth;
  const cardWidth = card.getBoundingClientRect().width;
  if (!width || !cardWidth) return;
  t.handSize = { width, card: cardWidth };
  const count = el.querySelectorAll("button.hand-card").length;
  if (el.dataset.laid !== `${count}:${width}:${cardWidth}`) layoutHand(t);
}

/**
 * Focus the hand's card `i`, or the nearest one left.
 * @param {TableView} t
 * @param {number} i
 */
export function focusHand(t, i) {
  const cards = t.parts.hand.querySelectorAll("button.hand-card");
  if (!cards.length) return;
  const card = /** @type {HTMLElement} */ (cards[Math.min(i, cards.length - 1)]);
  // Focusing makes the browser bring the page's layout up to date: not when it has the focus.
  if (document.activeElement !== card) card.focus({ preventScroll: true });
}

/** @param {TableView} t */
function offlineRefusal(t) {
  if (t.online) return false;
  t.say(_("You are offline: the move was not sent. Waiting for the connection…"), "offline");
  return true;
}

/**
 * A tap on the hand's card `i`: select it; tapped again, play it when it alone makes a move.
 * @param {TableView} t
 * @param {number} i
 */
export function tap(t, i) {
  if (offlineRefusal(t)) return;
  const hand = t.hand();
  const code = hand[i];
  if (!t.myTurn()) {
    t.say(t.view && t.view.status === "playing" ? _("It is not your turn.") : _("The game is not being played."), "error");
    return;
  }
  const handMoves = moves(t).filter((m) => m.cards.length);
  if (!handMoves.length) {
    t.say(_("No card is played now: choose one of the moves below."), "error");
    return;
  }
  if (!handMoves.some((m) => m.cards.includes(code))) {
    // The reason is the server's (the client knows no rules): asked of the move that plays
    // this card as a legal move plays its one card.
    const like = handMoves.map((m) => sameMoveWith(m, code)).find((move) => move !== null);
    if (like) t.send({ type: "why", move: like });
    else t.say(fmt(_("{card}, cannot be played now"), { card: cardName(code) }), "error");
    return;
  }
  if (t.selected.includes(i)) {
    const found = matching(t);
    if (found.length === 1 && found[0].cards.length === 1) {
      play(t, found[0].move, i);
      return;
    }
    t.selected = t.selected.filter((j) => j !== i);
  } else {
    const wanted = [...selectedCards(t), code];
    t.selected = handMoves.some((m) => within(wanted, m.cards)) ? [...t.selected, i] : [i];
  }
  const hadFocus = t.parts.hand.contains(document.activeElement);
  t.armed = null;
  t.say("", "");
  renderHand(t);
  renderActions(t);
  if (hadFocus) focusHand(t, i);
}

/**
 * @param {TableView} t
 * @param {string} move
 * @param {number} [at]  the hand's index of the card played (the focus goes back near it)
 */
export function play(t, move, at) {
  if (!t.view || offlineRefusal(t)) return;
  if (!t.send({ type: "move", ply: t.view.ply, move })) return;
  t.playedAt = at ?? (t.selected.length ? Math.min(...t.selected) : -1);
  t.selected = [];
  t.armed = null;
  highlight(t, []);
}

/**
 * Mark the board's cards a capture would take (or none).
 * @param {TableView} t
 * @param {string[]} cards
 */
export function highlight(t, cards) {
  const left = [...cards];
  for (const el of t.parts.board.querySelectorAll("[data-card]")) {
    const at = left.indexOf(String(el.getAttribute("data-card")));
    el.classList.toggle("highlight", at >= 0);
    if (at >= 0) left.splice(at, 1);
  }
}

/** @param {TableView} t */
export function renderActions(t) {
  const el = t.parts.actions;
  if (!t.myTurn()) {
    fill(el);
    return;
  }
  const all = moves(t);
  const found = matching(t);
  const disabled = !t.online;
  /** @type {HTMLElement[]} */
  const buttons = [];
  if (found.length) {
    for (const m of found) buttons.push(moveButton(t, m, found.length, disabled));
  } else if (t.selected.length) {
    buttons.push(h("span", { class: "quiet" }, _("Choose the other cards of the move.")));
  }
  // Moves that use no card of the hand: pass, knock, a call, a claim; many (a muggins claim of
  // 0 to 29) are chosen from a list.
  const other = all.filter((m) => !m.cards.length);
  if (other.length > 6) {
    // Nothing is chosen at first, so that Confirm cannot make a move by accident.
    const select = h(
      "select",
      { id: "number-move", "aria-label": _("Choose a move"), disabled },
      h("option", { value: "" }, "—"),
      other.map((m) => h("option", { value: m.move }, m.words)),
    );
    const confirm = h("button", { class: "primary", disabled: true, onclick: () => select.value && play(t, select.value) }, _("Confirm"));
    select.addEventListener("change", () => {
      confirm.disabled = !select.value;
    });
    buttons.push(h("span", { class: "number-move" }, select, confirm));
  } else {
    for (const m of other) {
      buttons.push(h("button", { class: "move", "data-move": m.move, disabled, onclick: () => play(t, m.move) }, m.words));
    }
  }
  if (!t.watching()) {
    buttons.push(
      h(
        "button",
        { class: "hint-button", onclick: () => t.askHint(), disabled: t.hintWaiting || disabled },
        t.hintWaiting ? _("Thinking…") : _("Hint"),
      ),
    );
  }
  fill(el, buttons);
  // One move for the selection: what it takes is marked at once (a finger cannot hover).
  highlight(t, found.length === 1 ? found[0].takes : t.armed ? (found.find((m) => m.move === t.armed) || { takes: [] }).takes : []);
}

/**
 * The button of a move the selection makes. With several, what each takes is marked while it
 * is pointed at or focused; by touch the first tap marks it and the second plays it.
 * @param {TableView} t
 * @param {import("../moves.js").Legal} m
 * @param {number} among  how many moves the selection makes
 * @param {boolean} disabled
 */
function moveButton(t, m, among, disabled) {
  /** @type {string} */
  let pointer = "mouse";
  const button = h(
    "button",
    {
      class: `primary move${m.warn ? " warn" : ""}${t.armed === m.move ? " armed" : ""}`,
      "data-move": m.move,
      disabled,
      onclick: () => {
        if (among > 1 && pointer === "touch" && t.armed !== m.move) {
          t.armed = m.move;
          highlight(t, m.takes);
          for (const b of t.parts.actions.querySelectorAll("button.move")) b.classList.toggle("armed", b === button);
          t.say(fmt(_("Tap again to play: {move}"), { move: m.words }), "hint");
          return;
        }
        play(t, m.move);
      },
    },
    m.words,
    m.warn ? h("small", { class: "warning" }, m.warn) : null,
  );
  const show = () => highlight(t, m.takes);
  button.addEventListener("pointerdown", (event) => {
    pointer = event.pointerType;
    show();
  });
  button.addEventListener("mouseenter", show);
  button.addEventListener("focus", show);
  return button;
}
