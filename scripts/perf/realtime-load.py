#!/usr/bin/env python3
"""Realtime under load (issue 33): many idle subscribers, some active ones, one server.

  scripts/perf/realtime-load.py [--bin DIR] [--idle 1000] [--active 100] [--writes 500] [--kill 10]

Starts wlog-server on a free loopback port over a fresh data folder, opens `--idle` WebSockets at
/realtime/v1/websocket, each joined to public.sets as its own lifter (nothing is written for them),
and `--active` more, each for a lifter that gets a workout. Then POSTs `--writes` sets through
/api/v1, round-robin over the active lifters, one at a time; for each, the time from its 201 to the
moment its subscriber has read the INSERT. Halfway, `--kill` active subscribers are cut off without
a close frame; the others must keep receiving every write. Prints the server's resident memory
(before, with the sockets joined, after), p50/p99/max of the delay, and what the killed ones cost.
A measurement, not a test: nothing fails on a slow run (docs/REALTIME.md).
"""
import argparse, asyncio, json, os, resource, subprocess, sys, tempfile, time, urllib.request, uuid

import jwt
import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from script_checks import Server  # noqa: E402


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def token(secret, lifter):
    now = int(time.time())
    return jwt.encode({"sub": lifter, "aud": "authenticated", "role": "authenticated", "iat": now, "exp": now + 3600},
                      secret, algorithm="HS256")


def post(base, path, tok, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class Subscriber:
    def __init__(self, url, tok):
        self.url, self.tok, self.seen, self.ws = url, tok, {}, None

    async def open(self):
        self.ws = await websockets.connect(self.url, max_size=None, ping_interval=None)
        await self.ws.send(json.dumps({"topic": "realtime:sets", "event": "phx_join", "ref": "1", "join_ref": "1",
                                       "payload": {"config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "sets"}]},
                                                   "access_token": self.tok}}))
        for _ in range(2):
            await self.ws.recv()

    async def listen(self):
        try:
            async for text in self.ws:
                message = json.loads(text)
                if message["event"] == "postgres_changes":
                    self.seen[message["payload"]["data"]["record"]["id"]] = time.monotonic()
        except websockets.exceptions.ConnectionClosed:
            pass


async def run(args, server, secret):
    url = server.base.replace("http://", "ws://") + "/realtime/v1/websocket?apikey=" + token(secret, str(uuid.uuid4()))
    before = rss_mb(server.process.pid)
    idle = [Subscriber(url, token(secret, str(uuid.uuid4()))) for _ in range(args.idle)]
    for start in range(0, len(idle), 50):
        await asyncio.gather(*(s.open() for s in idle[start:start + 50]))
    lifters = [str(uuid.uuid4()) for _ in range(args.active)]
    tokens = [token(secret, lifter) for lifter in lifters]
    workouts = [post(server.base, "/api/v1/workouts", tok, {"name": "Load"})["data"]["id"] for tok in tokens]
    active = [Subscriber(url, tok) for tok in tokens]
    await asyncio.gather(*(s.open() for s in active))
    listeners = [asyncio.create_task(s.listen()) for s in idle + active]
    joined = rss_mb(server.process.pid)
    delays, killed, lost = [], set(), 0
    loop = asyncio.get_running_loop()
    for n in range(args.writes):
        if n == args.writes // 2:
            for index in range(args.kill):
                active[index].ws.transport.abort()  # no close frame: the socket just dies
                killed.add(index)
        index = n % args.active
        answer = await loop.run_in_executor(None, post, server.base, f"/api/v1/workouts/{workouts[index]}/exercises/bench-press/sets",
                                            tokens[index], {"weightKg": 60, "reps": 5})
        answered = time.monotonic()
        if index in killed:
            continue
        set_id = answer["data"]["id"]
        deadline = answered + 5
        while set_id not in active[index].seen and time.monotonic() < deadline:
            await asyncio.sleep(0.0005)
        if set_id in active[index].seen:
            delays.append(max(0.0, active[index].seen[set_id] - answered) * 1000)
        else:
            lost += 1
    after = rss_mb(server.process.pid)
    for listener in listeners:
        listener.cancel()
    for s in idle + active:
        s.ws.transport.abort()
    print(f"subscribers: {args.idle} idle + {args.active} active ({args.kill} killed at write {args.writes // 2})")
    print(f"server RSS: {before:.1f} MB before, {joined:.1f} MB joined, {after:.1f} MB after {args.writes} writes")
    print(f"201 → INSERT message over {len(delays)} writes: p50 {percentile(delays, 0.5):.1f} ms, p99 {percentile(delays, 0.99):.1f} ms, "
          f"max {max(delays):.1f} ms; lost {lost}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--active", type=int, default=100)
    parser.add_argument("--writes", type=int, default=500)
    parser.add_argument("--kill", type=int, default=10)
    args = parser.parse_args()
    # Both ends hold a socket per subscriber: raise the open-file limit (the server inherits it).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * (args.idle + args.active) + 256)), hard))
    with tempfile.TemporaryDirectory() as data:
        server = Server(os.path.join(ROOT, args.bin, "wlog-server"), data, None, name="realtime-load")
        try:
            with open(os.path.join(data, "jwt-secret"), "rb") as f:
                secret = f.read().strip()
            asyncio.run(run(args, server, secret))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
