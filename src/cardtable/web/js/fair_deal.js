// @ts-check
/**
 * Deals anyone can verify, in the browser: this page's contribution to a table's deal (32
 * random bytes from `crypto.getRandomValues`, sent once per seat, kept for the table so a reload
 * sends the same), the commitment the table showed before the deal (kept likewise), and the
 * replay page's check of a finished game's record with WebCrypto SHA-256: the secret matches
 * the commitment, the seed is the one derived from the secret and every contribution (the
 * encoding of docs/protocol.md), the commitment is the one this browser saw, and its own
 * contribution was used. The check runs here, not on the server, so that it trusts nothing the
 * server computed; re-dealing the game and replaying each move needs the rules, which
 * `cardtable verify RECORD` does.
 */

import { h } from "./dom.js";
import { _, fmt } from "./i18n.js";

const TAG = "cardtable-deal/1";

/** @param {string} kind @param {string} table */
const key = (kind, table) => `cardtable.deal.${kind}.${table}`;

/** @param {Uint8Array} bytes */
function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {string} hex  64 hex digits
 * @returns {Uint8Array<ArrayBuffer>}
 */
function fromHex(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @param {unknown} value */
const isHex64 = (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);

/**
 * @param {string} kind
 * @param {string} table
 * @returns {string | null}
 */
function recall(kind, table) {
  try {
    return localStorage.getItem(key(kind, table));
  } catch {
    return null; // storage refused (a private window): the check says what it could not see
  }
}

/** @param {string} kind @param {string} table @param {string} value */
function keep(kind, table, value) {
  try {
    localStorage.setItem(key(kind, table), value);
  } catch {
    // storage refused: the contribution is still sent, only not remembered
  }
}

/**
 * This page's contribution to a table's deal: the one kept for the table, or 32 fresh random
 * bytes (kept, so that a reload sends the same one).
 * @param {string} table
 * @returns {string}
 */
export function contributionFor(table) {
  const kept = recall("mine", table);
  if (kept && isHex64(kept)) return kept;
  const value = toHex(crypto.getRandomValues(new Uint8Array(32)));
  keep("mine", table, value);
  return value;
}

/**
 * Keep the commitment a table showed before its deal (the first seen is kept).
 * @param {string} table
 * @param {string} commitment
 */
export function rememberCommitment(table, commitment) {
  if (isHex64(commitment) && !recall("seen", table)) keep("seen", table, commitment);
}

/**
 * The commitment's short form, as the table shows it.
 * @param {string} commitment
 */
export function shortCommitment(commitment) {
  return `${commitment.slice(0, 12)}…`;
}

/**
 * The bytes the seed is hashed from (docs/protocol.md): the tag, the secret, the count of
 * seats, then each seat's number and 0x00 (no contribution) or 0x01 and its 32 bytes.
 * @param {string} secret
 * @param {(string | null)[]} contributions
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function encoding(secret, contributions) {
  const parts = [new TextEncoder().encode(TAG), fromHex(secret), Uint8Array.of(contributions.length)];
  contributions.forEach((value, seat) => {
    parts.push(Uint8Array.of(seat, value === null ? 0 : 1));
    if (value !== null) parts.push(fromHex(value));
  });
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/**
 * Check a finished game's record as far as a browser can: what was checked, or what failed.
 * @param {string} text  the `cardtable-record/1` record with `meta.fair_deal`, as JSON text
 *   (its seeds are read from the text: a 64-bit number loses digits as a JavaScript number)
 * @param {string} table
 * @returns {Promise<{ok: boolean, checked: string[], failure: string | null}>}
 */
export async function checkDeal(text, table) {
  const record = JSON.parse(text);
  /** @type {string[]} */
  const checked = [];
  /** @param {string} failure */
  const failed = (failure) => ({ ok: false, checked, failure });
  const fair = record && record.meta && record.meta.fair_deal;
  if (!fair) return failed(_("The record has no fair deal: it was dealt before deals could be verified."));
  if (!(crypto && crypto.subtle)) return failed(_("This page cannot compute SHA-256 here (it needs HTTPS): check the record with cardtable verify."));
  const contributions = fair.contributions;
  if (fair.version !== TAG || !isHex64(fair.secret) || !isHex64(fair.commitment) || !Array.isArray(contributions) || !contributions.every((/** @type {unknown} */ c) => c === null || isHex64(c))) {
    return failed(_("The record's fair deal is malformed."));
  }
  if (toHex(await sha256(fromHex(fair.secret))) !== fair.commitment) return failed(_("The server's secret does not match its commitment."));
  checked.push(fmt(_("The commitment {short} is the SHA-256 of the server's secret."), { short: shortCommitment(fair.commitment) }));
  const seen = recall("seen", table);
  if (seen) {
    if (seen !== fair.commitment) return failed(fmt(_("The commitment is not the one this browser saw before the deal ({short})."), { short: shortCommitment(seen) }));
    checked.push(_("It is the commitment this browser saw before the deal."));
  }
  const mine = recall("mine", table);
  if (mine) {
    if (!contributions.includes(mine)) return failed(_("This browser's contribution is not in the deal."));
    checked.push(_("This browser's contribution is in the deal."));
  }
  const digest = await sha256(encoding(fair.secret, contributions));
  const seed = new DataView(digest.buffer).getBigUint64(0, false);
  // Every "seed" of the record (its own and meta.fair_deal's), digit for digit.
  const seeds = [...text.matchAll(/"seed"\s*:\s*(-?\d+)/g)].map((m) => m[1]);
  if (seeds.length !== 2 || seeds.some((s) => s !== String(seed))) return failed(_("The record's seed is not the one the secret and the contributions give."));
  checked.push(fmt(_("The seed {seed} comes from the secret and every contribution."), { seed: String(seed) }));
  return { ok: true, checked, failure: null };
}

/**
 * The replay page's "Deal verified" panel: the record fetched and checked in this browser.
 * @param {string} table
 * @returns {HTMLElement}
 */
export function dealPanel(table) {
  const panel = h("section", { class: "fair-deal", id: "fair-deal", "aria-live": "polite" }, h("p", null, _("Checking the deal…")));
  fetch(`/api/tables/${encodeURIComponent(table)}/record`, { credentials: "same-origin" })
    .then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error(String(answer.status)))))
    .then((text) => checkDeal(text, table))
    .then((report) => {
      panel.replaceChildren(
        h("h2", null, report.ok ? _("Deal verified") : _("Deal not verified")),
        h("ul", null, report.checked.map((line) => h("li", null, `✓ ${line}`)), report.failure ? h("li", { class: "error" }, `✗ ${report.failure}`) : null),
        h("p", { class: "hint" }, _("Re-dealing the game and replaying each move needs the rules: run cardtable verify on the downloaded record.")),
      );
    })
    .catch(() => panel.replaceChildren(h("p", { class: "error" }, _("The record could not be read to check the deal."))));
  return panel;
}
