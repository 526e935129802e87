// Our own sounds, synthesised with the Web Audio API (no sound files): the engine starting, the
// horn, a delivery chime, a crash thud and a success jingle. The audio context starts on the first
// sound (always after a click or a key, so browsers allow it). Muting is remembered in
// localStorage. Nothing here ever throws: without audio (a headless browser, an old tablet) the
// page just stays quiet. The last sound asked for is written on the mute button
// (`data-last-sound`), which is how the tests hear them.

import { el } from "/shared/api.js";
import { t } from "../shared/i18n.js";
import { svgEl } from "../map/map-geometry.js";

const MUTE_KEY = "tessera.router.muted";

export class Sounds {
  constructor(button) {
    this.button = button;
    this.context = null;
    this.muted = readMuted();
    button?.addEventListener("click", () => this.setMuted(!this.muted));
    this.render();
  }

  setMuted(muted) {
    this.muted = muted;
    try { localStorage.setItem(MUTE_KEY, muted ? "1" : "0"); } catch { /* storage full or blocked */ }
    this.render();
    if (!muted) this.play("chime");
  }

  /** A "Mute sounds" toggle (aria-pressed: muted) that also shows its state in words and with a
   *  drawn speaker, crossed out when muted: "Sound on/off", or just "On/Off" where room is short. */
  render() {
    if (!this.button) return;
    this.button.setAttribute("aria-pressed", String(this.muted));
    this.button.setAttribute("aria-label", t("player.sound.mute"));
    const words = (state) => [el("span", { class: "label long", text: t(`player.sound.${state}`) }),
      el("span", { class: "label short", text: t(`player.sound.${state}Short`) })];
    this.button.replaceChildren(speaker(this.muted), ...words(this.muted ? "off" : "on"));
    this.button.title = t(this.muted ? "player.sound.offTitle" : "player.sound.onTitle");
  }

  /** Plays one of: engine, horn, chime, crash, jingle. */
  play(name) {
    if (this.button) this.button.dataset.lastSound = name;
    if (this.muted) return;
    try {
      const ctx = this.audio();
      if (!ctx) return;
      const at = ctx.currentTime + 0.01;
      SOUNDS[name]?.(ctx, this.output, at);
    } catch {
      // No sound is better than a broken page.
    }
  }

  audio() {
    if (!this.context) {
      const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
      if (!Context) return null;
      this.context = new Context();
      this.output = this.context.createGain();
      this.output.gain.value = 0.35;
      this.output.connect(this.context.destination);
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }
}

function readMuted() {
  try { return localStorage.getItem(MUTE_KEY) === "1"; } catch { return false; }
}

/** A tone: `type` wave at `freq` Hz (a number or [from, to] glide) with a quick attack and decay. */
function tone(ctx, out, at, { type = "sine", freq, length, volume = 0.5, attack = 0.01 }) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  const [from, to] = Array.isArray(freq) ? freq : [freq, freq];
  osc.frequency.setValueAtTime(from, at);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.05);
}

/** A burst of filtered noise. */
function noise(ctx, out, at, { length, volume = 0.6, cutoff = 800 }) {
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "lowpass";
  filter.frequency.value = cutoff;
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(out);
  source.start(at);
}

const SOUNDS = {
  // A starter's cough, then the engine revving up and settling.
  engine(ctx, out, at) {
    noise(ctx, out, at, { length: 0.12, volume: 0.4, cutoff: 500 });
    tone(ctx, out, at + 0.1, { type: "sawtooth", freq: [55, 110], length: 0.45, volume: 0.18, attack: 0.05 });
    tone(ctx, out, at + 0.1, { type: "square", freq: [40, 70], length: 0.55, volume: 0.08, attack: 0.05 });
  },
  // Two notes a third apart, together, twice: "beep-beep".
  horn(ctx, out, at) {
    for (const start of [0, 0.22]) {
      tone(ctx, out, at + start, { type: "square", freq: 392, length: 0.17, volume: 0.14 });
      tone(ctx, out, at + start, { type: "square", freq: 494, length: 0.17, volume: 0.12 });
    }
  },
  // A small bell: a high note with its overtone, then a higher one.
  chime(ctx, out, at) {
    tone(ctx, out, at, { freq: 1046, length: 0.5, volume: 0.3 });
    tone(ctx, out, at, { freq: 2093, length: 0.3, volume: 0.08 });
    tone(ctx, out, at + 0.12, { freq: 1568, length: 0.6, volume: 0.25 });
  },
  // A dull thump and a crunch.
  crash(ctx, out, at) {
    tone(ctx, out, at, { freq: [120, 40], length: 0.35, volume: 0.6 });
    noise(ctx, out, at, { length: 0.4, volume: 0.7, cutoff: 1200 });
  },
  // Up the major chord and a last long note.
  jingle(ctx, out, at) {
    [523, 659, 784, 1046].forEach((freq, index) => tone(ctx, out, at + index * 0.12, { type: "triangle", freq, length: index === 3 ? 0.6 : 0.18, volume: 0.3 }));
  },
};

/** A small speaker: with sound waves when on, crossed out when muted (drawn: emoji fonts vary). */
function speaker(muted) {
  const line = { fill: "none", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round" };
  return svgEl("svg", { viewBox: "0 0 16 16", class: "speaker", "aria-hidden": "true" },
    svgEl("path", { d: "M2,6H5L9,2.5V13.5L5,10H2Z", fill: "currentColor" }),
    ...(muted
      ? [svgEl("path", { d: "M11,5.5L15,10.5M15,5.5L11,10.5", ...line })]
      : [svgEl("path", { d: "M11,5.5a3.5,3.5 0 0 1 0,5", ...line }), svgEl("path", { d: "M12.8,3.5a6,6 0 0 1 0,9", ...line })]));
}
