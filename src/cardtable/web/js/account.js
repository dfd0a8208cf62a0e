// @ts-check
/**
 * The lobby's account panel: a guest makes an account of themselves (keeping their games) or
 * signs in to one; an account signs out here or everywhere, changes its display name, deletes
 * itself (after a confirmation), and unmutes the players it muted. `muteButton` mutes a chat
 * line's author (docs/protocol.md: POST /api/mutes). A person with an account also manages
 * their bot accounts here (docs/bots-api.md): makes one, makes a token (shown once, to copy),
 * revokes a token; and chooses whether the open record of games shows their name.
 */

import { api, get, post } from "./api.js";
import { fill, h } from "./dom.js";
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
      el.reset();
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
 * @typedef {{prefix: string, created_at: string, last_used: string | null, revoked_at: string | null}} BotToken
 * @typedef {{id: string, name: string, display_name: string, tokens: BotToken[]}} BotAccount
 */

/**
 * A token just made, shown this once: to copy, with a warning that it will not be shown again.
 * @param {string} bot the bot's display name
 * @param {string} token
 */
function shownToken(bot, token) {
  const id = `bot-token-${++fields}`;
  const copied = h("span", { role: "status" });
  const value = h("input", { id, type: "text", readonly: true, value: token, size: 50, spellcheck: "false", autocomplete: "off" });
  return h(
    "div",
    { class: "new-token" },
    h("p", null, h("label", { for: id }, fmt(_("New token of {bot}"), { bot })), " ", value),
    h("p", { class: "warning" }, _("Copy it now: it is shown only this once. Anyone who has it plays as your bot; revoke it if it leaks.")),
    h(
      "p",
      null,
      h(
        "button",
        {
          type: "button",
          onclick: () =>
            void navigator.clipboard.writeText(token).then(
              () => (copied.textContent = _("Copied.")),
              () => value.select(),
            ),
        },
        _("Copy"),
      ),
      " ",
      copied,
    ),
  );
}

/**
 * A bot account's tokens, each by its prefix, the live ones with a Revoke button.
 * @param {BotAccount} bot
 * @param {() => Promise<void>} refresh
 */
function tokenList(bot, refresh) {
  if (!bot.tokens.length) return h("p", null, _("No tokens."));
  return h(
    "ul",
    { class: "bot-tokens" },
    bot.tokens.map((token) =>
      h(
        "li",
        null,
        h("code", null, `${token.prefix}…`),
        " ",
        token.revoked_at
          ? _("revoked")
          : [
              token.last_used ? fmt(_("last used {when}"), { when: new Date(token.last_used).toLocaleString() }) : _("never used"),
              " ",
              h(
                "button",
                {
                  type: "button",
                  "aria-label": fmt(_("Revoke token {prefix} of {bot}"), { prefix: token.prefix, bot: bot.display_name }),
                  onclick: () =>
                    void api("DELETE", `/api/bots/${encodeURIComponent(bot.id)}/tokens/${encodeURIComponent(token.prefix)}`)
                      .then(refresh)
                      .catch((err) => alert(err instanceof Error ? err.message : String(err))),
                },
                _("Revoke"),
              ),
            ],
      ),
    ),
  );
}

/**
 * A person's bot accounts: each with its tokens, a New token button; Make a bot. A new token
 * shows in `fresh` until the next one.
 * @returns {Promise<HTMLElement>}
 */
async function botPanel() {
  const list = h("div", { class: "bot-list" });
  const fresh = h("div", { "aria-live": "polite" });
  const refresh = async () => {
    /** @type {BotAccount[]} */
    const bots = (await get("/api/bots")).bots;
    fill(
      list,
      bots.length
        ? h(
            "ul",
            { class: "bots" },
            bots.map((bot) =>
              h(
                "li",
                null,
                h("strong", null, bot.display_name),
                " ",
                h(
                  "button",
                  {
                    type: "button",
                    "aria-label": fmt(_("New token for {bot}"), { bot: bot.display_name }),
                    onclick: () =>
                      void post(`/api/bots/${encodeURIComponent(bot.id)}/tokens`)
                        .then(async (/** @type {{token: string}} */ made) => {
                          fill(fresh, shownToken(bot.display_name, made.token));
                          await refresh();
                        })
                        .catch((err) => alert(err instanceof Error ? err.message : String(err))),
                  },
                  _("New token"),
                ),
                tokenList(bot, refresh),
              ),
            ),
          )
        : h("p", null, _("You have no bots yet.")),
    );
  };
  await refresh();
  return h(
    "section",
    { class: "bot-accounts", "aria-label": _("Your bots") },
    h("h2", null, _("Your bots")),
    h("p", null, _("A bot account lets a program play at your tables with a token (see the bot API).")),
    list,
    fresh,
    form(_("Make a bot"), [field(_("Bot name"), "name", "text", "off")], _("Make a bot"), async (v) => {
      /** @type {{bot: BotAccount, token: string}} */
      const made = await post("/api/bots", { name: v.name });
      fill(fresh, shownToken(made.bot.display_name, made.token));
      await refresh();
    }),
  );
}

/**
 * Whether the open record of games shows the player's name (else a pseudonymous id).
 * @param {boolean} shown
 */
function showNameBox(shown) {
  const id = `account-show-name-${++fields}`;
  const box = h("input", { id, type: "checkbox", checked: shown });
  box.addEventListener("change", () => {
    void api("PATCH", "/api/account", { show_name: box.checked }).catch((err) => {
      box.checked = !box.checked;
      alert(err instanceof Error ? err.message : String(err));
    });
  });
  return h("p", null, box, " ", h("label", { for: id }, _("Show my name in the open record of games (else an anonymous id)")));
}

/**
 * The lobby's account panel.
 * @returns {Promise<HTMLElement>}
 */
export async function accountPanel() {
  const me = await get("/api/account");
  const panel = h("section", { class: "account", "aria-labelledby": "account-title" }, h("h2", { id: "account-title" }, _("Your account")));
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
    showNameBox(Boolean(me.show_name)),
    form(_("Delete your account"), [field(_("Password"), "password", "password", "current-password")], _("Delete"), async (v) => {
      if (!confirm(_("Delete your account? Your games stay, under the name Former player."))) return;
      await api("DELETE", "/api/account", { password: v.password });
      reload();
    }),
    );
  }
  if (me.kind === "person") panel.append(await botPanel());
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
