#!/usr/bin/env python3
"""How soon the change feed's Server-Sent Events deliver a committed set (issue 15).

  scripts/perf/sse-latency.py [--bin DIR] [--sets N] [--store postgres://…]

Starts wlog-server on a free loopback port over a fresh data folder (or --store), opens
`GET /api/v1/events/stream` as a lifter, then POSTs N sets one at a time through a second
connection. For each set: the time from sending the POST to its 201 (the commit durable), and
from the 201 to the moment the listener has read the set's `data:` line. Prints p50, p99 and the
maximum of both. A measurement, not a test: nothing fails on a slow run (docs/PERFORMANCE.md).
"""
import argparse
import http.client
import json
import os
import socket
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--sets", type=int, default=200)
    parser.add_argument("--store")
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="wlog-sse-")
    server = subprocess.Popen([os.path.join(args.bin, "wlog-server"), "run", "--listen", "127.0.0.1:0", "--data", data,
                               "--rate-limit", "0", "--address-rate-limit", "0", "--log-level", "error"]
                              + (["--store", args.store] if args.store else []),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(server.stdout.readline().split("http://", 1)[1].split()[0].rsplit(":", 1)[1])
        token = subprocess.run([os.path.join(args.bin, "wlog-server"), "token", "--user", "sse@example.com", "--data", data],
                               capture_output=True, text=True, check=True).stdout.strip()
        headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
        api = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

        def call(method, path, body=None):
            api.request(method, "/api/v1" + path, body=None if body is None else json.dumps(body), headers=headers)
            response = api.getresponse()
            return response.status, json.loads(response.read())

        status, body = call("POST", "/workouts", {"name": "SSE"})
        workout = body["data"]["id"]
        cursor = 0
        while True:  # the stream starts after what is there
            _, page = call("GET", "/events?after=%d&limit=1000" % cursor)
            cursor = int(page["data"]["next"])
            if not page["data"]["hasMore"]:
                break
        seen = {}  # set note -> monotonic time its data line was read
        ready = threading.Event()

        def listen():
            stream = socket.create_connection(("127.0.0.1", port))
            stream.sendall(("GET /api/v1/events/stream?after=%d HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n"
                            % (cursor, token)).encode())
            buffer = b""
            while True:
                chunk = stream.recv(65536)
                if not chunk:
                    return
                now = time.monotonic()
                ready.set()
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.startswith(b"data: ") and b'"notes":"sse-' in line:
                        note = line.split(b'"notes":"', 1)[1].split(b'"', 1)[0].decode()
                        seen.setdefault(note, now)

        threading.Thread(target=listen, daemon=True).start()
        ready.wait(10)
        commit, delivery = [], []
        for n in range(args.sets):
            note = "sse-%d" % n
            sent = time.monotonic()
            status, _ = call("POST", "/workouts/%s/exercises/bench-press/sets" % workout, {"reps": 5, "weightKg": 100, "notes": note})
            acknowledged = time.monotonic()
            assert status == 201, status
            while note not in seen and time.monotonic() - acknowledged < 5:
                time.sleep(0.0002)
            commit.append(acknowledged - sent)
            delivery.append(seen.get(note, float("inf")) - acknowledged)
        ms = lambda v: "%.2f ms" % (v * 1000)
        print("sse-latency: %d sets, %s store; POST to 201: p50 %s, p99 %s, max %s; 201 to the SSE data line: p50 %s, p99 %s, max %s"
              % (args.sets, "PostgreSQL" if args.store else "embedded", ms(percentile(commit, .5)), ms(percentile(commit, .99)),
                 ms(max(commit)), ms(percentile(delivery, .5)), ms(percentile(delivery, .99)), ms(max(delivery))))
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
