// @ts-check
/**
 * The browser client of cardtable: boots the language and the guest, then routes
 * `/` (lobby), `/t/ID` (a table), `/join/TOKEN` (an invitation), `/replay/ID`, `/rules/GAME`,
 * `/players/ID` (a player's ratings) and `/leaderboard/GAME`.
 * It runs no game code: it shows the server's views and sends moves in notation.
 */

import { ApiError, get, post } from "./api.js";
import { h, fill } from "./dom.js";
import { _, browserLanguage, currentLanguage, loadStrings } from "./i18n.js";

/**
 * @typedef {{id: string, name: string, language: string}} User
 * @typedef {{el: HTMLElement, dispose?: () => void, title?: string}} Screen
 * @typedef {Object} App
 * @property {User | null} me
 * @property {any} catalog
 * @property {(path: string, replace?: boolean) => void} go
 * @property {() => Promise<User>} needUser
 * @property {(lang: string) => Promise<void>} setLanguage
 * @property {boolean} fourColour
 * @property {(on: boolean) => void} setFourColour
 * @property {(message: string) => void} notify
 */

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
/** @type {Screen | null} */
let screen = null;

/** @type {App} */
const app = {
  me: null,
  catalog: { games: [] },
  go(path, replace = false) {
    if (replace) history.replaceState(null, "", path);
    else history.pushState(null, "", path);
    route();
  },
  needUser,
  setLanguage,
  fourColour: localStorage.getItem("cardtable.fourColour") === "1",
  setFourColour(on) {
    app.fourColour = on;
    localStorage.setItem("cardtable.fourColour", on ? "1" : "0");
    route();
  },
  notify(message) {
    const box = document.getElementById("notice");
    if (box) fill(box, message);
  },
};

/** The language: chosen before on this browser, else the browser's own. */
function startLanguage() {
  const kept = localStorage.getItem("cardtable.language");
  return kept === "ja" || kept === "en" ? kept : browserLanguage();
}

/** @param {string} lang */
async function setLanguage(lang) {
  localStorage.setItem("cardtable.language", lang);
  await loadStrings(lang);
  if (app.me && app.me.language !== lang) {
    try {
      app.me = await post("/api/me/language", { language: lang });
    } catch {
      // The page still changes language; the server's texts follow at the next sign-in.
    }
  }
  app.catalog = await get(`/api/catalog?language=${lang}`);
  route();
}

/** Who this browser is; asks for a name first when nobody is signed in. */
function needUser() {
  if (app.me) return Promise.resolve(app.me);
  return new Promise((resolve) => {
    const input = h("input", {
      id: "guest-name",
      name: "name",
      maxlength: 40,
      required: true,
      autocomplete: "nickname",
      value: localStorage.getItem("cardtable.name") || "",
    });
    const error = h("p", { class: "error", role: "alert" });
    const form = h(
      "form",
      { class: "guest card-panel" },
      h("h2", null, _("Who is playing?")),
      h("label", { for: "guest-name" }, _("Your name at the table")),
      input,
      error,
      h("button", { type: "submit", class: "primary" }, _("Continue")),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        app.me = await post("/api/guest", { name: input.value, language: currentLanguage() });
        localStorage.setItem("cardtable.name", input.value);
        resolve(/** @type {User} */ (app.me));
      } catch (err) {
        fill(error, err instanceof Error ? err.message : String(err));
      }
    });
    show({ el: h("main", { class: "page narrow" }, form) });
    input.focus();
  });
}

function header() {
  const language = h(
    "select",
    { id: "language", "aria-label": _("Language") },
    h("option", { value: "en" }, "English"),
    h("option", { value: "ja" }, "日本語"),
  );
  language.value = currentLanguage();
  language.addEventListener("change", () => setLanguage(language.value));
  const colours = h("input", { type: "checkbox", id: "four-colour" });
  colours.checked = app.fourColour;
  colours.addEventListener("change", () => app.setFourColour(colours.checked));
  return h(
    "header",
    { class: "top" },
    h("a", { href: "/", class: "brand", "data-nav": "" }, "cardtable"),
    h("span", { class: "who" }, app.me ? app.me.name : ""),
    h(
      "span",
      { class: "settings" },
      h("label", { class: "check" }, colours, _("Four colours")),
      language,
    ),
  );
}

/** @param {Screen} next */
function show(next) {
  if (screen && screen.dispose) screen.dispose();
  screen = next;
  document.title = next.title ? `${next.title} – cardtable` : "cardtable";
  fill(root, header(), h("div", { id: "notice", role: "status", class: "notice" }), next.el);
  // A table is as tall as the window, which the page's other parts then fit (a class, not
  // body:has(main.table), which made the browser restyle the page on every change).
  document.documentElement.classList.toggle("at-table", next.el.classList.contains("table"));
}

async function route() {
  const path = location.pathname;
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === "rules" && parts[1]) {
      const { rulesScreen } = await import("./rules.js");
      show(rulesScreen(app, parts[1]));
    } else if (parts[0] === "t" && parts[1]) {
      await needUser();
      const { tableScreen } = await import("./table.js");
      show(await tableScreen(app, parts[1]));
    } else if (parts[0] === "join" && parts[1]) {
      await needUser();
      // The invitation seats its opener where a seat is free; the table then shows that seat.
      const answer = await post(`/api/join/${encodeURIComponent(parts[1])}`);
      app.go(`/t/${answer.table.id}`, true);
    } else if (parts[0] === "replay" && parts[1]) {
      await needUser();
      const { replayScreen } = await import("./replay.js");
      show(await replayScreen(app, parts[1]));
    } else if (parts[0] === "players" && parts[1]) {
      await needUser();
      const { profileScreen } = await import("./profile.js");
      show(await profileScreen(app, parts[1]));
    } else if (parts[0] === "leaderboard" && parts[1]) {
      await needUser();
      const { leaderboardScreen } = await import("./leaderboard.js");
      show(await leaderboardScreen(app, parts[1]));
    } else {
      await needUser();
      const { lobbyScreen } = await import("./lobby.js");
      show(await lobbyScreen(app));
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    show({
      el: h(
        "main",
        { class: "page narrow" },
        h("h2", null, err instanceof ApiError && err.status === 404 ? _("Not found") : _("Something went wrong")),
        h("p", { class: "error", role: "alert" }, message),
        h("p", null, h("a", { href: "/", "data-nav": "" }, _("Back to the lobby"))),
      ),
    });
  }
}

// Links inside the page change the view without reloading it.
document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target.closest("a[data-nav]") : null;
  if (!target || !(target instanceof HTMLAnchorElement)) return;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  app.go(target.pathname + target.search);
});
window.addEventListener("popstate", () => route());

async function boot() {
  await loadStrings(startLanguage());
  try {
    // /api/session answers 200 with a null user on a first visit (no console error);
    // /api/me's 401 is for API clients.
    app.me = (await get("/api/session")).user;
  } catch {
    app.me = null;
  }
  if (app.me && app.me.language !== currentLanguage()) {
    try {
      app.me = await post("/api/me/language", { language: currentLanguage() });
    } catch {
      // keep going in the page's language
    }
  }
  app.catalog = await get(`/api/catalog?language=${currentLanguage()}`);
  await route();
}

boot();
