// @ts-check
/**
 * The side of the table: the log, chat, the face's panels, the score sheet and the hint's
 * advice, one at a time under tabs. On a wide screen it is a right column; on a phone or in
 * landscape a drawer over the table, opened by its tab, closed by ✕ or Esc.
 */

import { muteButton } from "../account.js";
import { fill, h } from "../dom.js";
import { _, fmt } from "../i18n.js";
import { adviceTable } from "../widgets.js";

/** @typedef {import("../table.js").TableView} TableView */
/** @typedef {{key: string, title: string, draw: () => Node}} Tab */

/**
 * @param {TableView} t
 * @returns {Tab[]}
 */
export function sideTabs(t) {
  /** @type {Tab[]} */
  const tabs = [
    { key: "log", title: _("Log"), draw: () => logPanel(t) },
    { key: "chat", title: t.chat.length ? fmt(_("Chat ({count})"), { count: t.chat.length }) : _("Chat"), draw: () => chatPanel(t) },
  ];
  const watching = t.watching();
  if (t.dealt()) {
    const ctx = t.ctx();
    for (const panel of t.face.panels(ctx)) {
      // An advisor answers a seat's hint: a spectator cannot ask it.
      if (panel.advice && watching) continue;
      tabs.push({ key: panel.key, title: panel.title, draw: () => panel.draw(ctx) });
    }
    const sheet = t.face.summary(ctx);
    if (sheet) tabs.push({ key: "sheet", title: _("Scores"), draw: () => sheet });
  }
  if (t.hint && t.hint.advice && !ownAdvicePanel(t)) {
    tabs.push({ key: "advice", title: _("Advice"), draw: () => adviceTable(t.hint.advice, t.app.fourColour) });
  }
  return tabs;
}

/**
 * The face's own panel for the hint's advice, if it has one.
 * @param {TableView} t
 */
function ownAdvicePanel(t) {
  return t.dealt() ? t.face.panels(t.ctx()).find((p) => p.advice) : undefined;
}

/**
 * Show the tab `key` (opening the drawer on a narrow screen).
 * @param {TableView} t
 * @param {string} key
 */
export function openTab(t, key) {
  t.tab = key;
  t.drawerOpen = true;
  renderTabs(t);
  renderSide(t);
}

/** @param {TableView} t */
export function closeDrawer(t) {
  if (!t.drawerOpen) return false;
  t.drawerOpen = false;
  renderTabs(t);
  renderSide(t);
  const tab = document.getElementById(`tab-${t.tab}`);
  if (tab) tab.focus({ preventScroll: true });
  return true;
}

/** @param {TableView} t */
export function renderTabs(t) {
  const tabs = sideTabs(t);
  if (!tabs.some((tab) => tab.key === t.tab)) t.tab = "log";
  fill(
    t.parts.tabs,
    tabs.map((tab) =>
      h(
        "button",
        {
          role: "tab",
          id: `tab-${tab.key}`,
          "aria-selected": tab.key === t.tab ? "true" : "false",
          "aria-controls": "side",
          class: tab.key === t.tab ? "active" : "",
          onclick: () => openTab(t, tab.key),
        },
        tab.title,
      ),
    ),
  );
}

/** @param {TableView} t */
export function renderSide(t) {
  const tab = sideTabs(t).find((x) => x.key === t.tab);
  // Every move redraws the side: a line half typed into the chat (one input, moved into the
  // new panel) keeps its focus and caret, or the next move would take it from under the keys.
  const active = document.activeElement;
  const typing = active instanceof HTMLInputElement && t.parts.side.contains(active) ? active : null;
  const caret = typing ? [typing.selectionStart, typing.selectionEnd] : [null, null];
  fill(t.parts.side, tab ? tab.draw() : null);
  if (typing && typing.isConnected) {
    typing.focus({ preventScroll: true });
    typing.setSelectionRange(caret[0], caret[1]);
  }
  t.parts.side.setAttribute("aria-labelledby", `tab-${t.tab}`);
  t.aside.classList.toggle("open", t.drawerOpen);
  // Placing the drawer and scrolling the log read the laid-out page: done before the next
  // frame, once for everything drawn now.
  t.settle();
}

/**
 * The side once the page is laid out: the drawer placed, the log and chat at their ends.
 * @param {TableView} t
 */
export function settleSide(t) {
  if (t.drawerOpen) placeDrawer(t);
  if (t.tab === "log" || t.tab === "chat") {
    const list = t.parts.side.querySelector(".scroll");
    if (list) list.scrollTop = list.scrollHeight;
  }
}

/**
 * The drawer opens between the tabs (in reach to change panels) and the dock (the hand and
 * the moves stay in reach to play).
 * @param {TableView} t
 */
export function placeDrawer(t) {
  const below = t.parts.tabs.getBoundingClientRect().bottom;
  const dock = t.parts.status.getBoundingClientRect().top;
  const banner = t.parts.banner.hidden ? dock : t.parts.banner.getBoundingClientRect().top;
  const top = Math.max(0, Math.round(below + 4));
  // A very short screen keeps at least 160 px for the panel, over the dock if it must.
  const bottom = Math.max(0, Math.min(Math.round(window.innerHeight - Math.min(dock, banner) + 4), window.innerHeight - top - 160));
  t.el.style.setProperty("--drawer-top", `${top}px`);
  t.el.style.setProperty("--drawer-bottom", `${bottom}px`);
}

/** @param {TableView} t */
function logPanel(t) {
  return h(
    "ol",
    // Focusable: a keyboard scrolls it (it scrolls inside the side).
    { class: "log scroll", id: "log", tabindex: 0, "aria-label": _("What happened") },
    t.events.filter((e) => e.text).slice(-300).map((e) =>
      h("li", { class: `event ev-${e.type}${e.seat === null ? "" : ` seat-${e.seat}`}` }, e.text),
    ),
  );
}

/** @param {TableView} t */
function chatPanel(t) {
  if (!t.chatForm) t.chatForm = chatForm(t);
  return h(
    "div",
    { class: "chat" },
    h(
      "ol",
      { class: "scroll", id: "chat-lines", tabindex: 0, "aria-label": _("Chat") },
      t.chat.map((c) => {
        // Another's line may be muted (for this reader only); one's own may not.
        const mine = t.app.me && c.from === t.app.me.name;
        return h("li", null, h("strong", null, `${c.from}: `), c.text, ...(c.id !== null && !mine ? [" ", muteButton(c.id, c.from)] : []));
      }),
    ),
    t.chatForm,
  );
}

/**
 * The chat's form, made once a table: the same input through every redraw keeps what is
 * being typed.
 * @param {TableView} t
 */
function chatForm(t) {
  const input = h("input", { id: "chat-input", maxlength: 300, autocomplete: "off", "aria-label": _("Say something") });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, _("Send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) t.send({ type: "chat", text });
    input.value = "";
  });
  return form;
}
