// Settings: the unit, the rest timer's default, export of the journal (JSON lines) and of the
// sets (CSV, one row a set), sign out.
import { call, forget, session } from "./api.js";
import { clearAll } from "./db.js";
import { status } from "./queue.js";
import { h, saveSettings, settings, toast } from "./ui.js";

async function exportJournal() {
  const lines = [];
  for (let after = ""; ;) {
    const page = await call("GET", "events?limit=1000" + (after ? "&after=" + after : ""));
    lines.push(...page.events);
    if (!page.hasMore) break;
    after = page.next;
  }
  const link = h("a", { href: URL.createObjectURL(new Blob([lines.join("\n") + "\n"], { type: "application/x-ndjson" })), download: "wlog-journal.jsonl" });
  link.click();
}

const CSV_HEADER = ["date", "workout", "exercise", "set", "type", "weight_kg", "reps", "rpe", "done"];
const cell = (value) => { const text = value === null || value === undefined ? "" : String(value); return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text; };

/** Every set of every workout as CSV, oldest workout first: GET /workouts page by page, then
 * each workout (six at a time); weights in kilograms as the API keeps them. */
export async function setsCsv() {
  const workouts = [];
  for (let page = 1; ; page += 1) {
    const list = await call("GET", `workouts?page=${page}&pageSize=100`);
    workouts.push(...list);
    if (list.length < 100) break;
  }
  workouts.sort((a, b) => String(a.startedAt).localeCompare(String(b.startedAt)));
  const full = new Array(workouts.length);
  let next = 0;
  await Promise.all(Array.from({ length: 6 }, async () => {
    while (next < workouts.length) { const i = next++; full[i] = await call("GET", "workouts/" + workouts[i].id); }
  }));
  const lines = [CSV_HEADER.join(",")];
  for (const workout of full) for (const entry of workout.exercises ?? []) entry.sets.forEach((set, i) => lines.push([
    new Date(set.completedAt ?? workout.startedAt).toLocaleDateString("sv"), workout.name, entry.exercise.name, i + 1, set.setType,
    set.weightKg, set.reps, set.rpe, set.isCompleted ? "yes" : "no"].map(cell).join(",")));
  return lines.join("\n") + "\n";
}

async function exportCsv() {
  const text = await setsCsv();
  h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })), download: "wlog-sets.csv" }).click();
}

async function signOut() {
  const waiting = status().waiting;
  if (waiting > 0 && !confirm(`${waiting} changes have not been sent yet and will be lost. Sign out anyway?`)) return;
  const current = session();
  try { await fetch("/auth/v1/logout?scope=local", { method: "POST", headers: { Authorization: "Bearer " + current?.token, apikey: (await (await fetch("/app/config.json")).json()).anonKey } }); } catch { /* offline: the token expires */ }
  forget();
  await clearAll();
  if ("caches" in window) for (const name of await caches.keys()) if (name.startsWith("wlog-api")) await caches.delete(name);
  location.hash = "#/sign-in";
}

export async function render() {
  const unit = h("select", { id: "set-unit", onchange: (e) => saveSettings({ unit: e.target.value }) },
    h("option", { value: "kg", text: "kilograms (kg)" }), h("option", { value: "lb", text: "pounds (lb)" }));
  unit.value = settings().unit;
  const rest = h("input", { id: "set-rest", type: "number", inputmode: "numeric", min: 0, max: 900, value: settings().rest,
    onchange: (e) => saveSettings({ rest: Math.max(0, Math.min(900, parseInt(e.target.value, 10) || 0)) }) });
  return h("section", {}, h("h1", { text: "Settings" }), h("p", { class: "muted", text: "Signed in as " + (session()?.email ?? "") }),
    h("div", { class: "stack" }, h("label", { for: "set-unit", text: "Weights in" }), unit,
      h("label", { for: "set-rest", text: "Rest timer (seconds)" }), rest),
    h("h2", { text: "Your data" }), h("div", { class: "row" }, h("button", { type: "button", text: "Export journal (JSON lines)", onclick: exportJournal }),
      h("button", { type: "button", text: "Export sets (CSV)", onclick: () => exportCsv().catch((error) => toast("Export failed — " + error.message)) })),
    h("h2", { text: "Account" }), h("button", { type: "button", class: "danger sign-out", text: "Sign out", onclick: signOut }));
}
