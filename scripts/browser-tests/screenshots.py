#!/usr/bin/env python3
"""Screenshots of every web page at phone (390 px) and TV (1920 px) widths into docs/screenshots/
(issue 17): a wlog-server over a temp folder, one seeded lifter with a workout in progress,
headless Chromium signed in with the lifter's token; each page shot whole (the window made as
tall as the page). Usage: screenshots.py [--bin DIR] [--out DIR]"""
import argparse
import datetime
import os
import sys

import wlogweb
from wlogweb import ALICE, api

PAGES = [("monitor", "/monitor"), ("history", "/history"), ("workout", None), ("exercise", "/exercises/bench-press?reps=5"),
         ("bodyweight", "/bodyweight"), ("sign-in", "/sign-in")]
WIDTHS = [("phone", 390, 844), ("tv", 1920, 1080)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--out", default=os.path.join(wlogweb.ROOT, "docs", "screenshots"))
    arguments = parser.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    server = wlogweb.Server(arguments.bin)
    try:
        token = server.token(ALICE)
        workouts = wlogweb.seed(server, ALICE, token)
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        live = api(server, "POST", "workouts", token, {"name": "Push day",
                                                       "startedAt": (now - datetime.timedelta(minutes=24)).isoformat().replace("+00:00", "Z")})
        for minutes, (exercise, weight, reps) in zip((20, 16, 12, 8, 3), [("bench-press", 60, 8), ("bench-press", 90, 5),
                                                                          ("bench-press", 90, 5), ("bench-press", 90, 4),
                                                                          ("overhead-press", 45, 8)]):
            at = (now - datetime.timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z")
            body = {"reps": reps, "weightKg": weight, "completedAt": at}
            if weight == 60:
                body["setType"] = "warmup"
            api(server, "POST", "workouts/%s/exercises/%s/sets" % (live["id"], exercise), token, body)
        for label, width, height in WIDTHS:
            driver = wlogweb.browser(width, height)
            try:
                wlogweb.sign_in(driver, server, token)
                for name, path in PAGES:
                    if name == "sign-in":
                        driver.delete_all_cookies()
                    driver.get(server.base + (path or "/workouts/" + workouts[-1]))
                    full = driver.execute_script("return Math.max(document.documentElement.scrollHeight, %d)" % height)
                    driver.set_window_size(width, full)
                    target = os.path.join(arguments.out, "%s-%s.png" % (name, label))
                    driver.save_screenshot(target)
                    driver.set_window_size(width, height)
                    print(os.path.relpath(target, wlogweb.ROOT))
            finally:
                driver.quit()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
