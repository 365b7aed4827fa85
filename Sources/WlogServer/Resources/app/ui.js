// Small helpers every screen uses: building elements, weights in the lifter's unit, messages.
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "text") element.textContent = value;
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return element;
}

export const settings = () => ({ unit: "kg", rest: 120, ...JSON.parse(localStorage.getItem("wlog.settings") || "{}") });
export function saveSettings(change) { localStorage.setItem("wlog.settings", JSON.stringify({ ...settings(), ...change })); }

const POUND = 0.45359237;
/** The step of the ± buttons: 2.5 kg or 5 lb. */
export const step = () => (settings().unit === "lb" ? 5 : 2.5);
/** Kilograms shown in the lifter's unit (no unit text). */
export function show(kg) {
  if (kg === null || kg === undefined) return "BW";
  const value = settings().unit === "lb" ? kg / POUND : kg;
  return String(Math.round(value * 100) / 100);
}
export const withUnit = (kg) => (kg === null || kg === undefined ? "BW" : show(kg) + " " + settings().unit);
/** A number typed in the lifter's unit, in kilograms (4 decimals). */
export function toKg(value) {
  const kg = settings().unit === "lb" ? value * POUND : value;
  return Math.round(kg * 10000) / 10000;
}
export const setText = (set) => `${withUnit(set.weightKg)} × ${set.reps ?? "–"}` + (set.rpe ? ` @${set.rpe}` : "");

/** A labelled number input (a numeric keypad on phones). */
export function numberField(id, label, value, { decimal = true, min = 0, max } = {}) {
  return [h("label", { for: id, text: label }),
    h("input", { id, name: id, type: "number", inputmode: decimal ? "decimal" : "numeric", step: decimal ? "any" : "1",
      min, max, value: value ?? "" })];
}

/** A labelled 1–5 rating (seed 001's readiness and soreness scales), blank until chosen. */
export function ratingField(id, label) {
  return [h("label", { for: id, text: label }), h("select", { id, name: id },
    h("option", { value: "", text: "–" }), [1, 2, 3, 4, 5].map((n) => h("option", { value: String(n), text: String(n) })))];
}

/** Shows `message` for 4 s; a tap on it hides it at once (it may cover a button). */
export function toast(message) {
  const element = document.getElementById("toast");
  element.onclick = () => { element.hidden = true; };
  element.textContent = message;
  element.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { element.hidden = true; }, 4000);
}

export const today = () => new Date().toLocaleDateString("sv");
export const date = (iso) => (iso ? new Date(iso).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" }) : "");
