// Tiles in MPSZ notation, and their pictures (static/tiles/<tile>.svg, 0 = red five).

export const SUITS = ["m", "p", "s", "z"];
const SUIT_NAMES = { m: "characters", p: "dots", s: "bamboo" };
const HONOURS = ["east", "south", "west", "north", "white dragon", "green dragon", "red dragon"];

/** "123m40p" -> ["1m","2m","3m","4p","0p"]; characters that are not notation are left out (notationProblem says
 * what they are, and the page refuses to ask with them, as the service would). */
export function parse(text) {
  const out = [];
  let digits = [];
  for (const ch of (text || "").replace(/\s+/g, "")) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if (SUITS.includes(ch)) {
      for (const d of digits) out.push(d + ch);
      digits = [];
    }
  }
  return out;
}

/** What is wrong with a field's text as MPSZ notation, in the service's words; "" when nothing is. */
export function notationProblem(text) {
  const t = (text || "").replace(/\s+/g, "");
  if (/^(\d+[mpsz])*$/.test(t)) return "";
  if (/[\u{1F000}-\u{1F02B}]/u.test(t)) {
    return "Tiles are written in MPSZ notation (digits, then their suit letter: 123m406p789s11z), not as mahjong "
      + "tile characters.";
  }
  if (/[MPSZ]/.test(t) && /^(\d+[mpszMPSZ])*$/.test(t)) {
    return `Suit letters are lower case: write ${t.toLowerCase()}, not ${t}.`;
  }
  if (/\d$/.test(t)) return "Each group of digits needs its suit letter after it (m, p, s or z): 123m, not 123.";
  return "Only digits, each group followed by its suit letter m, p, s or z (123m406p789s11z); honours are 1z-7z.";
}

/** True when the whole text is notation (digits each followed, eventually, by a suit letter). */
export function isNotation(text) {
  return notationProblem(text) === "";
}

export function sortKey(tile) {
  const n = tile[0] === "0" ? 5.5 : Number(tile[0]);
  return SUITS.indexOf(tile[1]) * 10 + n;
}

/** Tiles -> notation. Sorted (suit, then number) unless `keepOrder`, which only merges runs of one suit. */
export function format(tiles, keepOrder = false) {
  const list = keepOrder ? tiles.slice() : tiles.slice().sort((a, b) => sortKey(a) - sortKey(b));
  let out = "";
  let digits = "";
  let suit = null;
  for (const t of list) {
    if (suit !== null && t[1] !== suit) { out += digits + suit; digits = ""; }
    suit = t[1];
    digits += t[0];
  }
  return suit === null ? "" : out + digits + suit;
}

/** The kind of a tile: a red five is a five. */
export function plain(tile) {
  return tile[0] === "0" ? "5" + tile[1] : tile;
}

export function tileName(tile) {
  if (tile[1] === "z") return HONOURS[Number(tile[0]) - 1] || tile;
  const red = tile[0] === "0";
  return `${red ? "red 5" : tile[0]} ${SUIT_NAMES[tile[1]] || ""}`.trim();
}

/** A tile picture: <span class="tile"><img></span> (or <button> when `button`). */
export function tileEl(tile, { turned = false, back = false, button = false } = {}) {
  const el = document.createElement(button ? "button" : "span");
  el.className = "tile" + (turned ? " turned" : "") + (back ? " back" : "");
  el.dataset.tile = tile;
  if (button) el.type = "button";
  const name = back ? "face down" : tileName(tile);
  el.title = back ? name : `${tile}: ${name}`;
  if (!back) {
    const img = document.createElement("img");
    img.src = `/static/tiles/${tile}.svg`;
    img.alt = tile;
    img.draggable = false;
    el.append(img);
  } else {
    el.setAttribute("aria-label", name);
  }
  return el;
}

/** A row of tiles. */
export function tilesEl(tiles, className = "tiles") {
  const box = document.createElement("span");
  box.className = className;
  for (const t of tiles) box.append(tileEl(t));
  return box;
}

const SEATS = ["east", "south", "west", "north"];

/**
 * A called meld as it lies on the table: the called tile turned sideways, on the side it came from
 * (left player: first, across: second, right: last); a closed kan shows its two ends face down, an
 * added kan its added tile turned on top of the called one.
 */
export function meldEl(meld, seat) {
  const box = document.createElement("span");
  box.className = "meld";
  const tiles = parse(meld.tiles);
  if (meld.kind === "closed_kan") {
    tiles.forEach((t, i) => box.append(tileEl(t, { back: i === 0 || i === 3 })));
    return box;
  }
  const calledIndex = Math.max(0, meld.called ? tiles.findIndex((t) => t === meld.called) : 0);
  const called = tiles.splice(calledIndex >= 0 ? calledIndex : 0, 1)[0];
  const added = meld.kind === "added_kan" ? tiles.pop() : null;
  const offset = meld.from ? (SEATS.indexOf(meld.from) - SEATS.indexOf(seat) + 4) % 4 : 3;
  const at = { 3: 0, 2: 1, 1: tiles.length }[offset] ?? 0;   // 3 = left, 2 = across, 1 = right
  const els = tiles.map((t) => tileEl(t));
  let turned = tileEl(called, { turned: true });
  if (added) {
    const stack = document.createElement("span");
    stack.className = "stack";
    stack.append(turned, tileEl(added, { turned: true }));
    turned = stack;
  }
  els.splice(at, 0, turned);
  box.append(...els);
  return box;
}
