#!/usr/bin/env python3
"""issue 38: a Plates project brought along — `wlog import plates` (one journal) and `wlog serve import-plates`
(a whole project) — read back through /rest/v1 with the official supabase-py (requirements-ci.txt).

The export is written here from seed 000 §1's schema as the Supabase table editor writes its CSVs
(`TABLE_rows.csv`, NULL empty, timestamptz `2024-03-05 14:22:31.123+00`): the seed's 21 base exercises
(random ids, a pinned note on one), three users (users.csv gives their emails), custom exercises (a
body-weight one, a cardio one), strength sets in lb with fractions, cardio sets in miles and minutes,
notes with commas and quotes, body-weight logs, profiles with goals.

  1. `wlog import plates EXPORT --user A` into A's journal in the server's data folder, twice: the second adds 0.
  2. `wlog serve import-plates EXPORT` for the project, twice: A's events are all held already (the CLI planned
     the same ones), the second run adds 0.
  3. The server is started; each user's supabase-py client reads sets, body_weight_logs, user_profiles,
     user_exercises and exercises: every row equal to the export (ids, lb, miles, minutes, instants, notes,
     created_at), a base exercise's id being the server's id of the same name; no user sees another's rows.

    python3 scripts/plates-import-test.py [--bin .build/debug] [--store journal|postgres]
"""
import argparse, csv, datetime, os, random, re, subprocess, sys, tempfile, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_checks import Checklist  # noqa: E402

check = Checklist()
SEED_BASE = [("Bench Press", "Chest"), ("Incline Dumbbell Press", "Chest"), ("Cable Flyes", "Chest"), ("Deadlift", "Back"),
             ("Barbell Row", "Back"), ("Pull-ups", "Back"), ("Squat", "Legs"), ("Romanian Deadlift", "Legs"), ("Leg Press", "Legs"),
             ("Overhead Press", "Shoulders"), ("Lateral Raises", "Shoulders"), ("Face Pulls", "Shoulders"), ("Barbell Curl", "Arms"),
             ("Tricep Pushdown", "Arms"), ("Hammer Curls", "Arms"), ("Plank", "Core"), ("Cable Crunches", "Core"),
             ("Hanging Leg Raises", "Core"), ("Running", "Cardio"), ("Cycling", "Cardio"), ("Rowing", "Cardio")]
ARMS = {"Arms", "Biceps", "Triceps"}
USERS = {"a": "alice@example.com", "b": "bob@example.com", "c": "carol@example.com"}


def stamp(t):
    """A timestamptz as the table editor writes it: `2024-03-05 14:22:31.123+00` (whole seconds without a fraction)."""
    text = t.strftime("%Y-%m-%d %H:%M:%S")
    return text + (".%03d" % (t.microsecond // 1000) if t.microsecond else "") + "+00"


def write_export(folder, rng):
    """Writes the project's CSVs into `folder`; returns the tables as lists of dicts (values as Python types)."""
    uid = lambda: str(uuid.UUID(int=rng.getrandbits(128), version=4))
    users = {key: uid() for key in USERS}
    exercises = [dict(id=uid(), name=n, muscle_group=g, exercise_type="cardio" if g == "Cardio" else "strength", default_pr_reps=1,
                      is_base=True, uses_body_weight=n == "Pull-ups", pinned_note=None) for n, g in SEED_BASE]
    exercises[0]["pinned_note"] = "Touch the chest, \"pause\", press"
    custom = {
        "a": [dict(name="Weighted Dips", muscle_group="Triceps", exercise_type="strength", default_pr_reps=5, uses_body_weight=True,
                   pinned_note="lean forward, elbows in"),
              dict(name="Stair Climber", muscle_group="Cardio", exercise_type="cardio", default_pr_reps=1, uses_body_weight=False,
                   pinned_note=None)],
        "b": [dict(name="Landmine Press", muscle_group="Shoulders", exercise_type="strength", default_pr_reps=3, uses_body_weight=False,
                   pinned_note=None)],
        "c": [],
    }
    links, sets, logs, profiles = [], [], [], []
    base = {e["name"]: e for e in exercises}
    start = datetime.datetime(2023, 1, 2, 17, 30, tzinfo=datetime.timezone.utc)
    for key, user in users.items():
        mine = []
        for row in custom[key]:
            row = dict(row, id=uid(), is_base=False)
            exercises.append(row)
            mine.append(row)
            links.append(dict(id=uid(), user_id=user, exercise_id=row["id"], created_at=stamp(start)))
        strength = [base["Bench Press"], base["Squat"], base["Pull-ups"]] + [e for e in mine if e["exercise_type"] == "strength"]
        cardio = [base["Running"]] + [e for e in mine if e["exercise_type"] == "cardio"]
        for day in range(12 if key != "c" else 3):
            date = start + datetime.timedelta(days=3 * day, minutes=rng.randrange(0, 90), milliseconds=rng.choice([0, 250, 875]))
            for n, exercise in enumerate(strength):
                weight = 0 if exercise["uses_body_weight"] and n % 2 == 0 else rng.choice([135, 137.5, 102.25, 185.75, 225, 25, 45.5])
                note = rng.choice([None, None, "felt strong, fast", "belt; \"grindy\" last rep"])
                at = date + datetime.timedelta(minutes=4 * n)
                sets.append(dict(id=uid(), exercise_id=exercise["id"], user_id=user, weight=weight, reps=rng.randrange(1, 13),
                                 distance=None, duration=None, date=at, notes=note, created_at=at + datetime.timedelta(seconds=41)))
            if day % 3 == 0:
                for exercise in cardio:
                    at = date + datetime.timedelta(minutes=40)
                    sets.append(dict(id=uid(), exercise_id=exercise["id"], user_id=user, weight=None, reps=None,
                                     distance=rng.choice([3.1, 2.25, 6.2137, 1.5]), duration=rng.randrange(10, 61), date=at, notes=None,
                                     created_at=at + datetime.timedelta(seconds=5)))
        weights = [181.5, 180.25, 179, 178.75, 178.25] if key == "a" else [205.5, 204, 206.125] if key == "b" else []
        mine_logs = [dict(id=uid(), user_id=user, weight=w, date=start + datetime.timedelta(days=7 * i, hours=7), notes="after coffee" if i == 1 else None)
                     for i, w in enumerate(weights)]
        logs += mine_logs
        # B's current weight is an earlier log's (set last in the app), C has a goal and no logs.
        current = None if not mine_logs else mine_logs[1]["weight"] if key == "b" else mine_logs[-1]["weight"]
        profiles.append(dict(id=uid(), user_id=user, current_weight=current, goal_weight={"a": 175, "b": 195.5, "c": 150}[key],
                             created_at=stamp(start), updated_at=stamp(start)))

    def write(table, columns, rows):
        with open(os.path.join(folder, table + "_rows.csv"), "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(columns)
            for row in rows:
                values = []
                for c in columns:
                    v = row.get(c)
                    values.append("" if v is None else stamp(v) if isinstance(v, datetime.datetime)
                                  else ("true" if v else "false") if isinstance(v, bool) else v)
                out.writerow(values)
    write("exercises", ["id", "name", "muscle_group", "exercise_type", "default_pr_reps", "is_base", "uses_body_weight", "pinned_note",
                        "created_at"], exercises)
    write("user_exercises", ["id", "user_id", "exercise_id", "created_at"], links)
    write("sets", ["id", "exercise_id", "user_id", "weight", "reps", "distance", "duration", "date", "notes", "created_at"], sets)
    write("user_profiles", ["id", "user_id", "current_weight", "goal_weight", "created_at", "updated_at"], profiles)
    write("body_weight_logs", ["id", "user_id", "weight", "date", "notes", "created_at"],
          [dict(log, created_at=log["date"] + datetime.timedelta(minutes=1)) for log in logs])
    with open(os.path.join(folder, "users.csv"), "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["id", "email"])
        for key, user in users.items():
            out.writerow([user, USERS[key]])
    return dict(users=users, exercises=exercises, links=links, sets=sets, logs=logs, profiles=profiles)


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def new_events(output):
    """The `N new events` totals an import printed."""
    return [int(n) for n in re.findall(r"(\d+) new", output)]


def read_back(base, key, token, user, export):
    """Every table of `user` through supabase-py, compared with the export."""
    from supabase import create_client
    sb = create_client(base, key)
    sb.postgrest.auth(token)
    served = {e["name"]: e for e in sb.from_("exercises").select("*").eq("is_base", True).execute().data}
    to_server = {e["id"]: (e["id"] if not e["is_base"] else served.get(e["name"], {}).get("id")) for e in export["exercises"]}
    rows = sb.from_("sets").select("*").eq("user_id", user).order("id").execute().data
    want = sorted((s for s in export["sets"] if s["user_id"] == user), key=lambda s: s["id"])
    check(len(rows) == len(want) and len(want) > 0, f"{user[:8]}: {len(rows)} sets read back, {len(want)} exported")
    bad = []
    for got, exp in zip(rows, want):
        same = (got["id"] == exp["id"] and got["user_id"] == user and got["exercise_id"] == to_server[exp["exercise_id"]]
                and got["weight"] == exp["weight"] and got["reps"] == exp["reps"] and got["distance"] == exp["distance"]
                and got["duration"] == exp["duration"] and instant(got["date"]) == exp["date"] and got["notes"] == exp["notes"]
                and instant(got["created_at"]) == exp["created_at"])
        if not same:
            bad.append((got, exp))
    check(not bad, f"{user[:8]}: every set equal to the export (id, exercise, lb, reps, miles, minutes, date, notes, created_at): "
          f"{len(bad)} differ {bad[:1]}")
    cardio = [r for r in rows if r["distance"] is not None]
    check(cardio and all(isinstance(r["duration"], int) for r in cardio), f"{user[:8]}: {len(cardio)} cardio sets in miles and minutes")
    logs = sb.from_("body_weight_logs").select("*").eq("user_id", user).order("date", desc=True).execute().data
    want_logs = sorted((log for log in export["logs"] if log["user_id"] == user), key=lambda log: log["date"], reverse=True)
    check([(r["id"], r["weight"], instant(r["date"]), r["notes"]) for r in logs] == [(w["id"], w["weight"], w["date"], w["notes"]) for w in want_logs],
          f"{user[:8]}: {len(logs)} body-weight logs equal to the export (id, lb, date, notes)")
    profile = export["profiles"][[p["user_id"] for p in export["profiles"]].index(user)]
    got = sb.from_("user_profiles").select("user_id,current_weight,goal_weight").eq("user_id", user).single().execute().data
    check(got == {"user_id": user, "current_weight": profile["current_weight"], "goal_weight": profile["goal_weight"]},
          f"{user[:8]}: profile {got} equals the export's current and goal weight")
    links = sb.from_("user_exercises").select("exercise_id, exercises(*)").eq("user_id", user).execute().data
    mine = [e for e in export["exercises"] if not e["is_base"] and any(link["exercise_id"] == e["id"] and link["user_id"] == user for link in export["links"])]
    keys = ["id", "name", "muscle_group", "exercise_type", "default_pr_reps", "is_base", "uses_body_weight", "pinned_note"]
    check(sorted([{k: link["exercises"][k] for k in keys} for link in links], key=lambda e: e["id"])
          == sorted([{k: e[k] for k in keys} for e in mine], key=lambda e: e["id"]),
          f"{user[:8]}: {len(links)} linked custom exercises equal to the export, ids kept")
    base_ok = all(e["name"] in served and (served[e["name"]]["muscle_group"] == e["muscle_group"]
                                           or (e["muscle_group"] == "Arms" and served[e["name"]]["muscle_group"] in ARMS))
                  and served[e["name"]]["pinned_note"] == e["pinned_note"] for e in export["exercises"] if e["is_base"])
    check(base_ok, f"{user[:8]}: the 21 base exercises by name and group, Bench Press's pinned note kept")
    others = [s["id"] for s in export["sets"] if s["user_id"] != user]
    seen = sb.from_("sets").select("id").in_("id", others[:50]).execute().data
    check(seen == [], f"{user[:8]}: none of the other users' sets visible ({len(seen)} of {min(50, len(others))})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--store", choices=["journal", "postgres"], default="journal")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    server_bin, wlog = os.path.join(root, args.bin, "wlog-server"), os.path.join(root, args.bin, "wlog")
    import importlib.util
    spec = importlib.util.spec_from_file_location("plates_test", os.path.join(root, "scripts", "plates-test.py"))
    plates = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plates)
    with plates.scratch_store(args.store, "wlog_plates_import", "plates-import-test") as store:
        with tempfile.TemporaryDirectory() as export_dir, tempfile.TemporaryDirectory() as data:
            export = write_export(export_dir, random.Random(38))
            a = export["users"]["a"]
            run = lambda cmd: subprocess.run(cmd, capture_output=True, text=True)
            if not store:
                journal = os.path.join(data, "users", a, "journal.wlog")
                os.makedirs(os.path.dirname(journal))
                run([wlog, "--journal", journal, "init", "--unit", "lb", "--tz", "UTC"])
                firsts = [run([wlog, "--journal", journal, "import", "plates", export_dir, "--user", USERS["a"]]) for _ in range(2)]
                counts = [new_events(r.stdout) for r in firsts]
                check(all(r.returncode == 0 for r in firsts) and counts[0][0] > 0 and counts[1] == [0],
                      f"wlog import plates --user alice, twice: {counts[0]} then {counts[1]} new events {firsts[0].stderr[-300:]}")
            extra = ["--store", store] if store else []
            imports = [run([server_bin, "import-plates", export_dir, "--data", data] + extra) for _ in range(2)]
            print(imports[0].stdout, end="")
            totals = [re.findall(r"(\d+) users, (\d+) new events", r.stdout) for r in imports]
            check(all(r.returncode == 0 for r in imports) and totals[0] and totals[0][0][0] == "3" and int(totals[0][0][1]) > 0
                  and totals[1] == [("3", "0")], f"wlog serve import-plates, twice: {totals[0]} then {totals[1]} {imports[0].stderr[-300:]}")
            if not store:
                check(re.search(r"alice@example.com\) → lifter %s: .* 0 new events" % a, imports[0].stdout) is not None,
                      "the project import finds every event of alice's journal import held already (the same events)")
            # A row changed in Plates since (same id, another weight): that user's import is refused, naming it.
            path = os.path.join(export_dir, "sets_rows.csv")
            original = open(path).read()
            first = export["sets"][0]
            changed = original.replace(first["id"] + "," + first["exercise_id"] + "," + first["user_id"] + "," + str(first["weight"]) + ",",
                                       first["id"] + "," + first["exercise_id"] + "," + first["user_id"] + ",999,", 1)
            open(path, "w").write(changed)
            collided = run([server_bin, "import-plates", export_dir, "--data", data] + extra)
            open(path, "w").write(original)
            check(changed != original and collided.returncode == 65 and first["id"].replace("-", "") in collided.stderr and "nothing of user" in collided.stderr,
                  f"a set changed in the export since: exit {collided.returncode}, {collided.stderr.strip()[:160]}")
            # A user with an account by the same email (made after the export) is imported into the
            # account's lifter, on either store (the database's accounts on PostgreSQL).
            made = run([server_bin, "users", "create", "dora@example.com", "--password", "correct-horse-9", "--data", data] + extra)
            users_csv = os.path.join(export_dir, "users.csv")
            original = open(users_csv).read()
            open(users_csv, "w").write(original.replace(USERS["c"], "dora@example.com"))
            dry = run([server_bin, "import-plates", export_dir, "--data", data, "--dry-run"] + extra)
            open(users_csv, "w").write(original)
            account = made.stdout.strip()
            check(made.returncode == 0 and re.search(r"\(dora@example.com\) → lifter %s: " % re.escape(account), dry.stdout) is not None,
                  f"an account by the user's email ({account}) takes the user's rows: {dry.stdout.strip()[-200:]} {made.stderr[-200:]}")
            server = plates.Server(server_bin, data, store)
            try:
                key = plates.anon_key(data)
                for user in export["users"].values():
                    read_back(server.base, key, plates.user_token(server_bin, data, user), user, export)
            finally:
                server.stop()
    failures = check.failures
    print(f"plates import test ({args.store}): {len(failures)} failed" if failures else f"plates import test ({args.store}): all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
