// @ts-check
/**
 * Each game's face: how its table is drawn from a seat's view. A face is an object with
 * `board(ctx)` (the centre of the table) and optional `seatInfo(ctx, seat)`, `panels(ctx)`,
 * `summary(ctx)`, `sortHand(hand)`; see generic.js for the contract. A game's face lives in the
 * game's own package (games/<name>/face/face.js and face.css) and is served beside the client's
 * files, at faces/<name>/ of the same versioned folder as this module (/static/v/<version>/), so
 * that its imports of the client are the very modules the page loaded; it is found by the game's
 * name, as the catalogue says which games have one.
 * A game without a face, or whose face fails to load, is drawn by the generic face.
 */

import generic from "./generic.js";

/**
 * The catalogue's entry of `game` (undefined for a game it does not list).
 * @param {{games: any[]}} catalog
 * @param {string} game
 * @returns {any}
 */
export function gameEntry(catalog, game) {
  return catalog.games.find((g) => g.name === game);
}

/**
 * The face of `game` (the generic one if it has none or it fails to load), with its stylesheet
 * added to the page once.
 * @param {{games: any[]}} catalog  the catalogue (GET /api/catalog)
 * @param {string} game
 * @returns {Promise<import("./generic.js").Face>}
 */
export async function faceFor(catalog, game) {
  const entry = gameEntry(catalog, game);
  if (!entry || !entry.face) return generic;
  // Relative to this module, so that the face follows the version the page was loaded at.
  const base = new URL(`../../faces/${encodeURIComponent(game)}/`, import.meta.url);
  const at = (/** @type {string} */ name) => new URL(name, base).pathname;
  try {
    // The stylesheet loads beside the module, so that the table is first drawn styled.
    const [loaded] = await Promise.all([import(at("face.js")), entry.face_style ? addStyle(at("face.css")) : null]);
    return { ...generic, .../** @type {{default: Partial<import("./generic.js").Face>}} */ (loaded).default };
  } catch (err) {
    console.warn(`no face for ${game}`, err);
    return generic;
  }
}

/**
 * A stylesheet of the page's own origin (the CSP allows only those), linked once; resolves
 * when it is loaded (or failed: the page then goes on unstyled by it).
 * @param {string} href
 * @returns {Promise<void>}
 */
function addStyle(href) {
  const linked = /** @type {HTMLLinkElement | null} */ (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`));
  if (linked) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.addEventListener("load", () => resolve(undefined));
    link.addEventListener("error", () => resolve(undefined));
  });
  document.head.append(link);
  return loaded;
}
