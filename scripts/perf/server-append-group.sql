-- pgbench script of scripts/perf/server-bench.sh: the PostgreSQL store's write on a busy server,
-- where commits that wait go together (GroupAppend): one `CALL wlog_append_commits` of 8 lifters'
-- commits of one set each (lifters 8n…8n+7 of the 1,000, in order), in the migrated `wlog`
-- database after the servers stopped; positions from the sequence of server-append.sql.
\set lifter random(0, 124)
\set reps random(1, 10)
CALL wlog_append_commits(ARRAY[
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 0)::text, 12, '0'))::uuid,
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 1)::text, 12, '0'))::uuid,
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 2)::text, 12, '0'))::uuid,
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 3)::text, 12, '0'))::uuid,
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 4)::text, 12, '0'))::uuid,
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 5)::text, 12, '0'))::uuid,
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 6)::text, 12, '0'))::uuid,
  ('00000000-0000-4000-8000-' || lpad((:lifter * 8 + 7)::text, 12, '0'))::uuid],
  ARRAY[nextval('bench_position'), nextval('bench_position'), nextval('bench_position'), nextval('bench_position'), nextval('bench_position'), nextval('bench_position'), nextval('bench_position'), nextval('bench_position')],
  ARRAY[md5(random()::text), md5(random()::text), md5(random()::text), md5(random()::text), md5(random()::text), md5(random()::text), md5(random()::text), md5(random()::text)],
  ARRAY['set.logged', 'set.logged', 'set.logged', 'set.logged', 'set.logged', 'set.logged', 'set.logged', 'set.logged'],
  ARRAY['{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}',
        '{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}',
        '{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}',
        '{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}',
        '{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}',
        '{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}',
        '{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}',
        '{"v":1,"seq":1,"id":"0123456789abcdef0123456789abcdef","type":"set.logged","recorded":"2026-11-28T05:00:00.000Z","device":"server","actor":"lifter","data":{"workout":"00000000-0000-4000-9000-000000000001","exercise":"bench-press","reps":' || :reps || ',"weight":{"kg":60},"rpe":8,"kind":"working"}}'],
  ARRAY[(extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint]);
