// Finding an exercise: the library and the lifter's own (GET /exercises, kept for offline use),
// a labelled search field, up to eight matches as buttons.
import { read } from "./api.js";
import { h } from "./ui.js";

let library;

/** Every exercise (cached in memory and IndexedDB); [] when never loaded and offline. */
export async function exercises() {
  library ??= await read("exercises?pageSize=500").then((r) => r.data ?? []).catch(() => null);
  return library ?? [];
}

/** Forgets the in-memory library (after the lifter created an exercise): the next read asks again. */
export function forgetLibrary() { library = undefined; }

export const matches = (list, text) => {
  const needle = text.trim().toLowerCase();
  return list.filter((e) => !needle || e.name.toLowerCase().includes(needle) || e.id.includes(needle));
};

/** A search field whose matches call `choose(exercise)`. */
export async function pickExercise(label, choose) {
  const list = await exercises();
  const results = h("ul", { class: "plain picker-results" });
  const input = h("input", { id: "picker", type: "search", autocomplete: "off", placeholder: "Bench press…" });
  const update = () => {
    results.replaceChildren(...(input.value.trim() ? matches(list, input.value).slice(0, 8) : []).map((exercise) =>
      h("li", {}, h("button", { type: "button", class: "pick", text: exercise.name, onclick: () => choose(exercise) }))));
  };
  input.addEventListener("input", update);
  return h("section", { class: "card picker" }, h("label", { for: "picker", text: label }), input, results);
}
