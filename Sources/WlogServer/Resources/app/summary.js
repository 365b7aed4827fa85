// Finish → summary: the workout's totals and the records its sets made (the server's records,
// read once the queue is sent; offline the totals counted here and a note that PRs follow).
import { read } from "./api.js";
import { flush, resolve } from "./queue.js";
import { h, withUnit } from "./ui.js";

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
  section.append(h("h2", { text: "Personal records" }), list, h("button", { class: "primary", type: "button", onclick: done, text: "Done" }));
  const waiting = await flush();
  if (waiting > 0) { list.append(h("li", { class: "muted", text: "Records follow once this workout is sent." })); return section; }
  const ids = new Set(sets.map((s) => s.id.replace(/-/g, "").toLowerCase()));
  for (const exercise of model.exercises) {
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
