// The rest timer: starts when a set is ticked done, counts down the lifter's rest, and at zero
// vibrates and beeps where the browser allows. It survives a reload (the end time is stored);
// whichever #rest element the screen shows is updated twice a second.
import { h, settings } from "./ui.js";

const KEY = "wlog.rest";
const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

export function startRest(seconds = settings().rest) {
  localStorage.setItem(KEY, String(Date.now() + seconds * 1000));
  update();
}

export function stopRest() { localStorage.removeItem(KEY); update(); }

function alarm() {
  navigator.vibrate?.([300, 100, 300]);
  try {
    const audio = new AudioContext(), tone = audio.createOscillator();
    tone.connect(audio.destination);
    tone.frequency.value = 880;
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch { /* no sound here */ }
}

/** The timer's element, for the workout screen to place. */
export function element() {
  const box = h("div", { id: "rest", class: "timer", role: "timer", "aria-label": "Rest timer" },
    h("span", { class: "clock" }), " ", h("button", { type: "button", onclick: stopRest, text: "Skip" }));
  update(box);
  return box;
}

function update(box = document.getElementById("rest")) {
  const end = Number(localStorage.getItem(KEY) || 0);
  const left = Math.max(0, Math.round((end - Date.now()) / 1000));
  if (end && left === 0) { localStorage.removeItem(KEY); alarm(); }
  if (!box) return;
  box.hidden = !end || left === 0;
  box.dataset.left = String(left);
  box.querySelector(".clock").textContent = "Rest " + clock(left);
}

setInterval(() => update(), 500);
