-- pgbench script of scripts/perf/server-bench.sh: the PostgreSQL baseline of `POST …/sets`.
-- One set inserted in its own transaction (autocommit, synchronous_commit=on: acknowledged only
-- after the WAL is flushed), for one of the 1,000 lifters, answering the row as the API answers
-- the set. The table: server-table.sql.
\set lifter random(1, 1000)
\set reps random(1, 10)
INSERT INTO sets (id, lifter, workout, exercise, reps, weight_kg, rpe, set_type, is_completed, completed_at, notes)
VALUES (gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad(:lifter::text, 12, '0'))::uuid,
        ('00000000-0000-4000-9000-' || lpad(:lifter::text, 12, '0'))::uuid,
        'bench-press', :reps, 60 + :reps * 2.5, 8, 'working', true, now(), NULL)
RETURNING *;
