-- The PR table a SQLite-backed app would compute from the events table of `wlog-generate --sql`.
-- The PerfBaselines benchmark runs this file too (Benchmarks/Benchmarks/PerfBaselines/SQLReports.swift),
-- and its weekly volume reuses everything before `ranked AS (`: keep that line as it is.
WITH cur AS (
  SELECT s.seq, s.id, s.at, s.tz, s.workout, s.done,
    COALESCE((SELECT e.exercise FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.exercise IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.exercise) AS exercise,
    COALESCE((SELECT e.reps FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.reps IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.reps) AS reps,
    COALESCE((SELECT e.weight FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.weight IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.weight) AS weight,
    COALESCE((SELECT e.unit FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.weight IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.unit) AS unit,
    COALESCE((SELECT e.set_type FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.set_type IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.set_type) AS set_type,
    EXISTS (SELECT 1 FROM events d WHERE d.target = s.id AND d.type = 'set.deleted') AS deleted,
    EXISTS (SELECT 1 FROM events w WHERE w.workout = s.workout AND w.type = 'workout.discarded') AS discarded
  FROM events s WHERE s.type = 'set.logged'),
q AS (
  SELECT *, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END) / 10000.0 AS kg
  FROM cur WHERE NOT deleted AND NOT discarded AND done = 1 AND set_type <> 'warmup' AND weight IS NOT NULL AND reps >= 1),
ranked AS (
  SELECT exercise, 'heaviest' AS record, kg AS value, id, at, ROW_NUMBER() OVER (PARTITION BY exercise ORDER BY kg DESC, at, seq) AS rn FROM q
  UNION ALL
  SELECT exercise, 'e1rm', kg * (1 + reps / 30.0), id, at, ROW_NUMBER() OVER (PARTITION BY exercise ORDER BY kg * (1 + reps / 30.0) DESC, at, seq) FROM q WHERE reps <= 12
  UNION ALL
  SELECT exercise, 'set_volume', kg * reps, id, at, ROW_NUMBER() OVER (PARTITION BY exercise ORDER BY kg * reps DESC, at, seq) FROM q
  UNION ALL
  SELECT q.exercise, n.r || 'rm', kg, id, at, ROW_NUMBER() OVER (PARTITION BY q.exercise, n.r ORDER BY kg DESC, at, seq)
  FROM q JOIN (SELECT 1 AS r UNION ALL SELECT 3 UNION ALL SELECT 5 UNION ALL SELECT 8 UNION ALL SELECT 10) n ON q.reps >= n.r)
SELECT exercise, record, round(value, 2), id, at FROM ranked WHERE rn = 1 ORDER BY exercise, record;
