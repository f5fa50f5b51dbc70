// A chart of every player's score hand by hand, drawn by the page as SVG (nothing loaded from elsewhere).
const NS = "http://www.w3.org/2000/svg";
const COLOURS = ["#b3261e", "#1d5e45", "#1f5fbf", "#8a5a00"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];

function svg(tag, attrs = {}, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

function niceStep(range) {
  const raw = range / 5;
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  return [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) || mag * 10;
}

/**
 * One line per player: the score before the first hand, then after each hand (three lines for three players).
 * Returns a <figure> holding the SVG and a legend, or null when there is nothing to draw.
 */
export function scoreChart(hands, players, width = 640) {
  if (!hands || !hands.length || !hands[0].scores) return null;
  const n = hands[0].scores.length;
  const start = hands[0].scores.map((s, i) => s - (hands[0].deltas ? hands[0].deltas[i] : 0));
  const series = [start, ...hands.map((h) => h.scores)];
  const all = series.flat();
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (lo === hi) { lo -= 1000; hi += 1000; }
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  // drawn at the width it is shown at, so its labels keep their size on a phone
  const W = Math.round(Math.max(300, Math.min(720, width))), H = Math.round(W < 500 ? 220 : 260);
  const left = 52, right = 10, top = 10, bottom = 26;
  const x = (i) => left + (i * (W - left - right)) / Math.max(1, series.length - 1);
  const y = (v) => top + ((hi - v) * (H - top - bottom)) / (hi - lo);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img",
    "aria-label": `Scores of ${n} players after each of ${hands.length} hands` });
  for (let v = lo; v <= hi; v += step) {
    chart.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: v === 0 ? "#888" : "#e2e6e4" }));
    chart.append(svg("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#5b6460" },
      v.toLocaleString("en-US")));
  }
  const every = Math.max(1, Math.ceil(series.length / Math.floor((W - left) / 28)));
  series.forEach((_, i) => {
    if (i % every === 0 || i === series.length - 1) {
      chart.append(svg("text", { x: x(i), y: H - 8, "text-anchor": "middle", "font-size": 11, fill: "#5b6460" },
        i === 0 ? "start" : String(i)));
    }
  });
  for (let p = 0; p < n; p++) {
    const pts = series.map((s, i) => `${x(i).toFixed(1)},${y(s[p]).toFixed(1)}`).join(" ");
    const line = svg("polyline", { points: pts, fill: "none", stroke: COLOURS[p], "stroke-width": 2.5,
      "stroke-linejoin": "round", class: "score-line", "data-seat": p });
    if (DASHES[p]) line.setAttribute("stroke-dasharray", DASHES[p]);
    line.append(svg("title", {}, `${players[p] ?? `seat ${p}`}: ${series.map((s) => s[p]).join(" → ")}`));
    chart.append(line);
  }
  const legend = document.createElement("div");
  legend.className = "chart-legend small";
  for (let p = 0; p < n; p++) {
    const key = document.createElement("span");
    const mark = svg("svg", { viewBox: "0 0 24 8", width: 24, height: 8 });
    const sample = svg("line", { x1: 0, x2: 24, y1: 4, y2: 4, stroke: COLOURS[p], "stroke-width": 3 });
    if (DASHES[p]) sample.setAttribute("stroke-dasharray", DASHES[p]);
    mark.append(sample);
    key.append(mark, ` ${players[p] ?? `seat ${p}`} `);
    legend.append(key);
  }
  const fig = document.createElement("figure");
  fig.className = "chart";
  fig.append(chart, legend);
  return fig;
}
