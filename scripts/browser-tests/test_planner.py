#!/usr/bin/env python3
"""The app's Planner (issue 34) in headless Chromium at 390 × 844: creates a routine of two days
with targets (sets, reps low–high, RPE, rest), then (offline, through the queue) moves an
exercise up, edits a target, copies a day and marks a deload week, and starts the copied day
from Today. The journal, read by the CLI (`wlog events`, `wlog plan show`), holds exactly one
routine.created and one routine.updated with those keys, and the workout.started of that day.

Usage: scripts/browser-tests/run.sh app   (after test_app.py; or test_planner.py --bin DIR)
"""
import subprocess
import sys
import traceback

import wlogweb
from appdriver import button, css, press, settled, start, status, synced, tap, typed, use_session, wait
from test_app import FAILURES, check, events, offline, thumb

from selenium.webdriver.common.by import By

LIFTER = "91a00000-0000-4000-8000-000000000034"
BENCH = {"exercise": "bench-press", "sets": 4, "reps_low": 5, "reps_high": 8, "rpe": 8, "rest_s": 180}
PRESS = {"exercise": "overhead-press", "sets": 3, "reps_low": 8, "reps_high": 12}
PLAN = """Push Pull  (push-pull)  4 weeks  deload week 4

Day 1  Push
  Overhead Press  3 × 8–10
  Bench Press     4 × 5–8 @8, rest 3:00

Day 2  Pull
  Barbell Row  3 × 8–12, rest 2:00

Day 3  Push (copy)
  Overhead Press  3 × 8–10
  Bench Press     4 × 5–8 @8, rest 3:00"""
ROW = {"exercise": "barbell-row", "sets": 3, "reps_low": 8, "reps_high": 12, "rest_s": 120}


def label(driver, text):
    tap(driver, "[aria-label=%s]" % quoted(text))


def quoted(text):
    return '"%s"' % text.replace('"', '\\"')


def add(driver, day, name):
    label(driver, "Add exercise to day %d" % day)
    typed(driver, "picker", name)
    press(driver, lambda: button(driver, name))
    wait(driver, lambda d: any(e.text == name for e in d.find_elements(By.CSS_SELECTOR, "section.day[data-day='%d'] .planned strong" % day)),
         "%s on day %d" % (name, day))


def routine_events(server):
    return [{k: v for k, v in e.items() if k in ("type", "routine", "name", "weeks", "deload_weeks", "days")}
            for e in events(server, LIFTER, "routine.*")]


def test_create(driver, server):
    print("planner: a new routine of two days with targets")
    tap(driver, "a[href='#/planner']")
    settled(driver)
    thumb(driver, "the Planner")
    typed(driver, "routine-name", "Push Pull")
    typed(driver, "routine-weeks", "4")
    press(driver, lambda: button(driver, "Create routine"))
    wait(driver, lambda d: d.current_url.endswith("#/planner/push-pull"), "the new routine's editor")
    settled(driver)
    typed(driver, "d1-title", "Push")
    add(driver, 1, "Bench Press")
    add(driver, 1, "Overhead Press")
    for key, value in (("sets", 4), ("reps_low", 5), ("reps_high", 8), ("rpe", 8), ("rest_s", 180)):
        typed(driver, "d1-e0-" + key, value)
    press(driver, lambda: button(driver, "Add day"))
    typed(driver, "d2-title", "Pull")
    add(driver, 2, "Barbell Row")
    typed(driver, "d2-e0-rest_s", 120)
    typed(driver, "d2-e0-reps_high", 4)
    press(driver, lambda: button(driver, "Save routine"))
    refused = driver.find_element(By.ID, "toast").text
    check(refused == 'day 2, Barbell Row: 3 × 8–4 — give at least 1 set, reps from 1, and "to" not below "from"',
          "reps 8–4 refused on the screen, naming the day, exercise and values: %r" % refused)
    tap(driver, "#toast")
    wait(driver, lambda d: not d.find_element(By.ID, "toast").is_displayed(), "the message hidden by a tap")
    typed(driver, "d2-e0-reps_high", 12)
    thumb(driver, "the routine editor")
    before = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-sent") or 0)
    press(driver, lambda: button(driver, "Save routine"))
    synced(driver, before)
    check(len(routine_events(server)) == 1, "one save sent, the refused one not")
    wanted = [{"type": "routine.created", "routine": "push-pull", "name": "Push Pull", "weeks": 4,
               "days": [{"day": 1, "title": "Push", "exercises": [BENCH, PRESS]}, {"day": 2, "title": "Pull", "exercises": [ROW]}]}]
    got = routine_events(server)
    check(got == wanted, "wlog events: one routine.created with both days and their targets: %r" % got)
    shown = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "ul.routines li strong")]
    check(shown == ["Push Pull"], "the Planner lists the routine: %r" % shown)


def test_edit_offline(driver, server):
    print("planner: reorder, edit a target, copy a day, deload week — saved offline, sent once online")
    label(driver, "Edit Push Pull")
    wait(driver, lambda d: d.current_url.endswith("#/planner/push-pull"), "the routine's editor")
    settled(driver)
    label(driver, "Move Overhead Press up on day 1")
    wait(driver, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "section.day[data-day='1'] .planned strong")]
         == ["Overhead Press", "Bench Press"], "Overhead Press first on day 1")
    typed(driver, "d1-e0-reps_high", 10)
    label(driver, "Copy day 1")
    wait(driver, lambda d: d.find_elements(By.ID, "d3-title"), "day 3, the copy")
    label(driver, "Deload week 4")
    wait(driver, lambda d: css(d, "[aria-label='Deload week 4']").get_attribute("aria-pressed") == "true", "week 4 marked")
    offline(driver, True)
    press(driver, lambda: button(driver, "Save routine"))
    wait(driver, lambda d: status(d) == "offline · 1 change waiting", "offline · 1 change waiting")
    # The Planner's list is drawn once the save is queued, which may come after the status line.
    shown = wait(driver, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "ul.routines li") if "3 days" in e.text],
                 "offline, the Planner listing the saved routine with its 3 days")
    check(len(shown) == 1, "offline, the Planner shows the saved routine at once: %r" % shown)
    check(len(routine_events(server)) == 1, "nothing reached the journal while offline")
    offline(driver, False)
    wait(driver, lambda d: status(d) == "online", "the routine sent", seconds=30)
    synced(driver)
    push = [dict(PRESS, reps_high=10), BENCH]
    wanted = {"type": "routine.updated", "routine": "push-pull", "name": "Push Pull", "weeks": 4, "deload_weeks": [4],
              "days": [{"day": 1, "title": "Push", "exercises": push}, {"day": 2, "title": "Pull", "exercises": [ROW]},
                       {"day": 3, "title": "Push (copy)", "exercises": push}]}
    got = routine_events(server)
    check(got[1:] == [wanted], "wlog events: one routine.updated with the move, the edit, the copy and deload week 4: %r" % got[1:])
    plan = subprocess.run([server.bin_dir + "/wlog", "--journal", "%s/users/%s/journal.wlog" % (server.data, LIFTER), "plan", "show", "push-pull"],
                          check=True, capture_output=True, text=True).stdout
    print("  wlog plan show:\n    " + plan.strip().replace("\n", "\n    "))
    routine = plan.split("\nToday:")[0].strip()
    check(routine == PLAN, "wlog plan show: the routine exactly as saved")


def test_start_day(driver, server):
    print("Today: start the copied day")
    tap(driver, "nav a[href='#/today']")
    settled(driver)
    label(driver, "Start Push Pull — Push (copy)")
    wait(driver, lambda d: d.current_url.endswith("#/workout"), "the workout screen")
    synced(driver)
    names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "section.exercise h2")]
    check(names == ["Overhead Press", "Bench Press"], "the workout has day 3's exercises in order: %r" % names)
    started = [(e.get("routine"), e.get("day"), [p["exercise"] for p in e.get("planned", [])]) for e in events(server, LIFTER, "workout.started")]
    check(started == [("push-pull", 3, ["overhead-press", "bench-press"])], "wlog events: workout.started of day 3: %r" % started)


def main():
    server, _ = start()
    driver = None
    try:
        driver = wlogweb.browser(390, 844)
        use_session(driver, server, LIFTER, server.token(LIFTER))
        driver.get(server.base + "/app/#/today")
        settled(driver)
        test_create(driver, server)
        test_edit_offline(driver, server)
        test_start_day(driver, server)
    except Exception:
        traceback.print_exc()
        FAILURES.append("exception")
        if driver is not None:
            print("  toast: %r" % driver.find_element(By.ID, "toast").text)
            for entry in driver.get_log("browser"):
                print("  console: %s" % entry.get("message"))
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    if FAILURES:
        print("planner tests: %d failed" % len(FAILURES))
        return 1
    print("planner tests: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
