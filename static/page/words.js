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
