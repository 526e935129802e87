// The last sheet of a teacher's pack: the level's answer (GET /api/router/levels/{id}/solution,
// which only a signed-in teacher's page ever asks for), as the blocks in a readable indented list,
// in the page's language and each block's colour family, and as Python (which stays English).
// The list is words on paper, not the editor: a block and what it holds read as one line ("Repeat
// 8 times", "If road to the left do"), and the blocks inside a loop, an "if" or a procedure are
// indented under it, with its end written out, as children lay the cards out on the table.
import { el } from "/shared/api.js";
import { t } from "../shared/i18n.js";
import { LABELS, words } from "../blocks/block-labels.js";
import { BLOCKS } from "../blocks/program.js";

const GAP = "…"; // a socket left empty

/** A number socket's words: a plain number, a number block, a variable, a sum, the van's square. */
function valueText(value) {
  if (typeof value === "number") return String(value);
  if (!value || typeof value !== "object") return GAP;
  switch (value.type) {
    case "math_number": return String(value.value ?? 0);
    case "variables_get": return value.name || GAP;
    case "math_arithmetic": return `(${valueText(value.a)} ${LABELS.ops[value.op] ?? value.op} ${valueText(value.b)})`;
    case "van_coordinate":
      return words(`parts.coordinate.${value.which === "previous" ? "previous" : "current"}`, { part: value.part === "y" ? "y" : "x" });
    default: return value.type;
  }
}

/** A condition socket's words ("road to the left", "not at the house", "count < 3"). */
function conditionText(condition) {
  if (!condition || typeof condition !== "object") return GAP;
  const parts = LABELS.parts;
  switch (condition.type) {
    case "road_exists": return LABELS.conditions.road[condition.direction ?? "FORWARD"];
    case "traffic_light": return LABELS.conditions.light[condition.colour ?? "RED"];
    case "logic_negate": return t("blocks.conditions.not", { condition: conditionText(condition.condition) });
    case "logic_compare": return `${valueText(condition.a)} ${LABELS.compare[condition.op] ?? condition.op} ${valueText(condition.b)}`;
    case "logic_operation":
      return `(${conditionText(condition.a)}) ${condition.op === "OR" ? parts.or : parts.and} (${conditionText(condition.b)})`;
    case "logic_boolean": return condition.value ? parts.true : parts.false;
    default: return BLOCKS[condition.type]?.label ?? condition.type;
  }
}

/** One line of the list: its block's icon and words, in its kind's colour. */
function line(kind, icon, text, extra = "") {
  return el("span", { class: `answer-line kind-${kind}${extra}` },
    icon ? el("span", { class: "answer-icon", "aria-hidden": "true", text: icon }) : "", el("span", { text }));
}

function steps(list) {
  return el("ol", { class: "answer-steps" }, ...(list ?? []).map(step));
}

/** A step of the program as a list item: its line, and what it holds indented under it. */
function step(block) {
  const type = block.type ?? "declare_proc";
  const info = BLOCKS[type];
  const kind = info?.kind ?? "unknown";
  const parts = LABELS.parts;
  const item = (...children) => el("li", { "data-type": type }, ...children);
  switch (type) {
    case "controls_repeat":
      return item(line(kind, info.icon, `${info.label} ${valueText(block.times)} ${parts.times}`), steps(block.do),
        line(kind, "", parts.endRepeat, " end"));
    case "controls_repeat_while": case "controls_repeat_until":
      return item(line(kind, info.icon, `${info.label} ${conditionText(block.condition)}`), steps(block.do), line(kind, "", parts.endRepeat, " end"));
    case "controls_if": {
      const branches = (block.branches ?? []).flatMap((branch, index) => [
        line(kind, index ? "" : info.icon, `${index ? parts.elseIf : parts.if} ${conditionText(branch.condition)} ${parts.do}`), steps(branch.do)]);
      const otherwise = block.else ? [line(kind, "", parts.else), steps(block.else)] : [];
      return item(...branches, ...otherwise, line(kind, "", parts.endIf, " end"));
    }
    case "declare_proc": return item(line("proc", BLOCKS.declare_proc.icon, `${parts.define} ${block.name ?? GAP}`), steps(block.do));
    case "call_proc": return item(line(kind, info.icon, `${parts.call} ${block.name || GAP}`));
    case "variables_numeric_set":
      return item(line(kind, info.icon, `${info.label} ${block.name || GAP} ${parts.to} ${valueText(block.value)}`));
    case "variables_increment":
      return item(line(kind, info.icon, `${info.label} ${block.name || GAP} ${parts.by} ${valueText(block.value)}`));
    default:
      return item(line(kind, info?.icon ?? "", info?.label ?? words("parts.notAvailable", { type })));
  }
}

/** The program under Start, then each procedure, as nested lists. */
export function programList(program) {
  const start = el("li", { "data-type": "start" }, line("start", "⚑", LABELS.label.start), steps(program.blocks));
  const procedures = (program.procedures ?? []).map((procedure) => step({ ...procedure, type: "declare_proc" }));
  return el("ol", { class: "answer-steps answer-program", "data-testid": "answer-blocks" }, start, ...procedures);
}

/** Fills `node` with `answer` ({program, python, blockCount}) for the level called `title`. */
export function drawAnswer(node, answer, title) {
  const blocks = answer.program && Array.isArray(answer.program.blocks);
  const python = String(answer.python ?? "").replace(/\n+$/, "");
  node.replaceChildren(
    el("h2", { class: "sheet-title", "data-testid": "answer-title", text: t("print.answer.title", { title }) }),
    el("p", { class: "answer-note", text: t("print.answer.note") }),
    el("div", { class: `answer-columns${blocks ? "" : " python-only"}` },
      blocks ? el("section", { class: "answer-part" },
        el("h3", { text: t("print.answer.blocks") }),
        el("p", { class: "muted answer-count", "data-testid": "answer-count", text: t("print.answer.blockCount", { count: answer.blockCount ?? 0 }) }),
        programList(answer.program)) : "",
      el("section", { class: "answer-part" },
        el("h3", { text: t("print.answer.python") }),
        blocks ? "" : el("p", { class: "muted", text: t("print.answer.pythonOnly") }),
        el("pre", { class: "answer-python", "data-testid": "answer-python", translate: "no" }, el("code", { text: python })))));
}
