// The small menu under a level's column head on the scoreboard: play the level itself (a new tab,
// so the live board stays open), its solution (the program panel), and the class's own solutions
// on the projector (teacher-solutions.js). A popover: it sits above the scrolling table instead of
// being clipped by it, and a click elsewhere or Escape closes it.
import { el } from "/shared/api.js";
import { fixed, phrase, serverName, t } from "./teacher-words.js";

export class LevelMenu {
  /** `actions`: solution(level, returnFocus) and solutions(level, returnFocus). */
  constructor(actions) {
    this.actions = actions;
    this.level = null;
    this.heading = el("p", { class: "level-menu-heading", "data-testid": "level-menu-heading" });
    this.play = el("a", { class: "level-menu-item", "data-testid": "level-menu-play", target: "_blank", rel: "noopener" });
    this.solution = el("button", { type: "button", class: "level-menu-item", "data-testid": "level-menu-solution", ...fixed("teacher.teaching.menu.solution") });
    this.solutions = el("button", { type: "button", class: "level-menu-item", "data-testid": "level-menu-solutions", ...fixed("teacher.teaching.menu.solutions") });
    this.node = el("div", { popover: "auto", class: "level-menu", id: "level-menu", "data-testid": "level-menu" },
      this.heading, this.play, this.solution, this.solutions);
    document.body.append(this.node);
    this.play.addEventListener("click", () => this.node.hidePopover());
    this.solution.addEventListener("click", () => this.run("solution"));
    this.solutions.addEventListener("click", () => this.run("solutions"));
    this.node.addEventListener("toggle", (event) => {
      if (event.newState !== "closed") return;
      this.closedAt = performance.now();
      this.button()?.setAttribute("aria-expanded", "false");
    });
    // Placed once under its head, the menu would stay behind when the page or the table scrolls: it closes.
    window.addEventListener("resize", () => this.hide());
    document.addEventListener("scroll", () => this.hide(), { capture: true, passive: true });
  }

  /** The head's button now (a live redraw of the board replaces the one that opened the menu). */
  button() {
    return this.level ? document.querySelector(`[data-testid="level-menu-${CSS.escape(this.level.id)}"]`) : null;
  }

  hide() {
    if (this.node.matches(":popover-open")) this.node.hidePopover();
  }

  /** Opens the menu for `level` ({id, name, lang}) under `button`; a second press closes it. */
  toggle(level, button) {
    // A press on the head's button closes the popover (light dismiss) before its click arrives: that
    // click must not open the menu again.
    const justClosed = performance.now() - (this.closedAt ?? -1e9) < 400;
    if (this.level?.id === level.id && (justClosed || this.node.matches(":popover-open"))) {
      this.hide();
      return;
    }
    this.level = level;
    this.heading.replaceChildren(...phrase("teacher.teaching.menu.heading", { level: level.id, name: serverName(level.name, level.lang) }));
    this.play.href = `/router/#level=${encodeURIComponent(level.id)}`;
    this.play.textContent = t("teacher.teaching.menu.play", { level: level.id });
    this.node.showPopover();
    button.setAttribute("aria-expanded", "true");
    this.place(button);
    this.play.focus({ preventScroll: true });
  }

  /** Under the button, kept inside the window (CSSOM, which the page's CSP allows). */
  place(button) {
    const anchor = button.getBoundingClientRect();
    const menu = this.node.getBoundingClientRect();
    const left = Math.min(Math.max(8, anchor.left), window.innerWidth - menu.width - 8);
    const below = anchor.bottom + 4;
    const top = below + menu.height > window.innerHeight - 8 ? Math.max(8, anchor.top - menu.height - 4) : below;
    this.node.style.left = `${Math.max(8, left)}px`;
    this.node.style.top = `${top}px`;
  }

  run(which) {
    const level = this.level;
    this.hide();
    this.actions[which](level, () => this.button()?.focus());
  }
}
