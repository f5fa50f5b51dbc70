// Calls to this service, and its problem answers shown next to the fields they name.
import { plainSentence } from "./words.js";

/** POST a JSON body; resolves to {status, data} (data: the parsed JSON answer, or null). */
export async function post(path, body) {
  return send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

export async function get(path) {
  return send(path, { method: "GET" });
}

async function send(path, init) {
  let resp;
  try {
    resp = await fetch(path, init);
  } catch (err) {
    return { status: 0, data: { detail: "The service did not answer. Is it still running?" } };
  }
  let data = null;
  try {
    data = await resp.json();
  } catch (err) {
    data = { detail: `The service answered ${resp.status} without a JSON body.` };
  }
  return { status: resp.status, data };
}

// Bodies nest the fields of a win or a furiten history: their pointers name the same fields.
const NESTING = [/^#\/outcome\/wins\/\d+(?=\/)/, /^#\/history(?=\/)/];

function normalised(pointer) {
  let p = pointer || "#";
  for (const re of NESTING) p = p.replace(re, "#");
  return p;
}

function covers(prefix, pointer) {
  return pointer === prefix || pointer.startsWith(prefix + "/");
}

/** The element whose data-pointer is the longest prefix of the pointer (null when none is). */
export function fieldFor(pointer) {
  const p = normalised(pointer);
  let best = null;
  let bestLength = -1;
  for (const el of document.querySelectorAll("[data-pointer]")) {
    for (const prefix of el.dataset.pointer.split(" ")) {
      if (covers(prefix, p) && prefix.length > bestLength) {
        best = el;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/** What a person calls a field: its label's own words, or the option's name. */
function fieldName(field) {
  if (field.dataset.option) return field.dataset.option.replace(/_/g, " ");
  const label = field.closest("label");
  const own = label ? [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()) : null;
  return own ? own.textContent.trim().replace(/\s*\(.*$/, "") : field.id.replace(/-/g, " ");
}

export function clearErrors() {
  for (const el of document.querySelectorAll(".error.placed")) el.remove();
  for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}

function errorEl(text, pointer) {
  const p = document.createElement("p");
  p.className = "error placed";
  p.setAttribute("role", "alert");
  if (pointer) p.dataset.for = pointer;
  p.textContent = text;
  return p;
}

/**
 * Show a problem answer: each 422 entry next to the field its pointer names (in the service's own
 * words), anything else (or an entry naming no field on the page) in `fallback`.
 */
export function showProblem(data, fallback) {
  clearErrors();
  const entries = (data && data.errors) || [];
  if (!entries.length) {
    fallback.replaceChildren(errorEl(plainSentence((data && (data.detail || data.title)) || "The request was refused.")));
    return;
  }
  const listed = [];
  for (const entry of entries) {
    const field = fieldFor(entry.pointer);
    listed.push(`${field ? fieldName(field) : entry.pointer}: ${plainSentence(entry.detail || entry.code)}`);
    if (!field) continue;
    field.setAttribute("aria-invalid", "true");
    const section = field.closest("details");
    if (section) section.open = true;
    const anchor = field.closest("label.field") || field;
    const text = plainSentence(entry.detail || entry.code);
    const already = [...anchor.parentNode.querySelectorAll(":scope > .error.placed")].some((e) => e.textContent === text);
    if (!already) anchor.after(errorEl(text, entry.pointer));
  }
  const summary = document.createElement("div");
  summary.className = "problems";
  summary.append(errorEl(plainSentence(data.detail || "The request was refused.")));
  const list = document.createElement("ul");
  for (const line of listed) list.append(Object.assign(document.createElement("li"), { textContent: line }));
  summary.append(list);
  fallback.replaceChildren(summary);
  const first = document.querySelector("[aria-invalid=true]");
  if (first && first.scrollIntoView && !fallback.closest(".panel").contains(first)) {
    first.scrollIntoView({ block: "center" });
  }
}
