// @ts-check
/**
 * A rating's history as an SVG line chart drawn here, no library: the shown rating after each
 * rated game, a dashed line at a newcomer's 0, the lowest and highest values marked. The
 * chart is an image with a title and a description in words; every point names its game.
 */

import { svg } from "./dom.js";
import { _, fmt } from "./i18n.js";

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { left: 44, right: 12, top: 12, bottom: 22 };

/**
 * The chart of one game's history.
 * @param {string} id  a unique prefix for the chart's title and description
 * @param {string} label  what the chart shows, in words (its title)
 * @param {{ordinal: number, at: string, table: string}[]} points  oldest first
 * @returns {SVGElement}
 */
export function ratingChart(id, label, points) {
  const values = points.map((p) => p.ordinal);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (/** @type {number} */ i) =>
    PAD.left + (points.length > 1 ? (i * (WIDTH - PAD.left - PAD.right)) / (points.length - 1) : (WIDTH - PAD.left - PAD.right) / 2);
  const y = (/** @type {number} */ v) => PAD.top + ((high - v) * (HEIGHT - PAD.top - PAD.bottom)) / span;
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const words = fmt(_("From {first} to {last} over {count} rated games; lowest {low}, highest {high}."), {
    first: first.toFixed(1),
    last: last.toFixed(1),
    count: points.length,
    low: Math.min(...values).toFixed(1),
    high: Math.max(...values).toFixed(1),
  });
  return svg(
    "svg",
    {
      class: "rating-chart",
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      width: "100%",
      role: "img",
      "aria-labelledby": `${id}-title ${id}-desc`,
      preserveAspectRatio: "xMidYMid meet",
    },
    svg("title", { id: `${id}-title` }, label),
    svg("desc", { id: `${id}-desc` }, words),
    // The axis and a newcomer's 0.
    svg("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: HEIGHT - PAD.bottom, stroke: "currentColor", "stroke-opacity": 0.4 }),
    svg("line", {
      x1: PAD.left,
      x2: WIDTH - PAD.right,
      y1: y(0),
      y2: y(0),
      stroke: "currentColor",
      "stroke-opacity": 0.4,
      "stroke-dasharray": "4 4",
    }),
    svg("text", { x: PAD.left - 6, y: y(high) + 4, "text-anchor": "end", "font-size": 12, fill: "currentColor" }, high.toFixed(1)),
    svg("text", { x: PAD.left - 6, y: y(low) + 4, "text-anchor": "end", "font-size": 12, fill: "currentColor" }, low.toFixed(1)),
    svg(
      "text",
      { x: WIDTH - PAD.right, y: HEIGHT - 6, "text-anchor": "end", "font-size": 12, fill: "currentColor" },
      fmt(_("{count} games"), { count: points.length }),
    ),
    svg("polyline", {
      points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.ordinal).toFixed(1)}`).join(" "),
      fill: "none",
      stroke: "currentColor",
      "stroke-width": 2,
      "stroke-linejoin": "round",
    }),
    points.map((p, i) =>
      svg(
        "circle",
        { cx: x(i).toFixed(1), cy: y(p.ordinal).toFixed(1), r: 3.5, fill: "currentColor" },
        svg("title", null, fmt(_("Game {n}: {rating}"), { n: i + 1, rating: p.ordinal.toFixed(1) })),
      ),
    ),
  );
}
