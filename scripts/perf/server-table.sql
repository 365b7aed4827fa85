-- The table of the PostgreSQL baseline (server-insert.sql), made by server-bench.sh and
-- sync-cost.sh: a set row as the API answers it, a uuid key and an index on lifter + workout.
CREATE TABLE sets (id uuid PRIMARY KEY, lifter uuid NOT NULL,
  workout uuid NOT NULL, exercise text NOT NULL, reps int, weight_kg numeric, rpe numeric, set_type text NOT NULL,
  is_completed boolean NOT NULL, completed_at timestamptz NOT NULL, notes text);
CREATE INDEX ON sets (lifter, workout);
