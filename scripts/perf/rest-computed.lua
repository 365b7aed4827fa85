-- wrk script of scripts/perf/rest-bench.sh: the URL given to wrk with an always-true filter of
-- its own added to each request (`id=neq.<a uuid no set has>`), so that no kept answer serves it
-- and every page is computed from the lifter's state. Token from WLOG_TOKEN.
local counter = 0
local thread_id = 0
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  thread_id = tonumber(wrk.thread:get("id")) or 0
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("WLOG_TOKEN")
  wrk.headers["apikey"] = os.getenv("WLOG_TOKEN")
end

function request()
  counter = counter + 1
  local id = string.format("00000000-0000-4000-8%03d-%012d", thread_id, counter)
  return wrk.format("GET", wrk.path .. "&id=neq." .. id)
end
