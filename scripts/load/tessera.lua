-- wrk script for scripts/load.sh. One file for every measurement, chosen by its arguments:
--
--   wrk ... -s tessera.lua http://127.0.0.1:PORT -- MODE FIXTURE_DIR THREADS LABEL
--
-- MODE: health | game | puzzle | write | mix
--   health  GET /health
--   game    GET a stored TicTacToe game (rotating over the fixture games)
--   puzzle  GET a stored pentomino puzzle (rotating over the fixture puzzles)
--   write   alternately POST …/placements and DELETE …/placements/{tile} on puzzles of a pool
--   mix     health, game, puzzle and write in turn (the soak)
--
-- Writes must all succeed (a 409 would be a bug in this script, not in the server), so a pool
-- puzzle is never used by two requests at once: request() takes a free puzzle, response() finds
-- the puzzle's id in the answer and hands it back with its state flipped (placed <-> empty).
-- Each wrk thread has its own Lua state, so thread i owns pool entries i, i+THREADS, i+2*THREADS….
-- The pool file is pool-LABEL.txt in FIXTURE_DIR.
--
-- done() prints one tab-separated line the helper turns into the table:
--   RESULT label requests seconds p50_ms p99_ms non2xx socket_errors starved

local threads = {}
local next_thread_id = 0

-- Runs in the main Lua state once per thread, before the threads start.
function setup(thread)
  thread:set("thread_id", next_thread_id)
  next_thread_id = next_thread_id + 1
  table.insert(threads, thread)
end

-- Thread-state globals (read back by done() through thread:get).
non2xx = 0
starved = 0
label = "run"

local mode
local game_requests, puzzle_requests = {}, {}
local game_next, puzzle_next = 0, 0
local health_request
local pool = {}               -- every pool puzzle this thread owns
local free = {}               -- FIFO ring of free pool puzzles, so writes spread over the rows
local free_head, free_tail = 1, 0
local inflight = {}           -- id -> puzzle, for writes waiting for their answer
local inflight_count = 0
local turn = 0

local function lines(path)
  local out = {}
  local file = assert(io.open(path, "r"), "cannot open " .. path)
  for line in file:lines() do
    if line ~= "" then table.insert(out, line) end
  end
  file:close()
  return out
end

local function push_free(p)
  free_tail = free_tail + 1
  free[free_tail] = p
end

local function pop_free()
  if free_head > free_tail then return nil end
  local p = free[free_head]
  free[free_head] = nil
  free_head = free_head + 1
  return p
end

function init(args)
  mode = args[1]
  local dir = args[2]
  label = args[4] or mode
  local thread_count = tonumber(args[3])
  health_request = wrk.format("GET", "/health")
  -- Requests are formatted once here (wrk.format adds Host and Content-Length), not per call.
  for _, id in ipairs(lines(dir .. "/games.txt")) do
    table.insert(game_requests, wrk.format("GET", "/api/tictactoe/games/" .. id))
  end
  for _, id in ipairs(lines(dir .. "/puzzles.txt")) do
    table.insert(puzzle_requests, wrk.format("GET", "/api/pentomino/puzzles/" .. id))
  end
  -- placement.txt: the tile letter, then the JSON body that places it on an empty board.
  local placement = lines(dir .. "/placement.txt")
  local tile, body = placement[1], placement[2]
  -- Each run writes to a pool of its own (pool-LABEL.txt): requests still in flight when a run
  -- stops may land afterwards and leave a tile placed that the next run's fresh state would not know.
  local pool_ids = {}
  if mode == "write" or mode == "mix" then pool_ids = lines(dir .. "/pool-" .. label .. ".txt") end
  for index, id in ipairs(pool_ids) do
    if (index - 1) % thread_count == thread_id then
      local base = "/api/pentomino/puzzles/" .. id
      local p = {
        id = id, placed = false,
        place = wrk.format("POST", base .. "/placements", {["Content-Type"] = "application/json"}, body),
        remove = wrk.format("DELETE", base .. "/placements/" .. tile, {}),
      }
      table.insert(pool, p)
      push_free(p)
    end
  end
end

local function write_request()
  local p = pop_free()
  if p == nil then
    -- Every pool puzzle is busy (only after lost answers): count it and send something harmless.
    starved = starved + 1
    return health_request
  end
  inflight[p.id] = p
  inflight_count = inflight_count + 1
  if p.placed then return p.remove else return p.place end
end

local function game_request()
  game_next = game_next % #game_requests + 1
  return game_requests[game_next]
end

local function puzzle_request()
  puzzle_next = puzzle_next % #puzzle_requests + 1
  return puzzle_requests[puzzle_next]
end

local mix = { function() return health_request end, game_request, puzzle_request, write_request }

function request()
  if mode == "health" then return health_request
  elseif mode == "game" then return game_request()
  elseif mode == "puzzle" then return puzzle_request()
  elseif mode == "write" then return write_request()
  else
    turn = turn % #mix + 1
    return mix[turn]()
  end
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    return
  end
  -- Only write answers can release a pool puzzle: reads target other ids, so a match on a
  -- read puzzle's or game's id finds nothing in `inflight`.
  if inflight_count > 0 and body then
    local id = body:match('"id"%s*:%s*"([^"]+)"')
    local p = id and inflight[id]
    if p then
      inflight[id] = nil
      inflight_count = inflight_count - 1
      p.placed = not p.placed
      push_free(p)
    end
  end
end

-- Runs in the main Lua state after the run.
function done(summary, latency, requests)
  local bad, hungry = 0, 0
  for _, thread in ipairs(threads) do
    bad = bad + (thread:get("non2xx") or 0)
    hungry = hungry + (thread:get("starved") or 0)
  end
  local e = summary.errors
  local socket_errors = e.connect + e.read + e.write + e.timeout
  io.write(string.format("RESULT\t%s\t%d\t%.3f\t%.3f\t%.3f\t%d\t%d\t%d\n",
    threads[1]:get("label"), summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, bad, socket_errors, hungry))
end
