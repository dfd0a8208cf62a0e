// @ts-check
/**
 * The lobby's account panel: a guest makes an account of themselves (keeping their games) or
 * signs in to one; an account signs out here or everywhere, changes its display name, deletes
 * itself (after a confirmation), and unmutes the players it muted. `muteButton` mutes a chat
 * line's author (docs/protocol.md: POST /api/mutes).
 */

import { api, get, post } from "./api.js";
import { h } from "./dom.js";
import { _, fmt } from "./i18n.js";

let fields = 0;

/**
 * A labelled input.
 * @param {string} label
 * @param {string} name
 * @param {string} type
 * @param {string} autocomplete
 */
function field(label, name, type, autocomplete) {
  const id = `account-${name}-${++fields}`;
  return h(
    "p",
    null,
    h("label", { for: id }, label),
    " ",
    h("input", { id, name, type, autocomplete, required: true, maxlength: type === "password" ? 256 : 40 }),
  );
}

/**
 * A small form in a disclosure: its fields, a button, and a line for its refusal.
 * @param {string} title
 * @param {HTMLElement[]} inputs
 * @param {string} button
 * @param {(values: Record<string, string>) => Promise<void>} send
 */
function form(title, inputs, button, send) {
  const problem = h("p", { class: "error", role: "alert" });
  const el = h("form", { class: "account-form" }, ...inputs, h("button", { type: "submit" }, button), problem);
  el.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.textContent = "";
    /** @type {Record<string, string>} */
    const values = {};
    for (const [key, value] of new FormData(el)) values[key] = String(value);
    try {
      await send(values);
    } catch (err) {
      problem.textContent = err instanceof Error ? err.message : String(err);
    }
  });
  return h("details", null, h("summary", null, title), el);
}

/** Who the page is now changed: start again from the top with the new cookie. */
function reload() {
  location.assign("/");
}

/**
 * @param {string} label
 * @param {() => Promise<void>} act
 */
function button(label, act) {
  return h("button", { type: "button", onclick: () => void act().catch((err) => alert(err instanceof Error ? err.message : String(err))) }, label);
}

/**
 * A button that mutes the author of chat line `line` for the asker (their chat is no longer sent).
 * @param {number} line
 * @param {string} author
 */
export function muteButton(line, author) {
  return h(
    "button",
    {
      type: "button",
      class: "mute",
      "aria-label": fmt(_("Mute {name}"), { name: author }),
      onclick: () => void post("/api/mutes", { line }).then(() => alert(fmt(_("You no longer see {name}'s chat."), { name: author }))),
    },
    _("Mute"),
  );
}

/**
 * The lobby's account panel.
 * @returns {Promise<HTMLElement>}
 */
export async function accountPanel() {
  const me = await get("/api/account");
  const panel = h("section", { class: "account", "aria-label": _("Your account") });
  if (me.kind === "guest") {
    panel.append(
      h("p", null, fmt(_("You play as {name}, a guest."), { name: me.name })),
      form(
        _("Make an account"),
        [field(_("Sign-in name"), "login", "text", "username"), field(_("Password"), "password", "password", "new-password")],
        _("Make an account"),
        async (v) => {
          await post("/api/account", { login: v.login, password: v.password });
          reload();
        },
      ),
      form(
        _("Sign in"),
        [field(_("Sign-in name"), "login", "text", "username"), field(_("Password"), "password", "password", "current-password")],
        _("Sign in"),
        async (v) => {
          await post("/api/signin", { login: v.login, password: v.password });
          reload();
        },
      ),
    );
  } else {
    panel.append(
    h("p", null, fmt(_("You are signed in as {name} ({login})."), { name: me.name, login: me.login || "" })),
    h(
      "p",
      null,
      button(_("Sign out"), async () => {
        await post("/api/signout");
        reload();
      }),
      " ",
      button(_("Sign out everywhere"), async () => {
        await post("/api/signout-all");
        reload();
      }),
    ),
    form(_("Change your name"), [field(_("Name"), "name", "text", "nickname")], _("Change"), async (v) => {
      await api("PATCH", "/api/account", { name: v.name });
      reload();
    }),
    form(_("Delete your account"), [field(_("Password"), "password", "password", "current-password")], _("Delete"), async (v) => {
      if (!confirm(_("Delete your account? Your games stay, under the name Former player."))) return;
      await api("DELETE", "/api/account", { password: v.password });
      reload();
    }),
    );
  }
  const muted = (await get("/api/mutes")).muted;
  if (muted.length) {
    panel.append(
      h("h2", null, _("Muted players")),
      h(
        "ul",
        null,
        muted.map((/** @type {{id: string, name: string}} */ who) =>
          h(
            "li",
            null,
            who.name,
            " ",
            button(_("Unmute"), async () => {
              await api("DELETE", `/api/mutes/${encodeURIComponent(who.id)}`);
              reload();
            }),
          ),
        ),
      ),
    );
  }
  return panel;
}
