#!/usr/bin/env python3
"""Writes fixtures/demo/strong-demo.csv: 12 weeks of a realistic lifter, as a Strong (iOS classic)
export. Deterministic (fixed seed); run again to regenerate. The data is synthetic, written by
this project: four sessions a week (upper/lower), warm-ups, linear progression with a stall,
RPEs on top sets, a run on Saturdays.
"""
import csv, random, datetime, sys

random.seed(20260820)
out = sys.argv[1] if len(sys.argv) > 1 else "fixtures/demo/strong-demo.csv"
start = datetime.date(2026, 8, 24)  # a Monday

plans = {
    0: ("Upper A", [("Bench Press (Barbell)", 80.0, 2.5, 5, 3), ("Bent Over Row (Barbell)", 70.0, 2.5, 8, 3),
                    ("Overhead Press (Barbell)", 45.0, 1.25, 8, 3), ("Bicep Curl (Dumbbell)", 14.0, 0.5, 10, 3)]),
    1: ("Lower A", [("Squat (Barbell)", 110.0, 2.5, 5, 3), ("Romanian Deadlift (Barbell)", 90.0, 2.5, 8, 3),
                    ("Leg Press", 160.0, 5.0, 10, 3), ("Plank", 0, 0, 0, 2)]),
    3: ("Upper B", [("Overhead Press (Barbell)", 50.0, 1.25, 5, 3), ("Pull Up", 0.0, 1.25, 8, 3),
                    ("Incline Bench Press (Dumbbell)", 26.0, 1.0, 10, 3), ("Triceps Pushdown (Cable)", 25.0, 1.25, 12, 3)]),
    4: ("Lower B", [("Deadlift (Barbell)", 140.0, 5.0, 5, 1), ("Front Squat (Barbell)", 80.0, 2.5, 6, 3),
                    ("Lunge (Dumbbell)", 20.0, 1.0, 10, 2)]),
    5: ("Saturday Run", [("Running", 0, 0, 0, 1)]),
}

rows = []
for week in range(12):
    deload = week == 7
    for weekday, (name, exercises) in plans.items():
        day = start + datetime.timedelta(days=7 * week + weekday)
        if random.random() < 0.06:
            continue  # a missed session
        hour = 18 if weekday < 5 else 9
        begin = datetime.datetime(day.year, day.month, day.day, hour, random.choice([0, 5, 10, 15, 30]))
        minutes = random.randint(48, 75) if weekday < 5 else random.randint(24, 30)
        duration = f"{minutes // 60}h {minutes % 60}m" if minutes >= 60 else f"{minutes}m"
        for ex, base, step, reps, sets in exercises:
            if ex == "Running":
                km = round(5 + 0.25 * (week % 4), 2)
                secs = int(km * 60 * random.uniform(5.2, 5.8))
                rows.append([begin, name, duration, ex, "1", "0", "0", km, secs, "", "", ""])
                continue
            if ex == "Plank":
                for s in range(sets):
                    rows.append([begin, name, duration, ex, str(s + 1), "0", "0", "0", 45 + 15 * (week // 3), "", "", ""])
                continue
            progress = min(week, 6) if ex.startswith("Bench") else week  # bench stalls after week 6
            weight = base + step * progress
            if deload:
                weight = round(weight * 0.9 / 2.5) * 2.5
            if ex == "Pull Up":
                weight = 0.0 if week < 6 else 5.0 * ((week - 4) // 2)
            if ex in ("Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)"):
                for frac, wreps in ((0.5, 8), (0.7, 5)):
                    rows.append([begin, name, duration, ex, "W", round(weight * frac / 2.5) * 2.5, wreps, "0", "0", "", "", ""])
            for s in range(sets):
                r = reps
                if not deload and s == sets - 1 and random.random() < 0.25:
                    r = reps - 1
                rpe = "" if s < sets - 1 else str(random.choice([7.5, 8, 8, 8.5, 9]))
                note = "felt strong" if (s == 0 and random.random() < 0.05) else ""
                rows.append([begin, name, duration, ex, str(s + 1), weight, r, "0", "0", note, "", rpe])

rows.sort(key=lambda r: r[0])
with open(out, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight", "Reps",
                "Distance", "Seconds", "Notes", "Workout Notes", "RPE"])
    for r in rows:
        r = list(r)
        r[0] = r[0].strftime("%Y-%m-%d %H:%M:%S")
        r[5] = ("%g" % r[5]) if isinstance(r[5], float) else r[5]
        w.writerow(r)
print(f"{out}: {len(rows)} rows")
