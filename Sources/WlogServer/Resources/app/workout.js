// Active Workout (seed 004 §8, seed 003 §4): exercises with previous performance, a sets table
// with done boxes, Add Set pre-filled from last time, one tap to log the suggested set, ±steps,
// RPE, set types, the rest timer on a tick, exercises moved up and down or removed, finish → summary. Every change is shown at once
// (the local copy in IndexedDB) and sent through the queue.
import { read } from "./api.js";
import { cacheGet, cachePut, cacheDelete } from "./db.js";
import { enqueue, journalId, localId, pathId, resolve, status, uuid } from "./queue.js";
import { h, numberField, setText, show, step, toast, toKg, withUnit } from "./ui.js";
import { element as restTimer, startRest, stopRest } from "./timer.js";
import * as summary from "./summary.js";
import { pickExercise } from "./picker.js";
import { decimal, eventBatch } from "./events.js";

const SET_TYPES = ["working", "warmup", "drop", "failure"];
export const active = () => cacheGet("workout");
const save = (model) => cachePut("workout", model);
const refresh = () => dispatchEvent(new Event("wlog:refresh"));
const base = (model) => "workouts/" + model.id;
/** A workout entry's path (the same exercise may be in a workout twice, each entry with its own
 * id: docs/SERVER.md, "The same exercise twice"); an entry added offline has a local id. */
const entryPath = (model, entry) => `${base(model)}/exercises/${pathId(entry.id ?? entry.exercise.id)}`;
const setPath = (model, exercise, set) => `${entryPath(model, exercise)}/sets` + (set ? "/" + set.id : "");

/** Starts a workout now (from a routine day when `routineId` is given), shown at once. */
export async function start(name, routineId, exercises = []) {
  const id = localId();
  await save({ id, name, startedAt: new Date().toISOString(), exercises, completedAt: null });
  await enqueue(routineId
    ? { method: "POST", path: `routines/${encodeURIComponent(routineId)}/start`, body: {}, localId: id, label: "start " + name }
    : { method: "POST", path: "workouts", body: { name, startedAt: new Date().toISOString() }, localId: id, label: "start " + name });
  location.hash = "#/workout";
}

/** The server's copy replaces the local one when nothing of it waits to be sent. */
async function latest(model) {
  if (status().waiting > 0) return model;
  const id = await resolve(model.id);
  if (id.startsWith("local:")) return model;
  try {
    const { data, cached } = await read("workouts/" + id);
    if (cached) return model;
    // Rows stay where the lifter saw them (a tick moves a set to the time of the tick on the server).
    const place = new Map(model.exercises.flatMap((e) => e.sets.map((set, i) => [set.id, i])));
    for (const exercise of data.exercises) exercise.sets.sort((a, b) => (place.get(a.id) ?? 1e9) - (place.get(b.id) ?? 1e9));
    const fresh = { ...data, completedAt: model.completedAt ?? data.completedAt };
    await save(fresh);
    return fresh;
  } catch { return model; }
}

/** The set to suggest: the last one logged here, else the first of last time's working sets. */
function suggestion(exercise) {
  const last = exercise.sets.at(-1);
  if (last) return { weightKg: last.weightKg, reps: last.reps, rpe: last.rpe };
  const previous = exercise.previousPerformance?.sets?.[0];
  return previous ? { weightKg: previous.weightKg, reps: previous.reps } : null;
}

async function logSet(model, exercise, values, done) {
  const set = { id: uuid(), setType: values.setType ?? "working", reps: values.reps, weightKg: values.weightKg, rpe: values.rpe ?? null,
    isCompleted: done, completedAt: done ? new Date().toISOString() : null, pending: true };
  exercise.sets.push(set);
  await save(model);
  // The time it was done travels with it: a set sent later from the offline queue keeps its time.
  const body = { id: set.id, reps: set.reps, weightKg: set.weightKg, setType: set.setType, isCompleted: done };
  if (done) body.completedAt = set.completedAt;
  if (set.rpe) body.rpe = set.rpe;
  await enqueue({ method: "POST", path: setPath(model, exercise), body, label: `${exercise.exercise.name} ${setText(set)}` });
  if (done) startRest();
  refresh();
}

async function changeSet(model, exercise, set, change) {
  const patch = change.isCompleted ? { ...change, completedAt: new Date().toISOString() } : change;
  Object.assign(set, patch, { pending: true });
  await save(model);
  await enqueue({ method: "PATCH", path: setPath(model, exercise, set), body: patch, label: `${exercise.exercise.name} set` });
  if (patch.isCompleted) startRest();
  refresh();
}

async function deleteSet(model, exercise, set) {
  exercise.sets.splice(exercise.sets.indexOf(set), 1);
  await save(model);
  await enqueue({ method: "DELETE", path: setPath(model, exercise, set), label: `delete ${exercise.exercise.name} set` });
  refresh();
}

function stepper(id, label, value) {
  const [labelElement, input] = numberField(id, label, value === null || value === undefined ? "" : show(value));
  const nudge = (sign) => { input.value = String(Math.max(0, Math.round(((parseFloat(input.value) || 0) + sign * step()) * 100) / 100)); };
  return [labelElement, h("div", { class: "stepper" },
    h("button", { type: "button", "aria-label": `${label} minus ${step()}`, onclick: () => nudge(-1), text: "−" }), input,
    h("button", { type: "button", "aria-label": `${label} plus ${step()}`, onclick: () => nudge(1), text: "+" }))];
}

/** The weight/reps/RPE fields of a set (entry or edit), read back as the API's values. */
function setFields(prefix, name, values) {
  const type = h("select", { id: prefix + "-type" }, SET_TYPES.map((t) => h("option", { value: t, text: t })));
  type.value = values?.setType ?? "working";
  const box = h("div", { class: "entry" },
    h("div", {}, ...stepper(prefix + "-weight", `${name} weight`, values?.weightKg)),
    h("div", {}, ...numberField(prefix + "-reps", `${name} reps`, values?.reps, { decimal: false, min: 0, max: 1000 })),
    h("div", {}, ...numberField(prefix + "-rpe", `${name} RPE`, values?.rpe, { min: 1, max: 10 })),
    h("div", {}, h("label", { for: prefix + "-type", text: `${name} set type` }), type));
  const value = (suffix) => box.querySelector(`#${prefix}-${suffix}`).value;
  box.values = () => {
    const weight = value("weight"), reps = parseInt(value("reps"), 10), rpe = parseFloat(value("rpe"));
    if (!(reps >= 0)) { toast(`reps: type how many reps (0–1000) for ${name}`); return null; }
    return { weightKg: weight === "" ? null : toKg(parseFloat(weight)), reps, rpe: rpe >= 1 && rpe <= 10 ? rpe : null, setType: value("type") };
  };
  return box;
}

function setRow(model, exercise, set, index) {
  const name = exercise.exercise.name, number = index + 1;
  const row = h("tr", { class: [set.isCompleted ? "done" : "", set.pending ? "pending" : ""].join(" ").trim(), "data-set": set.id },
    h("td", { text: String(number) + (set.setType && set.setType !== "working" ? " " + set.setType[0].toUpperCase() : "") }),
    h("td", { class: "num", text: setText(set) }),
    h("td", {}, h("input", { type: "checkbox", checked: set.isCompleted, "aria-label": `${name} set ${number} done`,
      onchange: (event) => changeSet(model, exercise, set, { isCompleted: event.target.checked }) })),
    h("td", {}, h("button", { type: "button", "aria-label": `Edit ${name} set ${number}`, text: "Edit",
      onclick: () => row.replaceWith(editRow(model, exercise, set, number)) }),
      h("button", { type: "button", class: "danger", "aria-label": `Delete ${name} set ${number}`, text: "✕",
        onclick: () => deleteSet(model, exercise, set) })));
  return row;
}

function editRow(model, exercise, set, number) {
  const fields = setFields("edit", `Set ${number}`, set);
  return h("tr", { class: "editing" }, h("td", { colspan: 4 }, fields, h("div", { class: "row" },
    h("button", { type: "button", class: "primary", text: "Save", onclick: () => {
      const values = fields.values();
      if (values) changeSet(model, exercise, set, values);
    } }),
    h("button", { type: "button", text: "Cancel", onclick: refresh }))));
}

/** Moves the exercise at `position` by `by` places: a workout.exercises.reordered event (no REST
 * route reorders) naming every exercise in the new order. */
async function move(model, position, by) {
  const [exercise] = model.exercises.splice(position, 1);
  model.exercises.splice(position + by, 0, exercise);
  await save(model);
  await enqueue({ method: "POST", path: "events", label: "reorder " + exercise.exercise.name,
    body: eventBatch("workout.exercises.reordered", { workout: journalId(model.id), exercises: model.exercises.map((e) => e.exercise.id) }) });
  refresh();
}

function exerciseCard(model, exercise, position) {
  const name = exercise.exercise.name, slug = `ex${position}`;
  const suggested = suggestion(exercise);
  const entry = setFields(slug, name, suggested);
  return h("section", { class: "card exercise", "data-exercise": exercise.exercise.id },
    h("div", { class: "row spread" }, h("h2", { class: "grow", text: name }),
      position > 0 ? h("button", { type: "button", "aria-label": `Move ${name} up`, text: "↑", onclick: () => move(model, position, -1) }) : null,
      position < model.exercises.length - 1 ? h("button", { type: "button", "aria-label": `Move ${name} down`, text: "↓", onclick: () => move(model, position, 1) }) : null,
      h("button", { type: "button", class: "danger", "aria-label": `Remove ${name}`, text: "Remove", onclick: async () => {
        model.exercises.splice(position, 1);
        await save(model);
        await enqueue({ method: "DELETE", path: entryPath(model, exercise), label: "remove " + name });
        refresh();
      } })),
    exercise.previousPerformance?.text ? h("p", { class: "muted previous", text: "Previous: " + exercise.previousPerformance.text }) : null,
    exercise.sets.length ? h("table", { class: "sets" }, h("caption", { class: "muted", text: name + " sets" }),
      h("tbody", {}, exercise.sets.map((set, i) => setRow(model, exercise, set, i)))) : null,
    suggested ? h("button", { type: "button", class: "primary suggest", text: `✓ Log ${withUnit(suggested.weightKg)} × ${suggested.reps}`,
      "aria-label": `Log suggested set for ${name}: ${withUnit(suggested.weightKg)} × ${suggested.reps}`,
      onclick: () => logSet(model, exercise, { ...suggested, setType: "working" }, true) }) : null,
    entry,
    h("button", { type: "button", class: "add-set", text: "Add set", onclick: () => {
      const values = entry.values();
      if (values) logSet(model, exercise, values, false);
    } }));
}

async function addExercise(model, exercise) {
  const card = await read("exercises/" + encodeURIComponent(exercise.id)).then((r) => r.data).catch(() => null);
  const id = localId();
  model.exercises.push({ id, exercise, sets: [], previousPerformance: card?.previousPerformance ?? null });
  await save(model);
  await enqueue({ method: "POST", path: base(model) + "/exercises", body: { exerciseId: exercise.id }, localId: id, label: "add " + exercise.name });
  refresh();
}

async function finish(model, notes) {
  model.completedAt = new Date().toISOString();
  await save(model);
  stopRest();
  const body = { completedAt: model.completedAt };
  if (notes.trim()) body.notes = notes.trim();
  await enqueue({ method: "PATCH", path: base(model), body, label: "finish " + model.name });
  refresh();
}

export async function render() {
  let model = await active();
  if (!model) {
    return h("section", {}, h("h1", { text: "No workout in progress" }),
      h("button", { class: "primary", type: "button", text: "Start workout", onclick: () => start("Workout " + new Date().toLocaleDateString()) }));
  }
  if (model.completedAt) return summary.render(model, async () => { await cacheDelete("workout"); location.hash = "#/today"; });
  model = await latest(model);
  return h("section", { class: "workout" }, restTimer(),
    h("h1", { text: model.name ?? "Workout" }),
    h("p", { class: "muted", text: "Started " + new Date(model.startedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }),
    model.exercises.map((exercise, i) => exerciseCard(model, exercise, i)),
    await pickExercise("Add exercise", (exercise) => addExercise(model, exercise)),
    h("label", { for: "session-notes", text: "Notes for this workout" }), h("textarea", { id: "session-notes", rows: 2 }),
    h("button", { type: "button", class: "primary finish", text: "Finish workout",
      onclick: () => finish(model, document.getElementById("session-notes").value) }));
}

/** A set logged from the exercise list: into the workout in progress (adding the exercise when
 * it is not there yet), else into the day's implicit workout, as the CLI logs a set without a
 * session (a set.logged event without a workout; the REST routes take sets of sessions only). */
export async function quickLog(exercise, values) {
  const model = await active();
  if (model && !model.completedAt) {
    let entry = model.exercises.find((e) => e.exercise.id === exercise.id);
    if (!entry) {
      await addExercise(model, exercise);
      entry = model.exercises.at(-1);
    }
    return logSet(model, entry, { ...values, setType: "working" }, true);
  }
  const fields = { exercise: exercise.id, reps: values.reps };
  if (values.weightKg !== null) Object.assign(fields, { weight: decimal(values.weightKg), unit: "kg" });
  await enqueue({ method: "POST", path: "events", body: eventBatch("set.logged", fields), label: `${exercise.name} ${setText(values)}` });
}
