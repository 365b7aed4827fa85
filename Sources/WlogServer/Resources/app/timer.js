// The rest timer: starts when a set is ticked done, counts down the lifter's rest, and at zero
// vibrates and beeps where the browser allows. It survives a reload (the end time is stored).
import { h, settings } from "./ui.js";

const KEY = "wlog.rest";
let ticking;

const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

export function startRest(seconds = settings().rest) {
  localStorage.setItem(KEY, String(Date.now() + seconds * 1000));
  show();
}

export function stopRest() { localStorage.removeItem(KEY); show(); }

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

/** The timer's element (placed by the workout screen), updated once a second. */
export function element() {
  const box = h("div", { id: "rest", class: "timer", role: "timer", "aria-label": "Rest timer", hidden: true },
    h("span", { class: "clock" }), " ", h("button", { type: "button", onclick: stopRest, text: "Skip" }));
  queueMicrotask(show);
  return box;
}

function show() {
  const box = document.getElementById("rest");
  clearInterval(ticking);
  const end = Number(localStorage.getItem(KEY) || 0);
  if (!box) return;
  const update = () => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    box.querySelector(".clock").textContent = "Rest " + clock(left);
    box.dataset.left = String(left);
    if (left === 0) { clearInterval(ticking); localStorage.removeItem(KEY); box.hidden = true; alarm(); }
  };
  box.hidden = !end;
  if (end) { update(); ticking = setInterval(update, 1000); }
}
