// Plays a run's events (Sources/RouterKit/RunEvents.swift) on the map in time order: each action
// (move, wait, horn, deliver, crash) takes one beat at the chosen speed; light changes and cows
// leaving share the beat of the action that caused them. `onEvent` lets the page highlight the
// block and update the fuel gauge; `stop()` ends it at the next frame.

export const SPEEDS = { slow: 1000, normal: 520, fast: 200 };

export class Player {
  constructor(map, { onEvent, speed }) {
    this.map = map;
    this.onEvent = onEvent;
    this.speed = speed; // () => "slow" | "normal" | "fast"
    this.stopped = false;
    this.playing = false;
  }

  stop() {
    this.stopped = true;
    if (this.token) this.token.stopped = true;
  }

  /** Resolves with true when every event played, false when stopped. */
  async play(events) {
    if (this.token) this.token.stopped = true; // an older run never animates alongside this one
    const token = { stopped: false };
    this.token = token;
    this.stopped = false;
    this.playing = true;
    const isStopped = () => token.stopped;
    // Stable sort by time: events with equal `time` keep the engine's order.
    const ordered = events.map((event, index) => ({ event, index }))
      .sort((a, b) => a.event.time - b.event.time || a.index - b.index).map((item) => item.event);
    try {
      for (const event of ordered) {
        if (token.stopped) return false;
        const beat = SPEEDS[this.speed()] ?? SPEEDS.normal;
        this.onEvent(event);
        let done = true;
        switch (event.type) {
          case "move": done = await this.map.move(event, beat, isStopped); break;
          case "wait": done = await this.map.stay("wait", beat, isStopped); break;
          case "horn": done = await this.map.stay("horn", beat, isStopped); break;
          case "deliver": done = await this.map.deliver(event, beat * 0.8, isStopped); break;
          case "crash": done = await this.map.crash(event, beat, isStopped); break;
          case "light": this.map.setLight(event.light, event.colour); break;
          case "cow_leaves": done = await this.map.cowLeaves(event, beat * 0.6, isStopped); break;
          default: break;
        }
        if (!done) return false;
      }
      return !token.stopped;
    } finally {
      if (this.token === token) this.playing = false;
    }
  }
}
