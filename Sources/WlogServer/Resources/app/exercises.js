// Exercises: search, muscle-group tabs, and per card a quick log of the last set (into the
// workout in progress, else today's); an exercise's detail: its records, last set, last time.
import { read } from "./api.js";
import { h, numberField, setText, show, toast, toKg } from "./ui.js";
import { exercises as library, matches } from "./picker.js";
import { quickLog } from "./workout.js";

let group = "all";

function quickForm(exercise) {
  const slug = "q-" + exercise.id;
  const box = h("form", { class: "quick", "aria-label": "Quick log " + exercise.name },
    h("div", { class: "entry" },
      h("div", {}, ...numberField(slug + "-weight", `${exercise.name} weight`, "")),
      h("div", {}, ...numberField(slug + "-reps", `${exercise.name} reps`, "", { decimal: false })),
      h("div", {}, h("label", { text: "\u00a0" }), h("button", { class: "primary", type: "submit", text: "Log" }))));
  read("exercises/" + encodeURIComponent(exercise.id)).then(({ data }) => {
    const last = data?.lastSet;
    if (last) {
      box.querySelector(`[id="${slug}-weight"]`).value = last.weightKg === null ? "" : show(last.weightKg);
      box.querySelector(`[id="${slug}-reps"]`).value = String(last.reps ?? "");
      box.prepend(h("p", { class: "muted", text: "Last: " + setText(last) + (data.pr ? ` · PR ${data.pr.value} ${data.pr.unit ?? ""}` : "") }));
    }
  }).catch(() => {});
  box.addEventListener("submit", async (event) => {
    event.preventDefault();
    const weight = box.querySelector(`[id="${slug}-weight"]`).value, reps = parseInt(box.querySelector(`[id="${slug}-reps"]`).value, 10);
    if (!(reps >= 0)) { toast(`reps: type how many reps for ${exercise.name}`); return; }
    await quickLog(exercise, { weightKg: weight === "" ? null : toKg(parseFloat(weight)), reps });
    toast(`Logged ${exercise.name} ${setText({ weightKg: weight === "" ? null : toKg(parseFloat(weight)), reps })}`);
  });
  return box;
}

function card(exercise) {
  const item = h("li", { class: "card", "data-exercise": exercise.id });
  item.append(h("div", { class: "row spread" },
    h("a", { href: "#/exercise/" + encodeURIComponent(exercise.id), text: exercise.name }),
    h("button", { type: "button", class: "quick-open", "aria-label": "Quick log " + exercise.name, text: "Quick log",
      onclick: (event) => { event.target.replaceWith(quickForm(exercise)); } })),
    h("p", { class: "muted", text: `${exercise.primaryMuscle ?? ""} · ${exercise.equipment ?? ""}` }));
  return item;
}

export async function render() {
  const all = await library();
  const groups = ["all", ...new Set(all.map((e) => e.primaryMuscle).filter(Boolean))];
  const list = h("ul", { class: "plain", id: "exercise-list" });
  const search = h("input", { id: "exercise-search", type: "search", autocomplete: "off" });
  const update = () => {
    const shown = matches(all, search.value).filter((e) => group === "all" || e.primaryMuscle === group);
    list.replaceChildren(...shown.slice(0, 40).map(card));
  };
  const tabs = h("div", { class: "chips", role: "group", "aria-label": "Muscle group" }, groups.map((g) =>
    h("button", { type: "button", "aria-pressed": String(g === group), text: g, onclick: (event) => {
      group = g;
      for (const b of tabs.children) b.setAttribute("aria-pressed", String(b === event.target));
      update();
    } })));
  search.addEventListener("input", update);
  update();
  return h("section", {}, h("h1", { text: "Exercises" }), h("label", { for: "exercise-search", text: "Search exercises" }), search, tabs, list);
}

export async function detail(id) {
  const { data } = await read("exercises/" + encodeURIComponent(id));
  const records = (data.records ?? []).map((r) => h("tr", {}, h("th", { scope: "row", text: r.record }),
    h("td", { class: "num", text: `${r.value} ${r.unit ?? ""}` }), h("td", { text: r.date ?? "" })));
  return h("section", {}, h("h1", { text: data.exercise.name }),
    h("dl", { class: "stats" },
      h("div", {}, h("dt", { text: "Last set" }), h("dd", { text: data.lastSet ? setText(data.lastSet) : "–" })),
      h("div", {}, h("dt", { text: "PR" }), h("dd", { text: data.pr ? `${data.pr.value} ${data.pr.unit ?? ""}` : "–" })),
      h("div", {}, h("dt", { text: "Last time" }), h("dd", { text: data.previousPerformance?.text ?? "–" }))),
    quickForm(data.exercise),
    records.length ? h("table", { class: "sets" }, h("caption", { text: "Records" }), h("tbody", {}, records)) : h("p", { class: "muted", text: "No records yet." }),
    h("p", {}, h("a", { href: "#/exercises", text: "← All exercises" })));
}
