// History: workouts newest first (date, name, sets, volume, label) with a search; a workout's
// sets with edit and delete, sent through the queue like every write.
import { read } from "./api.js";
import { enqueue, pathId } from "./queue.js";
import { h, numberField, setText, show, toast, toKg, withUnit, date } from "./ui.js";

export async function render(id) {
  if (id) return detail(id);
  const { data, cached } = await read("workouts?pageSize=50");
  const list = h("ul", { class: "plain", id: "history-list" });
  const search = h("input", { id: "history-search", type: "search", autocomplete: "off" });
  const update = () => {
    const needle = search.value.trim().toLowerCase();
    list.replaceChildren(...(data ?? []).filter((w) => !needle || (w.name ?? "").toLowerCase().includes(needle)).map((w) =>
      h("li", { class: "card" }, h("a", { href: "#/history/" + encodeURIComponent(w.id), text: w.name ?? "Workout" }),
        h("p", { class: "muted", text: `${date(w.startedAt)} · ${w.totalSets} sets · ${withUnit(Math.round(w.totalVolumeKg))}`
          + (w.label ? " · " + w.label : "") + (w.prCount ? ` · ${w.prCount} PR` : "") }))));
  };
  search.addEventListener("input", update);
  update();
  return h("section", {}, h("h1", { text: "History" }), cached ? h("p", { class: "muted", text: "Offline — as last seen." }) : null,
    h("label", { for: "history-search", text: "Search workouts" }), search, list);
}

function editor(workout, exercise, set, number, row) {
  const prefix = "hist-" + set.id;
  const form = h("form", { class: "entry", "aria-label": `Edit ${exercise.exercise.name} set ${number}` },
    h("div", {}, ...numberField(prefix + "-weight", `${exercise.exercise.name} set ${number} weight`, set.weightKg === null ? "" : show(set.weightKg))),
    h("div", {}, ...numberField(prefix + "-reps", `${exercise.exercise.name} set ${number} reps`, set.reps, { decimal: false })),
    h("div", {}, h("label", { text: "\u00a0" }), h("button", { class: "primary", type: "submit", text: "Save" })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const weight = form.querySelector(`[id="${prefix}-weight"]`).value, reps = parseInt(form.querySelector(`[id="${prefix}-reps"]`).value, 10);
    if (!(reps >= 0)) { toast("reps: type how many reps"); return; }
    const patch = { reps, weightKg: weight === "" ? null : toKg(parseFloat(weight)) };
    Object.assign(set, patch);
    row.querySelector(".num").textContent = setText(set);
    form.remove();
    await enqueue({ method: "PATCH", path: `workouts/${workout.id}/exercises/${pathId(exercise.id)}/sets/${set.id}`,
      body: patch, label: `edit ${exercise.exercise.name} set` });
  });
  return form;
}

async function detail(id) {
  const { data: workout } = await read("workouts/" + encodeURIComponent(id));
  const blocks = workout.exercises.map((exercise) => h("section", { class: "card" }, h("h2", { text: exercise.exercise.name }),
    h("ul", { class: "plain" }, exercise.sets.map((set, i) => {
      const row = h("li", { class: "row", "data-set": set.id }, h("span", { class: "num grow", text: setText(set) }));
      row.append(
        h("button", { type: "button", "aria-label": `Edit ${exercise.exercise.name} set ${i + 1}`, text: "Edit",
          onclick: () => row.after(editor(workout, exercise, set, i + 1, row)) }),
        h("button", { type: "button", class: "danger", "aria-label": `Delete ${exercise.exercise.name} set ${i + 1}`, text: "Delete",
          onclick: async () => {
            row.remove();
            await enqueue({ method: "DELETE", path: `workouts/${workout.id}/exercises/${pathId(exercise.id)}/sets/${set.id}`,
              label: `delete ${exercise.exercise.name} set` });
          } }));
      return row;
    }))));
  return h("section", {}, h("h1", { text: workout.name ?? "Workout" }),
    h("p", { class: "muted", text: `${date(workout.startedAt)} · ${workout.totalSets} sets · ${withUnit(Math.round(workout.totalVolumeKg))}` }),
    blocks, h("p", {}, h("a", { href: "#/history", text: "← History" })));
}
