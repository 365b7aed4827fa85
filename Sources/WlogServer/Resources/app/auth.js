// Sign-up and sign-in with email and password (/auth/v1), then onboarding: the unit and a first
// body weight. The session (access and refresh token) stays in this browser's storage.
import { auth, Refused } from "./api.js";
import { enqueue } from "./queue.js";
import { h, numberField, saveSettings, settings, toKg } from "./ui.js";

function form(title, button, submit, other) {
  const error = h("p", { class: "error", role: "alert" });
  const fields = h("form", { class: "stack", "aria-label": title },
    h("label", { for: "email", text: "Email" }), h("input", { id: "email", type: "email", autocomplete: "email", required: true }),
    h("label", { for: "password", text: "Password" }),
    h("input", { id: "password", type: "password", required: true, autocomplete: button === "Sign up" ? "new-password" : "current-password" }),
    h("button", { class: "primary", type: "submit", text: button }));
  fields.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try { await submit(fields.email.value.trim(), fields.password.value); }
    catch (e) { error.textContent = e instanceof Refused ? e.message : "The server cannot be reached — try again when online."; }
  });
  return h("section", {}, h("h1", { text: title }), error, fields, other);
}

export async function signIn() {
  return form("Sign in", "Sign in", async (email, password) => {
    await auth("token?grant_type=password", { email, password });
    location.hash = "#/today";
  }, h("p", {}, h("a", { href: "#/sign-up", text: "New here? Create an account" })));
}

export async function signUp() {
  return form("Create your account", "Sign up", async (email, password) => {
    await auth("signup", { email, password, data: {} });
    location.hash = "#/onboarding";
  }, h("p", {}, h("a", { href: "#/sign-in", text: "Have an account? Sign in" })));
}

export async function onboarding() {
  const unit = h("select", { id: "unit" }, h("option", { value: "kg", text: "kilograms (kg)" }), h("option", { value: "lb", text: "pounds (lb)" }));
  unit.value = settings().unit;
  const body = h("form", { class: "stack", "aria-label": "Onboarding" },
    h("label", { for: "unit", text: "Weights in" }), unit,
    ...numberField("onboard-weight", "Body weight today (optional)", ""),
    h("button", { class: "primary", type: "submit", text: "Start training" }));
  body.addEventListener("submit", async (event) => {
    event.preventDefault();
    saveSettings({ unit: unit.value });
    const weight = parseFloat(body["onboard-weight"].value);
    if (weight > 0) await enqueue({ method: "POST", path: "bodyweight", body: { weightKg: toKg(weight) }, label: "body weight" });
    location.hash = "#/today";
  });
  return h("section", {}, h("h1", { text: "Welcome" }), h("p", { class: "muted", text: "Two questions and you can log your first set." }), body);
}
