// The page: the hand entered by tapping tiles or typing notation (kept in sync), and the questions.
import { parse, format, plain, tileEl, meldEl, notationProblem, SUITS } from "./tiles.js";
import { post, get, clearErrors, showProblem } from "./api.js";
import { renderReady, renderEfficiency, renderFuriten, renderScore, renderSettle, renderAudit, renderReplay, renderOptions, controlValue }
  from "./answers.js";
import { notesEl } from "./family.js";
import { recordBody } from "./records.js";
import { profile, applyProfile, loadProfile, seats, bonusTiles, loserHands } from "./profile.js";

const $ = (id) => document.getElementById(id);
const SEATS = ["east", "south", "west", "north"];
const ASKED_AT_ONCE = ["ready", "efficiency", "furiten", "score"];   // the bar asks these; the others need a form

// Tile fields: input id, display id, whether the order is the player's (a river) rather than sorted.
const FIELDS = {
  hand: { input: "hand", view: "hand-tiles", keepOrder: false },
  win_tile: { input: "win-tile", view: "win_tile-tiles", single: true },
  dora: { input: "dora", view: "dora-tiles", keepOrder: true },
  ura: { input: "ura", view: "ura-tiles", keepOrder: true },
  river: { input: "river", view: "river-tiles", keepOrder: true },
  missed: { input: "missed", view: "missed-tiles", keepOrder: true },
  missed_riichi: { input: "missed-riichi", view: "missed_riichi-tiles", keepOrder: true },
  meld: { input: "meld-tiles", view: "meld-tiles-view", keepOrder: false },
};

const melds = [];

function tilesOf(name) {
  return parse($(FIELDS[name].input).value);
}

function setTiles(name, tiles) {
  const f = FIELDS[name];
  $(f.input).value = format(tiles, f.keepOrder);
  renderField(name);
}

/** Draw a field's tiles from its notation; each drawn tile taps away. */
function renderField(name) {
  const f = FIELDS[name];
  const box = $(f.view);
  const tiles = tilesOf(name);
  updatePicker();
  if (box.dataset.shown === tiles.join() && box.children.length === tiles.length) return;   // a tap may be under way
  box.dataset.shown = tiles.join();
  box.replaceChildren(...tiles.map((t, i) => {
    const el = tileEl(t, { button: true });
    el.dataset.index = i;
    el.setAttribute("aria-label", `take away ${t}`);
    return el;
  }));
  updatePicker();
}

// A target inside a closed section opens it, so what is tapped is seen.
const SECTION = { meld: "meld-box", dora: "table-box", ura: "table-box", river: "table-box", missed: "table-box",
  missed_riichi: "table-box" };

function targetChanged() {
  const box = SECTION[target()];
  if (box) $(box).open = true;
}

function target() {
  return document.querySelector("input[name=target]:checked").value;
}

function setTarget(name) {
  document.querySelector(`input[name=target][value=${name}]`).checked = true;
}

/** How many tiles a field holds when full (the hand: the rules' hand plus the winning tile). */
function capacity(name) {
  if (name === "hand") return profile.handSize + 1 - 3 * melds.length;
  if (name === "win_tile") return 1;
  if (name === "meld") return $("meld-kind").value.endsWith("kan") ? 4 : 3;
  if (name === "dora" || name === "ura") return 5;
  return Infinity;
}

function tap(tile) {
  const name = target();
  if (FIELDS[name].single) setTiles(name, [tile]);
  else if (tilesOf(name).length < capacity(name)) setTiles(name, [...tilesOf(name), tile]);
  // a full field hands the taps back to the hand (the hand itself stays the target)
  if (name !== "hand" && tilesOf(name).length >= capacity(name)) setTarget("hand");
}

/** Every tile on the page, melds included: a kind with four copies in use cannot be tapped again. */
function inUse() {
  const all = Object.keys(FIELDS).flatMap(tilesOf).concat(melds.flatMap((m) => parse(m.tiles)));
  const counts = {};
  for (const t of all) counts[plain(t)] = (counts[plain(t)] || 0) + 1;
  return counts;
}

function updatePicker() {
  const counts = inUse();
  for (const b of $("picker").querySelectorAll("button.tile")) {
    b.disabled = (counts[plain(b.dataset.tile)] || 0) >= 4;
  }
}

function buildPicker() {
  const picker = $("picker");
  for (const suit of SUITS) {
    const numbers = suit === "z" ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    for (const n of numbers) picker.append(tileEl(`${n}${suit}`, { button: true }));
  }
  picker.addEventListener("click", (e) => {
    const b = e.target.closest("button.tile");
    if (b && !b.disabled) tap(b.dataset.tile);
  });
}

function wireFields() {
  for (const [name, f] of Object.entries(FIELDS)) {
    $(f.input).addEventListener("input", () => renderField(name));
    $(f.input).addEventListener("change", () => {
      // tidy the notation once the person is done typing (only notation as the service reads it: a text it would
      // refuse, 123M say, is left as typed, and asking says why)
      const tiles = tilesOf(name);
      if (tiles.length && !notationProblem($(f.input).value)) setTiles(name, f.single ? tiles.slice(-1) : tiles);
      else renderField(name);
    });
    $(f.view).addEventListener("click", (e) => {
      const b = e.target.closest("button.tile");
      if (!b) return;
      const tiles = tilesOf(name);
      tiles.splice(Number(b.dataset.index), 1);
      setTiles(name, tiles);
    });
    renderField(name);
  }
}

// ---- melds ----

function renderMelds() {
  const seat = $("seat-wind").value;
  $("melds").replaceChildren(...melds.map((m, i) => {
    const el = meldEl(m, seat);
    el.dataset.index = i;
    const rm = document.createElement("button");
    rm.type = "button";
    rm.className = "remove";
    rm.textContent = "✕";
    rm.setAttribute("aria-label", `remove meld ${m.tiles}`);
    rm.addEventListener("click", () => { melds.splice(i, 1); renderMelds(); });
    el.append(rm);
    return el;
  }));
  updatePicker();
}

function addMeld() {
  const tiles = tilesOf("meld");
  const kind = $("meld-kind").value;
  const err = $("err-melds");
  if (tiles.length < 3) {
    err.hidden = false;
    err.textContent = "A meld has 3 tiles (4 for a kan): tap them with \"meld\" chosen above, or type them.";
    return;
  }
  err.hidden = true;
  const meld = { kind, tiles: format(tiles) };
  if (kind !== "closed_kan") {
    const called = parse($("meld-called").value)[0] || tiles[0];
    const left = SEATS[(SEATS.indexOf($("seat-wind").value) + 3) % 4];
    meld.called = called;
    meld.from = $("meld-from").value || left;
  }
  melds.push(meld);
  $("meld-tiles").value = "";
  $("meld-called").value = "";
  renderField("meld");
  renderMelds();
}

// ---- request bodies ----

/** The preset, and each option the person changed from its value under that preset. */
function rules() {
  const out = { preset: $("preset").value || "japanese_modern" };
  for (const c of $("options-list").querySelectorAll(".override")) {
    const value = controlValue(c);
    if (JSON.stringify(value) !== c.dataset.initial) out[c.dataset.option] = value;
  }
  return out;
}

function river() {
  return tilesOf("river").map((tile) => ({ tile, called: false, riichi: false }));
}

function visible() {
  return format([...tilesOf("dora"), ...tilesOf("river"), ...tilesOf("missed"), ...tilesOf("missed_riichi")]);
}

function flags() {
  const out = {};
  for (const box of $("flags").querySelectorAll("input[type=checkbox]")) out[box.value] = box.checked;
  return out;
}

function count(id) {
  const n = Number($(id).value || 0);
  return Number.isFinite(n) ? n : $(id).value;
}

/** The concealed tiles without the winning tile: a hand entered with it (14 - 3 per meld) loses one copy. */
function concealedForWin() {
  const hand = tilesOf("hand");
  const win = tilesOf("win_tile")[0];
  const full = profile.handSize + 1 - 3 * melds.length;
  if (win && hand.length === full) {
    const at = hand.indexOf(win);
    if (at >= 0) hand.splice(at, 1);
  }
  return format(hand);
}

/** The /v1/score fields of the win entered (without rules, counters or the discarder). */
function win() {
  const body = {
    hand: concealedForWin(), melds: melds.slice(), win_tile: format(tilesOf("win_tile")),
    seat_wind: $("seat-wind").value, round_wind: $("round-wind").value, riichi: $("riichi").value,
    dora_indicators: $("dora").value.trim(), ura_dora_indicators: $("ura").value.trim(), ...flags(),
    ...bonusTiles(),
  };
  if (profile.players === 3) body.kita = count("kita");
  if (tilesOf("river").length || tilesOf("missed").length || tilesOf("missed_riichi").length) {
    body.history = { discards: river(), missed: tilesOf("missed"), missed_after_riichi: tilesOf("missed_riichi") };
  }
  return body;
}

function scoreBody() {
  const body = { ...win(), win_by: $("win-by").value, honba: count("honba"), riichi_sticks: count("sticks"),
    rules: rules() };
  if (body.win_by === "ron") body.discarder = $("discarder").value;
  return body;
}

function settleBody() {
  const scores = Object.fromEntries(seats().map((s) => [s, count(`score-${s}`)]));
  const kind = $("settle-kind").value;
  let outcome;
  if (kind === "win") {
    const w = win();
    outcome = { kind: $("win-by").value, wins: [w] };
    if (outcome.kind === "ron") outcome.discarder = $("discarder").value;
  } else if (kind === "exhaustive_draw") {
    outcome = { kind, ready: [...$("settle-ready").querySelectorAll("input:checked")].map((b) => b.value) };
  } else if (kind === "abortive_draw") {
    outcome = { kind, reason: $("settle-reason").value };
  } else {
    outcome = { kind, offender: $("settle-offender").value };
  }
  const body = { scores, honba: count("honba"), riichi_sticks: count("sticks"), outcome, rules: rules() };
  const hands = loserHands(outcome, $("round-wind").value, $("seat-wind").value);
  if (hands) body.hands = hands;
  return body;
}


function claim() {
  const out = {};
  for (const key of ["points", "han", "fu"]) {
    const v = $(`claim-${key}`).value.trim();
    if (v !== "") out[key] = Number(v);
  }
  const limit = $("claim-limit").value;
  if (limit) out.limit = limit === "none" ? null : limit;
  const yaku = $("claim-yaku").value.split(/[\s,]+/).filter(Boolean);
  if (yaku.length) out.yaku = yaku;
  return out;
}


// ---- questions ----

const QUESTIONS = {
  ready: () => post("/v1/ready", { hand: $("hand").value.trim(), melds, visible: visible(), rules: rules() }),
  efficiency: () => post("/v1/efficiency", { hand: $("hand").value.trim(), melds, visible: visible(),
    discards: river(), rules: rules() }),
  furiten: () => post("/v1/furiten", { hand: $("hand").value.trim(), melds, discards: river(),
    missed: tilesOf("missed"), missed_after_riichi: tilesOf("missed_riichi"), riichi: $("riichi").value,
    rules: rules() }),
  score: () => post("/v1/score", scoreBody()),
  settle: () => post("/v1/settle", settleBody()),
  audit: () => post("/v1/score", { ...scoreBody(), claim: claim() }),
  replay: () => {
    const body = recordBody($("record").value);
    if (!body) return { status: 422, data: { detail: "Not a record.", errors: [{ pointer: "#/record/data",
      code: "unreadable", detail: "Paste or choose a Tenhou log (XML, or tenhou.net/6 JSON), a Mahjong Soul record, "
        + "an mjai log (one JSON event a line) or a table record." }] } };
    // a log that names no rules (mjai, a table record) is read under the preset chosen above
    const own = body.record && ["mjai", "outcomes"].includes(body.record.format);
    if (own && !body.rules) body.rules = rules();
    $("record-format").textContent = `Read as: ${(body.record && body.record.format) || "a request body, sent as it is"}`
      + (own ? `, under ${body.rules.preset.replace(/_/g, " ")} (the record names no rules).` : ".");
    return post("/v1/games", body);
  },
};

const RENDER = { ready: renderReady, efficiency: renderEfficiency, furiten: renderFuriten, score: renderScore, settle: renderSettle,
  audit: renderAudit, replay: renderReplay };

/** The tile fields whose text is no notation, as the problem answer the service would give for them. */
function notationProblems() {
  const errors = Object.values(FIELDS).map((f) => $(f.input)).filter((el) => el && notationProblem(el.value))
    .map((el) => ({ pointer: el.dataset.pointer || "", code: "invalid_tile", detail: notationProblem(el.value) }));
  return errors.length ? { detail: `${errors.length} field${errors.length > 1 ? "s are" : " is"} not tile notation.`,
    errors } : null;
}

async function ask(q) {
  const out = $(`answer-${q}`);
  out.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "Asking…" }));
  const unread = q === "replay" ? null : notationProblems();
  const { status, data } = unread ? { status: 422, data: unread } : await QUESTIONS[q]();
  if (status === 200) {
    clearErrors();
    const ctx = { seat: $("seat-wind").value, hand: concealedForWin(), melds, win_tile: tilesOf("win_tile")[0],
      dora: tilesOf("dora"), ura: tilesOf("ura"), kita: profile.players === 3 ? Math.max(0, Math.min(4, count("kita") | 0)) : 0 };
    out.replaceChildren(RENDER[q](data, ctx));
    const notes = notesEl(data);
    if (notes) out.prepend(notes);
  } else {
    showProblem(data, out);
  }
  out.dataset.state = status === 200 ? "answered" : "refused";
  setTarget("hand");
  if (status === 200 || !document.querySelector("[aria-invalid=true]")) inView(out.closest(".panel"));
}

/** Scroll the asked question's panel (its answer under it) into view when it is not already on screen. */
function inView(panel) {
  const box = panel.getBoundingClientRect();
  const bar = getComputedStyle($("qbar")).display === "none" ? 0 : $("qbar").getBoundingClientRect().height;
  if (box.top < 0 || box.top > window.innerHeight - bar - 80) panel.scrollIntoView({ block: "start" });
}

/** The bar at the foot of a phone's screen: a tap opens that question and asks it when nothing more is needed. */
function barAsk(q) {
  showTab(q);
  if (ASKED_AT_ONCE.includes(q) && $(`ask-${q}`)) ask(q);
  else $(`q-${q}`).scrollIntoView({ block: "start" });
}

function showTab(q) {
  for (const b of document.querySelectorAll(".tabs button")) b.setAttribute("aria-selected", String(b.dataset.q === q));
  for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== `q-${q}`;
}

// ---- rules ----

const presetInfo = {};

async function loadPresets() {
  const { status, data } = await get("/v1/presets");
  if (status !== 200) return;
  const select = $("preset");
  for (const p of data.presets) {
    presetInfo[p.name] = p;
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = p.name.replace(/_/g, " ");
    select.append(o);
  }
  select.value = "japanese_modern";
  describePreset();
}

function describePreset() {
  const p = presetInfo[$("preset").value];
  loadProfile($("preset").value).then(() => { applyProfile(); renderField("hand"); });
  $("preset-about").textContent = p ? `${p.description} Source: ${p.source}.` : "";
  $("options-list").dataset.preset = "";
  $("options-list").replaceChildren();   // a changed option belongs to the preset it was changed under
  if ($("options").open) loadOptions();
}

async function loadOptions() {
  const name = $("preset").value;
  const list = $("options-list");
  if (list.dataset.preset === name) return;
  list.dataset.preset = name;
  const { status, data } = await get(`/v1/presets/${encodeURIComponent(name)}`);
  if (status === 200) list.replaceChildren(renderOptions(data));
}

// ---- settle form ----

function settleKindChanged() {
  const kind = $("settle-kind").value;
  $("settle-ready").hidden = kind !== "exhaustive_draw";
  $("settle-reason-box").hidden = kind !== "abortive_draw";
  $("settle-offender-box").hidden = kind !== "chombo";
}

async function readFile() {
  const file = $("record-file").files[0];
  if (file) $("record").value = await file.text();
  $("record-format").textContent = "";
}

/** A new deal: every tile field, the melds and the answers emptied (the rules and winds stay). */
function clearAll() {
  for (const name of Object.keys(FIELDS)) setTiles(name, []);
  melds.splice(0, melds.length);
  renderMelds();
  setTarget("hand");
  for (const box of document.querySelectorAll("#flags input, #bonus-box input, #settle-ready input")) box.checked = false;
  for (const id of ["honba", "sticks", "kita"]) $(id).value = "0";
  for (const input of document.querySelectorAll("#q-audit input, #losers input")) input.value = "";
  $("claim-limit").value = "";
  $("riichi").value = "none";
  $("win-by").value = "ron";
  $("settle-kind").value = "win";
  settleKindChanged();
  clearErrors();
  for (const out of document.querySelectorAll(".answer")) {
    out.replaceChildren();
    delete out.dataset.state;
  }
}

function start() {
  buildPicker();
  wireFields();
  $("meld-add").addEventListener("click", addMeld);
  $("clear").addEventListener("click", clearAll);
  $("targets").addEventListener("change", targetChanged);
  $("seat-wind").addEventListener("change", renderMelds);
  $("preset").addEventListener("change", describePreset);
  $("options").addEventListener("toggle", () => { if ($("options").open) loadOptions(); });
  $("settle-kind").addEventListener("change", settleKindChanged);
  $("record-file").addEventListener("change", readFile);
  // text typed or pasted over a chosen file: the file's name no longer describes the record
  $("record").addEventListener("input", () => { $("record-file").value = ""; $("record-format").textContent = ""; });
  $("meld-kind").addEventListener("change", () => { if (tilesOf("meld").length >= capacity("meld")) setTarget("hand"); });
  for (const b of $("qbar").querySelectorAll("button")) {
    b.hidden = !$(`q-${b.dataset.q}`);
    b.addEventListener("click", () => barAsk(b.dataset.q));
  }
  for (const s of SEATS) $(`score-${s}`).addEventListener("input", () => { $(`score-${s}`).dataset.edited = "true"; });
  for (const b of document.querySelectorAll(".tabs button")) b.addEventListener("click", () => showTab(b.dataset.q));
  for (const q of Object.keys(QUESTIONS)) $(`ask-${q}`).addEventListener("click", () => ask(q));
  loadPresets();
  document.body.dataset.ready = "true";
}

start();
