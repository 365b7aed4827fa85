-- rest-bench.sh's baseline: Plates' exercise page as PostgREST asks PostgreSQL for it under
-- row-level security (auth.uid() = user_id), minus the JSON: the newest 50 sets of one exercise.
SELECT * FROM sets WHERE user_id = :u AND exercise_id = :x ORDER BY date DESC LIMIT 50;
