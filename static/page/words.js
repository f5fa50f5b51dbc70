// The API's codes in words. A code without an entry is shown with its underscores as spaces.

export const YAKU = {
  menzen_tsumo: "Menzen tsumo (closed self-draw)", riichi: "Riichi", double_riichi: "Double riichi",
  ippatsu: "Ippatsu (within one go-around)", chankan: "Chankan (robbing a kan)",
  rinshan_kaihou: "Rinshan kaihou (win after a kan)", haitei: "Haitei (last tile)", houtei: "Houtei (last discard)",
  pinfu: "Pinfu (all chows, no fu)", tanyao: "Tanyao (all simples)", iipeikou: "Iipeikou (two identical chows)",
  haku: "White dragon pung", hatsu: "Green dragon pung", chun: "Red dragon pung",
  seat_wind: "Seat wind pung", round_wind: "Round wind pung", chiitoitsu: "Chiitoitsu (seven pairs)",
  chanta: "Chanta (terminal or honour in each set)", ittsu: "Ittsu (straight 1-9)",
  sanshoku_doujun: "Sanshoku (same chow in three suits)", sanshoku_doukou: "Sanshoku doukou (same pung in three suits)",
  sankantsu: "Sankantsu (three kans)", toitoi: "Toitoi (all pungs)", sanankou: "Sanankou (three concealed pungs)",
  shousangen: "Shousangen (little three dragons)", honroutou: "Honroutou (terminals and honours)",
  ryanpeikou: "Ryanpeikou (two double chows)", junchan: "Junchan (terminal in each set)",
  honitsu: "Honitsu (half flush)", chinitsu: "Chinitsu (full flush)", renhou: "Renhou (win before first draw)",
  dora: "Dora", aka_dora: "Red fives", ura_dora: "Ura dora", kita: "North set aside (kita)",
  kokushi_musou: "Kokushi musou (thirteen orphans)", kokushi_musou_13: "Kokushi musou, 13-sided wait",
  suuankou: "Suuankou (four concealed pungs)", suuankou_tanki: "Suuankou on the pair wait",
  daisangen: "Daisangen (big three dragons)", shousuushii: "Shousuushii (little four winds)",
  daisuushii: "Daisuushii (big four winds)", tsuuiisou: "Tsuuiisou (all honours)",
  chinroutou: "Chinroutou (all terminals)", ryuuiisou: "Ryuuiisou (all green)",
  chuuren_poutou: "Chuuren poutou (nine gates)", junsei_chuuren_poutou: "Pure nine gates",
  suukantsu: "Suukantsu (four kans)", tenhou: "Tenhou (dealer's first draw)",
  chiihou: "Chiihou (first self-draw)", renhou_yakuman: "Renhou (yakuman)",
};

export const FU = {
  base: "Base (futei)", menzen_ron: "Closed ron", tsumo: "Self-draw", chiitoitsu: "Seven pairs (fixed)",
  open_minimum: "Open hand minimum", pair_dragon: "Dragon pair", pair_seat_wind: "Seat wind pair",
  pair_round_wind: "Round wind pair", pair_double_wind: "Double wind pair", rounding: "Rounded up to 10",
  wait_kanchan: "Closed wait (kanchan)", wait_penchan: "Edge wait (penchan)", wait_tanki: "Pair wait (tanki)",
  open_pung_simple: "Open pung, simples", open_pung_terminal_honour: "Open pung, terminals/honours",
  closed_pung_simple: "Concealed pung, simples", closed_pung_terminal_honour: "Concealed pung, terminals/honours",
  open_kan_simple: "Open kan, simples", open_kan_terminal_honour: "Open kan, terminals/honours",
  closed_kan_simple: "Concealed kan, simples", closed_kan_terminal_honour: "Concealed kan, terminals/honours",
};

export const REASONS = {
  sacred_discard: "sacred discard: the own river bars it",
  missed_discard: "a winning tile passed since the own last discard (temporary furiten)",
  riichi_furiten: "a winning tile passed after the riichi (furiten for the rest of the hand)",
  dead_hand: "the hand is dead",
  not_complete: "the tiles do not make a complete hand",
  no_yaku: "the hand has no yaku",
  below_minimum_han: "fewer han than the rules' minimum",
  below_minimum_score: "below the rules' minimum score",
  furiten: "furiten: the win by ron is refused",
  not_ready: "the hand is not ready",
};

export const VARIANTS = {
  traditional: "Traditional (no ron on the own last discard)",
  extended: "Extended (nor on any own discard of this deal)",
  one_four_seven: "1-4-7 (nor on a tile whose every reading an own discard completes)",
  absolute: "Absolute (a wait in the own river bars every ron)",
};

export const LIMITS = {
  mangan: "mangan", haneman: "haneman", baiman: "baiman", sanbaiman: "sanbaiman",
  yakuman: "yakuman", kazoe_yakuman: "counted yakuman (kazoe)",
};

export const RESULTS = {
  ron: "ron", tsumo: "self-draw", exhaustive_draw: "draw (wall empty)", abortive_draw: "abortive draw",
  nagashi_mangan: "nagashi mangan", chombo: "chombo (foul)",
};

export const FIELDS = {
  han: "han", fu: "fu", points: "points", yaku: "yaku", limit: "limit", deltas: "point changes",
};

export function words(map, code) {
  return map[code] || String(code).replace(/_/g, " ");
}

export function points(n) {
  return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US");
}

export function signed(n) {
  return n > 0 ? "+" + points(n) : points(n);
}

export function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A JSON value in a sentence (a claimed or computed figure, an option value). */
export function shown(value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.map(shown).join(", ") || "none";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${shown(v)}`).join(", ");
  if (typeof value === "number") return points(value);
  return String(value).replace(/_/g, " ");
}

// Taiwanese tai items and bonuses (ids of the taiwanese_16 table).
export const TAI = {
  flower: "Flower or season of the own seat", no_flowers: "No flowers or seasons", all_flowers: "All eight flowers",
  seven_flowers_robbing: "Seven flowers robbing the eighth", honour_pung: "Pung of dragons or own/round wind",
  melded_kong: "Melded kong", concealed_kong: "Concealed kong", pure_straight: "Pure straight 1-9",
  pure_straight_self_drawn: "Pure straight, self-drawn", two_concealed_pungs: "Two concealed pungs",
  three_concealed_pungs: "Three concealed pungs", four_concealed_pungs: "Four concealed pungs",
  five_concealed_pungs: "Five concealed pungs", little_three_dragons: "Little three dragons",
  little_three_winds: "Little three winds", big_three_winds: "Big three winds", exposed_hand: "Fully exposed hand",
  self_draw: "Self-draw", concealed_hand: "Concealed hand", single_wait: "Single wait", closed_wait: "Closed wait",
  robbing_kong: "Robbing a kong", last_tile: "Last tile of the wall", last_discard: "Last discard",
  kong_replacement: "Win on a kong replacement", no_honours: "No honours", all_chows: "All chows",
  all_pungs: "All pungs", half_flush: "Half flush", full_flush: "Full flush", all_honours: "All honours",
  big_three_dragons: "Big three dragons", little_four_winds: "Little four winds", big_four_winds: "Big four winds",
  dealer_bonus: "Dealer's bonus", continuation_bonus: "Continued-deal bonus",
};

// European basic-point items and doubles (ids of the european_classical / french / italian tables).
export const EURO = {
  winning: "Going out", self_drawn: "Self-drawn", out_on_pair: "Out on the pair", one_chance: "Only possible tile",
  fully_exposed: "Fully exposed hand", flowers: "Flowers", seasons: "Seasons", pair_dragons: "Dragon pair",
  pair_seat_wind: "Own wind pair", pair_round_wind: "Round wind pair", dragon_pung: "Dragon pung",
  seat_wind_pung: "Own wind pung", round_wind_pung: "Round wind pung", little_three_dragons: "Little three dragons",
  all_pungs: "All pungs", one_suit_honours: "One suit with honours", one_suit: "One suit only",
  three_orphan_pungs: "Three pungs of terminals or honours", four_orphan_pungs: "Four pungs of terminals or honours",
  three_same_number: "Three pungs of one number", ready_declaration: "Ready declaration",
  failed_declaration: "Failed ready declaration",
};

/** A European set item in words: melded_pung_dragons -> "Melded pung of dragons". */
export function euroItem(id) {
  if (EURO[id]) return EURO[id];
  const m = /^(melded|concealed)_(pung|kong)_(\w+)$/.exec(id);
  return m ? `${cap(m[1])} ${m[2]} of ${m[3]}` : cap(String(id).replace(/_/g, " "));
}

// Notes an answer may carry without a sentence of its own.
export const NOTES = {
  loser_hands_not_given: "The losers' hands were not given, so they did not settle among themselves: enter them "
    + "below to settle loser against loser.",
  ura_dora_unknown: "The log shows no ura dora indicators for this riichi win, so it cannot be valued exactly: "
    + "its recorded result was settled as recorded.",
};

// The names the service's sentences use for fields, as this page labels them.
export const LABELS = {
  hand: "concealed tiles", melds: "called melds", win_tile: "winning tile", win_by: "won by",
  discarder: "discarder", seat_wind: "seat wind", round_wind: "round wind", dora_indicators: "dora indicators",
  ura_dora_indicators: "ura dora indicators", riichi_sticks: "riichi sticks", honba: "honba", scores: "scores",
  discards: "own river", missed: "passed tiles", missed_after_riichi: "tiles passed since the riichi",
  flowers: "flowers", seasons: "seasons", kita: "kita (norths set aside)", hands: "losers' hands",
  outcome: "what happened", record: "game record", visible: "seen tiles", claim: "announced score",
};

/** A service sentence for people: `field_names` in backticks become the page's own words. */
export function plainSentence(text) {
  return String(text || "").replace(/`([^`]*)`/g, (_, name) => LABELS[name] || name.replace(/_/g, " "));
}
