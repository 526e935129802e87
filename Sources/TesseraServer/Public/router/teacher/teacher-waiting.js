// The dashboard's "Levels waiting for you": the chosen class's two settings for pupils' levels
// (they wait for the teacher's approval; pupils may share by link) and the levels that wait, each
// with its name, its maker, a link to play it, Approve and Reject. Asked again when the class
// changes and every half minute (sharing a level sends no live event).
import { $, el, say } from "/shared/api.js";
import { t } from "./teacher-words.js";
import { changeClass, decideLevel, waitingLevels } from "../shared/level-approval.js";

export class WaitingLevels {
  /** `classOf(id)`: the class as GET /api/classes lists it (kept up to date with the settings). */
  constructor(classOf) {
    this.classOf = classOf;
    this.classId = null;
    this.setting($("level-approval"), "levelApproval", "teacher.levels.approvalOn", "teacher.levels.approvalOff");
    this.setting($("pupil-links"), "pupilLinks", "teacher.levels.linksOn", "teacher.levels.linksOff");
    setInterval(() => { if (this.classId && !document.hidden) this.load(); }, 30_000);
  }

  /** Shows `classId`'s settings and queue. */
  async show(classId) {
    this.classId = classId;
    const one = this.classOf(classId);
    $("level-approval").checked = one?.levelApproval ?? true;
    $("pupil-links").checked = one?.pupilLinks ?? false;
    $("waiting-list").replaceChildren();
    await this.load();
  }

  async load() {
    const classId = this.classId;
    let levels;
    try {
      ({ levels } = await waitingLevels(classId));
    } catch (error) {
      if (classId === this.classId) say(t("teacher.levels.failed", { message: error.message }));
      return;
    }
    if (classId !== this.classId) return; // another class was chosen meanwhile
    $("waiting-none").hidden = levels.length > 0;
    $("waiting-list").replaceChildren(...levels.map(({ level, maker }) => this.item(level, maker)));
  }

  item(level, maker) {
    const decide = (kind) => el("button", {
      type: "button", class: `decide-level ${kind}`, "data-testid": `waiting-${kind}`, text: t(`player.select.${kind}`),
      "aria-label": t(`player.select.${kind}Label`, { name: level.name }),
      onclick: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        try {
          await decideLevel(this.classId, level.id, kind);
          say(t(kind === "approve" ? "player.select.approved" : "player.select.rejected", { name: level.name }), true);
          await this.load();
          $("waiting-title").focus();
        } catch (error) {
          button.disabled = false;
          say(error.message);
        }
      },
    });
    return el("li", { class: "waiting-item", "data-testid": "waiting-level", "data-id": level.id },
      el("span", { class: "waiting-name" }, el("strong", { text: level.name }),
        maker ? el("span", { class: "muted", text: ` ${t("teacher.levels.by", { maker })}` }) : ""),
      el("span", { class: "waiting-actions" },
        el("a", { class: "button", href: `/router/#level=${encodeURIComponent(level.id)}`, target: "_blank", rel: "noopener",
          "data-testid": "waiting-play", "aria-label": t("teacher.levels.playLabel", { name: level.name }), text: t("teacher.levels.play") }),
        decide("approve"), decide("reject")));
  }

  /** A checkbox that changes one of the class's settings (put back as it was when refused). */
  setting(box, key, onWords, offWords) {
    box.addEventListener("change", async () => {
      const classId = this.classId;
      const wanted = box.checked;
      box.disabled = true;
      try {
        const changed = await changeClass(classId, { [key]: wanted });
        Object.assign(this.classOf(classId) ?? {}, { [key]: changed[key] ?? wanted });
        say(t(wanted ? onWords : offWords, { class: changed.name ?? this.classOf(classId)?.name ?? "" }), true);
      } catch (error) {
        box.checked = !wanted;
        say(error.message);
      } finally {
        box.disabled = false;
      }
    });
  }
}
