// @ts-check
/**
 * The review on the replay page: the expert looks at each decision of one player from their seat
 * and says where it would have chosen otherwise, with what that cost on its reckoning. The server
 * works it out in its bot pool; the page asks again every second until it is done. The words
 * (the summary, each line) come worded from the server in the player's language.
 */

import { get } from "./api.js";
import { fill, h } from "./dom.js";
import { _ } from "./i18n.js";

/** How long the page waits before asking again while the review is worked out, in ms. */
const POLL_MS = 1000;

/**
 * @typedef {object} ReviewOptions
 * @property {string} id the table
 * @property {{ seat: number, name: string }[]} seats
 * @property {number} seat the seat reviewed first
 * @property {(seat: number, ply: number) => void} jump show the replay at a move, as a seat saw it
 */

/**
 * The review's panel: a choice of whose play, a button, the summary and a line per decision.
 * @param {ReviewOptions} options
 * @returns {{ el: HTMLElement, dispose: () => void }}
 */
export function reviewPanel({ id, seats, seat, jump }) {
  const whose = h(
    "select",
    { id: "review-seat", "aria-label": _("Whose play") },
    seats.map((s) => h("option", { value: String(s.seat) }, s.name)),
  );
  whose.value = String(seat);
  const summary = h("p", { class: "review-summary", id: "review-summary", "aria-live": "polite" });
  const lines = h("ol", { class: "review-lines scroll", id: "review-lines", "aria-label": _("The expert's review") });
  const button = h("button", { id: "review-start", onclick: () => start() }, _("Review"));
  let asked = 0;
  let gone = false;

  async function start() {
    const mine = ++asked;
    const reviewed = Number(whose.value);
    fill(lines);
    fill(summary, _("The expert is weighing the decisions…"));
    button.disabled = true;
    try {
      for (;;) {
        const answer = await get(`/api/tables/${encodeURIComponent(id)}/review?seat=${reviewed}`);
        if (gone || mine !== asked) return;
        fill(summary, answer.summary);
        fill(
          lines,
          answer.lines.map((/** @type {any} */ line) =>
            h("li", null, h("button", { class: "link", onclick: () => jump(reviewed, line.ply) }, line.text)),
          ),
        );
        if (answer.status !== "working") break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (gone || mine !== asked) return;
      }
    } catch (/** @type {any} */ err) {
      if (!gone && mine === asked) fill(summary, String(err.message || err));
    } finally {
      if (mine === asked) button.disabled = false;
    }
  }

  const el = h(
    "section",
    { class: "review", "aria-labelledby": "review-title" },
    h("h2", { id: "review-title" }, _("Review")),
    h("p", { class: "muted" }, _("The expert looks at each decision from the player's seat and says where it would have chosen otherwise.")),
    h("div", { class: "review-controls" }, whose, button),
    summary,
    lines,
  );
  return {
    el,
    dispose: () => {
      gone = true;
    },
  };
}
