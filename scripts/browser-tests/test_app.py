#!/usr/bin/env python3
"""The lifter's app at /app (issue 34) in headless Chromium on a phone viewport (390 × 844).

Signs up with email and password, onboards, starts today's workout, logs three sets (one by
tapping the suggestion), ticks one done and watches the rest timer run, finishes and reads the
summary's PRs; quick-logs from the exercise list; edits and deletes a set in History; logs a body
weight and a goal; moves an exercise up (offline, before the workout has its server id) and
removes one; filters Exercises by equipment and muscle group, creates a custom exercise and
quick-logs it; sets the rest timer's default and exports the sets as CSV; records readiness
before the workout and soreness after it, and reads Today's weekly sets per muscle group. After each flow the lifter's journal, read by the CLI (`wlog export sets`,
`wlog history`, `wlog prs`, `wlog bodyweight`), holds exactly what was done. Then offline
(Chromium's network emulation): a workout of four sets and a body weight, the page reloaded
while offline, a set the CLI logs meanwhile, back online: each write in the journal once, in order.

Usage: scripts/browser-tests/run.sh app   (or test_app.py --bin DIR)
"""
import json
import os
import subprocess
import sys
import traceback

import wlogweb
from appdriver import add_exercise, button, choose, css, press, rest_left, rows, sent, sent_by, settled, start, status, synced, tap, tick, typed, wait

from selenium.webdriver.common.by import By

FAILURES = []
PASSWORD = "Squat-2026-heavy"


def check(condition, message):
    print(("  ok   " if condition else "  FAIL ") + message)
    if not condition:
        FAILURES.append(message)


def cli(server, lifter, *arguments):
    """The CLI's JSON answer on the lifter's journal."""
    journal = os.path.join(server.data, "users", lifter, "journal.wlog")
    out = subprocess.run([os.path.join(server.bin_dir, "wlog"), "--journal", journal] + list(arguments) + ["--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def events(server, lifter, kind):
    """The journal's events of type `kind` (`wlog events --type`), oldest first."""
    out = subprocess.run([os.path.join(server.bin_dir, "wlog"), "--journal", os.path.join(server.data, "users", lifter, "journal.wlog"),
                          "events", "--type", kind], check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def sets_of(server, lifter):
    """(exercise, weight, reps, done) of every live set, oldest first, as `wlog export sets` has them."""
    rows = cli(server, lifter, "export", "sets")
    return [(row.get("exercise"), row.get("weight"), row.get("reps"), row.get("done")) for row in rows]


def thumb(driver, screen):
    """Every shown button, input and select at least 44 × 44 px, every input and select labelled."""
    small = driver.execute_script(
        "return [...document.querySelectorAll('button, input, select, summary')].filter(e => e.offsetParent !== null)"
        ".filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })"
        ".map(e => e.getAttribute('aria-label') || e.id || e.textContent)")
    check(not small, "%s: every button, input and select is at least 44 × 44 px: %r" % (screen, small[:5]))
    unlabelled = driver.execute_script(
        "return [...document.querySelectorAll('input, select, textarea')].filter(e => !e.labels?.length && !e.getAttribute('aria-label')).map(e => e.id)")
    check(not unlabelled, "%s: every input is labelled: %r" % (screen, unlabelled))


def test_sign_up(driver, server):
    print("sign up → onboarding")
    driver.get(server.base + "/app/")
    tap(driver, "a[href='#/sign-up']")
    typed(driver, "email", "lifter@example.com")
    typed(driver, "password", PASSWORD)
    press(driver, lambda: button(driver, "Sign up"))
    wait(driver, lambda d: d.current_url.endswith("#/onboarding"), "onboarding")
    typed(driver, "onboard-weight", "82.5")
    press(driver, lambda: button(driver, "Start training"))
    wait(driver, lambda d: d.current_url.endswith("#/today"), "Today")
    lifter = driver.execute_script("return JSON.parse(localStorage.getItem('wlog.session')).user")
    synced(driver)
    weights = [e["weight"] for e in cli(server, lifter, "bodyweight")["entries"]]
    check(weights == [82.5], "onboarding's body weight is in the journal once: %r" % weights)
    return lifter


def test_workout(driver, server, lifter):
    print("start today's workout → three sets → rest timer → finish → PRs")
    driver.get(server.base + "/app/#/today")
    settled(driver)
    tap(driver, "#readiness-open")
    choose(driver, "ready-sleep", "4")
    choose(driver, "ready-energy", "3")
    thumb(driver, "Today with readiness open")
    sent_by(driver, "Save readiness")
    ready = [{k: e.get(k) for k in ("sleep", "energy", "soreness", "mobility")} for e in events(server, lifter, "readiness.recorded")]
    check(ready == [{"sleep": 4, "energy": 3, "soreness": None, "mobility": None}], "wlog events: readiness before the workout once: %r" % ready)
    tap(driver, "button.start")
    wait(driver, lambda d: d.current_url.endswith("#/workout"), "the workout screen")
    add_exercise(driver, "Bench Press")
    synced(driver)  # the redraw once everything is sent comes before typing
    # Set 1 typed: 60 kg × 5, added (not yet done).
    typed(driver, "ex0-weight", "60")
    typed(driver, "ex0-reps", "5")
    press(driver, lambda: button(driver, "Add set"))
    wait(driver, lambda d: len(rows(d, "Bench Press")) == 1, "set 1 shown")
    # Set 2: one tap on the suggestion (the last set, done at once; the rest timer starts).
    suggestion = css(driver, "button.suggest")
    check(suggestion.text == "✓ Log 60 kg × 5", "the suggestion is the last set: %r" % suggestion.text)
    press(driver, lambda: css(driver, "button.suggest"))
    wait(driver, lambda d: len(rows(d, "Bench Press")) == 2, "set 2 shown")
    # Set 3: the weight stepped up once (+2.5 kg), RPE 8, added.
    check(css(driver, "[id=ex0-weight]").get_attribute("value") == "60", "Add Set is pre-filled with the last weight")
    tap(driver, "[aria-label='Bench Press weight plus 2.5']")
    check(css(driver, "[id=ex0-weight]").get_attribute("value") == "62.5", "+ steps 2.5 kg")
    check(css(driver, "[id=ex0-reps]").get_attribute("inputmode") == "numeric", "reps open the numeric keypad")
    typed(driver, "ex0-rpe", "8")
    press(driver, lambda: button(driver, "Add set"))
    wait(driver, lambda d: len(rows(d, "Bench Press")) == 3, "set 3 shown")
    # Tick set 1 done: the rest timer runs (its seconds go down).
    driver.execute_script("localStorage.removeItem('wlog.rest')")
    tap(driver, "[aria-label='Bench Press set 1 done']")
    first = wait(driver, rest_left, "the rest timer")
    wait(driver, lambda d: 0 < rest_left(d) < first, "the rest timer counting down")
    shown = driver.execute_script("return !document.getElementById('rest').hidden")
    check(shown and first <= 120, "the rest timer runs after a tick (started at %d s)" % first)
    tap(driver, "[aria-label='Bench Press set 3 done']")
    synced(driver)
    thumb(driver, "the workout screen")
    typed(driver, "session-notes", "Felt strong")
    press(driver, lambda: button(driver, "Finish workout"))
    prs = wait(driver, lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "ul.prs li.pr")] or None, "the summary's PRs")
    print("  summary PRs: %r" % prs)
    check(css(driver, "#summary-sets").text == "3", "the summary counts 3 sets")
    check(any("Bench Press" in p and "62.5" in p for p in prs), "the summary names the 62.5 kg PR")
    sets = sets_of(server, lifter)
    check(sorted(sets) == [("Bench Press", 60, 5, True), ("Bench Press", 60, 5, True), ("Bench Press", 62.5, 5, True)],
          "wlog export sets: exactly the three sets, each done: %r" % sets)
    history = cli(server, lifter, "history")
    check(len(history) == 1 and history[0]["sets"] == 3 and history[0]["finished_at"], "wlog history: one finished workout of 3 sets")
    notes = cli(server, lifter, "show", history[0]["workout_id"]).get("notes")
    check(notes == "Felt strong", "wlog show: the workout's notes: %r" % notes)
    records = {r["record"]: r["value"] for r in cli(server, lifter, "prs") if r["exercise_id"] == "bench-press"}
    shown = {p.split(": ")[0].split(" — ")[1]: float(p.split(": ")[1].split()[0]) for p in prs}
    check(records.get("heaviest") == 62.5 and shown.get("Heaviest") == 62.5, "wlog prs and the summary: heaviest 62.5 kg")
    check(abs(records.get("e1rm", 0) - shown.get("Best e1RM", -1)) < 0.01, "wlog prs and the summary: e1RM %r = %r" % (records.get("e1rm"), shown.get("Best e1RM")))
    choose(driver, "sore-chest", "3")
    thumb(driver, "the summary")
    sent_by(driver, "Save soreness")
    sore = [(e["group"], e["soreness"]) for e in events(server, lifter, "soreness.recorded")]
    check(sore == [("Chest", 3)], "wlog events: soreness after the workout, chest 3: %r" % sore)
    press(driver, lambda: button(driver, "Done"))
    wait(driver, lambda d: d.current_url.endswith("#/today"), "Today after Done")
    settled(driver)
    shown = driver.execute_script("return [...document.querySelectorAll('#week-groups tbody tr')].map(r => [...r.children].map(c => c.textContent))")
    chest = next((row for row in shown if row[0] == "chest"), None)
    report = next((g for g in cli(server, lifter, "balance", "--weeks", "1") if str(g.get("group")).lower() == "chest"), {})
    check(chest is not None and chest[1] == "3" and chest[3] == "0" and float(report.get("last7_sets", -1)) == 3,
          "Today: this week's chest sets 3 (wlog balance: %r), trained 0 days ago: %r" % (report.get("last7_sets"), chest))


def quick_log(driver, search, name, exercise_id, weight, reps):
    """Searches Exercises for `search`, opens `name`'s quick log, logs `weight` × `reps`, waits until sent."""
    typed(driver, "exercise-search", search)
    tap(driver, "[aria-label='Quick log %s']" % name)
    typed(driver, "q-%s-weight" % exercise_id, str(weight))
    typed(driver, "q-%s-reps" % exercise_id, str(reps))
    sent_by(driver, "Log")


def test_quick_log(driver, server, lifter):
    print("quick log from the exercise list")
    tap(driver, "nav a[href='#/exercises']")
    settled(driver)
    quick_log(driver, "back squat", "Back Squat", "back-squat", 100, 5)
    squats = [s for s in sets_of(server, lifter) if s[0] == "Back Squat"]
    check(squats == [("Back Squat", 100, 5, True)], "wlog export sets: the quick-logged squat once: %r (%s)" % (squats, driver.find_element(By.ID, "toast").text))


def test_edit_delete(driver, server, lifter):
    print("edit and delete a set (History)")
    tap(driver, "nav a[href='#/history']")
    settled(driver)
    # The day's implicit workout (the quick-logged squat) is newest; the bench workout has 3 sets.
    press(driver, lambda: wait(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#history-list li')].find(li => li.textContent.includes('3 sets'))?.querySelector('a')"),
        "the bench workout in History"))
    settled(driver)
    tap(driver, "[aria-label='Edit Bench Press set 1']")
    ids = driver.execute_script("return [...document.querySelectorAll('li[data-set]')].map(e => e.dataset.set)")
    typed(driver, "hist-%s-weight" % ids[0], "65")
    before = sent(driver)
    press(driver, lambda: button(driver, "Save"))
    tap(driver, "[aria-label='Delete Bench Press set 2']")
    synced(driver, before + 1)
    bench = [s for s in sets_of(server, lifter) if s[0] == "Bench Press"]
    check(sorted(bench) == [("Bench Press", 62.5, 5, True), ("Bench Press", 65, 5, True)],
          "wlog export sets: set 1 now 65 kg, set 2 gone: %r" % bench)


def test_bodyweight(driver, server, lifter):
    print("body weight and goal")
    tap(driver, "nav a[href='#/bodyweight']")
    settled(driver)
    typed(driver, "bw-weight", "82.1")
    press(driver, lambda: button(driver, "Log body weight"))
    settled(driver)
    typed(driver, "bw-goal", "78")
    sent_by(driver, "Set goal")
    report = cli(server, lifter, "bodyweight")
    weights = [e["weight"] for e in report["entries"]]
    check(weights == [82.5, 82.1] and report["goal"] == 78, "wlog bodyweight: 82.5, 82.1 and goal 78: %r goal %r" % (weights, report["goal"]))
    tap(driver, "nav a[href='#/today']")
    settled(driver)
    tap(driver, "nav a[href='#/bodyweight']")
    settled(driver)
    check("78 kg" in css(driver, "dl.stats").text, "the screen shows the goal")


def order(driver):
    """The exercises of the workout screen, top to bottom."""
    return driver.execute_script("return [...document.querySelectorAll('section.exercise h2')].map(h => h.textContent)")


def test_reorder(driver, server, lifter):
    print("active workout: three exercises, one moved up (offline, before the workout has its server id), one removed")
    tap(driver, "nav a[href='#/today']")
    settled(driver)
    offline(driver, True)
    wait(driver, lambda d: status(d).startswith("offline"), "the offline indicator")
    tap(driver, "button.start")
    wait(driver, lambda d: d.current_url.endswith("#/workout"), "the workout screen")
    settled(driver)
    for name in ("Barbell Row", "Overhead Press", "Pull-Up"):
        add_exercise(driver, name)
    tap(driver, "[aria-label='Move Overhead Press up']")
    wait(driver, lambda d: order(d) == ["Overhead Press", "Barbell Row", "Pull-Up"], "Overhead Press moved up")
    offline(driver, False)
    wait(driver, lambda d: status(d) == "online", "the start, three adds and the move sent", seconds=30)
    synced(driver)
    tap(driver, "[aria-label='Remove Pull-Up']")
    wait(driver, lambda d: order(d) == ["Overhead Press", "Barbell Row"], "Pull-Up removed")
    thumb(driver, "the workout with move buttons")
    typed(driver, "ex1-weight", "70")
    typed(driver, "ex1-reps", "8")
    press(driver, lambda: [b for b in driver.find_elements(By.CSS_SELECTOR, "button.add-set") if b.is_displayed()][1])
    synced(driver)
    driver.refresh()
    settled(driver)
    shown = order(driver)
    check(shown == ["Overhead Press", "Barbell Row"], "the server's copy after a reload keeps the order: %r" % shown)
    line = events(server, lifter, "workout.exercises.reordered,workout.exercise.removed")
    check([(e["type"], e.get("exercises") or e.get("exercise")) for e in line] ==
          [("workout.exercises.reordered", ["overhead-press", "barbell-row", "pull-up"]), ("workout.exercise.removed", "pull-up")],
          "wlog events: one reorder, one removal: %r" % [(e["type"], e.get("exercises") or e.get("exercise")) for e in line])
    rows_ = [s for s in sets_of(server, lifter) if s[0] == "Barbell Row"]
    check(rows_ == [("Barbell Row", 70, 8, False)], "wlog export sets: the row's set: %r" % rows_)
    press(driver, lambda: button(driver, "Finish workout"))
    press(driver, lambda: button(driver, "Done"))
    wait(driver, lambda d: d.current_url.endswith("#/today"), "Today after Done")
    synced(driver)


def test_exercises(driver, server, lifter):
    print("exercises: equipment filter, muscle-group tab, a custom exercise created and quick-logged")
    tap(driver, "nav a[href='#/exercises']")
    settled(driver)
    typed(driver, "exercise-search", "")
    choose(driver, "exercise-equipment", "dumbbell")
    gear = driver.execute_script("return [...document.querySelectorAll('#exercise-list li p.muted')].map(p => p.textContent.split(' · ')[1])")
    check(gear and set(gear) == {"dumbbell"}, "the equipment filter shows dumbbell exercises only: %d cards" % len(gear))
    press(driver, lambda: button(driver, "chest"))
    cards = driver.execute_script("return [...document.querySelectorAll('#exercise-list li p.muted')].map(p => p.textContent)")
    check(cards and all(c == "chest · dumbbell" for c in cards), "the chest tab with the filter: %d chest dumbbell cards" % len(cards))
    press(driver, lambda: button(driver, "all"))
    choose(driver, "exercise-equipment", "any")
    tap(driver, "#create-exercise-open")
    typed(driver, "new-name", "Tempo Pin Squat")
    choose(driver, "new-muscle", "legs")
    choose(driver, "new-equipment", "barbell")
    thumb(driver, "Exercises with the create form open")
    sent_by(driver, "Create exercise")
    typed(driver, "exercise-search", "tempo pin")
    card = wait(driver, lambda d: d.execute_script("return document.querySelector('li[data-exercise=tempo-pin-squat] p.muted')?.textContent"), "the new exercise's card")
    check(card == "legs · barbell", "the custom exercise is listed with its group and equipment: %r" % card)
    quick_log(driver, "tempo pin", "Tempo Pin Squat", "tempo-pin-squat", 80, 3)
    pins = [s for s in sets_of(server, lifter) if s[0] == "Tempo Pin Squat"]
    check(pins == [("Tempo Pin Squat", 80, 3, True)], "wlog export sets: the custom exercise's set once: %r" % pins)


def test_settings(driver, server, lifter):
    print("settings: rest timer default, export CSV")
    tap(driver, "nav a[href='#/settings']")
    settled(driver)
    thumb(driver, "Settings")
    typed(driver, "set-rest", "90")
    driver.execute_script("document.getElementById('set-rest').dispatchEvent(new Event('change'))")
    rest = driver.execute_script("return JSON.parse(localStorage.getItem('wlog.settings')).rest")
    check(rest == 90, "the rest timer default is kept: %r s" % rest)
    csv = driver.execute_async_script("const done = arguments[0]; import('./settings.js').then(m => m.setsCsv()).then(done, e => done('ERROR ' + e.message))")
    lines = csv.strip().split("\n")
    expected = sets_of(server, lifter)
    check(lines[0] == "date,workout,exercise,set,type,weight_kg,reps,rpe,done", "the CSV's header: %r" % lines[0])
    got = sorted((l.split(",")[2], float(l.split(",")[5]) if l.split(",")[5] else None, int(l.split(",")[6]), l.split(",")[8] == "yes") for l in lines[1:])
    want = sorted((e, float(w) if w is not None else None, r, bool(d)) for e, w, r, d in expected)
    check(got == want, "export CSV: the %d sets of wlog export sets, one row each (%d rows)" % (len(want), len(got)))
    press(driver, lambda: button(driver, "Export sets (CSV)"))
    check("Export failed" not in driver.find_element(By.ID, "toast").text, "the CSV button downloads without an error")


def offline(driver, on):
    driver.set_network_conditions(offline=on, latency=0, download_throughput=-1 if not on else 0, upload_throughput=-1 if not on else 0)


def test_offline(driver, server, lifter):
    print("offline: four sets and a body weight, reload offline, the CLI meanwhile, back online")
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker controlling the page")
    tap(driver, "nav a[href='#/today']")
    settled(driver)
    before = len(cli(server, lifter, "history"))
    offline(driver, True)
    wait(driver, lambda d: status(d).startswith("offline"), "the offline indicator")
    tap(driver, "button.start")
    wait(driver, lambda d: d.current_url.endswith("#/workout"), "the workout screen offline")
    settled(driver)
    add_exercise(driver, "Deadlift")
    typed(driver, "ex0-weight", "140")
    typed(driver, "ex0-reps", "5")
    press(driver, lambda: button(driver, "Add set"))
    settled(driver)
    tick(driver, "140 kg × 5")
    settled(driver)
    # The tick's redraw may start after `settled` saw the screen idle: wait for the timer to show.
    left = wait(driver, rest_left, "the rest timer")
    check(60 < left <= 90, "the rest timer starts from the Settings default of 90 s: %d s left" % left)
    tap(driver, "button.suggest")
    settled(driver)
    tap(driver, "[aria-label='Deadlift weight plus 2.5']")
    press(driver, lambda: button(driver, "Add set"))
    settled(driver)
    tick(driver, "142.5 kg × 5")
    settled(driver)
    tap(driver, "button.suggest")
    settled(driver)
    settled(driver)
    shown = driver.execute_script("return [...document.querySelectorAll('section.exercise')].filter(s => s.querySelector('h2').textContent === 'Deadlift')"
                                  ".flatMap(s => [...s.querySelectorAll('table.sets tbody tr .num')].map(c => c.textContent))")
    check(len(shown) == 4, "four sets shown at once offline: %r" % shown)
    tap(driver, "nav a[href='#/bodyweight']")
    settled(driver)
    typed(driver, "bw-weight", "81.9")
    press(driver, lambda: button(driver, "Log body weight"))
    settled(driver)
    # The screen is drawn again once the entry is kept (the tap's redraw may start after `settled`).
    entries = wait(driver, lambda d: "81.9 kg · waiting" in d.find_element(By.ID, "bw-entries").text and d.find_element(By.ID, "bw-entries").text,
                   "the offline body weight in the list")
    check("81.9 kg · waiting" in entries, "the body weight shows at once, marked waiting")
    # start, add exercise, 4 set POSTs, 2 ticks, body weight
    wait(driver, lambda d: status(d) == "offline · 9 changes waiting", "the indicator 'offline · 9 changes waiting' (shows %r)" % status(driver))
    check(True, "indicator: %r" % status(driver))
    server.wlog(lifter, "append", "set", "overhead press", "40kgx8")
    driver.refresh()
    wait(driver, lambda d: status(d) == "offline · 9 changes waiting", "the app reopened offline with its 9 changes")
    check(True, "reloaded offline: the app opens, indicator %r" % status(driver))
    tap(driver, "nav a[href='#/workout']")
    settled(driver)
    check(len(rows(driver, "Deadlift")) == 4, "after the reload the four sets are still shown")
    offline(driver, False)
    wait(driver, lambda d: status(d) == "online", "every change sent once online", seconds=30)
    synced(driver)
    sets = sets_of(server, lifter)
    deadlifts = [s for s in sets if s[0] == "Deadlift"]
    check(deadlifts == [("Deadlift", 140, 5, True), ("Deadlift", 140, 5, True), ("Deadlift", 142.5, 5, True), ("Deadlift", 142.5, 5, True)],
          "wlog export sets: the four offline sets once each, in order: %r" % deadlifts)
    check(("Overhead Press", 40, 8, True) in sets, "the set the CLI logged meanwhile survives")
    weights = [e["weight"] for e in cli(server, lifter, "bodyweight")["entries"]]
    check(weights.count(81.9) == 1, "wlog bodyweight: the offline entry once: %r" % weights)
    check(len(cli(server, lifter, "history")) == before + 1, "wlog history: one more workout, not two")


def test_sign_out_in(driver, server, lifter):
    print("sign out, sign in with email and password")
    tap(driver, "nav a[href='#/settings']")
    settled(driver)
    press(driver, lambda: button(driver, "Sign out"))
    wait(driver, lambda d: d.current_url.endswith("#/sign-in"), "the sign-in screen")
    check(driver.execute_script("return localStorage.getItem('wlog.session')") is None, "signing out forgets the session")
    typed(driver, "email", "lifter@example.com")
    typed(driver, "password", "wrong-Password-1")
    press(driver, lambda: button(driver, "Sign in"))
    error = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "p.error").text, "the refusal")
    check("Invalid login credentials" in error or "invalid" in error.lower(), "a wrong password is refused with the reason: %r" % error)
    typed(driver, "password", PASSWORD)
    press(driver, lambda: button(driver, "Sign in"))
    wait(driver, lambda d: d.current_url.endswith("#/today"), "Today after signing in")
    again = driver.execute_script("return JSON.parse(localStorage.getItem('wlog.session')).user")
    check(again == lifter, "signing in again is the same lifter")

def test_same_exercise_twice(driver, server, lifter):
    print("active workout: bench first and again at the end, the second entry added and its set logged offline")
    tap(driver, "nav a[href='#/today']")
    settled(driver)
    tap(driver, "button.start")
    wait(driver, lambda d: d.current_url.endswith("#/workout"), "the workout screen")
    settled(driver)
    add_exercise(driver, "Bench Press")
    synced(driver)
    offline(driver, True)
    wait(driver, lambda d: status(d).startswith("offline"), "the offline indicator")
    add_exercise(driver, "Bench Press")
    wait(driver, lambda d: order(d) == ["Bench Press", "Bench Press"], "Bench Press twice")
    typed(driver, "ex1-weight", "50")
    typed(driver, "ex1-reps", "12")
    press(driver, lambda: [b for b in driver.find_elements(By.CSS_SELECTOR, "button.add-set") if b.is_displayed()][1])
    offline(driver, False)
    wait(driver, lambda d: status(d) == "online", "the add and the set sent", seconds=30)
    synced(driver)
    added = events(server, lifter, "workout.exercise.added")[-2:]
    logged = events(server, lifter, "set.logged")[-1]
    check([e["exercise"] for e in added] == ["bench-press", "bench-press"] and logged.get("entry") == added[1]["id"],
          "wlog events: the set is in the second Bench Press entry (entry %r, adds %r)" % (logged.get("entry"), [e["id"] for e in added]))
    driver.refresh()
    settled(driver)
    firsts = driver.execute_script("return [...document.querySelectorAll('section.exercise')].map(s => s.querySelectorAll('table.sets tbody tr').length)")
    check(firsts == [0, 1], "the server's copy: no set in the first entry, one in the second: %r" % firsts)
    press(driver, lambda: button(driver, "Finish workout"))
    press(driver, lambda: button(driver, "Done"))
    wait(driver, lambda d: d.current_url.endswith("#/today"), "Today after Done")
    synced(driver)


def main():
    server, _ = start()
    driver = None
    try:
        driver = wlogweb.browser(390, 844)
        lifter = test_sign_up(driver, server)
        test_workout(driver, server, lifter)
        test_quick_log(driver, server, lifter)
        test_edit_delete(driver, server, lifter)
        test_bodyweight(driver, server, lifter)
        test_reorder(driver, server, lifter)
        test_same_exercise_twice(driver, server, lifter)
        test_exercises(driver, server, lifter)
        test_settings(driver, server, lifter)
        test_offline(driver, server, lifter)
        test_sign_out_in(driver, server, lifter)
    except Exception:
        traceback.print_exc()
        FAILURES.append("exception")
        if driver is not None:
            try:
                print("  toast: %r" % driver.find_element(By.ID, "toast").text)
                for entry in driver.get_log("browser"):
                    print("  console: %s" % entry.get("message"))
            except Exception as error:
                print("  (no app page: %s)" % str(error).splitlines()[0])
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    if FAILURES:
        print("app tests: %d failed" % len(FAILURES))
        return 1
    print("app tests: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
