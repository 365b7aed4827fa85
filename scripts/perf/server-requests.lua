-- wrk script of scripts/perf/server-bench.sh: requests taken in turn from a file of lines
--   TOKEN PATH           (GET PATH)
--   TOKEN PATH post      (POST PATH with a set's JSON body and an Idempotency-Key of its own)
-- named by the environment variable WLOG_REQUESTS. Each wrk thread starts at its own place in
-- the file, so the threads spread over the lifters from the first request on.
--
-- Several servers: WLOG_PORTS="P1,P2,…" (loopback ports) sends wrk's thread K to the server
-- K modulo N, so one wrk, with the threads and connections of a run against one server, loads
-- them all (two wrk processes would add a load generator's threads on the same cores, and repeat
-- each other's idempotency keys). WLOG_SHARE=1 then keeps on each server its share of the
-- lifters: the lines whose number (from 0) is K modulo N go to server K of N, a load balancer
-- that keeps each lifter on one server. WLOG_SHARE="K/N" does the same for one wrk of its own.
local lines = {}
local next_index = 1
local thread_id = 0
local counter = 0
local threads = {}
local started = os.time()

local function ports()
  local list = {}
  for port in (os.getenv("WLOG_PORTS") or ""):gmatch("%d+") do table.insert(list, port) end
  return list
end

function setup(thread)
  local id, servers = #threads, ports()
  thread:set("id", id)
  if #servers > 0 then
    thread.addr = wrk.lookup("127.0.0.1", servers[id % #servers + 1])[1]
    if os.getenv("WLOG_SHARE") == "1" then thread:set("share", string.format("%d/%d", id % #servers, #servers)) end
  end
  table.insert(threads, thread)
end

function init(args)
  local spec = wrk.thread:get("share") or os.getenv("WLOG_SHARE") or "0/1"
  local share, shares = spec:match("^(%d+)/(%d+)$")
  share, shares = tonumber(share) or 0, tonumber(shares) or 1
  local number = 0
  for line in io.lines(os.getenv("WLOG_REQUESTS")) do
    local token, path, method = line:match("^(%S+)%s+(%S+)%s*(%S*)$")
    if token and number % shares == share then table.insert(lines, { token = token, path = path, post = method == "post" }) end
    if token then number = number + 1 end
  end
  thread_id = tonumber(wrk.thread:get("id")) or 0
  next_index = (thread_id * 7919) % #lines + 1
end

function request()
  local item = lines[next_index]
  next_index = next_index % #lines + 1
  local headers = { ["Authorization"] = "Bearer " .. item.token }
  if not item.post then return wrk.format("GET", item.path, headers) end
  counter = counter + 1
  headers["Content-Type"] = "application/json"
  headers["Idempotency-Key"] = string.format("bench-%d-%d-%d", started, thread_id, counter)
  local body = string.format('{"reps":%d,"weightKg":%.1f,"rpe":8}', 1 + counter % 10, 60 + (counter % 40) * 2.5)
  return wrk.format("POST", item.path, headers, body)
end
