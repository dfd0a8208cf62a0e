// @ts-check
/**
 * Playing cards, drawn here in code: no image files, no fonts for the suits. A card is named by
 * the game notation, rank + suit letter ("10C", "QH", "AS"); every card is an <svg> with a
 * 100 x 140 viewBox that scales crisply to the CSS width `--card-w` (see css/cards.css).
 * Colour comes from the classes `suit-S/H/D/C` (and `four-colour`) in cards.css; the suit symbol
 * is always drawn too, so colour never carries the suit alone.
 */

import { h, svg } from "./dom.js";
import { _, fmt } from "./i18n.js";

/** @typedef {"S" | "H" | "D" | "C"} SuitLetter */

/**
 * Rank words, looked up when asked (the strings may be loaded after this module).
 * @type {Record<string, () => string>}
 */
const RANK_WORDS = {
  A: () => _("ace"),
  2: () => _("two"),
  3: () => _("three"),
  4: () => _("four"),
  5: () => _("five"),
  6: () => _("six"),
  7: () => _("seven"),
  8: () => _("eight"),
  9: () => _("nine"),
  10: () => _("ten"),
  J: () => _("jack"),
  Q: () => _("queen"),
  K: () => _("king"),
};

/** @type {Record<string, () => string>} */
const SUIT_WORDS = {
  C: () => _("clubs"),
  D: () => _("diamonds"),
  H: () => _("hearts"),
  S: () => _("spades"),
};

/** @type {Record<string, string>} */
const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/**
 * The suit shapes, each drawn in a 100 x 100 box (centre 50,50).
 * @type {Record<string, string>}
 */
const SUIT_PATHS = {
  S:
    "M50 3C61 21 96 39 96 62C96 76 86 84 74 84C65 84 58 80 54 73C55 84 59 91 67 97H33" +
    "C41 91 45 84 46 73C42 80 35 84 26 84C14 84 4 76 4 62C4 39 39 21 50 3Z",
  H:
    "M50 94C38 79 4 60 4 32C4 16 15 6 28 6C38 6 46 12 50 21C54 12 62 6 72 6C85 6 96 16 96 32" +
    "C96 60 62 79 50 94Z",
  D: "M50 2C59 20 71 36 86 50C71 64 59 80 50 98C41 80 29 64 14 50C29 36 41 20 50 2Z",
  C:
    "M29 30a21 21 0 1 1 42 0a21 21 0 1 1-42 0ZM4 62a21 21 0 1 1 42 0a21 21 0 1 1-42 0Z" +
    "M54 62a21 21 0 1 1 42 0a21 21 0 1 1-42 0ZM50 30L28 62L72 62Z" +
    "M46 64C46 80 42 90 33 97H67C58 90 54 80 54 64Z",
};

/**
 * Pip layouts for 2-10: column letter (L, C, R) + row letter (a top ... i bottom); pips below
 * the middle row are turned upside down, as on a printed card.
 */
const COLS = { L: 36.5, C: 50, R: 63.5 };
const ROWS = { a: 24, b: 39.3, c: 47, d: 54.7, e: 70, f: 85.3, g: 93, h: 100.7, i: 116 };
/** @type {Record<string, string>} */
const PIPS = {
  2: "Ca Ci",
  3: "Ca Ce Ci",
  4: "La Ra Li Ri",
  5: "La Ra Ce Li Ri",
  6: "La Ra Le Re Li Ri",
  7: "La Ra Cc Le Re Li Ri",
  8: "La Ra Cc Le Re Cg Li Ri",
  9: "La Ra Ld Rd Ce Lf Rf Li Ri",
  10: "La Ra Cb Ld Rd Lf Rf Ch Li Ri",
};
const PIP_SIZE = 18;

/**
 * Emblems of the court cards, drawn around 0,0 about 40 wide (crown, coronet, feathered cap).
 * @type {Record<string, string>}
 */
const EMBLEMS = {
  K: "M-19 9V-9L-10 0L0-14L10 0L19-9V9ZM-19 11H19V16H-19Z",
  Q: "M-17 9C-17 0-16-6-13-10C-9-2-5-1 0-10C5-1 9-2 13-10C16-6 17 0 17 9ZM-17 11H17V16H-17Z",
  J: "M-16 9C-16-3-8-9 0-9C8-9 16-3 16 9ZM-19 11H19V16H-19ZM5-8C9-18 17-22 24-21C19-16 13-10 10-6Z",
};
/** @type {Record<string, number[][]>} Jewels on the emblems: x, y, r. */
const JEWELS = {
  K: [[-19, -9, 3], [0, -14, 3.2], [19, -9, 3], [-9, 13.5, 1.6], [0, 13.5, 1.6], [9, 13.5, 1.6]],
  Q: [[-13, -10, 2.6], [0, -10, 3.2], [13, -10, 2.6], [0, 13.5, 1.6]],
  J: [[-9, 13.5, 1.6], [0, 13.5, 1.6], [9, 13.5, 1.6]],
};

const FONT = "'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";
const SERIF = "Georgia, 'Times New Roman', 'Liberation Serif', 'DejaVu Serif', serif";

/**
 * Split a card code into rank and suit ("10h" -> {rank: "10", suit: "H"}; "T" and the suit
 * symbols are accepted as in the terminal notation).
 * @param {string} code
 * @returns {{rank: string, suit: SuitLetter}}
 */
function parse(code) {
  let text = String(code).trim().toUpperCase();
  const last = text.slice(-1);
  const fromSymbol = Object.keys(SYMBOLS).find((s) => SYMBOLS[s] === last);
  if (fromSymbol) text = text.slice(0, -1) + fromSymbol;
  const rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
  const suit = text.slice(-1);
  if (!(rank in RANK_WORDS) || !(suit in SUIT_PATHS)) throw new RangeError(`not a card: ${code}`);
  return { rank, suit: /** @type {SuitLetter} */ (suit) };
}

/**
 * The name of a rank ("A", "10", "K") in words, translated: "five", "queen".
 * @param {string} rank
 */
export function rankName(rank) {
  const words = RANK_WORDS[rank === "T" ? "10" : String(rank).toUpperCase()];
  return words ? words() : String(rank);
}

/**
 * The name of a suit by its letter, translated: "hearts".
 * @param {string} suit
 */
export function suitName(suit) {
  const words = SUIT_WORDS[String(suit).toUpperCase()];
  return words ? words() : String(suit);
}

/**
 * The card in words, translated: "five of hearts" ("ハートの5").
 * @param {string} code
 */
export function cardName(code) {
  const { rank, suit } = parse(code);
  return fmt(_("{rank} of {suit}"), { rank: rankName(rank), suit: suitName(suit) });
}

/**
 * The suit's symbol as text: "S" -> "♠".
 * @param {string} suit
 */
export function suitSymbol(suit) {
  return SYMBOLS[String(suit).toUpperCase()] || String(suit);
}

/**
 * Short text for logs and buttons: "5♥", "10♣".
 * @param {string} code
 */
export function cardText(code) {
  const { rank, suit } = parse(code);
  return rank + SYMBOLS[suit];
}

/** @param {SuitLetter} suit @param {boolean} fourColour */
function suitClasses(suit, fourColour) {
  return `suit-${suit}${fourColour ? " four-colour" : ""}`;
}

/**
 * A compact inline card for lines of text: <span class="mini-card suit-H">5♥</span>, read out
 * by its name.
 * @param {string} code
 * @param {{fourColour?: boolean}} [opts]
 */
export function miniCard(code, { fourColour = false } = {}) {
  const { rank, suit } = parse(code);
  // U+FE0E asks for the text (not emoji) form of the symbol.
  return h(
    "span",
    { class: `mini-card ${suitClasses(suit, fourColour)}`, role: "img", "aria-label": cardName(code) },
    rank + SYMBOLS[suit] + "\uFE0E",
  );
}

/**
 * One suit shape centred at x,y, `size` wide, turned upside down if asked.
 * @param {string} suit
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {boolean} [flip]
 */
function pip(suit, x, y, size, flip = false) {
  const turn = flip ? " rotate(180)" : "";
  return svg("path", {
    d: SUIT_PATHS[suit],
    transform: `translate(${x} ${y})${turn} scale(${size / 100}) translate(-50 -50)`,
  });
}

/**
 * An <svg> card element with the shared frame; `body` is drawn on the white card.
 * @param {string} classes
 * @param {string} label
 * @param {number | string | undefined} size
 * @param {(SVGElement | null)[]} body
 */
function cardSvg(classes, label, size, body) {
  // A card with no name is a picture inside something named (a fan of backs): hidden from
  // screen readers rather than an image without a name.
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  const el = svg(
    "svg",
    { class: classes, viewBox: "0 0 100 140", ...named },
    svg("rect", { class: "card-edge", x: 0.75, y: 0.75, width: 98.5, height: 138.5, rx: 7 }),
    body,
  );
  if (size !== undefined) {
    el.style.setProperty("--card-w", typeof size === "number" ? `${size}px` : size);
  }
  return el;
}

/**
 * A corner index: the rank over the suit symbol, in the top-left corner (or turned into the
 * bottom-right one).
 * @param {string} rank
 * @param {string} suit
 * @param {boolean} turned
 */
function corner(rank, suit, turned) {
  // The wide ones are pressed a little to stay inside the corner.
  const squeeze = rank === "10" ? 23 : rank === "Q" ? 22 : null;
  return svg(
    "g",
    { class: "index", transform: turned ? "rotate(180 50 70)" : null },
    svg(
      "text",
      {
        x: 13.5,
        y: 30,
        "text-anchor": "middle",
        "font-family": FONT,
        "font-weight": 700,
        "font-size": 31,
        textLength: squeeze,
        lengthAdjust: squeeze ? "spacingAndGlyphs" : null,
      },
      rank,
    ),
    pip(suit, 13.5, 43.5, 19),
  );
}

/**
 * The picture of a court card: a framed panel, double-ended, with the emblem (crown for the
 * king, coronet for the queen, feathered cap for the jack), the letter and the suit.
 * @param {string} rank
 * @param {string} suit
 */
function court(rank, suit) {
  /** @param {boolean} turned */
  const half = (turned) =>
    svg(
      "g",
      { transform: turned ? "rotate(180 50 70)" : null },
      svg(
        "g",
        { transform: "translate(50 31) scale(0.62)" },
        svg("path", { d: EMBLEMS[rank] }),
        JEWELS[rank].map(([x, y, r]) => svg("circle", { class: "jewel", cx: x, cy: y, r })),
      ),
      svg(
        "text",
        {
          x: 50,
          y: 67,
          "text-anchor": "middle",
          "font-family": SERIF,
          "font-weight": 700,
          "font-size": 22,
        },
        rank,
      ),
      pip(suit, 37, 59, 10),
      pip(suit, 63, 59, 10),
    );
  return svg(
    "g",
    { class: "court" },
    svg("rect", { class: "panel", x: 27, y: 10, width: 46, height: 120, rx: 3 }),
    svg("rect", { class: "panel-line", x: 30, y: 13, width: 40, height: 114, rx: 1.5 }),
    svg("path", { class: "panel-line", d: "M30 75L70 65" }),
    half(false),
    half(true),
  );
}

/**
 * The face of a card as an <svg class="card suit-H" data-card="5H" role="img">, named in words.
 * @param {string} code card notation: "5H", "10C", "QS"
 * @param {{fourColour?: boolean, size?: number | string}} [opts] `size`: the card's width
 *   (a number is pixels), set as `--card-w`; without it cards.css decides.
 * @returns {SVGElement}
 */
export function cardFace(code, { fourColour = false, size } = {}) {
  const { rank, suit } = parse(code);
  /** @type {(SVGElement | null)[]} */
  const body = [];
  if (rank === "A") {
    body.push(pip(suit, 50, 70, suit === "S" ? 52 : 44));
    if (suit === "S") body.push(svg("circle", { class: "ace-ring", cx: 50, cy: 70, r: 33 }));
  } else if (rank in PIPS) {
    for (const spot of PIPS[rank].split(" ")) {
      const y = ROWS[/** @type {keyof typeof ROWS} */ (spot[1])];
      body.push(pip(suit, COLS[/** @type {keyof typeof COLS} */ (spot[0])], y, PIP_SIZE, y > 70));
    }
  } else {
    body.push(court(rank, suit));
  }
  const el = cardSvg(`card face ${suitClasses(suit, fourColour)}`, cardName(code), size, [
    svg("g", { class: "ink", fill: "currentColor" }, corner(rank, suit, false), corner(rank, suit, true), body),
  ]);
  el.setAttribute("data-card", rank + suit);
  return el;
}

/**
 * The back of a card: a lattice of small diamonds round a medallion of the four suits.
 * @param {{label?: string, size?: number | string}} [opts] `label`: what a screen reader says
 *   (default "a card face down").
 * @returns {SVGElement}
 */
export function cardBack({ label, size } = {}) {
  let lattice = "";
  for (let row = 0; row < 11; row++) {
    for (let col = 0; col < 8; col++) {
      const x = 10 + 5 + col * 10;
      const y = 10 + 5.45 + row * 10.9;
      lattice += `M${x} ${(y - 5.45).toFixed(2)}l5 5.45l-5 5.45l-5-5.45Z`;
    }
  }
  const medallion = ["S", "H", "D", "C"].map((suit, i) =>
    pip(suit, 50 + [0, 9, 0, -9][i], 70 + [-9, 0, 9, 0][i], 11),
  );
  return cardSvg("card back", label ?? _("a card face down"), size, [
    svg("rect", { class: "back-field", x: 6, y: 6, width: 88, height: 128, rx: 4 }),
    svg("path", { class: "back-lattice", d: lattice }),
    svg("rect", { class: "back-line", x: 9, y: 9, width: 82, height: 122, rx: 2.5 }),
    svg("circle", { class: "back-field back-medallion", cx: 50, cy: 70, r: 21 }),
    svg("g", { class: "back-suits" }, medallion),
  ]);
}

/**
 * A suit symbol alone as a small inline <svg class="suit-icon suit-H"> (for a trump marker or a
 * suit button), named in words.
 * @param {string} suit
 * @param {{fourColour?: boolean}} [opts]
 * @returns {SVGElement}
 */
export function suitIcon(suit, { fourColour = false } = {}) {
  const letter = /** @type {SuitLetter} */ (String(suit).toUpperCase());
  if (!(letter in SUIT_PATHS)) throw new RangeError(`not a suit: ${suit}`);
  return svg(
    "svg",
    {
      class: `suit-icon ${suitClasses(letter, fourColour)}`,
      viewBox: "0 0 100 100",
      role: "img",
      "aria-label": suitName(letter),
      fill: "currentColor",
    },
    svg("path", { d: SUIT_PATHS[letter] }),
  );
}
