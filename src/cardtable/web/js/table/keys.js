// @ts-check
/** The table's keys: digits pick a card, arrows move along the hand, Enter plays, Esc clears. */

import { focusHand, matching, play, renderActions, renderHand, tap } from "./play.js";
import { closeDrawer, openTab, sideTabs } from "./side.js";

/**
 * @param {import("../table.js").TableView} t
 * @param {KeyboardEvent} event
 */
export function onKey(t, event) {
  const target = event.target;
  const key = event.key;
  // Esc closes the drawer from anywhere in it, the chat's input too.
  if (key === "Escape" && closeDrawer(t)) {
    event.preventDefault();
    return;
  }
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const hand = [...t.parts.hand.querySelectorAll("button.hand-card")];
  if (/^[0-9]$/.test(key)) {
    const i = key === "0" ? 9 : Number(key) - 1;
    if (i < hand.length) {
      focusHand(t, i);
      tap(t, i);
    }
  } else if (key === "ArrowLeft" || key === "ArrowRight") {
    const at = hand.indexOf(/** @type {Element} */ (document.activeElement));
    const next = at < 0 ? 0 : (at + (key === "ArrowLeft" ? -1 : 1) + hand.length) % hand.length;
    if (hand[next]) focusHand(t, next);
  } else if (key === "Enter") {
    // Enter makes the one move the selection makes, also with a card of the hand in focus
    // (on any other button it is that button's own click).
    const onCard = target instanceof HTMLElement && target.classList.contains("hand-card");
    if (!onCard && (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement)) return;
    const found = matching(t);
    if (found.length === 1) {
      const at = onCard ? hand.indexOf(/** @type {Element} */ (target)) : undefined;
      play(t, found[0].move, at);
    } else if (onCard) return;
  } else if (key === "Escape") {
    t.selected = [];
    t.armed = null;
    t.say("", "");
    renderHand(t);
    renderActions(t);
  } else if (key === "h") {
    t.askHint();
  } else if (key === "l" || key === "g" || key === "c" || key === "a" || key === "b" || key === "s") {
    const wanted = { l: "log", g: "log", c: "chat", s: "sheet" }[/** @type {"l"} */ (key)] || key;
    if (sideTabs(t).some((tab) => tab.key === wanted)) {
      openTab(t, wanted);
      const tab = document.getElementById(`tab-${wanted}`);
      if (tab) tab.focus();
    }
  } else if (key === "r") {
    window.open(`/rules/${t.game}`, "_blank", "noopener");
  } else if (key === "q") {
    t.app.go("/");
  } else {
    return;
  }
  event.preventDefault();
}
