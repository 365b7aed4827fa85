#!/usr/bin/env python3
"""CORS of `/api/v1` in a real browser (issue 31): seed 004's gym monitor is a web app on another
origin. Headless Chromium opens a tiny page served from a second loopback port (another origin)
whose script calls the API with a bearer token — a GET of /api/v1/workouts, a JSON POST with an
`Idempotency-Key` (both preflighted, as `Authorization` is not a simple header) and a HEAD — and
reads the answers. Then a server started with `--cors-origin` of another origin: the browser
refuses the same fetch. Exit 0 when all hold.

Usage: scripts/browser-tests/test_cors.py [--bin DIR]   (run.sh cors builds and calls it)
"""
import argparse
import http.server
import json
import sys
import threading
import traceback

import wlogweb
from wlogweb import ALICE, api

FAILURES = []
PAGE = b"<!doctype html><title>monitor</title><p>another origin</p>"


def check(condition, message):
    print(("  ok   " if condition else "  FAIL ") + message)
    if not condition:
        FAILURES.append(message)


class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *_):
        pass


FETCH = """
const [url, method, token, body, done] = arguments;
const headers = {Authorization: 'Bearer ' + token};
if (body !== null) { headers['Content-Type'] = 'application/json'; headers['Idempotency-Key'] = 'browser-1'; }
fetch(url, {method, headers, body: body === null ? undefined : JSON.stringify(body)})
  .then(async r => done({status: r.status, text: await r.text()}))
  .catch(e => done({error: String(e)}));
"""


def call(driver, server, method, path, token, body=None):
    driver.set_script_timeout(20)
    return driver.execute_async_script(FETCH, server.base + "/api/v1/" + path, method, token, body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    arguments = parser.parse_args()
    page = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=page.serve_forever, daemon=True).start()
    origin = "http://127.0.0.1:%d" % page.server_address[1]
    server = wlogweb.Server(arguments.bin)
    narrowed = wlogweb.Server(arguments.bin, ["--cors-origin", "https://monitor.example"])
    driver = None
    try:
        token = server.token(ALICE)
        workout = api(server, "POST", "workouts", token, {"name": "Push Day"})
        api(server, "POST", "workouts/%s/exercises" % workout["id"], token, {"exerciseId": "bench-press"})
        api(server, "POST", "workouts/%s/exercises/bench-press/sets" % workout["id"], token, {"reps": 8, "weightKg": 80, "rpe": 8.5})
        driver = wlogweb.browser()
        driver.get(origin + "/")
        print("page at %s, API at %s" % (origin, server.base))
        listed = call(driver, server, "GET", "workouts", token)
        check("error" not in listed, "GET /api/v1/workouts from another origin is answered: %s" % listed.get("error", "read"))
        data = json.loads(listed.get("text") or "{}")
        # The browser hands the page the body only when Access-Control-Allow-Origin allows it.
        check(listed.get("status") == 200, "200 (%s)" % listed.get("status"))
        check([w["id"] for w in data.get("data", [])] == [workout["id"]] and data["data"][0]["totalSets"] == 1,
              "the page read the lifter's workout: %s" % [(w["id"], w["totalSets"]) for w in data.get("data", [])])
        created = call(driver, server, "POST", "workouts", token, {"name": "From the monitor"})
        check(created.get("status") == 201 and json.loads(created["text"])["data"]["name"] == "From the monitor",
              "a preflighted JSON POST with Idempotency-Key: %s" % created.get("status", created.get("error")))
        again = call(driver, server, "POST", "workouts", token, {"name": "From the monitor"})
        check(again.get("text") == created.get("text"), "its retry answers the same workout")
        head = call(driver, server, "HEAD", "workouts", token)
        check(head.get("status") == 200 and head.get("text") == "", "HEAD /api/v1/workouts: 200, no body")
        refused = call(driver, server, "GET", "workouts", "not-a-token")
        check(refused.get("status") == 401 and "UNAUTHORIZED" in refused.get("text", ""),
              "a bad token's 401 is readable by the page (CORS headers on errors too)")
        blocked = call(driver, narrowed, "GET", "workouts", narrowed.token(ALICE))
        check("error" in blocked and "Failed to fetch" in blocked["error"],
              "--cors-origin https://monitor.example: the browser refuses the answer to %s (%s)" % (origin, blocked))
    except Exception:
        traceback.print_exc()
        FAILURES.append("exception")
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
        narrowed.stop()
        page.shutdown()
    print("cors: %d failure(s)" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
