// Finish → summary: the workout's totals, the records its sets made (the server's records,
// read once the queue is sent; offline the totals counted here and a note that PRs follow), and
// how sore each muscle group trained is (soreness.recorded events).
import { read } from "./api.js";
import { enqueue, flush, resolve } from "./queue.js";
import { eventBatch } from "./events.js";
import { h, ratingField, toast, withUnit } from "./ui.js";

/** A 1–5 soreness per muscle group the workout trained; one soreness.recorded event per group rated. */
function soreness(model) {
  const groups = [...new Set(model.exercises.map((e) => e.exercise.primaryMuscle).filter(Boolean))];
  if (!groups.length) return null;
  const form = h("form", { class: "ratings soreness", "aria-label": "Soreness" },
    groups.map((g) => h("div", {}, ...ratingField("sore-" + g, `${g} soreness (1–5)`))),
    h("div", {}, h("label", { text: "\u00a0" }), h("button", { type: "submit", text: "Save soreness" })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const rated = groups.filter((g) => form.querySelector("#sore-" + g).value);
    if (!rated.length) { toast("soreness: choose a rating from 1 to 5 for a muscle group"); return; }
    // The journal names groups as MuscleGroup does (`Legs`); the API lists them in lower case.
    for (const g of rated) {
      await enqueue({ method: "POST", path: "events", label: g + " soreness",
        body: eventBatch("soreness.recorded", { group: g[0].toUpperCase() + g.slice(1), soreness: Number(form.querySelector("#sore-" + g).value) }) });
    }
    form.replaceWith(h("p", { class: "muted soreness-saved", text: "Soreness saved." }));
  });
  return h("div", {}, h("h2", { text: "How sore are you?" }), form);
}

const RECORD_NAMES = { heaviest: "Heaviest", e1rm: "Best e1RM", set_volume: "Best set volume", max_reps: "Most reps" };
const recordName = (record) => RECORD_NAMES[record.record] ?? record.record.replace(/^(\d+)rm$/, "$1RM").replace(/_/g, " ");

export async function render(model, done) {
  const sets = model.exercises.flatMap((e) => e.sets.filter((s) => s.isCompleted));
  const volume = sets.reduce((sum, s) => sum + (s.weightKg ?? 0) * (s.reps ?? 0), 0);
  const section = h("section", { class: "summary" }, h("h1", { text: "Workout done" }),
    h("dl", { class: "stats" },
      h("div", {}, h("dt", { text: "Sets" }), h("dd", { id: "summary-sets", text: String(sets.length) })),
      h("div", {}, h("dt", { text: "Volume" }), h("dd", { text: withUnit(Math.round(volume)) })),
      h("div", {}, h("dt", { text: "Exercises" }), h("dd", { text: String(model.exercises.length) }))));
  const list = h("ul", { class: "plain prs", "aria-label": "Personal records" });
  section.append(h("h2", { text: "Personal records" }), list, soreness(model) ?? "", h("button", { class: "primary", type: "button", onclick: done, text: "Done" }));
  const waiting = await flush();
  if (waiting > 0) { list.append(h("li", { class: "muted", text: "Records follow once this workout is sent." })); return section; }
  const ids = new Set(sets.map((s) => s.id.replace(/-/g, "").toLowerCase()));
  // Each exercise once, though a workout may hold it twice (bench first and again at the end).
  for (const exercise of model.exercises.filter((e, i, all) => all.findIndex((o) => o.exercise.id === e.exercise.id) === i)) {
    const id = await resolve(exercise.exercise.id);
    const { data } = await read("prs?exercise=" + encodeURIComponent(id)).catch(() => ({ data: [] }));
    for (const group of data ?? []) {
      for (const record of group.records ?? []) {
        if (!record.setId || !ids.has(record.setId.replace(/-/g, "").toLowerCase())) continue;
        list.append(h("li", { class: "pr" }, `${exercise.exercise.name} — ${recordName(record)}: ${Math.round(record.value * 100) / 100} ${record.unit ?? ""}`.trim()));
      }
    }
  }
  if (!list.children.length) list.append(h("li", { class: "muted", text: "No new records this time." }));
  return section;
}
