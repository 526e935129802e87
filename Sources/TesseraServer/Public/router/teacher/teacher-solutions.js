// "Our solutions" for one level, for the projector at the end of a lesson: the class's successful
// programs grouped by shape (GET /api/classes/{id}/levels/{level}/solutions), shortest first, as
// "Solution A — 7 pupils" cards with their blocks and Python, and one big map that replays the
// group a Replay button names. Anonymous unless the teacher presses "Show names" (asked again with
// ?names=true: the names are never fetched before). Full screen through the Fullscreen API when
// the browser allows it (otherwise the overlay still covers the window); Escape or Close leaves, and
// the rest of the page is inert meanwhile, so the keyboard stays inside.
import { api, el } from "/shared/api.js";
import { MapView } from "../map/map-view.js";
import { Player } from "../player/player.js";
import { fixed, inPageLanguage, list, phrase, serverName, t, translatedAttributes } from "./teacher-words.js";
import { drawBlocks, drawPython, levelJSON, markRunning } from "./teacher-program.js";

export class ClassSolutions {
  constructor() {
    this.title = el("h2", { id: "projector-title", "data-testid": "projector-title" });
    this.summary = el("p", { class: "projector-summary", "data-testid": "projector-summary" });
    this.namesButton = el("button", { type: "button", class: "names-toggle", "data-testid": "show-names", "aria-pressed": "false", text: t("teacher.teaching.projector.showNames") });
    this.closeButton = el("button", { type: "button", class: "projector-close", "data-testid": "projector-close", ...fixed("teacher.teaching.projector.close") });
    this.groups = el("ol", { class: "solution-groups", "data-testid": "solution-groups" });
    this.mapBox = el("div", { class: "map-box", role: "img", "data-testid": "projector-map", ...translatedAttributes("aria-label:teacher.teaching.projector.map") });
    this.status = el("p", { class: "projector-status", "data-testid": "projector-status", role: "status", "aria-live": "polite" });
    this.node = el("div", { class: "projector", "data-testid": "projector", role: "dialog", "aria-modal": "true", "aria-labelledby": "projector-title", hidden: true, tabindex: "-1" },
      el("div", { class: "projector-head" },
        el("div", { class: "projector-heading" }, this.title, this.summary),
        el("div", { class: "projector-buttons" }, this.namesButton, this.closeButton)),
      el("div", { class: "projector-body" },
        this.groups,
        el("section", { class: "projector-replay", ...translatedAttributes("aria-label:teacher.teaching.projector.replayArea") }, this.mapBox, this.status)));
    document.body.append(this.node);
    this.map = new MapView(this.mapBox);
    this.player = new Player(this.map, { onEvent: (event) => markRunning(this.playing?.card ?? this.node, this.playing?.python, event.block), speed: () => "normal" });
    this.asked = 0;
    this.names = false;
    this.namesButton.addEventListener("click", () => { this.names = !this.names; this.load(); });
    this.closeButton.addEventListener("click", () => this.close());
    this.node.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); this.close(); }
    });
    // Escape in full screen is the browser's: it leaves full screen, and the view goes with it.
    document.addEventListener("fullscreenchange", () => {
      if (!document.fullscreenElement && this.fullscreen && !this.node.hidden) this.close();
    });
  }

  /** The page's language changed: an open view is asked for again, in the new language. */
  relanguage() {
    if (!this.node.hidden) this.load();
  }

  /** The title: the level's name marked with its language. */
  titled(name, lang) {
    this.title.replaceChildren(...phrase("teacher.teaching.projector.title", { level: this.level.id, name: serverName(name ?? "", lang) }));
  }

  /** Opens the view of `level` ({id, name, lang}) for class `classId`; `returnFocus()` afterwards. */
  async open(classId, level, returnFocus) {
    this.classId = classId;
    this.level = level;
    this.returnFocus = returnFocus;
    this.names = false;
    this.fullscreen = false;
    this.titled(level.name, level.lang);
    this.node.hidden = false;
    for (const other of document.body.children) if (other !== this.node && other.tagName !== "SCRIPT") other.inert = true;
    this.node.focus();
    // Asked for within the click that opened the view (the browser allows full screen only then).
    if (this.node.requestFullscreen && document.fullscreenEnabled) {
      this.node.requestFullscreen({ navigationUI: "hide" }).then(() => { this.fullscreen = true; }, () => {});
    }
    await this.load();
  }

  close() {
    if (this.node.hidden) return;
    this.asked += 1;
    this.player.stop();
    this.node.hidden = true;
    for (const other of document.body.children) other.inert = false;
    this.fullscreen = false;
    // In full screen the rest of the page cannot take focus: give it back once full screen has ended.
    const back = this.returnFocus;
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {}).finally(() => back?.());
    else back?.();
  }

  async load() {
    const asked = ++this.asked;
    this.player.stop();
    this.namesButton.setAttribute("aria-pressed", String(this.names));
    this.namesButton.textContent = t(this.names ? "teacher.teaching.projector.hideNames" : "teacher.teaching.projector.showNames");
    this.summary.textContent = t("teacher.teaching.projector.fetching");
    const path = inPageLanguage(`/api/classes/${encodeURIComponent(this.classId)}/levels/${encodeURIComponent(this.level.id)}/solutions${this.names ? "?names=true" : ""}`);
    try {
      const [answer, map] = await Promise.all([api(path), levelJSON(this.level.id)]);
      if (asked !== this.asked) return;
      this.mapLevel = map;
      if (map.name) this.titled(map.name, map.lang); else this.titled(this.level.name, this.level.lang);
      this.map.draw(map);
      this.draw(answer);
    } catch (error) {
      if (asked !== this.asked) return;
      this.summary.textContent = t("teacher.teaching.projector.failed", { message: error.message });
    }
  }

  draw(answer) {
    const groups = answer.groups ?? [];
    const solved = groups.reduce((sum, group) => sum + (group.count ?? 0), 0);
    this.summary.textContent = groups.length
      ? `${t("teacher.teaching.projector.solved", { solved, count: answer.pupils ?? solved })} · ${t("teacher.teaching.projector.ways", { count: groups.length })}`
      : t("teacher.teaching.projector.nobody");
    this.status.textContent = groups.length ? t("teacher.teaching.projector.pick") : "";
    delete this.status.dataset.state;
    this.groups.replaceChildren(...groups.map((group) => this.card(group)));
  }

  card(group) {
    const blocks = el("div", { class: "program read-only", role: "tree", "aria-label": t("teacher.teaching.projector.blocks", { label: group.label }) });
    const python = el("pre", { class: "pyview-code", tabindex: "0", "aria-label": t("teacher.teaching.projector.python", { label: group.label }) });
    const program = group.program ?? { python: group.python };
    const isBlocks = Array.isArray(program.blocks);
    if (isBlocks) drawBlocks(blocks, program);
    drawPython(python, program.python ?? group.python ?? "");
    const replay = el("button", { type: "button", class: "primary", "data-testid": "group-replay", text: t("teacher.teaching.projector.replay", { label: group.label }) });
    const card = el("li", { class: "solution-group", "data-testid": "solution-group", "data-label": group.label, "data-count": String(group.count) },
      el("div", { class: "group-head" },
        el("h3", { "data-testid": "group-title", text: t("teacher.teaching.projector.group", { label: group.label, count: group.count }) }),
        el("span", { class: "group-blocks", text: t("teacher.teaching.projector.blockCount", { count: group.blockCount ?? 0 }) }),
        replay),
      Array.isArray(group.names) ? el("p", { class: "group-names", "data-testid": "group-names", text: list(group.names) }) : "",
      el("div", { class: "group-program" }, isBlocks ? blocks : "", python));
    replay.addEventListener("click", () => this.replay(group, card, python));
    return card;
  }

  async replay(group, card, python) {
    if (!this.mapLevel || !Array.isArray(group.run?.events)) return;
    this.playing = { card, python };
    for (const one of this.groups.children) one.classList.toggle("replaying", one === card);
    card.scrollIntoView({ block: "nearest" });
    this.map.draw(this.mapLevel);
    this.status.dataset.state = "playing";
    this.status.textContent = t("teacher.teaching.projector.replaying", { label: group.label });
    const finished = await this.player.play(group.run.events);
    markRunning(card, python, null);
    if (!finished) return;
    for (const square of group.run.outcome?.delivered ?? []) this.map.markDelivered(square);
    this.status.dataset.state = "done";
    this.status.textContent = t("teacher.teaching.projector.replayed", { label: group.label });
  }
}
