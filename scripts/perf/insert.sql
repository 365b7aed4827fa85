-- One durable insert of a set, as a SQLite-backed app would do it: WAL, synchronous=FULL.
PRAGMA journal_mode=WAL;
PRAGMA synchronous=FULL;
INSERT INTO events(id, type, v, at, tz, recorded, actor, exercise, reps, weight, unit)
VALUES (lower(hex(randomblob(16))), 'set.logged', 1, 1795197600000, 60, 1795197600000, 'user', 'bench-press', 5, 1000000, 'kg');
