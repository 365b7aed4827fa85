// Today: the planned day and Start (or Resume), the streak, this week's workouts and volume,
// the last workout, body weight against the goal, and every routine day with its own Start.
import { read } from "./api.js";
import { h, withUnit } from "./ui.js";
import { active, start } from "./workout.js";

const stat = (label, value) => h("div", {}, h("dt", { text: label }), h("dd", { text: value }));

export async function render() {
  const current = await active();
  const { data: today, cached } = await read("today").catch(() => ({ data: null }));
  const section = h("section", { class: "today" }, h("h1", { text: "Today" }));
  if (cached) section.append(h("p", { class: "muted", text: "Offline — as last seen." }));
  if (current && !current.completedAt) {
    section.append(h("a", { class: "button primary", href: "#/workout", text: "Resume " + (current.name ?? "workout") }));
  } else {
    const planned = today?.plannedTitle;
    section.append(h("button", { class: "primary start", type: "button", text: planned ? "Start " + planned : "Start workout",
      onclick: () => start(planned ?? "Workout " + new Date().toLocaleDateString(), today?.plannedRoutineId ?? undefined) }));
  }
  if (today) {
    section.append(h("dl", { class: "stats" },
      stat("Streak", `${today.streakWeeks} wk`), stat("This week", `${today.workoutsThisWeek} workouts`),
      stat("Week volume", withUnit(Math.round(today.volumeThisWeekKg ?? 0))),
      stat("Body weight", today.bodyweightKg ? withUnit(today.bodyweightKg) : "–"),
      stat("Goal", today.goalKg ? withUnit(today.goalKg) : "–")));
    const last = today.lastWorkout;
    if (last) {
      section.append(h("h2", { text: "Last workout" }), h("div", { class: "card" }, h("strong", { text: last.name ?? "Workout" }),
        h("p", { class: "muted", text: `${new Date(last.startedAt).toLocaleDateString()} · ${last.totalSets} sets · ${withUnit(Math.round(last.totalVolumeKg))}` })));
    }
  }
  const routines = await read("routines").then((r) => r.data ?? []).catch(() => []);
  if (routines.length && !(current && !current.completedAt)) {
    section.append(h("h2", { text: "Routines" }), h("ul", { class: "plain routines" }, routines.map((routine) =>
      h("li", { class: "card row spread" }, h("span", { class: "grow" }, h("strong", { text: routine.name }),
        h("span", { class: "muted", text: ` · ${routine.exerciseCount} exercises · ~${routine.estimatedDuration} min` })),
      h("button", { type: "button", "aria-label": "Start " + routine.name, text: "Start", onclick: () => start(routine.name, routine.id) })))));
  }
  return section;
}
