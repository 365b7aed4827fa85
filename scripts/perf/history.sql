-- `wlog history --limit 20` as a SQLite-backed app would answer it from the events table of
-- `wlog-generate --sql`: the 20 newest workouts with their set count, reps and volume (kg),
-- leaving out deleted sets and discarded workouts. Edits are ignored here (a simplification in
-- SQLite's favour).
SELECT w.id, w.at,
  (SELECT count(*) FROM events s WHERE s.workout = w.id AND s.type = 'set.logged'
     AND NOT EXISTS (SELECT 1 FROM events d WHERE d.target = s.id AND d.type = 'set.deleted')) AS sets,
  (SELECT sum(s.reps) FROM events s WHERE s.workout = w.id AND s.type = 'set.logged') AS reps,
  (SELECT round(sum(s.reps * (CASE s.unit WHEN 'lb' THEN s.weight * 0.45359237 ELSE s.weight END) / 10000.0), 2)
     FROM events s WHERE s.workout = w.id AND s.type = 'set.logged' AND coalesce(s.set_type, 'working') <> 'warmup') AS volume
FROM events w
WHERE w.type = 'workout.started'
  AND NOT EXISTS (SELECT 1 FROM events x WHERE x.workout = w.id AND x.type = 'workout.discarded')
ORDER BY w.at DESC LIMIT 20;
