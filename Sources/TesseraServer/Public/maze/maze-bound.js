// "Best possible": the fastest any explorer could have finished this maze with the chosen latency,
// to judge the real time against. The same rule as MazeKit's `Maze.exploreTimeLowerBound`: with
// unlimited questions at once, every room is reached along its cheapest path; entering a room costs
// one room answer, entering a door a key plus a room answer, and the clock starts with the start
// room's own answer. The answer is the latest of those first-known times (Dijkstra over the rooms
// the page was shown). Presets with a range of delays count their shortest ones.

const DELAYS = { // seconds: [room answer, key]
  original: [0.006, 0.2],
  fast: [0.001, 0.02],
  slow: [0.02, 0.3],
  none: [0, 0],
};
const STEP = { north: [-1, 0], south: [1, 0], east: [0, 1], west: [0, -1] };

/**
 * Seconds, or null when the latency is not a known preset or the start room is missing.
 * `rooms`: Map of "row,col" → the room message ({row, col, roomType, openSides}).
 */
export function bestPossibleSeconds(rooms, start, latency) {
  const delays = DELAYS[latency];
  const startKey = `${start?.row},${start?.col}`;
  if (!delays || !rooms.has(startKey)) return null;
  const [fetch, unlock] = delays;
  const best = new Map([[startKey, fetch]]);
  const queue = new Heap();
  queue.push(fetch, startKey);
  let latest = 0;
  while (queue.size) {
    const { time, key } = queue.pop();
    if (time > best.get(key)) continue; // a stale entry: the room was reached sooner since
    latest = Math.max(latest, time);
    const room = rooms.get(key);
    for (const side of room.openSides ?? []) {
      const [dr, dc] = STEP[side] ?? [0, 0];
      const nextKey = `${room.row + dr},${room.col + dc}`;
      const next = rooms.get(nextKey);
      if (!next) continue;
      const reached = time + (next.roomType === "DOOR" ? unlock + fetch : fetch);
      if (!best.has(nextKey) || reached < best.get(nextKey)) {
        best.set(nextKey, reached);
        queue.push(reached, nextKey);
      }
    }
  }
  return latest;
}

/** A binary min-heap of {time, key}: a 101×101 maze has some 5,000 rooms. */
class Heap {
  constructor() { this.items = []; }

  get size() { return this.items.length; }

  push(time, key) {
    const items = this.items;
    items.push({ time, key });
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (items[parent].time <= items[i].time) break;
      [items[parent], items[i]] = [items[i], items[parent]];
      i = parent;
    }
  }

  pop() {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length) {
      items[0] = last;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && items[left].time < items[least].time) least = left;
        if (right < items.length && items[right].time < items[least].time) least = right;
        if (least === i) break;
        [items[least], items[i]] = [items[i], items[least]];
        i = least;
      }
    }
    return top;
  }
}
