// What the chosen preset changes on the page: players (three: no north, no 2m-8m, kita), hand size (16 under
// Taiwanese rules), the scoring family (flowers and seasons, the losers' hands) and the starting score.
import { get } from "./api.js";
import { parse } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const SEATS = ["east", "south", "west", "north"];
const cache = {};

export const profile = { name: "japanese_modern", players: 4, handSize: 13, family: "japanese", bonus: false,
  start: 25000, removed: [] };

/** The preset's options that shape the page (GET /v1/presets/{name}, asked once per preset). */
export async function loadProfile(name) {
  if (!cache[name]) {
    const { status, data } = await get(`/v1/presets/${encodeURIComponent(name)}`);
    const v = {};
    if (status === 200) for (const o of data.options) v[o.name] = o.value;
    cache[name] = { name, players: v.players || 4, handSize: v.hand_size || 13, family: v.scoring_family || "japanese",
      bonus: Boolean(v.bonus_tiles), start: v.start_points ?? v.game_start_points ?? 25000,
      removed: parse(v.removed_tiles || ""), redFives: v.red_fives || [0, 0, 0] };
  }
  Object.assign(profile, cache[name]);
  return profile;
}

export function seats() {
  return SEATS.slice(0, profile.players);
}

/** Flowers and seasons ticked (numbers 1-4), when the rules play them. */
export function bonusTiles() {
  if (!profile.bonus) return {};
  const ticked = (id) => [...$(id).querySelectorAll("input:checked")].map((b) => Number(b.value));
  return { flowers: ticked("flowers"), seasons: ticked("seasons") };
}

/** Hide what the rules do not have, keep every choice valid, and word the panels for the hand size. */
export function applyProfile() {
  const three = profile.players === 3;
  for (const id of ["seat-wind", "discarder", "meld-from", "settle-offender"]) {
    const select = $(id);
    const north = select.querySelector("option[value=north]");
    north.hidden = three;
    north.disabled = three;
    if (three && select.value === "north") select.value = id === "meld-from" ? "" : "west";
  }
  for (const box of document.querySelectorAll("[data-seat=north]")) box.hidden = three;
  for (const input of document.querySelectorAll("[data-seat=north] input[type=checkbox]")) if (three) input.checked = false;
  $("kita-box").hidden = !three;
  for (const opt of $("settle-reason").options) {
    const ok = !three || ["kyuushu_kyuuhai", "suukaikan"].includes(opt.value);
    opt.hidden = !ok;
    opt.disabled = !ok;
  }
  if ($("settle-reason").selectedOptions[0].disabled) $("settle-reason").value = "kyuushu_kyuuhai";
  const gone = new Set(profile.removed);
  const redGone = new Set(["m", "p", "s"].filter((s, i) => gone.has(`5${s}`) || profile.redFives[i] === 0 && three));
  for (const b of $("picker").querySelectorAll("button.tile")) {
    const t = b.dataset.tile;
    b.hidden = gone.has(t) || (t[0] === "0" && redGone.has(t[1]));
  }
  for (const s of SEATS) {
    const input = $(`score-${s}`);
    if (input.dataset.edited !== "true") input.value = String(profile.start);
  }
  $("bonus-box").hidden = !profile.bonus;
  $("losers").hidden = profile.family !== "european";
  $("meld-kind").querySelector("option[value=chi]").disabled = three;
  if (three && $("meld-kind").value === "chi") $("meld-kind").value = "pon";
  const n = profile.handSize;
  const word = { 13: "Thirteen", 16: "Sixteen" }[n] || String(n);
  const next = { 13: "Fourteen", 16: "Seventeen" }[n] || String(n + 1);
  $("ready-about").textContent = `${word} tiles (less three a called meld): the waits and the copies still unseen `
    + `(dora indicators and river count as seen). ${next} tiles: what each discard leaves.`;
  if ($("efficiency-about")) {
    $("efficiency-about").textContent = `${next} tiles (less three a called meld): each discard, best first, with how `
      + "far it leaves the hand from ready and the tiles that bring it closer (copies still unseen). "
      + `${word} tiles: the same for the hand as it stands. A wait already in your river is marked furiten.`;
  }
  $("furiten-about").textContent = `The hand (${n} tiles less three a called meld), the river and the passed tiles `
    + "above: may it win on each wait, by ron and by self-draw, under each sacred-discard (furiten) variant?";
  $("hand-label").firstChild.textContent = `Concealed tiles (${n} or ${n + 1} with the winning tile; notation, e.g. 123m406p789s11z)`;
  // Taiwanese rules count the dealer's continued deals with the same counter (a bonus tai each)
  $("honba-label").firstChild.textContent = profile.family === "taiwanese" ? "Continued deals (honba)" : "Honba";
  document.body.dataset.players = String(profile.players);
  document.body.dataset.family = profile.family;
  document.body.dataset.hand = String(profile.handSize);
}

/** European presets: the losers' hands typed in the settle panel (concealed tiles, each at its own seat; the
winner's own box, if filled, is not a loser's hand). */
export function loserHands(outcome, roundWind, winner) {
  if (profile.family !== "european" || !["ron", "tsumo"].includes(outcome.kind)) return null;
  const out = {};
  for (const seat of seats().filter((s) => s !== winner)) {
    const input = $(`loser-${seat}`);
    if (input && !input.closest("[hidden]") && input.value.trim()) {
      out[seat] = { hand: input.value.trim(), melds: [], seat_wind: seat, round_wind: roundWind };
    }
  }
  return Object.keys(out).length ? out : null;
}
