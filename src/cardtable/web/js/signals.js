// @ts-check
/**
 * The signals of online play: the tab's title says when it is your turn, a short generated tone
 * and a vibration mark the moment it becomes your turn (both silenced by the mute switch, which
 * is remembered in localStorage "cardtable.mute"), and a browser notification tells a player
 * whose tab is hidden, where they allowed notifications. People leaving and coming back are put
 * in words by `presenceLines`.
 *
 * For tests (and anyone listening): every turn signal sets
 * `document.documentElement.dataset.lastSignal = "turn:<ply>"` and dispatches a
 * `cardtable:signal` CustomEvent on window whose detail is
 * `{kind: "turn", ply, sound, vibrate, notify}` (the booleans say what was attempted), so that the
 * signal can be seen without audio hardware.
 */

import { h } from "./dom.js";
import { _, currentLanguage, fmt } from "./i18n.js";

const MUTE_KEY = "cardtable.mute";

/** Whether the player muted the signals (a choice kept across pages and visits). */
export function isMuted() {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

/** @param {boolean} muted */
function setMuted(muted) {
  try {
    localStorage.setItem(MUTE_KEY, muted ? "1" : "0");
  } catch {
    // Storage may be refused (private modes): the switch still works for this page.
  }
}

/**
 * Whether this view asks the viewer for a move.
 * @param {any} view
 */
export function isMyTurn(view) {
  return !!view && view.seat !== null && view.seat !== undefined && view.to_move === view.seat && Array.isArray(view.legal) && view.legal.length > 0;
}

export class Signals {
  /** @param {string} gameTitle  e.g. "Cribbage" (already in the page's language) */
  constructor(gameTitle) {
    this.gameTitle = gameTitle;
    /** @type {AudioContext | null} made on the first tone (browsers allow it after a gesture) */
    this.audio = null;
    /** @type {Notification | null} */
    this.notice = null;
    /** The ply of the last turn signalled, so that a view sent again does not ring twice. */
    this.signalledPly = -1;
    /** @type {Set<HTMLButtonElement>} every mute switch drawn, kept in step */
    this.switches = new Set();
    this.disposed = false;
  }

  /** The title while it is not the viewer's turn. */
  quietTitle() {
    return `${this.gameTitle} – cardtable`;
  }

  /**
   * Every view (previous may be null: the page's first view, which never rings, since the
   * player has just opened the table and sees it).
   * @param {any} view
   * @param {any} previous
   */
  onView(view, previous) {
    if (this.disposed) return;
    const mine = isMyTurn(view);
    document.title = mine ? fmt(_("● Your turn – {game}"), { game: this.gameTitle }) : this.quietTitle();
    if (!mine) {
      this.closeNotice();
      return;
    }
    const ply = Number(view.ply);
    if (!previous || isMyTurn(previous) || ply === this.signalledPly) return;
    this.signalledPly = ply;
    const muted = isMuted();
    const sound = !muted && this.tone();
    const vibrate = !muted && this.vibrate();
    const notify = this.notify(view);
    document.documentElement.dataset.lastSignal = `turn:${ply}`;
    window.dispatchEvent(new CustomEvent("cardtable:signal", { detail: { kind: "turn", ply, sound, vibrate, notify } }));
  }

  /** Two short rising notes, generated (no sound file); whether one was started. */
  tone() {
    try {
      const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
      if (!Context) return false;
      if (!this.audio) this.audio = /** @type {AudioContext} */ (new Context());
      const audio = this.audio;
      // A context made before any gesture starts suspended; resuming may be refused, harmlessly.
      if (audio.state === "suspended") audio.resume().catch(() => {});
      const start = audio.currentTime + 0.01;
      [660, 880].forEach((pitch, i) => {
        const at = start + i * 0.12;
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = pitch;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
        osc.connect(gain).connect(audio.destination);
        osc.start(at);
        osc.stop(at + 0.12);
      });
      return true;
    } catch {
      return false;
    }
  }

  /** A short buzz where the device and browser allow it; whether it was asked for. */
  vibrate() {
    try {
      return typeof navigator.vibrate === "function" && navigator.vibrate([80, 60, 80]);
    } catch {
      return false;
    }
  }

  /**
   * A notification, only while the tab is hidden and the player allowed them.
   * @param {any} view
   */
  notify(view) {
    if (!document.hidden || typeof Notification === "undefined" || Notification.permission !== "granted") return false;
    try {
      this.closeNotice();
      const notice = new Notification(fmt(_("Your turn – {game}"), { game: this.gameTitle }), {
        body: typeof view.status === "string" ? view.status : "",
        tag: "cardtable-turn",
        lang: currentLanguage(),
      });
      notice.onclick = () => {
        window.focus();
        notice.close();
      };
      this.notice = notice;
      return true;
    } catch {
      // Some browsers allow notifications from a service worker only.
      return false;
    }
  }

  closeNotice() {
    if (this.notice) this.notice.close();
    this.notice = null;
  }

  /**
   * Lines for presence changes of people (kind "human"): "Bob left the table", "Bob is back".
   * A person whose seat a bot took over left; a seat taken back from a bot is its person back.
   * @param {any[]} before  players of the previous view/presence
   * @param {any[]} after
   * @param {(seat:number)=>string} name
   * @returns {string[]}
   */
  presenceLines(before, after, name) {
    /** @type {string[]} */
    const lines = [];
    after.forEach((now, seat) => {
      const was = before[seat];
      if (!was || !now) return;
      const wasHere = was.kind === "human" && !!was.online;
      const isHere = now.kind === "human" && !!now.online;
      if (wasHere && !isHere) {
        // A seat a bot now keeps answers to the bot's name: the one who left is the person before.
        const who = now.kind === "human" ? name(seat) : String(was.name || name(seat));
        lines.push(fmt(_("{name} left the table"), { name: who }));
      } else if (!wasHere && isHere && was.kind !== "open") {
        lines.push(fmt(_("{name} is back"), { name: name(seat) }));
      }
    });
    return lines;
  }

  /**
   * A small group: the mute switch (aria-pressed, remembered) and, while the browser has not
   * been asked yet, a "Notify me" button that asks for permission to notify.
   */
  controls() {
    const mute = h("button", { type: "button", class: "signal-mute", "aria-pressed": String(isMuted()) }, _("Mute"));
    mute.title = _("No sound or vibration when it becomes your turn");
    mute.addEventListener("click", () => {
      setMuted(!isMuted());
      for (const other of this.switches) other.setAttribute("aria-pressed", String(isMuted()));
    });
    this.switches.add(mute);
    const group = h("div", { class: "signals", role: "group", "aria-label": _("Signals") }, mute);
    if (typeof Notification !== "undefined" && Notification.permission === "default") {
      const ask = h("button", { type: "button", class: "signal-notify" }, _("Notify me"));
      ask.title = _("A browser notification when it becomes your turn while this tab is hidden");
      ask.addEventListener("click", async () => {
        try {
          await Notification.requestPermission();
        } catch {
          // An old browser's callback form or a refusal: either way there is nothing more to ask.
        }
        if (Notification.permission !== "default") ask.remove();
      });
      group.append(ask);
    }
    return group;
  }

  /** Restore document.title; close sounds. */
  dispose() {
    this.disposed = true;
    if (document.title !== this.quietTitle()) document.title = this.quietTitle();
    this.closeNotice();
    this.switches.clear();
    if (this.audio) this.audio.close().catch(() => {});
    this.audio = null;
  }
}
