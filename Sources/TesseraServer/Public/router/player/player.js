// Plays a run's events (Sources/RouterKit/RunEvents.swift) on the map in time order: each action
// (move, wait, horn, deliver, crash) takes one beat at the chosen speed; light changes and cows
// leaving share the beat of the action that caused them. `onEvent` lets the page highlight the
// block and update the fuel gauge; `stop()` ends it at the next frame.
// Stepping: `play(events, {stepping: true})` plays one action and waits; each `step()` plays the
// next one (with the light changes and cows that share its beat); `pause()` waits after the
// current action, `resume()` plays on. `onPause()` says the player is waiting.

export const SPEEDS = { slow: 1000, normal: 520, fast: 200 };
// A step is one engine step: its action and what shares its step number (a cow leaving on the
// horn, the lights it ticks, the delivery when the van stops at the house).
const STEPS = new Set(["move", "wait", "horn", "deliver", "crash", "cow_leaves"]);

export class Player {
  constructor(map, { onEvent, speed, onPause }) {
    this.map = map;
    this.onEvent = onEvent;
    this.onPause = onPause ?? (() => {});
    this.paused = false;
    this.credits = 0;
    this.waiter = null;
    this.speed = speed; // () => "slow" | "normal" | "fast"
    this.stopped = false;
    this.playing = false;
  }

  stop() {
    this.stopped = true;
    if (this.token) this.token.stopped = true;
    this.waiter?.();
  }

  get waiting() { return Boolean(this.waiter); }

  step() {
    this.paused = true;
    if (this.waiter) this.waiter(); else this.credits += 1;
  }

  pause() { this.paused = true; }

  resume() {
    this.paused = false;
    this.waiter?.();
  }

  /** Waits before an action while paused, unless a step is owed. False when stopped meanwhile. */
  gate(token) {
    if (!this.paused) return true;
    if (this.credits > 0) { this.credits -= 1; return true; }
    return new Promise((resolve) => {
      this.waiter = () => { this.waiter = null; resolve(!token.stopped); };
      this.onPause();
    });
  }

  /** Resolves with true when every event played, false when stopped. */
  async play(events, { stepping = false } = {}) {
    if (this.token) this.token.stopped = true; // an older run never animates alongside this one
    this.waiter?.();
    const token = { stopped: false };
    this.token = token;
    this.stopped = false;
    this.playing = true;
    this.paused = stepping;
    this.credits = stepping ? 1 : 0;
    const isStopped = () => token.stopped;
    // Stable sort by time: events with equal `time` keep the engine's order.
    const ordered = events.map((event, index) => ({ event, index }))
      .sort((a, b) => a.event.time - b.event.time || a.index - b.index).map((item) => item.event);
    let step = null;
    try {
      for (const event of ordered) {
        if (token.stopped) return false;
        if (STEPS.has(event.type) && event.step !== step) {
          step = event.step;
          if (!(await this.gate(token))) return false;
        }
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
