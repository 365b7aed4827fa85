// The app's entry: the service worker, the offline indicator, and the screens by location hash.
import { signedIn } from "./api.js";
import { flush, onChange, start, takeFailed } from "./queue.js";
import { toast } from "./ui.js";
import * as auth from "./auth.js";
import * as today from "./today.js";
import * as workout from "./workout.js";
import * as exercises from "./exercises.js";
import * as history from "./history.js";
import * as bodyweight from "./bodyweight.js";
import * as settings from "./settings.js";
import * as planner from "./planner.js";

const screens = { "sign-in": auth.signIn, "sign-up": auth.signUp, onboarding: auth.onboarding, today: today.render,
  workout: workout.render, exercises: exercises.render, exercise: exercises.detail, history: history.render,
  bodyweight: bodyweight.render, settings: settings.render, planner: planner.render };
const open = new Set(["sign-in", "sign-up"]);

// The worker's URL carries the shell's version, so a new server's app installs a new worker.
if ("serviceWorker" in navigator) {
  fetch("config.json").then((r) => r.json()).then((config) =>
    navigator.serviceWorker.register("sw.js?v=" + config.version, { scope: "./" })).catch(() => {});
}

onChange(({ online, waiting, sent }) => {
  const element = document.getElementById("status");
  const changes = waiting === 1 ? "1 change waiting" : `${waiting} changes waiting`;
  element.dataset.state = !online ? "offline" : waiting > 0 ? "waiting" : "online";
  element.textContent = !online ? (waiting > 0 ? `offline · ${changes}` : "offline") : waiting > 0 ? `syncing · ${changes}` : "online";
  Object.assign(document.body.dataset, { waiting: String(waiting), sent: String(sent) });
  for (const message of takeFailed()) toast("Not saved — " + message);
});

let rendering = null, again = false;
/** Renders the current screen; a request while rendering renders once more afterwards. The
 * view's data-busy is "1" meanwhile (the browser tests wait for "0"). */
function route(local = false) {
  if (rendering) { again = true; return rendering; }
  document.getElementById("view").dataset.busy = "1";
  rendering = show(local === true).finally(() => {
    rendering = null;
    performance.mark("wlog:rendered");
    if (again) { again = false; route(true); } else document.getElementById("view").dataset.busy = "0";
  });
  return rendering;
}

/** Draws the screen of the location's hash; `local` (after a write here) draws at once from
 * the local copy instead of first sending what waits. */
async function show(local) {
  const [name = "today", ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  const screen = screens[name] ? name : "today";
  if (!signedIn() && !open.has(screen)) { location.hash = "#/sign-in"; return; }
  const nav = document.querySelector("nav.tabs");
  nav.hidden = open.has(screen) || screen === "onboarding";
  for (const link of nav.querySelectorAll("a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === "#/" + (screen === "exercise" ? "exercises" : screen === "planner" ? "today" : screen));
    if (link.hasAttribute("aria-current")) link.setAttribute("aria-current", "page");
  }
  // Read your own writes: what waits is sent first (offline that fails at once; a slow
  // network gets 2 s before the screen shows what it has).
  if (!local) await Promise.race([flush(), new Promise((done) => setTimeout(done, 2000))]);
  const view = document.getElementById("view");
  const page = await screens[screen](...rest.map(decodeURIComponent)).catch((error) => {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = error.message;
    return p;
  });
  view.replaceChildren(page);
  view.dataset.screen = screen;
  document.title = "wlog · " + screen;
}

addEventListener("hashchange", () => route());
/** Shows the current screen again at once (after a write changed what it shows). */
addEventListener("wlog:refresh", () => route(true));
start();
route();
