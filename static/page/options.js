// The options of a preset: the common house rules grouped under plain names, every other option behind a search.
import { el } from "./family.js";
import { shown } from "./words.js";

// Common house rules, by group, in the words players use (an option the preset lacks is left out).
const COMMON = [
  ["Hand value", {
    red_fives: "Red fives (aka dora) per suit: man, pin, sou", open_tanyao: "All simples counts with called melds (kuitan)",
    kiriage_mangan: "4 han 30 fu and 3 han 60 fu round up to mangan (kiriage)", kazoe: "13 han or more is a yakuman (kazoe)",
    double_yakuman: "Double yakuman hands", min_han: "Han needed to win", ura_dora: "Ura dora after riichi",
    kan_dora: "A kan turns a new dora indicator", renhou: "Win before the first draw (renhou)",
    north_bonus: "North set aside as bonus (kita)",
  }],
  ["Furiten and riichi", {
    sacred_discard_variant: "Sacred discard (furiten) rule", riichi_min_points: "Points needed to declare riichi",
    open_riichi: "Open riichi",
  }],
  ["Payments", {
    honba_value: "Points per honba counter", riichi_stick_value: "Points per riichi stick",
    tsumo_payment: "Self-draw payments", multi_ron_mode: "Two or three players win on one discard",
    nagashi_enabled: "Nagashi mangan", noten_total: "Noten payment at a draw (total)",
    tw_stake_base: "Base stake (Taiwanese)", tw_stake_per_tai: "Stake per tai (Taiwanese)",
    tw_tai_limit: "Tai limit (Taiwanese)", eu_limit: "Limit (European)", eu_rounding: "Rounding (European)",
  }],
  ["The game", {
    start_points: "Starting score", return_points: "Return (target) score", uma: "Placement bonus (uma)",
    oka: "Top bonus (oka)", game_length: "Game length",
  }],
];

/** A control for an option the page can change (boolean, one of its choices, a number, a red-five list). */
function optionControl(o) {
  let c;
  if (o.type === "boolean") {
    c = el("input", { type: "checkbox" });
    c.checked = Boolean(o.value);
  } else if (o.name === "red_fives" && Array.isArray(o.value)) {
    const values = [[0, 0, 0], [0, 1, 1], [1, 1, 1], [1, 2, 1]];
    if (!values.some((v) => JSON.stringify(v) === JSON.stringify(o.value))) values.push(o.value);
    c = el("select", {}, values.map((v) => el("option", { value: JSON.stringify(v) },
      v.every((k) => k === 0) ? "none" : v.join(" / "))));
    c.value = JSON.stringify(o.value);
  } else if (o.type !== "array" && o.choices) {
    c = el("select", {}, o.choices.map((v) => el("option", { value: JSON.stringify(v) }, shown(v))));
    c.value = JSON.stringify(o.value);
  } else if (o.type === "integer") {
    c = el("input", { type: "number", step: "1", value: String(o.value) });
  } else {
    return null;
  }
  c.className = "override";
  c.dataset.option = o.name;
  c.dataset.type = o.type;
  c.dataset.initial = JSON.stringify(o.value);
  c.setAttribute("aria-label", o.name.replace(/_/g, " "));
  return c;
}

/** The value an option control holds, as the API takes it. */
export function controlValue(c) {
  if (c.type === "checkbox") return c.checked;
  if (c.tagName === "SELECT") return JSON.parse(c.value);
  return Number(c.value);
}

/** One option: its name and control on a line; the full list adds what it means and where the value comes from
(a common house rule keeps its meaning in the name's tooltip, so the groups stay short). */
function optionEl(o, title, { full = false } = {}) {
  const control = optionControl(o);
  const name = el("span", { class: "option-name" }, title);
  if (!full) name.title = o.description || "";
  return el("div", { class: `option${full ? "" : " compact"}`, "data-option": o.name, "data-pointer": `#/rules/${o.name}` },
    el("label", {}, name, " ", control || el("strong", {}, `= ${shown(o.value)}`),
      o.verified === false ? [" ", el("span", { class: "badge warn" }, "not verified")] : ""),
    full ? el("div", { class: "small" }, o.description) : null,
    full ? el("div", { class: "source" }, `Source: ${o.value_source || o.source}`) : null);
}

/** A family's own rules are common only under that family (Taiwanese stakes, European limits, the kita). */
function belongs(name, byName) {
  const value = (n) => (byName[n] ? byName[n].value : undefined);
  if (name.startsWith("tw_")) return value("scoring_family") === "taiwanese";
  if (name.startsWith("eu_")) return value("scoring_family") === "european";
  if (name === "north_bonus") return value("players") === 3;
  return true;
}

function matches(o, words) {
  const hay = `${o.name.replace(/_/g, " ")} ${o.description || ""}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

export function renderOptions(p) {
  const byName = Object.fromEntries(p.options.map((o) => [o.name, o]));
  const box = el("div", {}, el("p", { class: "muted small" },
    "Change a house rule to ask under it: every question then sends the change with the preset."));
  const common = new Set();
  for (const [group, names] of COMMON) {
    const present = Object.keys(names).filter((n) => byName[n] && belongs(n, byName));
    if (!present.length) continue;
    present.forEach((n) => common.add(n));
    box.append(el("fieldset", { class: "option-group" }, el("legend", {}, group),
      present.map((n) => optionEl(byName[n], names[n]))));
  }
  const rest = p.options.filter((o) => !common.has(o.name));
  const search = el("input", { type: "search", id: "option-search", autocomplete: "off", spellcheck: "false",
    placeholder: "e.g. chombo, pao, abortive" });
  const count = el("p", { class: "muted small", id: "option-count" });
  const list = el("div", { id: "option-all" }, rest.map((o) => {
    const e = optionEl(o, o.name.replace(/_/g, " "), { full: true });
    e.hidden = true;
    return e;
  }));
  const filter = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shownCount = 0;
    for (const e of list.children) {
      const hit = words.length > 0 && matches(byName[e.dataset.option], words) && shownCount < 30;
      e.hidden = !hit;
      if (hit) shownCount += 1;
    }
    count.textContent = words.length ? `${shownCount} shown` + (shownCount === 30 ? " (the first 30: add a word)" : "") : "";
  };
  search.addEventListener("input", filter);
  box.append(el("label", { class: "field" }, `Find any of the other ${rest.length} options`, search), count, list);
  return box;
}
