// Settings: the unit, the rest timer's default, export of the journal (JSON lines), sign out.
import { call, forget, session } from "./api.js";
import { clearAll } from "./db.js";
import { status } from "./queue.js";
import { h, saveSettings, settings } from "./ui.js";

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
    h("h2", { text: "Your data" }), h("button", { type: "button", text: "Export journal (JSON lines)", onclick: exportJournal }),
    h("h2", { text: "Account" }), h("button", { type: "button", class: "danger sign-out", text: "Sign out", onclick: signOut }));
}
