// @ts-check
/**
 * The client's words: every string a player reads is marked `_("English")` and translated from
 * the same gettext catalogue as the terminal (`make messages` extracts these calls; the server
 * serves the translations at /api/strings). Placeholders are named: fmt(_("Seat {seat}"), {seat}).
 * Seats are shown counted from 1, as people count; the protocol numbers them from 0.
 */

/** @type {Record<string, string>} */
let strings = {};
let language = "en";

/** The language the page is shown in ("en" or "ja"). */
export function currentLanguage() {
  return language;
}

/**
 * Load the strings of `lang` from the server; afterwards `_()` answers in it.
 * @param {string} lang
 */
export async function loadStrings(lang) {
  language = lang === "ja" ? "ja" : "en";
  document.documentElement.lang = language;
  if (language === "en") {
    strings = {};
    return;
  }
  const answer = await fetch(`/api/strings?language=${language}`, { credentials: "same-origin" });
  strings = answer.ok ? await answer.json() : {};
}

/**
 * A message in the page's language (the English itself where no translation is known).
 * @param {string} message
 * @returns {string}
 */
export function _(message) {
  return strings[message] || message;
}

/**
 * English singular or plural by count; Japanese has one form (the catalogue's singular).
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 */
export function ngettext(singular, plural, n) {
  if (language !== "en" && strings[singular]) return strings[singular];
  return n === 1 ? singular : plural;
}

/**
 * Fill the named placeholders of a translated message.
 * @param {string} message
 * @param {Record<string, string | number>} values
 */
export function fmt(message, values) {
  return message.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/** The language the browser prefers, if it is one we have. */
export function browserLanguage() {
  const wanted = (navigator.languages || [navigator.language || "en"]).map((l) => l.toLowerCase());
  for (const lang of wanted) {
    if (lang.startsWith("ja")) return "ja";
    if (lang.startsWith("en")) return "en";
  }
  return "en";
}
