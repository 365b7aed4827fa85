#!/usr/bin/env python3
"""issue 33: Supabase Realtime on `wlog serve` (/realtime/v1/websocket), driven by the official
supabase-py client (`acreate_client`, its `AsyncRealtimeClient`), a client this project did not write.

wlog-server runs on a free loopback port (the journal store, or with --store postgres a scratch
database beside $WLOG_TEST_DATABASE_URL's). Lifters A and B get tokens (`wlog-server token`); the
anon key is signed here from DATA/jwt-secret. The checks:
  - A subscribes to public.sets (`*`) and B to the same table; A's insert, update and delete made
    through /rest/v1 (supabase-py's PostgREST client), /api/v1 and, on the journal store, `wlog
    append` on A's journal file each reach A within a second, with the record/old_record the
    PostgREST table gives; B receives none of A's rows, and A none of B's;
  - A's channel on treoir.sets with filter workoutId=eq.W receives the sets of workout W only;
  - hostile frames (raw websockets): malformed JSON, an unknown event, a binary frame, a join with
    B's workout as topic and filter, an unknown table, a bad filter, vsn 9, an expired access_token
    swapped in, a 1 MB frame: an error reply or a close, never a crash, never another lifter's rows.

    python3 scripts/realtime-test.py [--bin .build/debug] [--store journal|postgres]
"""
import asyncio, datetime, json, os, re, subprocess, sys, time, urllib.error, urllib.request

import jwt
import websockets
from supabase import acreate_client

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_checks import Checklist, Server, run_on_store, store_arguments  # noqa: E402

check = Checklist()
WITHIN = 1.0  # seconds from a write's answer to its message


def http(base, path, token=None, body=None, method=None):
    """(status, parsed body) of one request."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), headers=headers,
                                     method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text.startswith(("{", "[")) else text
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, json.loads(text) if text.startswith(("{", "[")) else text


def anon_key(data):
    """The project's anon key: HS256 with DATA/jwt-secret, {"iss":"wlog","role":"anon"}, as `wlog serve keys` prints it."""
    with open(os.path.join(data, "jwt-secret"), "rb") as f:
        secret = f.read().strip()
    now = int(time.time())
    return jwt.encode({"iss": "wlog", "role": "anon", "iat": now, "exp": now + 10 * 365 * 86400}, secret, algorithm="HS256")


def expired_token(data, lifter):
    """A user token for `lifter` that expired ten minutes ago (past the verifier's 30 s leeway)."""
    with open(os.path.join(data, "jwt-secret"), "rb") as f:
        secret = f.read().strip()
    now = int(time.time())
    return jwt.encode({"sub": lifter, "aud": "authenticated", "role": "authenticated", "iat": now - 7200, "exp": now - 600},
                      secret, algorithm="HS256")


class Inbox:
    """The postgres_changes a channel received, each with the time it arrived."""

    def __init__(self, name):
        self.name, self.items = name, []

    def __call__(self, payload):
        self.items.append((time.monotonic(), payload["data"]))

    async def wait_for(self, since, predicate, timeout=3.0):
        """The first message after index `since` matching `predicate`, and its arrival time; (None, None) after `timeout`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, data in self.items[since:]:
                if predicate(data):
                    return data, at
            await asyncio.sleep(0.01)
        return None, None


async def subscribe(sb, token, name, schema, table, filter=None):
    """A channel of `sb`'s realtime client as the user of `token`, subscribed; its Inbox."""
    await sb.realtime.set_auth(token)
    inbox = Inbox(name)
    states = []
    channel = sb.channel(name).on_postgres_changes("*", inbox, table=table, schema=schema, filter=filter)
    await channel.subscribe(lambda state, error: states.append((str(state), error)))
    for _ in range(300):
        if states:
            break
        await asyncio.sleep(0.01)
    check(states and states[0][0].endswith("SUBSCRIBED"), f"{name}: {schema}.{table}{' ' + filter if filter else ''} subscribed: {states}")
    return inbox


async def arrives(inbox, since, kind, written_at, what, row_id, expect):
    """Checks that a `kind` change of row `row_id` reaches `inbox` within WITHIN seconds of `written_at`, and `expect(data)`."""
    def match(data):
        row = data.get("record") or data.get("old_record") or {}
        return data["type"] == kind and str(row.get("id")) == str(row_id)
    data, at = await inbox.wait_for(since, match)
    delay = None if at is None else at - written_at
    check(data is not None and delay <= WITHIN and expect(data),
          f"{what}: {kind} of {row_id} reached {inbox.name} in {'%.0f ms' % max(0, delay * 1000) if delay is not None else 'never'}"
          f"{'' if data is None else ' — ' + json.dumps({k: data.get(k) for k in ('record', 'old_record') if k in data})[:220]}")
    return data


async def lifter_writes(base, data_dir, wlog, a, b, a_token, b_token, a_inbox, b_inbox, sb_a, journal):
    """A's writes through /rest/v1, /api/v1 and `wlog append`, each checked on A's channel; none on B's."""
    exercises = (await sb_a.table("exercises").select("id,name").ilike("name", "%bench%").eq("is_base", True).execute()).data
    exercises = [e for e in exercises if e["name"] == "Bench Press"]
    bench = exercises[0]["id"]
    a_ids = []

    # /rest/v1 through supabase-py's PostgREST client.
    since = len(a_inbox.items)
    inserted = (await sb_a.table("sets").insert({"exercise_id": bench, "weight": 225, "reps": 5}).execute()).data[0]
    t = time.monotonic()
    a_ids.append(inserted["id"])
    await arrives(a_inbox, since, "INSERT", t, "/rest/v1 insert", inserted["id"],
                  lambda d: d["record"] == inserted and d["schema"] == "public" and d["table"] == "sets"
                  and d["errors"] is None and any(c["name"] == "weight" and c["type"] == "numeric" for c in d["columns"]))
    since = len(a_inbox.items)
    updated = (await sb_a.table("sets").update({"weight": 235}).eq("id", inserted["id"]).execute()).data[0]
    t = time.monotonic()
    await arrives(a_inbox, since, "UPDATE", t, "/rest/v1 update", inserted["id"],
                  lambda d: d["record"] == updated and d["old_record"] == inserted and d["record"]["weight"] == 235)
    since = len(a_inbox.items)
    await sb_a.table("sets").delete().eq("id", inserted["id"]).execute()
    t = time.monotonic()
    await arrives(a_inbox, since, "DELETE", t, "/rest/v1 delete", inserted["id"],
                  lambda d: d["old_record"] == updated and "record" not in d)

    # /api/v1.
    status, started = http(base, "/api/v1/workouts", a_token, body={"name": "Push day"}, method="POST")
    workout = started["data"]["id"]
    since = len(a_inbox.items)
    status, made = http(base, f"/api/v1/workouts/{workout}/exercises/bench-press/sets", a_token,
                        body={"weightKg": 100, "reps": 5}, method="POST")
    t = time.monotonic()
    set_id = made["data"]["id"]
    a_ids.append(set_id)
    row = await arrives(a_inbox, since, "INSERT", t, f"/api/v1 POST set ({status})", set_id,
                        lambda d: d["record"]["reps"] == 5 and abs(d["record"]["weight"] - 220.4623) < 0.01)
    since = len(a_inbox.items)
    status, _ = http(base, f"/api/v1/workouts/{workout}/exercises/bench-press/sets/{set_id}", a_token, body={"reps": 6}, method="PATCH")
    t = time.monotonic()
    await arrives(a_inbox, since, "UPDATE", t, f"/api/v1 PATCH set ({status})", set_id,
                  lambda d: d["record"]["reps"] == 6 and d["old_record"] == (row or {}).get("record"))
    since = len(a_inbox.items)
    status, _ = http(base, f"/api/v1/workouts/{workout}/exercises/bench-press/sets/{set_id}", a_token, method="DELETE")
    t = time.monotonic()
    await arrives(a_inbox, since, "DELETE", t, f"/api/v1 DELETE set ({status})", set_id, lambda d: d["old_record"]["reps"] == 6)

    # `wlog append` on A's journal file: another writer the server hears by polling.
    if journal:
        since = len(a_inbox.items)
        out = subprocess.run([wlog, "--journal", journal, "append", "set", "squat", "140kgx5"], capture_output=True, text=True)
        t = time.monotonic()
        data, at = await a_inbox.wait_for(since, lambda d: d["type"] == "INSERT")
        check(out.returncode == 0 and data is not None and at - t <= WITHIN and data["record"]["reps"] == 5,
              f"wlog append set: INSERT reached A in {'%.0f ms' % ((at - t) * 1000) if at else 'never'} ({out.stderr.strip()[:80]})")
        if data:
            cli_id = data["record"]["id"]
            a_ids.append(cli_id)
            since = len(a_inbox.items)
            out = subprocess.run([wlog, "--journal", journal, "append", "edit", cli_id.replace("-", ""), "--reps", "4"],
                                 capture_output=True, text=True)
            t = time.monotonic()
            await arrives(a_inbox, since, "UPDATE", t, f"wlog append edit ({out.returncode} {out.stderr.strip()[:60]})", cli_id,
                          lambda d: d["record"]["reps"] == 4 and d["old_record"] == data["record"])
            since = len(a_inbox.items)
            out = subprocess.run([wlog, "--journal", journal, "append", "delete", cli_id.replace("-", "")], capture_output=True, text=True)
            t = time.monotonic()
            await arrives(a_inbox, since, "DELETE", t, f"wlog append delete ({out.returncode} {out.stderr.strip()[:60]})", cli_id,
                          lambda d: d["old_record"]["reps"] == 4)

    # B's write reaches B, never A.
    since_a = len(a_inbox.items)
    status, b_started = http(base, "/api/v1/workouts", b_token, body={"name": "B's day"}, method="POST")
    status, b_set = http(base, f"/api/v1/workouts/{b_started['data']['id']}/exercises/squat/sets", b_token,
                         body={"weightKg": 60, "reps": 10}, method="POST")
    t = time.monotonic()
    await arrives(b_inbox, 0, "INSERT", t, "B's /api/v1 set", b_set["data"]["id"], lambda d: d["record"]["user_id"] == b)
    await asyncio.sleep(0.5)
    check(len(a_inbox.items) == since_a, f"A received nothing of B's writes ({len(a_inbox.items) - since_a} messages)")
    leaked = [d for _, d in b_inbox.items if (d.get("record") or d.get("old_record") or {}).get("user_id") != b
              or (d.get("record") or d.get("old_record") or {}).get("id") in a_ids]
    check(not leaked and b_inbox.items, f"B received {len(b_inbox.items)} messages, none of A's rows ({len(leaked)})")
    return workout, b_started["data"]["id"]


def finish(base, token, workout):
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    status, answer = http(base, f"/api/v1/workouts/{workout}", token, body={"completedAt": now}, method="PATCH")
    check(status == 200, f"workout {workout} finished ({status})")


async def filtered(base, sb_a, a_token, previous):
    """A channel on treoir.sets filtered to one workout receives that workout's sets only."""
    finish(base, a_token, previous)
    status, one = http(base, "/api/v1/workouts", a_token, body={"name": "One"}, method="POST")
    one = one["data"]["id"]
    finish(base, a_token, one)
    inbox = await subscribe(sb_a, a_token, "workout:" + one, "treoir", "sets", filter="workoutId=eq." + one)
    status, two = http(base, "/api/v1/workouts", a_token, body={"name": "Two"}, method="POST")
    two = two["data"]["id"]
    made = {}
    for workout, exercise in [(two, "squat"), (one, "bench-press"), (two, "deadlift"), (one, "overhead-press")]:
        status, answer = http(base, f"/api/v1/workouts/{workout}/exercises/{exercise}/sets", a_token,
                              body={"weightKg": 50, "reps": 8}, method="POST")
        made.setdefault(workout, []).append(answer["data"]["id"])
    t = time.monotonic()
    await inbox.wait_for(0, lambda d: d["record"]["id"] == made[one][-1])
    await asyncio.sleep(0.4)
    got = [d["record"]["id"] for _, d in inbox.items]
    check(got == made[one] and all(d["record"]["workoutId"] == one for _, d in inbox.items),
          f"filter workoutId=eq.<one>: received {len(got)} sets, exactly workout one's {len(made[one])} (not two's {len(made[two])})")
    return inbox


async def raw(url, frames, read=3, timeout=2.0, reason=False):
    """Sends `frames` (text, or bytes for a binary frame) on a raw socket; the frames read back (up to `read`) and the close code."""
    got, code = [], None
    try:
        async with websockets.connect(url, max_size=None) as ws:
            for frame in frames:
                await ws.send(frame)
            try:
                while len(got) < read:
                    got.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
            except asyncio.TimeoutError:
                pass
    except websockets.exceptions.ConnectionClosed as closed:
        code = (closed.rcvd.code, closed.rcvd.reason) if reason and closed.rcvd else closed.rcvd.code if closed.rcvd else None
    except Exception as error:  # the upgrade refused
        code = getattr(getattr(error, "response", None), "status_code", repr(error))
    return got, code


def frame(topic, event, payload, ref="1"):
    return json.dumps({"topic": topic, "event": event, "payload": payload, "ref": ref, "join_ref": ref})


def error_reply(got, topic, words):
    return any(m.get("event") == "phx_reply" and m.get("topic") == topic and m["payload"].get("status") == "error"
               and words in m["payload"]["response"].get("reason", "") for m in got)


async def hostile(server, data, anon, a, a_token, b_workout, b_token):
    """Frames an attacker or a broken client sends: each an error reply or a close; the server lives, B's rows stay B's."""
    ws = server.base.replace("http://", "ws://") + "/realtime/v1/websocket?apikey=" + anon
    got, _ = await raw(ws + "&vsn=1.0.0", ["{not json", "[1,2]"], read=2)
    check(error_reply(got, "phoenix", "not valid JSON") and error_reply(got, "phoenix", "JSON objects"),
          f"malformed JSON and a v2 frame on vsn 1.0.0: error replies ({[m['payload']['response'].get('reason', '')[:50] for m in got]})")
    got, _ = await raw(ws, [frame("phoenix", "heartbeat", {}), frame("realtime:x", "broadcast", {"x": 1}), b"\x00\x01"], read=3)
    check(got and got[0]["payload"]["status"] == "ok" and error_reply(got, "realtime:x", "unmatched topic")
          and error_reply(got, "phoenix", "binary"), f"heartbeat ok; an unknown event and a binary frame: error replies")
    # A joins with B's workout as topic and filter: B's rows never reach A.
    a_sock = await websockets.connect(ws, max_size=None)
    await a_sock.send(frame("realtime:workout:" + b_workout, "phx_join",
                            {"config": {"postgres_changes": [{"event": "*", "schema": "treoir", "table": "sets", "filter": "workoutId=eq." + b_workout},
                                                             {"event": "*", "schema": "public", "table": "sets"}]},
                             "access_token": a_token}))
    joined = [json.loads(await asyncio.wait_for(a_sock.recv(), 2)) for _ in range(2)]
    status, b_set = http(server.base, f"/api/v1/workouts/{b_workout}/exercises/squat/sets", b_token, body={"weightKg": 70, "reps": 7}, method="POST")
    leaked = []
    try:
        while True:
            leaked.append(json.loads(await asyncio.wait_for(a_sock.recv(), 1.0)))
    except asyncio.TimeoutError:
        pass
    check(joined[0]["payload"]["status"] == "ok" and status == 201 and not [m for m in leaked if m["event"] == "postgres_changes"],
          f"A joined B's workout topic with B's workout as filter; B's new set reached A {len(leaked)} times")
    # An expired token swapped in closes the channel with an error.
    await a_sock.send(json.dumps({"topic": "realtime:workout:" + b_workout, "event": "access_token",
                                  "payload": {"access_token": expired_token(data, a)}, "ref": None, "join_ref": None}))
    closed = [json.loads(await asyncio.wait_for(a_sock.recv(), 2)) for _ in range(2)]
    check(closed[0]["event"] == "system" and closed[0]["payload"]["status"] == "error" and "expired" in closed[0]["payload"]["message"]
          and closed[1]["event"] == "phx_close", f"an expired access_token closes the channel: {[(m['event'], m['payload'].get('message')) for m in closed]}")
    await a_sock.close()
    got, _ = await raw(ws, [frame("realtime:t", "phx_join", {"config": {"postgres_changes": [{"event": "*", "schema": "public", "table": "users"}]}, "access_token": a_token}),
                            frame("realtime:u", "phx_join", {"config": {"postgres_changes": [{"event": "*", "schema": "public", "table": "sets", "filter": "weight=gt.100"}]}, "access_token": a_token}),
                            frame("realtime:v", "phx_join", {"config": {"postgres_changes": [{"event": "TRUNCATE", "table": "sets"}]}, "access_token": a_token}),
                            frame("realtime:w", "phx_join", {"config": {"postgres_changes": [{"event": "*", "table": "sets"}]}, "access_token": "x.y.z"})], read=4)
    check(error_reply(got, "realtime:t", "no table public.users") and error_reply(got, "realtime:u", "only eq")
          and error_reply(got, "realtime:v", "TRUNCATE") and error_reply(got, "realtime:w", "Invalid token"),
          f"unknown table, bad filter, unknown event kind, bad token: error replies naming them")
    got, code = await raw(ws + "&vsn=9", [], reason=True)
    check(code[0] == 1008 and "vsn 9" in code[1], f"vsn=9: closed at once {code}")
    got, code = await raw(server.base.replace("http://", "ws://") + "/realtime/v1/websocket?apikey=nope", [], reason=True)
    check(code[0] == 1008 and "not a JWT" in code[1], f"a bad apikey: closed at once {code}")
    status, answer = http(server.base, "/realtime/v1/websocket?apikey=" + anon)
    check(status == 426, f"a plain GET: {status} {answer['error']['message'] if isinstance(answer, dict) else answer}")
    got, code = await raw(ws, ["x" * (1 << 20)])
    check(code == 1009, f"a 1 MB frame: closed {code} (message too big)")
    got, _ = await raw(ws + "&vsn=2.0.0", [json.dumps([None, "7", "phoenix", "heartbeat", {}])], read=1)
    check(got == [[None, "7", "phoenix", "phx_reply", {"status": "ok", "response": {}}]], f"vsn 2.0.0: array frames ({got})")
    check(server.process.poll() is None and http(server.base, "/healthz")[0] == 200, "the server answers /healthz after every hostile frame")


async def main_async(args, wlog_server, wlog, data, store):
    server = Server(wlog_server, data, store, name="realtime-test")
    clients = []
    try:
        tokens, lifters = server.mint(("a", "b"))
        anon = anon_key(data)
        sb_a = await acreate_client(server.base, anon)
        sb_a.postgrest.auth(tokens["a"])
        sb_b = await acreate_client(server.base, anon)
        clients = [sb_a, sb_b]
        a_inbox = await subscribe(sb_a, tokens["a"], "a-sets", "public", "sets")
        b_inbox = await subscribe(sb_b, tokens["b"], "b-sets", "public", "sets")
        journal = None if store else os.path.join(data, "users", lifters["a"], "journal.wlog")
        workout, b_workout = await lifter_writes(server.base, data, wlog, lifters["a"], lifters["b"], tokens["a"], tokens["b"],
                                                 a_inbox, b_inbox, sb_a, journal)
        await filtered(server.base, sb_a, tokens["a"], workout)
        await hostile(server, data, anon, lifters["a"], tokens["a"], b_workout, tokens["b"])
    finally:
        for client in clients:
            await client.realtime.close()
        # The loop keeps running while the server stops: a socket still open answers the server's close.
        await asyncio.to_thread(server.stop)


def main():
    args, binary = store_arguments()
    run_on_store("realtime-test", args.store, lambda data, store: asyncio.run(
        main_async(args, os.path.join(binary, "wlog-server"), os.path.join(binary, "wlog"), data, store)))
    failures = check.failures
    print(f"realtime test ({args.store}): {len(failures)} failed" if failures else f"realtime test ({args.store}): all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
