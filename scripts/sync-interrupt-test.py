#!/usr/bin/env python3
"""Interruption test of `wlog sync` (issue 15): SIGKILL it at random points, then converge.

A wlog-server on a free loopback port; three replicas of one lifter: two journals (a laptop and a
phone) and the API. Each trial logs something on one replica (a set or a body weight, on a
journal through the CLI or through the API), then starts `wlog sync` on a random journal and
kills it with SIGKILL after a random delay (0 to --max-delay ms: before it reads anything, while
it pushes, between pushing and pulling, while `wlog append events` commits, after; the delays
spread over 0 to 1.2 × the median time of the syncs that finished, so about a fifth finish). After the
trials, one more `wlog sync` of each journal, then another of the first (what the second pushed),
and:

  - every event created anywhere is in both journals and in the server's stream, once
    (the same ids, no id twice);
  - another sync of each journal moves nothing;
  - both journals pass `wlog verify` and print the same `history`, `prs` and `bodyweight` (JSON).

Usage: scripts/sync-interrupt-test.py [--bin DIR] [--trials N] [--seed N]
DIR holds wlog, wlog-sync and wlog-server (default .build/debug). Exit 0 when it holds, 1 naming the check.
"""
import argparse
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from script_checks import Failure, check  # scripts/ is on sys.path: the script's own folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    wlog, server_bin = os.path.join(args.bin, "wlog"), os.path.join(args.bin, "wlog-server")
    for path in (wlog, server_bin, os.path.join(args.bin, "wlog-sync")):
        if not os.access(path, os.X_OK):
            sys.exit("sync-interrupt-test: %s is missing; build first (swift build --build-tests)" % path)
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="wlog-sync-kill-")
    env = dict(os.environ, TZ="UTC", NO_COLOR="1")
    server = subprocess.Popen([server_bin, "run", "--listen", "127.0.0.1:0", "--data", os.path.join(work, "data"),
                               "--rate-limit", "0", "--address-rate-limit", "0", "--log-level", "critical"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    started = time.monotonic()
    try:
        line = server.stdout.readline()
        check("listening on http://" in line, "wlog-server did not start: %r" % line)
        port = int(line.split("http://", 1)[1].split()[0].rsplit(":", 1)[1])
        env["WLOG_TOKEN"] = subprocess.run([server_bin, "token", "--user", "sync@example.com", "--data",
                                            os.path.join(work, "data")], capture_output=True, text=True,
                                           check=True).stdout.strip()

        def cli(journal, *arguments):
            result = subprocess.run([wlog, "--journal", journal] + list(arguments), capture_output=True, text=True, env=env)
            check(result.returncode == 0, "wlog %s: exit %d: %s" % (" ".join(arguments), result.returncode, result.stderr))
            return result.stdout

        def api(method, path, body=None):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request(method, "/api/v1" + path, body=None if body is None else json.dumps(body),
                               headers={"Authorization": "Bearer " + env["WLOG_TOKEN"], "Content-Type": "application/json"})
            response = connection.getresponse()
            raw = response.read()
            connection.close()
            check(response.status in (200, 201), "%s %s answered %d: %s" % (method, path, response.status, raw[:200]))
            return json.loads(raw)

        journals = [os.path.join(work, name + ".wlog") for name in ("laptop", "phone")]
        for journal in journals:
            cli(journal, "init", "--unit", "kg", "--tz", "UTC")
            cli(journal, "remote", "add", "origin", "http://127.0.0.1:%d" % port)
        kills = outcomes = 0
        took = [0.5]  # seconds the finished syncs took (a first guess)
        day = 0
        for trial in range(args.trials):
            day += 1
            at = "2025-%02d-%02dT18:%02d:00Z" % (1 + day // 28 % 12, 1 + day % 28, rng.randrange(60))
            where = rng.randrange(3)
            if where == 2:
                api("POST", "/bodyweight", {"weightKg": round(rng.uniform(70, 90), 1), "recordedAt": at})
            elif rng.random() < 0.8:
                cli(journals[where], "append", "set", rng.choice(["bench press", "squat", "deadlift"]),
                    "%gx%d" % (rng.randrange(40, 160, 5), rng.randrange(1, 10)), "--at", at)
            else:
                cli(journals[where], "append", "bodyweight", "%.1f" % rng.uniform(70, 90), "--at", at)
            journal = rng.choice(journals)
            began = time.monotonic()
            sync = subprocess.Popen([wlog, "--journal", journal, "sync"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, env=env)
            time.sleep(rng.uniform(0, 1.2 * sorted(took)[len(took) // 2]))
            if sync.poll() is None:
                sync.send_signal(signal.SIGKILL)
            status = sync.wait()
            check(status in (0, -signal.SIGKILL), "an interrupted-or-not sync exited %d" % status)
            if status == 0:
                outcomes += 1
                took.append(time.monotonic() - began)
            else:
                kills += 1
        # Converge: each journal syncs, then the first again (what the second pushed).
        for journal in journals + journals[:1]:
            cli(journal, "sync")
        for journal in journals:
            check(cli(journal, "sync").startswith("origin: pushed 0 event(s) (0 already there), pulled 0 event(s)"),
                  "a further sync of %s still moved events" % journal)
        ids = []
        for journal in journals:
            lines = [json.loads(text) for text in cli(journal, "events").splitlines()]
            ids.append([event["id"] for event in lines])
            check(len(ids[-1]) == len(set(ids[-1])), "%s holds an event twice" % journal)
            cli(journal, "verify")
        served, cursor = [], 0
        while True:
            page = api("GET", "/events?after=%d&limit=1000" % cursor)["data"]
            served += [json.loads(text)["id"] for text in page["events"]]
            cursor = int(page["next"])
            if not page["hasMore"]:
                break
        check(len(served) == len(set(served)), "the server's stream holds an event twice")
        check(set(ids[0]) == set(ids[1]) == set(served),
              "the replicas differ: laptop %d, phone %d, server %d events" % (len(ids[0]), len(ids[1]), len(served)))
        created = 2 + args.trials  # each journal's settings, one event a trial
        check(len(served) == created, "%d events created, %d found" % (created, len(served)))
        for read in (["history", "--format", "json", "--limit", "1000"], ["prs", "--format", "json"], ["bodyweight", "--format", "json"]):
            check(cli(journals[0], *read) == cli(journals[1], *read), "the journals print different %s" % read[0])
        print("sync-interrupt-test: ok — seed %d, %d trials, %d syncs killed by SIGKILL (%d finished first);"
              " %d events created, %d in each replica, none twice; %.1f s"
              % (args.seed, args.trials, kills, outcomes, created, len(served), time.monotonic() - started))
    except Failure as failure:
        print("sync-interrupt-test: FAILED (seed %d): %s" % (args.seed, failure), file=sys.stderr)
        print("sync-interrupt-test: data kept in %s" % work, file=sys.stderr)
        server.kill()
        sys.exit(1)
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=20)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
