// The whole maze as the page knows it, for drawing it again (a heat map, a picture, a print) and for
// judging a walk through it: a plan is {width, height, start: {row, col}, rooms: Map("row,col" → room)}
// where a room is the explore stream's message ({row, col, roomType, openSides}). Nothing here
// touches the page; the rules are the kit's (`Maze.shortestPath`: breadth-first, doors passable,
// north is row − 1).

export const STEP = { north: [-1, 0], east: [0, 1], south: [1, 0], west: [0, -1] };

const key = (row, col) => `${row},${col}`;

/** A plan from the rooms the explorer streamed (a Map of "row,col" → room message). */
export function planFrom(began, rooms) {
  let exit = null;
  for (const room of rooms.values()) if (room.roomType === "EXIT") exit = { row: room.row, col: room.col };
  return { width: began.width, height: began.height, start: began.start, exit, rooms, seed: began.seed };
}

function neighbours(plan, room) {
  const found = [];
  for (const side of room.openSides ?? []) {
    const [dr, dc] = STEP[side] ?? [0, 0];
    const next = plan.rooms.get(key(room.row + dr, room.col + dc));
    if (next) found.push(next);
  }
  return found;
}

/**
 * Steps from the start to every room it reaches (breadth-first): a Map of "row,col" → steps, and
 * the largest, `{steps, farthest}`.
 */
export function distances(plan) {
  const steps = new Map();
  const first = plan.rooms.get(key(plan.start.row, plan.start.col));
  if (!first) return { steps, farthest: 0 };
  steps.set(key(first.row, first.col), 0);
  const queue = [first];
  let farthest = 0;
  for (let index = 0; index < queue.length; index++) {
    const room = queue[index];
    const here = steps.get(key(room.row, room.col));
    farthest = Math.max(farthest, here);
    for (const next of neighbours(plan, room)) {
      const nextKey = key(next.row, next.col);
      if (steps.has(nextKey)) continue;
      steps.set(nextKey, here + 1);
      queue.push(next);
    }
  }
  return { steps, farthest };
}

/** The shortest start → exit route as [row, col] pairs, both ends included; [] when there is none. */
export function shortestPath(plan) {
  if (!plan.exit) return [];
  const { steps } = distances(plan);
  let at = plan.rooms.get(key(plan.exit.row, plan.exit.col));
  let left = steps.get(key(plan.exit.row, plan.exit.col));
  if (!at || left === undefined) return [];
  const path = [[at.row, at.col]];
  // Walk back downhill: every room but the start has a neighbour one step nearer.
  while (left > 0) {
    at = neighbours(plan, at).find((room) => steps.get(key(room.row, room.col)) === left - 1);
    if (!at) return [];
    left -= 1;
    path.push([at.row, at.col]);
  }
  return path.reverse();
}

/**
 * The heat map's colour for a room `fraction` of the way from the start (0) to the farthest room
 * (1): a sweep from cool to warm that stays readable in greyscale (lightness falls as it warms).
 */
export function heatColour(fraction) {
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const hue = 200 - 200 * f; // blue → green → yellow → red
  const lightness = 78 - 30 * f;
  return `hsl(${hue.toFixed(1)} 85% ${lightness.toFixed(1)}%)`;
}
