// Planner (seed 003): the lifter's routines, a routine's days with each exercise's targets (sets,
// reps low–high, RPE, rest), add/edit/remove/reorder a day's exercises, copy a day, deload weeks,
// a new routine. Each Save is one routine.created / routine.updated event of the whole routine
// (docs/EVENTS.md) through the offline queue (POST /events). The routines are read from the
// journal's own routine events (GET /events, only those after the last one read; kept in
// IndexedDB), since the API's routine model has no weeks or deload weeks. docs/WEB.md, "The app".
import { call, Offline } from "./api.js";
import { cacheGet, cachePut } from "./db.js";
import { enqueue } from "./queue.js";
import { eventBatch } from "./events.js";
import { exercises, pickExercise } from "./picker.js";
import { h, numberField, toast } from "./ui.js";

const KEPT = "plan:routines";
/** The draft of a routine not saved yet (New routine), by id. */
const drafts = new Map();

/** `{next, routines: {id: routine}}`: the routine events read so far, brought up to date when online. */
async function journal() {
  const kept = (await cacheGet(KEPT)) ?? { next: "0", routines: {} };
  try {
    for (let more = true; more;) {
      const page = await call("GET", "events?limit=1000&after=" + encodeURIComponent(kept.next));
      for (const line of page.events) {
        if (!line.includes('"type":"routine.')) continue;
        const event = JSON.parse(line);
        if (event.type === "routine.retired") delete kept.routines[event.routine];
        else if (event.type === "routine.created" || event.type === "routine.updated") {
          kept.routines[event.routine] = { routine: event.routine, name: event.name, weeks: event.weeks ?? null,
            deload_weeks: event.deload_weeks ?? [], days: event.days };
        }
      }
      kept.next = page.next;
      more = page.hasMore;
    }
    await cachePut(KEPT, kept);
  } catch (error) { if (!(error instanceof Offline)) throw error; }
  return kept;
}

/** Sends the whole routine as one event and keeps it as the local copy at once. */
async function save(routine, isNew) {
  const fields = { routine: routine.routine, name: routine.name, days: routine.days };
  if (routine.weeks) fields.weeks = routine.weeks;
  if (routine.deload_weeks.length) fields.deload_weeks = [...routine.deload_weeks].sort((a, b) => a - b);
  await enqueue({ method: "POST", path: "events", body: eventBatch(isNew ? "routine.created" : "routine.updated", fields),
    label: (isNew ? "create " : "save ") + routine.name });
  const kept = (await cacheGet(KEPT)) ?? { next: "0", routines: {} };
  kept.routines[routine.routine] = structuredClone(routine);
  await cachePut(KEPT, kept);
  drafts.delete(routine.routine);
}

const slug = (name) => name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** `#/planner`: the routines and a form for a new one. */
export async function render(id) {
  if (id) return editor(id);
  const { routines } = await journal();
  const list = Object.values(routines).sort((a, b) => a.name.localeCompare(b.name));
  const form = h("form", { class: "stack card", "aria-label": "New routine" },
    h("label", { for: "routine-name", text: "Routine name" }), h("input", { id: "routine-name", required: true, autocomplete: "off" }),
    ...numberField("routine-weeks", "Weeks (optional)", "", { decimal: false, min: 1 }),
    h("button", { type: "submit", class: "primary", text: "Create routine" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = form.querySelector("#routine-name").value.trim();
    const id = slug(name);
    if (!id) { toast("routine name: give it letters or digits"); return; }
    if (routines[id]) { toast(`routine name: "${id}" exists already — open it below`); return; }
    const weeks = Number(form.querySelector("#routine-weeks").value) || null;
    drafts.set(id, { routine: id, name, weeks, deload_weeks: [], days: [{ day: 1, title: "Day 1", exercises: [] }] });
    location.hash = "#/planner/" + encodeURIComponent(id);
  });
  return h("section", { class: "planner" }, h("h1", { text: "Planner" }),
    list.length ? h("ul", { class: "plain routines" }, list.map((r) => h("li", { class: "card row spread" },
      h("span", { class: "grow" }, h("strong", { text: r.name }), h("span", { class: "muted", text: ` · ${r.days.length} days` + (r.weeks ? ` · ${r.weeks} weeks` : "") })),
      h("a", { class: "button", href: "#/planner/" + encodeURIComponent(r.routine), "aria-label": "Edit " + r.name, text: "Edit" }))))
      : h("p", { class: "muted", text: "No routines yet." }),
    h("h2", { text: "New routine" }), form);
}

/** The editor of routine `id`: edits change a copy; Save sends it. */
async function editor(id) {
  const draft = drafts.get(id);
  const known = draft ? null : (await journal()).routines[id];
  if (!draft && !known) return h("p", { class: "error", text: `no routine "${id}" — back to the Planner to create it` });
  const routine = structuredClone(draft ?? known);
  const isNew = Boolean(draft);
  const names = Object.fromEntries((await exercises()).map((e) => [e.id, e.name]));
  const section = h("section", { class: "planner" });
  const redraw = () => { if (isNew) drafts.set(id, routine); section.replaceChildren(...draw()); };

  /** A target typed: a number kept; RPE and rest may be cleared (left out of the event). */
  const read = (field, key, value) => {
    const number = Number(value);
    if (value === "" && (key === "rpe" || key === "rest_s")) delete field[key];
    else if (Number.isFinite(number) && value !== "") field[key] = number;
  };

  function dayCard(day) {
    const list = day.exercises.map((planned, i) => {
      const name = names[planned.exercise] ?? planned.exercise;
      const prefix = `d${day.day}-e${i}-`;
      const input = (key, label, opts) => {
        const [l, field] = numberField(prefix + key, label, planned[key], opts);
        field.addEventListener("change", () => read(planned, key, field.value));
        return h("div", {}, l, field);
      };
      const move = (to) => { const [item] = day.exercises.splice(i, 1); day.exercises.splice(to, 0, item); redraw(); };
      return h("li", { class: "card planned", "data-exercise": planned.exercise },
        h("div", { class: "row spread" }, h("strong", { class: "grow", text: name }),
          h("button", { type: "button", "aria-label": `Move ${name} up on day ${day.day}`, text: "↑", disabled: i === 0, onclick: () => move(i - 1) }),
          h("button", { type: "button", "aria-label": `Move ${name} down on day ${day.day}`, text: "↓", disabled: i === day.exercises.length - 1, onclick: () => move(i + 1) }),
          h("button", { type: "button", class: "danger", "aria-label": `Remove ${name} from day ${day.day}`, text: "✕",
            onclick: () => { day.exercises.splice(i, 1); redraw(); } })),
        h("div", { class: "row targets" }, input("sets", "Sets", { decimal: false, min: 1 }), input("reps_low", "Reps from", { decimal: false, min: 1 }),
          input("reps_high", "to", { decimal: false, min: 1 }), input("rpe", "RPE", { min: 1, max: 10 }), input("rest_s", "Rest s", { decimal: false })));
    });
    const title = h("input", { id: `d${day.day}-title`, value: day.title, autocomplete: "off" });
    title.addEventListener("change", () => { day.title = title.value.trim() || day.title; });
    const adding = h("div", {});
    return h("section", { class: "day", "data-day": String(day.day) },
      h("h2", { text: `Day ${day.day}` }), h("label", { for: title.id, text: `Day ${day.day} title` }), title,
      h("ol", { class: "plain" }, list), adding,
      h("div", { class: "row" },
        h("button", { type: "button", text: "Add exercise", "aria-label": `Add exercise to day ${day.day}`, onclick: async () => {
          adding.replaceChildren(await pickExercise(`Exercise for day ${day.day}`, (exercise) => {
            names[exercise.id] = exercise.name;
            day.exercises.push({ exercise: exercise.id, sets: 3, reps_low: 8, reps_high: 12 });
            redraw();
          }));
          adding.querySelector("input")?.focus();
        } }),
        h("button", { type: "button", text: "Copy day", "aria-label": `Copy day ${day.day}`, onclick: () => {
          const index = Math.max(...routine.days.map((d) => d.day)) + 1;
          routine.days.push({ day: index, title: day.title + " (copy)", exercises: structuredClone(day.exercises) });
          redraw();
        } })));
  }

  function deloads() {
    const weeks = routine.weeks ?? 0;
    if (!weeks) return [h("p", { class: "muted", text: "Give the routine its weeks to mark deload weeks." })];
    return [h("h2", { text: "Deload weeks" }), h("div", { class: "row chips" }, Array.from({ length: weeks }, (_, w) => w + 1).map((week) =>
      h("button", { type: "button", "aria-pressed": String(routine.deload_weeks.includes(week)), "aria-label": `Deload week ${week}`, text: String(week),
        onclick: () => {
          routine.deload_weeks = routine.deload_weeks.includes(week) ? routine.deload_weeks.filter((w) => w !== week) : [...routine.deload_weeks, week];
          redraw();
        } })))];
  }

  function draw() {
    const [weeksLabel, weeks] = numberField("routine-weeks", "Weeks", routine.weeks, { decimal: false, min: 1 });
    weeks.addEventListener("change", () => {
      routine.weeks = Number(weeks.value) || null;
      routine.deload_weeks = routine.deload_weeks.filter((w) => routine.weeks && w <= routine.weeks);
      redraw();
    });
    return [h("h1", { text: routine.name }), h("p", { class: "muted", text: isNew ? "New — not saved yet." : routine.routine }),
      h("div", {}, weeksLabel, weeks), ...deloads(), ...routine.days.map(dayCard),
      h("div", { class: "row" },
        h("button", { type: "button", text: "Add day", onclick: () => {
          const index = Math.max(0, ...routine.days.map((d) => d.day)) + 1;
          routine.days.push({ day: index, title: "Day " + index, exercises: [] });
          redraw();
        } }),
        h("button", { type: "button", class: "primary", text: "Save routine", onclick: async () => {
          for (const day of routine.days) {
            const bad = day.exercises.find((p) => !(p.sets >= 1) || !(p.reps_low >= 1) || !(p.reps_high >= p.reps_low));
            if (bad) {
              toast(`day ${day.day}, ${names[bad.exercise] ?? bad.exercise}: ${bad.sets} × ${bad.reps_low}–${bad.reps_high} — ` +
                "give at least 1 set, reps from 1, and \"to\" not below \"from\"");
              return;
            }
          }
          await save(routine, isNew);
          location.hash = "#/planner";
        } }))];
  }
  redraw();
  return section;
}
