// Body weight: log an entry (shown at once, queued offline), the goal, current / change / to
// goal, and the entries newest first with those still waiting to be sent marked.
import { read } from "./api.js";
import { queueAll } from "./db.js";
import { enqueue } from "./queue.js";
import { decimal, eventBatch } from "./events.js";
import { h, numberField, settings, toast, toKg, withUnit } from "./ui.js";

const stat = (label, value) => h("div", {}, h("dt", { text: label }), h("dd", { text: value }));

export async function render() {
  const { data, cached } = await read("bodyweight").catch(() => ({ data: { entries: [] }, cached: true }));
  const waiting = (await queueAll()).filter((w) => w.path === "bodyweight");
  const form = h("form", { class: "stack", "aria-label": "Log body weight" }, ...numberField("bw-weight", `Body weight (${settings().unit})`, ""),
    h("button", { class: "primary", type: "submit", text: "Log body weight" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = parseFloat(form["bw-weight"].value);
    if (!(value > 0)) { toast("body weight: type a weight above 0"); return; }
    await enqueue({ method: "POST", path: "bodyweight", body: { weightKg: toKg(value), recordedAt: new Date().toISOString() }, label: "body weight" });
    dispatchEvent(new Event("wlog:refresh"));
  });
  const goal = h("form", { class: "stack", "aria-label": "Goal" }, ...numberField("bw-goal", `Goal (${settings().unit})`, ""),
    h("button", { type: "submit", text: "Set goal" }));
  goal.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = parseFloat(goal["bw-goal"].value);
    if (!(value > 0)) { toast("goal: type a weight above 0"); return; }
    await enqueue({ method: "POST", path: "events", body: eventBatch("goal.set", { weight: decimal(toKg(value)), unit: "kg" }), label: "goal" });
    toast("Goal set: " + withUnit(toKg(value)));
  });
  const entries = [...waiting.reverse().map((w) => ({ weightKg: w.body.weightKg, date: w.body.recordedAt?.slice(0, 10), pending: true })),
    ...[...(data.entries ?? [])].reverse()];
  return h("section", {}, h("h1", { text: "Body weight" }), cached ? h("p", { class: "muted", text: "Offline — as last seen." }) : null,
    h("dl", { class: "stats" }, stat("Current", data.currentKg ? withUnit(data.currentKg) : "–"),
      stat("Change", data.changeKg !== null && data.changeKg !== undefined ? withUnit(data.changeKg) : "–"),
      stat("Goal", data.goalKg ? withUnit(data.goalKg) : "–"), stat("To goal", data.toGoalKg ? withUnit(data.toGoalKg) : "–")),
    form, goal, h("h2", { text: "Entries" }),
    h("ul", { class: "plain", id: "bw-entries" }, entries.slice(0, 60).map((e) =>
      h("li", { class: e.pending ? "pending" : "" }, `${e.date ?? ""} · ${withUnit(e.weightKg)}` + (e.pending ? " · waiting" : "")))));
}
