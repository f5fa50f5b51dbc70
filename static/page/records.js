// A game record as pasted or chosen as a file, sent to POST /v1/games as {"record": {"format", "data"}}.
//   XML (<mjloggm ...>)                         -> tenhou.mjlog
//   JSON with "log"                             -> tenhou.6
//   JSON with "head" (Mahjong Soul's export)    -> mahjong_soul
//   JSON lines, or an array, of mjai events
//   opening with {"type": "start_game"}         -> mjai
//   JSON with "record"                          -> a whole request body, sent as it is
//   any other JSON                              -> outcomes (a table record: players and hands)

function mjaiEvents(text) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length < 2) return null;
  try {
    const events = lines.map((l) => JSON.parse(l));
    return events.every((e) => e && typeof e.type === "string") ? events : null;
  } catch (err) {
    return null;
  }
}

function isMjai(events) {
  return Array.isArray(events) && events.length > 0 && events.every((e) => e && typeof e === "object")
    && events.some((e) => e.type === "start_game");
}

/** The /v1/games body for a record's text, or null when it is neither XML nor JSON. */
export function recordBody(text) {
  const t = (text || "").trim();
  if (!t) return null;
  if (t.startsWith("<")) return { record: { format: "tenhou.mjlog", data: t } };
  let data;
  try {
    data = JSON.parse(t);
  } catch (err) {
    const events = mjaiEvents(t);
    return isMjai(events) ? { record: { format: "mjai", data: events } } : null;
  }
  if (isMjai(data)) return { record: { format: "mjai", data } };
  if (data && typeof data === "object" && !Array.isArray(data)) {
    if (data.record) return data;
    if (Array.isArray(data.log)) return { record: { format: "tenhou.6", data } };
    if (data.head) return { record: { format: "mahjong_soul", data } };
  }
  return { record: { format: "outcomes", data } };
}
