// Exercises: search, muscle-group tabs, an equipment filter, a form to create a custom exercise
// (POST /exercises through the queue), and per card a quick log of the last set (into the
// workout in progress, else today's); an exercise's detail: its records, last set, last time.
import { read } from "./api.js";
import { flush, enqueue } from "./queue.js";
import { h, numberField, setText, show, toast, toKg } from "./ui.js";
import { exercises as library, forgetLibrary, matches } from "./picker.js";
import { quickLog } from "./workout.js";

let group = "all", equipment = "any";

/** The distinct values of `key` among the library's exercises (the server's lists, not copies). */
const kinds = (all, key) => [...new Set(all.map((e) => e[key]).filter(Boolean))].sort();

function select(id, label, values, value) {
  const element = h("select", { id }, values.map((v) => h("option", { value: v, text: v })));
  element.value = value;
  return [h("label", { for: id, text: label }), element];
}

/** Create a custom exercise: name, muscle group, equipment, how it is measured. */
function createForm(all) {
  const form = h("form", { class: "stack", id: "create-exercise", "aria-label": "Create exercise" },
    h("label", { for: "new-name", text: "Name" }), h("input", { id: "new-name", autocomplete: "off", maxlength: 200, required: true }),
    ...select("new-muscle", "Muscle group", kinds(all, "primaryMuscle"), "chest"),
    ...select("new-equipment", "Equipment", kinds(all, "equipment"), "barbell"),
    ...select("new-category", "Measured as", kinds(all, "category"), "strength"),
    h("button", { class: "primary", type: "submit", text: "Create exercise" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = (id) => form.querySelector("#" + id).value;
    const name = value("new-name").trim();
    if (!name) { toast("name: type the exercise's name"); return; }
    await enqueue({ method: "POST", path: "exercises", label: "create " + name,
      body: { name, primaryMuscle: value("new-muscle"), equipment: value("new-equipment"), category: value("new-category") } });
    const waiting = await flush();
    forgetLibrary();
    toast(waiting ? `${name} will be created when you are online` : `Created ${name}`);
    dispatchEvent(new Event("wlog:refresh"));
  });
  return h("details", { class: "card" }, h("summary", { id: "create-exercise-open", text: "Create a custom exercise" }), form);
}

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
  const groups = ["all", ...kinds(all, "primaryMuscle")];
  const list = h("ul", { class: "plain", id: "exercise-list" });
  const search = h("input", { id: "exercise-search", type: "search", autocomplete: "off" });
  const update = () => {
    const shown = matches(all, search.value).filter((e) => (group === "all" || e.primaryMuscle === group)
      && (equipment === "any" || e.equipment === equipment));
    list.replaceChildren(...shown.slice(0, 40).map(card));
  };
  const tabs = h("div", { class: "chips", role: "group", "aria-label": "Muscle group" }, groups.map((g) =>
    h("button", { type: "button", "aria-pressed": String(g === group), text: g, onclick: (event) => {
      group = g;
      for (const b of tabs.children) b.setAttribute("aria-pressed", String(b === event.target));
      update();
    } })));
  const [gearLabel, gear] = select("exercise-equipment", "Equipment", ["any", ...kinds(all, "equipment")], equipment);
  gear.addEventListener("change", () => { equipment = gear.value; update(); });
  search.addEventListener("input", update);
  update();
  return h("section", {}, h("h1", { text: "Exercises" }), h("label", { for: "exercise-search", text: "Search exercises" }), search,
    tabs, gearLabel, gear, list, createForm(all));
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
