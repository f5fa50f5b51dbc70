// Each answer in words and tiles (never the raw JSON).
import { tileEl, tilesEl, meldEl, parse } from "./tiles.js";
import { YAKU, FU, REASONS, VARIANTS, LIMITS, RESULTS, FIELDS, NOTES, words, points, signed, cap, shown, plainSentence }
  from "./words.js";
import { el, table, taiReceipt, euroReceipt, handsValues, notesEl } from "./family.js";
import { scoreChart } from "./chart.js";

export { renderOptions, controlValue } from "./options.js";   // the options panel lives in options.js

const SEATS = ["east", "south", "west", "north"];

function verdict(yes, text) {
  return el("p", { class: `verdict ${yes ? "yes" : "no"}` }, text);
}

function waitEl(w) {
  return el("span", { class: `wait${w.remaining ? "" : " none"}`, "data-tile": w.tile },
    tileEl(w.tile), `${w.remaining} left`);
}

function waitsEl(waits) {
  return el("div", { class: "waits" }, waits.map(waitEl));
}

function copies(waits) {
  return waits.reduce((n, w) => n + w.remaining, 0);
}

// ---- Ready? ----

export function renderReady(r) {
  const out = el("div", { class: "ready-answer" });
  if (r.discards) {
    const best = r.discards[0];
    out.append(verdict(best && best.shanten <= 0,
      best && best.shanten === 0 ? "Ready after the right discard." : shantenText(r.shanten, true)));
    out.append(el("h3", {}, "What each discard leaves"));
    for (const d of r.discards.slice(0, 8)) {
      out.append(el("div", { class: "discard-line" }, "Discard ", tileEl(d.tile), " → ",
        d.shanten === 0 ? [`ready, ${copies(d.waits)} tiles win: `, waitsEl(d.waits)] : shantenText(d.shanten)));
    }
    if (r.discards.length > 8) out.append(restLine(r.discards.slice(8), best));
    return out;
  }
  if (r.complete || r.shanten < 0) {
    out.append(verdict(true, "The hand is already complete."));
    return out;
  }
  if (!r.ready) {
    out.append(verdict(false, shantenText(r.shanten, true)));
    return out;
  }
  const left = copies(r.waits);
  out.append(verdict(true, `Ready: ${r.waits.length} ${r.waits.length === 1 ? "wait" : "waits"}, ${left} tiles left.`));
  out.append(waitsEl(r.waits));
  if (r.forms && r.forms.length) out.append(el("p", { class: "muted small" }, `Forms: ${r.forms.map((f) => f.replace(/_/g, " ")).join(", ")}.`));
  return out;
}

// ---- Which discard? ----

function helpEl(w) {
  const cls = `wait${w.remaining ? "" : " none"}${w.furiten ? " furiten" : ""}`;
  return el("span", { class: cls, "data-tile": w.tile }, tileEl(w.tile), w.furiten ? `${w.remaining} · furiten` : `${w.remaining} left`);
}

function helpsEl(ukeire) {
  return el("div", { class: "waits" }, ukeire.map(helpEl));
}

function widenEl(improvements) {
  if (!improvements || !improvements.length) return null;
  const best = [...improvements].sort((a, b) => b.then_ukeire_remaining - a.then_ukeire_remaining).slice(0, 4);
  return el("p", { class: "muted small widen" }, "Draws that widen it: ",
    best.map((i) => el("span", { class: "widen-draw", "data-tile": i.tile }, tileEl(i.tile),
      ` then ${i.then_ukeire_remaining} (discard `, tileEl(i.then_discard), ") ")));
}

function leavesText(n) {
  return n === 0 ? "ready" : n < 0 ? "complete" : `${n} from ready`;
}

export function renderEfficiency(r) {
  const out = el("div", { class: "efficiency-answer" });
  if (!r.discards) {
    out.append(verdict(r.shanten <= 0, r.shanten === 0 ? `Ready: ${r.ukeire_remaining} tiles win.` :
      `${shantenText(r.shanten, true)} ${r.ukeire_remaining} tiles bring it closer.`));
    out.append(helpsEl(r.ukeire));
    out.append(widenEl(r.improvements) || "");
    return out;
  }
  const best = r.discards[0];
  out.append(verdict(best.shanten <= 0, r.shanten < 0 ? "The hand is already complete; otherwise:" :
    `Best: discard ${best.tile}, ${leavesText(best.shanten)}, ${best.ukeire_remaining} tiles help.`));
  const rows = r.discards.map((d, i) => [
    el("span", { class: "discard", "data-tile": d.tile, "data-rank": String(i + 1) }, tileEl(d.tile)),
    leavesText(d.shanten),
    el("div", {}, helpsEl(d.ukeire), i === 0 ? widenEl(d.improvements) : null),
    String(d.ukeire_remaining)]);
  out.append(table(["Discard", "Leaves", "Tiles that help", "Left"], rows, { numeric: [3], cls: "efficiency" }));
  return out;
}

function shantenText(n, sentence = false) {
  const text = n === 0 ? "ready" : `${n} ${n === 1 ? "tile" : "tiles"} from ready`;
  return sentence ? `Not ready: ${text}.` : text;
}

/** The discards not shown, in words that say how far each leaves the hand compared with the best. */
function restLine(rest, best) {
  const same = rest.filter((d) => d.shanten === best.shanten).length;
  const worse = rest.length - same;
  const parts = [];
  const n = (k) => `${k} more ${k === 1 ? "discard leaves" : "discards leave"}`;
  if (same) parts.push(`${n(same)} the hand exactly as far from ready (${shantenText(best.shanten)}), with fewer tiles that win or help`);
  if (worse) parts.push(`${same ? `${worse} ${worse === 1 ? "leaves" : "leave"}` : n(worse)} it further from ready`);
  return el("p", { class: "muted small rest" }, parts.join("; ") + ".");
}

// ---- May I win? ----

export function renderFuriten(r) {
  const out = el("div", { class: "furiten-answer" });
  if (!r.ready || !r.waits.length) {
    out.append(verdict(false, "The hand is not ready, so it cannot win on any tile."));
    return out;
  }
  const v = r.verdict;
  const ronOk = r.waits.filter((t) => v.ron[t]);
  const head = ronOk.length === r.waits.length ? "You may win on every wait, by ron or self-draw."
    : ronOk.length ? `Ron only on ${ronOk.join(", ")}; self-draw as shown.` : "Furiten: no ron on any wait.";
  out.append(verdict(ronOk.length === r.waits.length, head));
  out.append(el("p", { class: "muted small" }, `Under these rules: ${words(VARIANTS, v.variant)}.`));
  const rows = r.waits.map((t) => [tileEl(t), yesNo(v.ron[t]), yesNo(v.tsumo[t]),
    (v.reasons[t] || []).map((c) => words(REASONS, c)).join("; ") || "no furiten"]);
  out.append(table(["Wait", "Ron", "Self-draw", "Why"], rows, { cls: "verdict-table" }));
  out.append(el("h3", {}, "Under each sacred-discard variant"));
  const vrows = Object.entries(r.variants).map(([name, s]) => [
    words(VARIANTS, name), s.furiten ? el("span", { class: "no" }, "furiten") : el("span", { class: "yes" }, "free"),
    s.ron_blocked.length ? tilesEl(s.ron_blocked, "inline-tiles") : "–"]);
  out.append(table(["Variant", "Ron", "Blocked"], vrows, { cls: "variants-table" }));
  if (r.temporary && r.temporary.furiten) {
    out.append(el("p", {}, "Temporary furiten (a winning tile passed since the last own discard): ",
      tilesEl(r.temporary.tiles, "inline-tiles")));
  }
  if (r.riichi_furiten && r.riichi_furiten.furiten) {
    out.append(el("p", {}, "Riichi furiten: ", tilesEl(r.riichi_furiten.tiles, "inline-tiles")));
  }
  return out;
}

function yesNo(ok) {
  return el("span", { class: ok ? "yes" : "no" }, ok ? "yes" : "no");
}

// ---- What is it worth? ----

function notAWin(r) {
  return el("div", {}, verdict(false, "Not a win."),
    el("ul", {}, (r.reasons || []).map((c) => el("li", {}, cap(words(REASONS, c)) + "."))));
}

/** The winning hand as it lies: concealed tiles, the winning tile set apart, the called melds. */
function handLine(ctx) {
  if (!ctx || !ctx.hand) return null;
  const win = ctx.win_tile ? tileEl(ctx.win_tile) : null;
  if (win) win.classList.add("win-tile");
  const indicators = (label, tiles) => (tiles && tiles.length
    ? el("div", { class: "indicators muted small" }, label, tilesEl(tiles, "inline-tiles")) : null);
  return el("div", {}, el("div", { class: "hand-line" }, tilesEl(parse(ctx.hand), "inline-tiles"), win,
    (ctx.melds || []).map((m) => meldEl(m, ctx.seat))),
  indicators("Dora indicators ", ctx.dora), indicators("Ura dora indicators ", ctx.ura),
  indicators("Norths set aside (kita) ", Array(ctx.kita || 0).fill("4z")));
}

export function renderScore(r, ctx) {
  if (!r.is_win) return el("div", {}, handLine(ctx), notAWin(r));
  const out = el("div", { class: "receipt" }, handLine(ctx));
  if (r.tai !== undefined && r.tai !== null) return taiReceipt(r, out);
  if (r.basic_points !== undefined && r.fu === undefined) return euroReceipt(r, out);
  const limit = r.limit ? ` — ${words(LIMITS, r.limit)}` : "";
  const value = r.yakuman && r.yakuman.length ? `${r.han} han (yakuman)` : `${r.han} han ${r.fu} fu`;
  out.append(verdict(true, `${points(r.points)} points: ${value}${limit}`));
  if (r.yakuman && r.yakuman.length) {
    out.append(table(["Yakuman", "×"], r.yakuman.map((y) => [words(YAKU, y.id), String(y.multiplier)]), { numeric: [1] }));
  }
  if (r.yaku && r.yaku.length) {
    out.append(table(["Yaku", "Han"], r.yaku.map((y) => [words(YAKU, y.id), String(y.han)]),
      { numeric: [1], foot: ["Total", String(r.han)], cls: "yaku-table" }));
  }
  if (r.fu_breakdown && r.fu_breakdown.length) {
    out.append(table(["Fu", ""], r.fu_breakdown.map((f) => [words(FU, f.reason), String(f.fu)]),
      { numeric: [1], foot: ["Total", String(r.fu)], cls: "fu-table" }));
  }
  out.append(el("p", { class: "muted small" }, `Basic points ${points(r.base_points)}.`));
  out.append(el("h3", {}, "Who pays"));
  const pays = (r.payments || []).map((p) => [cap(p.from), points(p.amount), p.honba_points ? points(p.honba_points) : "–"]);
  out.append(table(["Payer", "Hand", "Honba"], pays, { numeric: [1, 2], cls: "payments-table" }));
  if (r.riichi_sticks_collected) out.append(el("p", {}, `Plus ${points(r.riichi_sticks_collected)} from the riichi sticks.`));
  if (r.deltas) out.append(deltasTable(r.deltas));
  return out;
}

function deltasTable(deltas, scores = null) {
  const seats = SEATS.filter((s) => s in deltas);
  const rows = seats.map((s) => [cap(s), signed(deltas[s]), ...(scores ? [points(scores[s])] : [])]);
  return table(["Seat", "Change", ...(scores ? ["Score"] : [])], rows, { numeric: scores ? [1, 2] : [1], cls: "deltas-table" });
}

// ---- Settle the deal ----

function paymentLine(p) {
  const what = { hand: "for the hand", honba: "for the honba", riichi_sticks: "riichi sticks",
    ready_payment: "ready at the draw", dealer_bonus: "dealer's bonus", continuation_bonus: "continued-deal bonus",
    loser_settlement: "between losers" }[p.reason] || words({}, p.reason);
  const from = p.from === "pool" ? "The table's riichi sticks" : cap(p.from);
  return el("li", {}, `${from} → ${cap(p.to)}: ${points(p.amount)} (${what})`);
}

export function renderSettle(r) {
  const out = el("div", { class: "settle-answer" });
  const moved = Object.values(r.deltas).some((d) => d !== 0);
  out.append(verdict(true, moved ? "Settled." : "No points change hands."));
  out.append(deltasTable(r.deltas, r.scores));
  if (r.payments && r.payments.length) out.append(el("ul", { class: "payments" }, r.payments.map(paymentLine)));
  const values = handsValues(r.hands);
  if (values) out.append(values);
  const n = r.next;
  out.append(el("p", { class: "next" }, `Next deal: ${n.dealer_keeps ? "the dealer keeps the deal" : "the deal passes on"}, `
    + `${n.honba} honba, ${n.riichi_sticks} riichi ${n.riichi_sticks === 1 ? "stick" : "sticks"} on the table.`));
  return out;
}

// ---- Check an announced score ----

/** Each difference on its own lines: the field, what was said against what is computed, and why. */
function differencesEl(diffs, said, key) {
  return el("ul", { class: "differences" }, diffs.map((d) => el("li", {},
    d.hand ? `${d.hand}: ` : "", el("strong", {}, cap(words(FIELDS, d.field))),
    ` ${said} ${shown(d[key])}, computed ${shown(d.computed)}.`,
    d.why ? el("div", { class: "muted small" }, d.why) : null)));
}

export function renderAudit(r, ctx) {
  const out = el("div", { class: "audit-answer" });
  if (!r.audit) {
    out.append(el("p", {}, "Nothing was announced to check: fill in at least one figure."));
    out.append(renderScore(r, ctx));
    return out;
  }
  const a = r.audit;
  out.append(verdict(a.agrees, a.agrees ? "The announced score is right." : "The announced score is not what these rules give."));
  if (a.differences && a.differences.length) {
    out.append(differencesEl(a.differences, "announced", "claimed"));
  }
  if (!a.agrees) {
    if (a.explained_by && a.explained_by.length) {
      out.append(el("h3", {}, "The announcement is right under"));
      out.append(el("ul", { class: "explained" }, a.explained_by.map((e) => el("li", {},
        Object.entries(e.rules).map(([k, v]) => `${k.replace(/_/g, " ")} = ${shown(v)}`).join(", "),
        e.then ? el("span", { class: "muted" }, ` (then ${shown(e.then)})`) : ""))));
    } else {
      out.append(el("p", { class: "muted" }, "No single change of this preset's options explains it."));
    }
  }
  out.append(el("h3", {}, "The receipt"));
  out.append(renderScore(r, ctx));
  return out;
}

// ---- Replay a game ----

function roundName(h) {
  return `${cap(h.round)} ${h.number}` + (h.honba ? `, ${h.honba} honba` : "");
}

function resultText(h, players) {
  const name = (s) => players[s] ?? `seat ${s}`;
  const wins = (h.wins || []).map((w) => {
    const value = w.yakuman && w.yakuman.length ? "yakuman" : w.han !== undefined ? `${w.han} han${w.fu ? ` ${w.fu} fu` : ""}` : "";
    return `${name(w.winner)}${w.from !== undefined && w.from !== null && h.result === "ron" ? ` from ${name(w.from)}` : ""}${value ? ` (${value})` : ""}`;
  });
  return [words(RESULTS, h.result), wins.join(", ")].filter(Boolean).join(": ");
}

/** One block per hand: its round, result and agreement on a line, then each seat's change and score. */
/** A hand's notes in sentences (the answer's own where it has one). */
function handNotes(h, details) {
  const notes = [...(h.notes || []), ...(h.wins || []).flatMap((w) => w.notes || [])];
  if (!notes.length) return null;
  return [...new Set(notes)].map((n) => el("div", { class: "muted small note-line", "data-note": n },
    plainSentence(details[n] || NOTES[n] || cap(String(n).replace(/_/g, " ")) + ".")));
}

function handsTable(hands, players, details = {}) {
  const head = el("tr", {}, players.map((p) => el("th", { class: "num" }, p)));
  const body = hands.flatMap((h) => {
    const agrees = h.agrees === null || h.agrees === undefined ? null : h.agrees;
    const mark = agrees === null ? "" : agrees ? el("span", { class: "yes" }, " ✓ as recorded")
      : el("span", { class: "no" }, " ✗ differs from the record");
    return [
      el("tr", { class: "hand-head" }, el("td", { colspan: String(players.length) },
        el("strong", {}, roundName(h)), " — ", resultText(h, players), mark, handNotes(h, details))),
      el("tr", { class: "hand-seats" }, h.deltas.map((d, i) => el("td", { class: "num" },
        el("span", { class: d > 0 ? "yes" : d < 0 ? "no" : "" }, signed(d)), el("br"),
        el("span", { class: "muted small" }, points(h.scores[i]))))),
    ];
  });
  return el("div", { class: "scroll" }, el("table", { class: "hands-table" }, el("thead", {}, head), el("tbody", {}, body)));
}

export function renderReplay(r) {
  const out = el("div", { class: "replay-answer" });
  const players = r.players || [];
  out.append(verdict(r.agrees !== false, r.agrees === false
    ? "Replayed: some results differ from the record." : `Replayed ${r.hands.length} hands under ${r.preset.replace(/_/g, " ")}.`));
  const shownAt = document.getElementById("answer-replay");
  const chart = scoreChart(r.hands, players, shownAt && shownAt.clientWidth ? shownAt.clientWidth : 640);
  if (chart) out.append(el("h3", {}, "Scores hand by hand"), chart);
  out.append(el("h3", {}, "Hand by hand"));
  out.append(handsTable(r.hands, players, r.note_details || {}));
  const diffs = r.hands.flatMap((h) => (h.differences || []).map((d) => ({ ...d, hand: roundName(h) })));
  if (diffs.length) out.append(differencesEl(diffs, "recorded", "recorded"));
  out.append(el("h3", {}, "Final standings"));
  const finalNotes = notesEl(r.final);
  if (finalNotes) out.append(finalNotes);
  const standings = (r.final.scores || []).slice().sort((a, b) => a.rank - b.rank);
  const seatOf = (s) => (typeof s.seat === "number" ? s.seat : SEATS.indexOf(s.seat));
  const rec = r.recorded_final;
  out.append(table(["#", "Player", "Score", "Points", ...(rec ? ["Recorded"] : [])], standings.map((s) => {
    const seat = players.indexOf(s.player) >= 0 ? players.indexOf(s.player) : seatOf(s);
    return [String(s.rank), s.player ?? `seat ${seat}`, points(s.points), signed(s.final),
      ...(rec ? [`${points(rec.scores[seat])} / ${signed(rec.points[seat])}`] : [])];
  }), { numeric: [2, 3], cls: "final-table" }));
  if (rec) {
    out.append(el("p", { class: r.agrees ? "yes" : "no" }, r.agrees ? "The record's final standings agree."
      : "The record's final standings differ."));
  }
  return out;
}
