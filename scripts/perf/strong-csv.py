#!/usr/bin/env python3
"""Writes a synthetic Strong (iOS, 12 columns) export of ROWS set rows to stdout.

Usage: scripts/perf/strong-csv.py ROWS > big.csv

Deterministic (no randomness): one workout a day from 2000-01-01, 25 rows a workout over five
exercises (one custom), weights and reps cycling. Used to measure `wlog import` on big files
(perf-log/import.md); not a fixture of the repository.
"""
import datetime
import sys

EXERCISES = ["Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)",
             "Bent Over Row (Barbell)", "Calf Press (Machine)"]
HEADER = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"


def main() -> None:
    rows = int(sys.argv[1])
    out = sys.stdout
    out.write(HEADER + "\n")
    day = datetime.datetime(2000, 1, 1, 18, 0, 0)
    n = 0
    while n < rows:
        stamp = day.strftime("%Y-%m-%d %H:%M:%S")
        for i in range(min(25, rows - n)):
            exercise = EXERCISES[i // 5]
            weight = 60 + (n % 40) * 2.5
            reps = 3 + (n % 8)
            out.write(f'{stamp},"Day {day.weekday() + 1}",1h 5m,"{exercise}",{i % 5 + 1},{weight:.1f},{reps}.0,0,0.0,"","",\n')
            n += 1
        day += datetime.timedelta(days=1)


if __name__ == "__main__":
    main()
