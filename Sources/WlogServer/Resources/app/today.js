// Today: the planned day and Start (or Resume), readiness before training, the streak, this
// week's workouts and volume, the last workout, body weight against the goal, the weekly sets per
// muscle group against the target zone (GET /balance), every routine day with its own Start, the Planner's link.
import { read } from "./api.js";
import { enqueue } from "./queue.js";
import { eventBatch } from "./events.js";
import { h, ratingField, toast, withUnit } from "./ui.js";
import { active, start } from "./workout.js";

const READINESS = [["sleep", "Sleep"], ["energy", "Energy"], ["soreness", "Soreness"], ["mobility", "Mobility"]];

/** How the lifter feels before training: a readiness.recorded event (POST /events) of the ratings chosen. */
function readiness() {
  const form = h("form", { class: "ratings readiness", "aria-label": "Readiness" },
    READINESS.map(([key, label]) => h("div", {}, ...ratingField("ready-" + key, `${label} (1–5)`))),
    h("div", {}, h("label", { text: "\u00a0" }), h("button", { type: "submit", text: "Save readiness" })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const fields = {};
    for (const [key] of READINESS) { const value = form.querySelector("#ready-" + key).value; if (value) fields[key] = Number(value); }
    if (!Object.keys(fields).length) { toast("readiness: choose at least one rating from 1 to 5"); return; }
    await enqueue({ method: "POST", path: "events", body: eventBatch("readiness.recorded", fields), label: "readiness" });
    form.replaceWith(h("p", { class: "muted readiness-saved", text: "Readiness saved." }));
  });
  return h("details", { class: "card" }, h("summary", { id: "readiness-open", text: "How do you feel?" }), form);
}

/** The last seven days' hard sets per muscle group, the zone against the target, days since. */
function balance(data) {
  const zone = { below: "below", within: "in zone", above: "above" };
  return [h("h2", { text: `Sets this week by muscle group (target ${data.targetLow}–${data.targetHigh})` }),
    h("table", { class: "sets", id: "week-groups" }, h("thead", {}, h("tr", {}, ["Group", "Sets", "Zone", "Days since"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, data.groups.map((g) => h("tr", { "data-group": g.muscleGroup }, h("th", { scope: "row", text: g.muscleGroup }),
        h("td", { class: "num", text: String(Math.round(g.lastSevenDaysSets * 10) / 10) }), h("td", { text: zone[g.zone] ?? g.zone }),
        h("td", { class: "num", text: g.daysSince === null ? "–" : String(g.daysSince) })))))];
}

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
      onclick: () => start(planned ?? "Workout " + new Date().toLocaleDateString(), today?.plannedRoutineId ?? undefined) }), readiness());
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
  const groups = await read("balance?weeks=1").then((r) => r.data).catch(() => null);
  if (groups?.groups?.length) section.append(...balance(groups));
  const routines = await read("routines").then((r) => r.data ?? []).catch(() => []);
  if (routines.length && !(current && !current.completedAt)) {
    section.append(h("h2", { text: "Routines" }), h("ul", { class: "plain routines" }, routines.map((routine) =>
      h("li", { class: "card row spread" }, h("span", { class: "grow" }, h("strong", { text: routine.name }),
        h("span", { class: "muted", text: ` · ${routine.exerciseCount} exercises · ~${routine.estimatedDuration} min` })),
      h("button", { type: "button", "aria-label": "Start " + routine.name, text: "Start", onclick: () => start(routine.name, routine.id) })))));
  }
  section.append(h("p", {}, h("a", { class: "button", href: "#/planner", text: "Planner: routines, days, targets" })));
  return section;
}
