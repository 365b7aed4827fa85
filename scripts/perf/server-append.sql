-- pgbench script of scripts/perf/server-bench.sh: the PostgreSQL store's write alone, as
-- `POST …/sets` makes it on an idle server (EventsSQL.AppendCommits, prepared: pgbench -M
-- prepared): one set's event committed by `CALL wlog_append_commits` for one of the 1,000
-- lifters, in the migrated `wlog` database after the servers stopped. Positions come from a sequence far past every stream's end, so they
-- never collide with the streams' own.
\set lifter random(1, 1000)
\set reps random(1, 10)
CALL wlog_append_commits(ARRAY[('00000000-0000-4000-8000-' || lpad(:lifter::text, 12, '0'))::uuid],
  ARRAY[nextval('bench_position')], ARRAY[md5(random()::text)], ARRAY['set.logged'],
  ARRAY['{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}'],
  ARRAY[(extract(epoch from now()) * 1000)::bigint]);
