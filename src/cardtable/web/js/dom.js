// @ts-check
/**
 * Building the page. Text always goes in as text (textContent, attributes): nothing a server or
 * another player sends is ever parsed as markup (no HTML parsing anywhere in the client).
 */

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */

/**
 * An element: h("button", {class: "primary", onclick: go}, _("Play")).
 * Attributes starting with "on" are listeners; `class`, `aria-*`, `data-*`, `role`, `title`
 * and the rest are set as attributes (false/null/undefined leave one out; true sets "").
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number | null | undefined> | null} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

/**
 * @param {Element} el
 * @param {Attrs | null | undefined} attrs
 */
function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

/**
 * @param {Node} el
 * @param {(Child | Child[])[]} children
 */
function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replace the children of `el`.
 * @param {Element} el
 * @param {...(Child | Child[])} children
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}
