// The receipts of the other families: Taiwanese tai, European basic points and doubles, and notes in words.
import { tilesEl, parse } from "./tiles.js";
import { TAI, NOTES, euroItem, words, points, signed, cap, plainSentence } from "./words.js";

const SEATS = ["east", "south", "west", "north"];

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

export function table(head, rows, { numeric = [], foot = null, cls = "" } = {}) {
  const th = head.map((h, i) => el("th", numeric.includes(i) ? { class: "num" } : {}, h));
  const tr = (cells, rowCls) => el("tr", rowCls ? { class: rowCls } : {},
    cells.map((c, i) => el("td", numeric.includes(i) ? { class: "num" } : {}, c)));
  return el("div", { class: "scroll" }, el("table", cls ? { class: cls } : {},
    el("thead", {}, el("tr", {}, th)), el("tbody", {}, rows.map((r) => tr(r)), foot ? tr(foot, "total") : null)));
}

function tilesCell(tiles) {
  return tiles ? tilesEl(parse(tiles), "inline-tiles") : "";
}

const PAID_FOR = { hand: "the hand", dealer_bonus: "dealer's bonus", continuation_bonus: "continued-deal bonus",
  honba: "honba", riichi_sticks: "riichi sticks" };

/** Who pays what, each payment with its reason (Taiwanese bonuses are paid on their own lines). */
export function paymentsTable(payments) {
  const rows = (payments || []).map((p) => [cap(p.from), words(PAID_FOR, p.reason || "hand"),
    points(p.amount + (p.honba_points || 0))]);
  return table(["Payer", "For", "Amount"], rows, { numeric: [2], cls: "payments-table" });
}

export function deltasTable(deltas, scores = null) {
  const seats = SEATS.filter((s) => s in deltas);
  const rows = seats.map((s) => [cap(s), signed(deltas[s]), ...(scores ? [points(scores[s])] : [])]);
  return table(["Seat", "Change", ...(scores ? ["Score"] : [])], rows, { numeric: scores ? [1, 2] : [1], cls: "deltas-table" });
}

/** Taiwanese: every tai item with its count, the bonuses and who pays them. */
export function taiReceipt(r, out) {
  const limit = r.limit ? ` — ${words({}, r.limit)}` : "";
  out.append(el("p", { class: "verdict yes" }, `${points(r.points)} points: ${r.tai} tai${limit}`));
  const rows = (r.items || []).map((i) => [words(TAI, i.id), i.count > 1 ? `×${i.count}` : "", String(i.tai)]);
  out.append(table(["Tai item", "", "Tai"], rows, { numeric: [1, 2], foot: ["Total", "", String(r.tai)], cls: "tai-table" }));
  if (r.bonus_items && r.bonus_items.length) {
    out.append(el("h3", {}, "Bonuses"));
    out.append(table(["Bonus", "Tai", "Paid by"], r.bonus_items.map((b) => [words(TAI, b.id), String(b.tai),
      (b.payers || []).map(cap).join(", ")]), { numeric: [1], cls: "bonus-table" }));
  }
  out.append(el("h3", {}, "Who pays"));
  out.append(paymentsTable(r.payments));
  if (r.deltas) out.append(deltasTable(r.deltas));
  return out;
}

/** European: the basic points item by item, the doubles, and the points they make. */
export function euroReceipt(r, out) {
  const limit = r.limit ? ` — ${words({}, r.limit)}` : "";
  out.append(el("p", { class: "verdict yes" },
    `${points(r.points)} points: ${r.basic_points} basic points, ${r.doubles} ${r.doubles === 1 ? "double" : "doubles"}${limit}`));
  out.append(table(["Basic points", "Tiles", "Points"], (r.items || []).map((i) => [
    euroItem(i.id) + (i.count > 1 ? ` ×${i.count}` : ""), tilesCell(i.tiles), String(i.points)]),
  { numeric: [2], foot: ["Basic points", "", String(r.basic_points)], cls: "basic-table" }));
  if (r.double_items && r.double_items.length) {
    out.append(table(["Doubles", "Tiles", "×2"], r.double_items.map((d) => [euroItem(d.id), tilesCell(d.tiles),
      String(d.doubles)]), { numeric: [2], foot: ["Doubles", "", String(r.doubles)], cls: "doubles-table" }));
  }
  out.append(el("p", { class: "muted small" },
    `${r.basic_points} basic points × ${2 ** r.doubles} (doubled ${r.doubles} ${r.doubles === 1 ? "time" : "times"}) = `
    + `${points(r.basic_points * 2 ** r.doubles)}, made ${points(r.points)} by the preset's rounding and limit.`));
  out.append(el("h3", {}, "Who pays"));
  out.append(paymentsTable(r.payments));
  if (r.deltas) out.append(deltasTable(r.deltas));
  return out;
}

/** Under a European preset the settle answer values every hand given: one line per seat. */
export function handsValues(hands) {
  const seats = SEATS.filter((s) => hands && s in hands);
  if (!seats.length) return null;
  return el("div", {}, el("h3", {}, "Each hand's value"), table(["Seat", "Basic", "Doubles", "Points"],
    seats.map((s) => [cap(s), String(hands[s].basic_points), String(hands[s].doubles), points(hands[s].points)]),
    { numeric: [1, 2, 3], cls: "hands-values" }));
}

/** Every note of an answer, in the service's own sentence (or the page's when it sends none). */
export function notesEl(r) {
  const notes = (r && r.notes) || [];
  if (!notes.length) return null;
  const details = r.note_details || {};
  return el("div", { class: "notes" }, notes.map((n) => {
    const code = n.code || n;
    const sentence = details[code] || n.detail || NOTES[code] || cap(String(code).replace(/_/g, " ")) + ".";
    return el("p", { class: "note", "data-note": code }, plainSentence(sentence));
  }));
}
