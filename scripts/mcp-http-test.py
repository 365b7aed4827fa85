#!/usr/bin/env python3
"""issue 21: the MCP tools over HTTP (`/mcp` on `wlog serve`) driven by the Python `mcp` SDK's
streamable HTTP client, a client this project did not write.

wlog-server runs on a free loopback port (the journal store, or with --store postgres a scratch
database beside $WLOG_TEST_DATABASE_URL's, as scripts/pg-test-cluster.sh start prints it). Two
lifters, A and B, get tokens. The checks:
  - /mcp without a token, or with a tampered one, answers 401: no MCP session starts;
  - A starts a workout through the API, lists the 18 tools, logs sets and a body weight through the write tools, and every read tool
    answers exactly what the API's GET answers for the same query (the same bytes);
  - bad input (a wrong type, an unknown input, a missing one, RPE 11, an unknown exercise, a 5,000 kg
    body weight, an unknown set) is refused naming the input, and A's event feed is unchanged;
  - B's token reaches none of A's data: B's history is empty, A's workout and set ids answer
    NOT_FOUND exactly as an unknown id does, B's edit and delete of A's set change nothing;
  - on the journal store, `wlog history` on A's journal file shows the sets logged over MCP, and
    A's journal is byte-identical after everything B tried.

    python3 scripts/mcp-http-test.py [--bin .build/debug] [--store journal|postgres]
"""
import argparse, asyncio, json, os, re, subprocess, sys, tempfile, urllib.error, urllib.request

from script_checks import Checklist, Server, listed_tools, run_on_store, store_arguments, text_of  # scripts/ is on sys.path: the script's own folder
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"
check = Checklist()
failures = check.failures


def http(base, path, token=None, body=None, method=None):
    """(status, body text) of one request."""
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), headers=headers,
                                     method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def session(base, token):
    return streamable_http_client(base + "/mcp", http_client=create_mcp_http_client(headers={"Authorization": "Bearer " + token}))


async def lifter_a(base, token, journal, wlog):
    """A's tools: the list, writes, reads equal to the API's GETs, refusals. Returns A's workout and set ids."""
    async with session(base, token) as streams:
        async with ClientSession(streams[0], streams[1]) as client:
            await client.initialize()
            tools = await listed_tools(check, client)
            check(tools["log_set"].input_schema["required"] == ["exercise"]
                  and tools["log_set"].input_schema["properties"]["weightKg"]["type"] == "number", "log_set's schema is typed (weightKg: number)")

            status, started = http(base, "/api/v1/workouts", token, body={"name": "Push day"}, method="POST")
            check(status == 201, f"A starts a workout through the API: {status}")
            logged = []
            for weight, reps, rpe in [(100, 5, 8), (102.5, 5, 8.5), (105, 3, 9)]:
                result = await client.call_tool("log_set", {"exercise": "bench-press", "weightKg": weight, "reps": reps, "rpe": rpe})
                answer = json.loads(text_of(result))
                check(not result.is_error and answer["data"][0]["weightKg"] == weight and answer["data"][0]["reps"] == reps,
                      f"log_set {weight} kg × {reps} @{rpe} answered the set {answer['data'][0]['id'] if not result.is_error else text_of(result)}")
                logged.append(answer["data"][0]["id"])
            squat = await client.call_tool("log_set", {"exercise": "squat", "weightKg": 140, "reps": 5, "setType": "working"})
            check(not squat.is_error, "log_set squat 140 × 5")
            body = await client.call_tool("log_bodyweight", {"weightKg": 82.4})
            check(not body.is_error and json.loads(text_of(body))["data"]["currentKg"] == 82.4, f"log_bodyweight 82.4: {text_of(body)[:80]}")
            ready = await client.call_tool("log_readiness", {"sleep": 4, "soreness": 2, "energy": 4})
            check(not ready.is_error, f"log_readiness: {text_of(ready)}")
            edited = await client.call_tool("edit_set", {"id": logged[2], "reps": 4})
            check(not edited.is_error and json.loads(text_of(edited))["data"]["reps"] == 4, "edit_set changed the reps 3 → 4")

            status, listing = http(base, "/api/v1/workouts?pageSize=1", token)
            workout = json.loads(listing)["data"][0]["id"]
            calls = [("history", {"pageSize": 5}, "/api/v1/workouts?pageSize=5"),
                     ("workout", {"id": workout}, "/api/v1/workouts/" + workout),
                     ("personal_records", {}, "/api/v1/prs"),
                     ("personal_records", {"exercise": "bench-press"}, "/api/v1/prs?exercise=bench-press"),
                     ("e1rm_trend", {"exercise": "bench-press"}, "/api/v1/exercises/bench-press/e1rm"),
                     ("e1rm_percentages", {"exercise": "bench-press"}, "/api/v1/exercises/bench-press/e1rm/percentages"),
                     ("volume", {"by": "week"}, "/api/v1/volume?by=week"),
                     ("bodyweight", {}, "/api/v1/bodyweight"), ("balance", {"weeks": 4}, "/api/v1/balance?weeks=4"),
                     ("coach", {}, "/api/v1/coach"), ("today", {}, "/api/v1/today"),
                     ("search_exercises", {"q": "press", "pageSize": 10}, "/api/v1/exercises?q=press&pageSize=10")]
            for name, arguments, path in calls:
                for attempt in range(2):  # the answers follow the minute: a second pair when one started in between
                    result = await client.call_tool(name, arguments)
                    status, expected = http(base, path, token)
                    if text_of(result) == expected:
                        break
                check(status == 200 and not result.is_error and text_of(result) == expected,
                      f"{name} {json.dumps(arguments)} answers GET {path} byte for byte ({len(expected)} bytes)")

            _, feed_before = http(base, "/api/v1/events", token)
            refused = [("log_set", {"exercise": "bench-press", "weightKg": 100, "reps": "five"}, "`reps` must be an integer"),
                       ("log_set", {"exercise": "bench-press", "weightKg": 100, "reps": 5, "sets": 3}, "takes no input `sets`"),
                       ("log_set", {"weightKg": 100, "reps": 5}, "`exercise` is required"),
                       ("log_set", {"exercise": "bench-press", "weightKg": 100, "reps": 5, "rpe": 11}, '"field":"rpe"'),
                       ("log_set", {"exercise": "no such lift", "weightKg": 100, "reps": 5}, "no such lift"),
                       ("log_set", {"exercise": "bench-press", "weightKg": 100, "reps": 5, "setType": "heavy"}, '"field":"setType"'),
                       ("log_bodyweight", {"weightKg": 5000}, '"field":"weightKg"'),
                       ("delete_set", {"id": UNKNOWN_ID}, "NOT_FOUND"),
                       ("no_such_tool", {}, "no tool no_such_tool")]
            for name, arguments, says in refused:
                result = await client.call_tool(name, arguments)
                check(result.is_error and says in text_of(result), f"{name} {json.dumps(arguments)} refused: {text_of(result)[:150]}")
            _, feed_after = http(base, "/api/v1/events", token)
            check(feed_after == feed_before, f"the {len(refused)} refusals appended nothing (A's event feed unchanged)")

            resources = {str(r.uri) for r in (await client.list_resources()).resources}
            recent = await client.read_resource("wlog://recent")
            _, expected = http(base, "/api/v1/workouts?pageSize=10", token)
            check(resources == {"wlog://recent"} and recent.contents[0].text == expected,
                  "the resource wlog://recent is GET /api/v1/workouts?pageSize=10 byte for byte")
            prompt = (await client.get_prompt("review_my_last_week")).messages[0].content.text
            check("Review my last week" in prompt and "Coach (GET /api/v1/coach)" in prompt and "Push day" in prompt,
                  f"the prompt review_my_last_week carries the week's numbers ({len(prompt)} characters)")

            if journal:
                history = subprocess.run([wlog, "--journal", journal, "history", "--format", "json"], capture_output=True, text=True)
                rows = json.loads(history.stdout) if history.returncode == 0 else []
                check(len(rows) == 1 and rows[0]["sets"] == 4 and rows[0]["name"] == "Push day", f"wlog history on A's journal file shows the 4 sets logged over MCP: {history.stdout[:160]}")
            return workout, logged[0]


async def lifter_b(base, token, a_workout, a_set):
    """B's token against A's ids: each answers as an unknown id would, and nothing of A's changes."""
    async with session(base, token) as streams:
        async with ClientSession(streams[0], streams[1]) as client:
            await client.initialize()
            history = json.loads(text_of(await client.call_tool("history", {})))
            check(history["data"] == [] and history["meta"]["total"] == 0, "B's history over MCP is empty (A's 1 workout not in it)")
            records = json.loads(text_of(await client.call_tool("personal_records", {})))
            check(records["data"] == [], "B's personal_records are empty")
            for name, arguments, unknown in [("workout", {"id": a_workout}, {"id": UNKNOWN_ID}),
                                             ("edit_set", {"id": a_set, "reps": 1}, {"id": UNKNOWN_ID, "reps": 1}),
                                             ("delete_set", {"id": a_set}, {"id": UNKNOWN_ID})]:
                theirs = await client.call_tool(name, arguments)
                nobody = await client.call_tool(name, unknown)
                same = text_of(theirs).replace(a_workout, "ID").replace(a_set, "ID") == text_of(nobody).replace(UNKNOWN_ID, "ID")
                check(theirs.is_error and "NOT_FOUND" in text_of(theirs) and same,
                      f"B's {name} of A's id answers as an unknown id: {text_of(theirs)[:110]}")


async def main_async(args, wlog_server, wlog, data, store):
    server = Server(wlog_server, data, store, name="mcp-http-test")
    try:
        tokens, lifters = server.mint(("a", "b"))
        status, _ = http(server.base, "/mcp", body={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, method="POST")
        check(status == 401, f"/mcp without a token: {status}")
        status, _ = http(server.base, "/mcp", tokens["a"][:-4] + "AAAA", body={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, method="POST")
        check(status == 401, f"/mcp with a tampered token: {status}")
        journal = None if store else os.path.join(data, "users", lifters["a"], "journal.wlog")
        a_workout, a_set = await lifter_a(server.base, tokens["a"], journal, wlog)
        before = open(journal, "rb").read() if journal else http(server.base, "/api/v1/events", tokens["a"])[1]
        await lifter_b(server.base, tokens["b"], a_workout, a_set)
        after = open(journal, "rb").read() if journal else http(server.base, "/api/v1/events", tokens["a"])[1]
        check(after == before, f"A's {'journal' if journal else 'event feed'} is byte-identical after B's calls ({len(before)} bytes)")
    finally:
        server.stop()


def main():
    args, binary = store_arguments()
    run_on_store("mcp-http-test", args.store, lambda data, store: asyncio.run(
        main_async(args, os.path.join(binary, "wlog-server"), os.path.join(binary, "wlog"), data, store)))
    print(f"mcp http test ({args.store}): {len(failures)} failed" if failures else f"mcp http test ({args.store}): all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
