#!/usr/bin/env python3
"""issue 21: `wlog mcp` driven by a real MCP client this project did not write (the Python `mcp` SDK).

On the demo journal (scripts/demo.sh) it lists the tools, calls every read tool and compares its
answer byte for byte with `wlog … --format json`, logs a set through `log_set` and reads it back
with `wlog history` and `wlog events`, and sends bad input (a wrong type, an unknown input, an
option smuggled in a name, a value wlog refuses) that is refused with nothing appended.

    python3 scripts/mcp-test.py [--bin .build/debug]      (wlog and wlog-mcp built there)
"""
import argparse, asyncio, json, os, subprocess, sys, tempfile

from script_checks import Checklist, listed_tools, text_of  # scripts/ is on sys.path: the script's own folder
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

NOW, TZ = "2026-11-20T18:00:00Z", "Europe/Berlin"
check = Checklist()
failures = check.failures


async def session_test(wlog, journal, env):
    def cli(*args):
        return subprocess.run([wlog, "--journal", journal, *args], env=env, capture_output=True, text=True)

    params = StdioServerParameters(command=wlog, args=["--journal", journal, "mcp"], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await listed_tools(check, session)
            check(tools["log_set"].input_schema["required"] == ["exercise"]
                  and tools["log_set"].input_schema["properties"]["reps"]["type"] == "integer", "log_set's schema is typed")

            first_workout = json.loads(cli("history", "--limit", "1", "--format", "json").stdout)[0]["workout_id"]
            calls = [("history", {"limit": 5}, ["history", "--limit", "5"]),
                     ("workout", {"id": first_workout}, ["show", first_workout]),
                     ("personal_records", {}, ["prs"]),
                     ("personal_records", {"exercise": "bench"}, ["prs", "bench"]),
                     ("e1rm_trend", {"exercise": "bench"}, ["e1rm", "bench"]),
                     ("e1rm_percentages", {"exercise": "bench"}, ["e1rm", "--percentages", "bench"]),
                     ("volume", {"weeks": 4}, ["volume", "--weeks", "4"]),
                     ("bodyweight", {}, ["bodyweight"]), ("balance", {}, ["balance"]), ("coach", {}, ["coach"]),
                     ("today", {}, ["today"]), ("search_exercises", {"search": "press"}, ["exercises", "--search", "press"])]
            for name, arguments, command in calls:
                result = await session.call_tool(name, arguments)
                expected = cli(*command, "--format", "json")
                check(expected.returncode == 0 and not result.is_error and text_of(result) == expected.stdout,
                      f"{name} {json.dumps(arguments)} answers `wlog {' '.join(command)} --format json` byte for byte "
                      f"({len(expected.stdout)} bytes)")
                json.loads(text_of(result))

            before = open(journal, "rb").read()
            refused = [("log_set", {"exercise": "bench", "weight": 100, "reps": "five"}, "`reps` must be an integer"),
                       ("log_set", {"exercise": "bench", "weight": 100, "reps": 5, "sets": 3}, "takes no input `sets`"),
                       ("log_set", {"exercise": "--journal=/tmp/other.wlog", "reps": 5}, "starts with -"),
                       ("log_set", {"weight": 100, "reps": 5}, "`exercise` is required"),
                       ("log_set", {"exercise": "bench", "weight": 100, "reps": 5, "rpe": 11}, "rpe"),
                       ("log_set", {"exercise": "no such lift", "weight": 100, "reps": 5}, "no such lift"),
                       ("log_bodyweight", {"weight": 5000}, "5000"),
                       ("delete_set", {"id": "ffffffff"}, "ffffffff"),
                       ("no_such_tool", {}, "no tool no_such_tool")]
            for name, arguments, says in refused:
                result = await session.call_tool(name, arguments)
                check(result.is_error and says in text_of(result), f"{name} {json.dumps(arguments)} refused: {text_of(result)[:140]}")
            check(open(journal, "rb").read() == before, f"the {len(refused)} refusals appended nothing (journal {len(before)} bytes, unchanged)")

            sets_before = json.loads(cli("history", "--limit", "1", "--format", "json").stdout)[0]["sets"]
            logged = await session.call_tool("log_set", {"exercise": "bench", "weight": 102.5, "reps": 4, "rpe": 9})
            check(not logged.is_error and "102.5 kg × 4" in text_of(logged), f"log_set answered: {text_of(logged).strip()}")
            newest = json.loads(cli("history", "--limit", "1", "--format", "json").stdout)[0]
            check(newest["sets"] == sets_before + 1, f"wlog history shows the set: {sets_before} → {newest['sets']} sets")
            last = json.loads(cli("events", "--format", "jsonl").stdout.strip().splitlines()[-1])
            check(last["type"] == "set.logged" and last["weight"] == "102.5" and last["unit"] == "kg" and last["reps"] == 4 and last["rpe"] == 9,
                  f"the journal's last event is that set: {last['type']} {last.get('weight')} × {last.get('reps')} @{last.get('rpe')}")
            edited = await session.call_tool("edit_set", {"id": last["id"][:8], "reps": 5})
            check(not edited.is_error, f"edit_set answered: {text_of(edited).strip()[:100]}")
            readiness = await session.call_tool("log_readiness", {"sleep": 2, "soreness": 4, "pain": True, "note": "left knee"})
            check(not readiness.is_error, f"log_readiness answered: {text_of(readiness).strip()[:100]}")
            # A recorded fact's tool, derived from the event's description (issue 35): the CLI records it, its rule refuses.
            pain = await session.call_tool("record_pain_reported", {"location": "left knee", "pain": 3, "note": "sharp"})
            check(not pain.is_error, f"record_pain_reported answered: {text_of(pain).strip()[:100]}")
            spots = json.loads(cli("pain", "--format", "json").stdout)
            check([(s["location"], s["pain"], s["note"]) for s in spots] == [("left knee", 3, "sharp")], f"wlog pain lists it: {spots}")
            events_before = cli("events").stdout
            blank = await session.call_tool("record_pain_reported", {"location": " ", "pain": 3})
            check(blank.is_error and "location" in text_of(blank), f"a blank location is refused naming it: {text_of(blank).strip()[:100]}")
            check(cli("events").stdout == events_before, "nothing appended by the refusal")

            resources = {str(r.uri) for r in (await session.list_resources()).resources}
            check(resources == {"wlog://profile", "wlog://recent"}, f"resources {sorted(resources)}")
            profile = await session.read_resource("wlog://profile")
            check(profile.contents[0].text == cli("settings", "show", "--format", "json").stdout, "wlog://profile is `wlog settings`")
            prompt = await session.get_prompt("review_my_last_week")
            check("Review my last week" in prompt.messages[0].content.text and "Coach (wlog coach)" in prompt.messages[0].content.text,
                  "the prompt review_my_last_week carries the week's numbers")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    wlog = os.path.abspath(os.path.join(root, args.bin, "wlog"))
    with tempfile.TemporaryDirectory() as folder:
        journal = os.path.join(folder, "demo", "journal.wlog")
        subprocess.run([os.path.join(root, "scripts/demo.sh"), wlog, journal, NOW, TZ], check=True, capture_output=True)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": folder, "WLOG_NOW": NOW, "TZ": TZ, "NO_COLOR": "1"}
        no_journal = subprocess.run([os.path.join(os.path.dirname(wlog), "wlog-mcp")], env=env, capture_output=True, text=True)
        check(no_journal.returncode == 64 and "run it as `wlog mcp`" in no_journal.stderr, "wlog-mcp alone exits 64 naming the fix")
        asyncio.run(session_test(wlog, journal, env))
    print(f"mcp test: {len(failures)} failed" if failures else "mcp test: all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
