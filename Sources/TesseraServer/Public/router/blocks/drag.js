// Drag and drop for the block editor, on Pointer Events so mouse, pen and touch share one path
// (draggable things have `touch-action: none`; the pointer is captured by what it pressed).
//
// - From the palette: a statement goes into a statement list (an insertion line shows where), a
//   procedure definition goes to the end of the program, a condition, number or variable into a
//   socket that takes it (the socket lights up). A used-up block is refused as the drag starts.
// - From the program: a block and every block under it in its list (as Blockly drags) move to
//   another place, or back onto the palette, which turns into a bin, to delete them; a block in a
//   socket (a number, a compare, a "not"…) moves alone, to another socket or to the bin. The Start
//   block stays where it is.
// - A finger held still on a block for LONG_PRESS ms opens the block menu instead (block-menu.js).
// - Dropping anywhere else (or pressing Escape) changes nothing: a moved block stays, a new one is discarded.
// A press that never moves further than THRESHOLD pixels stays a click (select, or add at the selection).
import { el } from "/shared/api.js";
import { acceptedBy } from "./block-nested.js";
import { BLOCKS } from "./program.js";

const THRESHOLD = 6;
const LONG_PRESS = 550;
const EDGE = 44, INNER = 18, PAGE_EDGE = 40, DWELL = 250; // auto-scroll near an edge (see tick)

export class BlockDrag {
  constructor(editor) {
    this.editor = editor;
    this.state = null;
    this.swallowUntil = 0;
    this.onMove = (event) => this.move(event);
    this.onUp = (event) => this.up(event);
    this.onCancel = () => this.cancel();
    this.onKey = (event) => { if (event.key === "Escape" && this.state?.active) { event.preventDefault(); this.cancel(); } };
    editor.paletteNode.addEventListener("pointerdown", (event) => this.down(event, "palette"));
    editor.programNode.addEventListener("pointerdown", (event) => this.down(event, "program"));
    // The click that follows a drag is not a click (a new press anywhere ends that).
    editor.programNode.addEventListener("click", (event) => this.swallow(event), true);
    window.addEventListener("pointerdown", () => { if (!this.state) this.swallowUntil = 0; }, true);
  }

  /** True (and the event stopped) for the click a finished drag leaves behind. */
  swallow(event) {
    if (performance.now() > this.swallowUntil) return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  down(event, origin) {
    this.swallowUntil = 0; // a new press: any click from now on is its own
    if (this.state || this.editor.locked || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    let handle, source;
    if (origin === "palette") {
      handle = event.target.closest(".palette-block");
      if (!handle || handle.disabled) return;
      source = { kind: "new", type: handle.dataset.type };
    } else {
      if (event.target.closest("input, select, button, textarea")) return;
      const nested = event.target.closest(".nested");
      handle = nested ?? event.target.closest(".row");
      if (!handle || handle.classList.contains("slot")) return;
      if (nested) {
        source = { kind: "moveNested", id: nested.dataset.blockId, type: nested.dataset.type };
      } else {
        const block = handle.closest(".block[data-block-id]");
        source = block.dataset.blockId === "start" ? { kind: "start" } : { kind: "move", id: block.dataset.blockId, type: block.dataset.type };
      }
    }
    this.state = { origin, handle, source, pointerId: event.pointerId, x0: event.clientX, y0: event.clientY, active: false };
    if (origin === "program" && event.pointerType === "touch") this.state.pressTimer = setTimeout(() => this.longPress(), LONG_PRESS);
    try { handle.setPointerCapture(event.pointerId); } catch { /* the pointer is already gone */ }
    window.addEventListener("pointermove", this.onMove);
    window.addEventListener("pointerup", this.onUp);
    window.addEventListener("pointercancel", this.onCancel);
    window.addEventListener("keydown", this.onKey);
  }

  move(event) {
    const state = this.state;
    if (!state || event.pointerId !== state.pointerId) return;
    state.x = event.clientX;
    state.y = event.clientY;
    if (!state.active) {
      if (Math.hypot(state.x - state.x0, state.y - state.y0) < THRESHOLD) return;
      clearTimeout(state.pressTimer);
      if (!this.begin()) return;
    }
    event.preventDefault();
    this.follow();
  }

  /** A finger held still: the block menu for what it rests on, instead of a drag. */
  longPress() {
    const state = this.state;
    if (!state || state.active) return;
    this.finish();
    this.swallowUntil = performance.now() + 1000; // the click the lifted finger leaves behind
    this.editor.menu.openFor(state.handle, state.x0, state.y0, true);
  }

  /** The press became a drag: check it may, then lift a ghost. False when refused. */
  begin() {
    const { source, handle } = this.state;
    const editor = this.editor;
    if (source.kind === "start") {
      editor.say("say.startNotMoved");
      this.finish();
      return false;
    }
    if (source.kind === "new" && !editor.allow(source.type)) {
      this.finish();
      return false;
    }
    this.state.active = true;
    const rect = handle.getBoundingClientRect();
    this.state.dx = this.state.x0 - rect.left;
    this.state.dy = this.state.y0 - rect.top;
    let ghost;
    if (source.kind === "new") {
      ghost = handle.cloneNode(true);
      ghost.classList.remove("refused", "used-up");
    } else if (source.kind === "moveNested") {
      handle.classList.add("drag-source");
      this.state.sources = [handle];
      ghost = handle.cloneNode(true);
      editor.paletteNode.classList.add("bin");
    } else {
      const wrapper = handle.closest(".block[data-block-id]");
      const chain = source.type === "declare_proc" ? [wrapper] : [wrapper, ...nextSiblings(wrapper)];
      chain.forEach((node) => node.classList.add("drag-source"));
      this.state.sources = chain;
      ghost = el("div", { class: "drag-chain" }, ...chain.map((node) => node.cloneNode(true)));
      ghost.style.setProperty("width", `${wrapper.getBoundingClientRect().width}px`);
      editor.paletteNode.classList.add("bin");
    }
    for (const node of [ghost, ...ghost.querySelectorAll("*")]) {
      node.removeAttribute("id");
      node.removeAttribute("data-testid");
      node.removeAttribute("data-block-id");
      node.classList?.remove("running", "failing", "selected", "drag-source");
    }
    ghost.classList.add("drag-ghost");
    ghost.setAttribute("aria-hidden", "true");
    ghost.dataset.testid = "drag-ghost";
    document.body.append(ghost);
    document.body.classList.add("dragging-blocks");
    this.state.ghost = ghost;
    this.line = el("div", { class: "drop-line", "data-testid": "drop-line", "aria-hidden": "true" });
    const label = source.type ? BLOCKS[source.type]?.palette ?? source.type : "";
    editor.say(source.kind === "new" ? "say.dropNew" : source.kind === "moveNested" ? "say.movingValue" : "say.moving", { label });
    this.tick();
    return true;
  }

  /** Moves the ghost with the pointer and shows where it would land. */
  follow() {
    const { ghost, x, y, dx, dy } = this.state;
    ghost.style.setProperty("transform", `translate(${Math.round(x - dx)}px, ${Math.round(y - dy)}px) rotate(-1.5deg)`);
    this.show(this.target());
  }

  /** While dragging, scrolls the program list (or the page) when the pointer rests near an edge:
   *  from INNER px inside the list's top or bottom to EDGE px beyond it (or PAGE_EDGE px from the
   *  window's), after DWELL ms there, so a drop on the last visible row does not start it sliding. */
  tick() {
    if (!this.state?.active) return;
    const { x, y } = this.state;
    const program = this.editor.programNode;
    const box = program.getBoundingClientRect();
    let dir = 0;
    if (x >= box.left && x <= box.right && program.scrollHeight > program.clientHeight) {
      if (y < box.top + INNER && y > box.top - EDGE && program.scrollTop > 0) dir = -1;
      else if (y > box.bottom - INNER && y < box.bottom + EDGE && program.scrollTop + program.clientHeight < program.scrollHeight) dir = 1;
    }
    const page = !dir && (y < PAGE_EDGE ? -1 : y > innerHeight - PAGE_EDGE ? 1 : 0);
    const now = performance.now();
    if (!dir && !page) this.state.edgeSince = null;
    else if (this.state.edgeSince == null) this.state.edgeSince = now;
    else if (now - this.state.edgeSince > DWELL) {
      if (dir) program.scrollTop += dir * 8; else window.scrollBy(0, page * 10);
      this.follow();
    }
    this.frame = requestAnimationFrame(() => this.tick());
  }

  /** Where a drop now would go: {kind: "bin" | "place" | "procedure" | "condition", …} or null. */
  target() {
    const { source, x, y, dx, dy } = this.state;
    const palette = this.editor.paletteNode.getBoundingClientRect();
    if (source.kind !== "new" && inside(palette, x, y, 12)) return { kind: "bin" };
    const type = source.type;
    const accepts = acceptedBy(type);
    if (accepts) return this.socketTarget(x, y, accepts);
    const box = this.editor.programNode.getBoundingClientRect();
    if (!inside(box, x, y, 24)) return null;
    if (type === "declare_proc") return source.kind === "new" ? { kind: "procedure" } : null;
    return this.placeTarget(x - dx + 10, y - dy + 10);
  }

  /** The nearest gap in any statement list to the ghost's top-left corner (left, top). */
  placeTarget(left, top) {
    let best = null;
    for (const body of this.editor.programNode.querySelectorAll(".body")) {
      if (body.closest(".drag-source")) continue;
      const rect = body.getBoundingClientRect();
      const owner = body.dataset.owner, slot = body.dataset.slot || undefined;
      const blocks = [...body.children].filter((node) => node.classList.contains("block") && !node.classList.contains("drag-source"));
      const gaps = blocks.map((node) => ({ y: node.getBoundingClientRect().top, before: node.dataset.blockId }));
      const empty = body.querySelector(":scope > .slot, :scope > .drop-hint");
      const last = blocks[blocks.length - 1];
      gaps.push({ y: last ? last.getBoundingClientRect().bottom : empty ? centreY(empty) : rect.top + 2, before: null, empty: blocks.length ? null : empty });
      for (const gap of gaps) {
        const distance = Math.hypot((left - rect.left) * 0.6, top - gap.y);
        if (!best || distance < best.distance) best = { kind: "place", distance, place: { owner, slot, before: gap.before }, y: gap.y, rect, empty: gap.empty };
      }
    }
    return best;
  }

  /** The socket taking `accepts` under the pointer: the innermost one holding it (a "not" inside a
   *  loop's socket has a socket of its own), else the nearest within reach. Never one inside the
   *  dragged block itself. */
  socketTarget(x, y, accepts) {
    let best = null;
    for (const socket of this.editor.programNode.querySelectorAll(`.socket[data-accepts="${accepts}"]`)) {
      if (socket.closest(".drag-source")) continue;
      const rect = socket.getBoundingClientRect();
      if (!inside(rect, x, y, 28)) continue;
      const over = inside(rect, x, y, 0);
      const score = over ? rect.width * rect.height : 1e9 + Math.hypot(x - (rect.left + rect.width / 2), y - (rect.top + rect.height / 2));
      if (!best || score < best.score) best = { kind: "socket", score, socket };
    }
    return best;
  }

  /** Draws the snap target: an insertion line, a lit slot or socket, or the palette as a bin. */
  show(target) {
    this.state.target = target;
    const program = this.editor.programNode;
    for (const node of document.querySelectorAll(".drop-here")) node.classList.remove("drop-here");
    this.editor.paletteNode.classList.toggle("bin-over", target?.kind === "bin");
    this.state.ghost.classList.toggle("no-target", !target);
    this.state.ghost.classList.toggle("to-bin", target?.kind === "bin");
    if (target?.kind === "socket") {
      target.socket.classList.add("drop-here");
      target.socket.querySelector(":scope > select.condition")?.classList.add("drop-here");
    }
    if (target?.empty) target.empty.classList.add("drop-here");
    const box = program.getBoundingClientRect();
    if (target?.kind === "place" && !target.empty) {
      this.line.style.setProperty("top", `${Math.round(target.y - box.top + program.scrollTop - 3)}px`);
      this.line.style.setProperty("left", `${Math.round(target.rect.left - box.left + program.scrollLeft)}px`);
      this.line.style.setProperty("width", `${Math.round(Math.max(48, target.rect.width))}px`);
      if (!this.line.isConnected) program.append(this.line);
    } else if (target?.kind === "procedure") {
      const bottom = Math.max(...[...program.children].filter((node) => node !== this.line).map((node) => node.getBoundingClientRect().bottom));
      this.line.style.setProperty("top", `${Math.round(bottom - box.top + program.scrollTop + 4)}px`);
      this.line.style.setProperty("left", "8px");
      this.line.style.setProperty("width", `${Math.round(box.width - 24)}px`);
      if (!this.line.isConnected) program.append(this.line);
    } else {
      this.line.remove();
    }
  }

  up(event) {
    const state = this.state;
    if (!state || event.pointerId !== state.pointerId) return;
    if (!state.active) { this.finish(); return; }
    state.x = event.clientX;
    state.y = event.clientY;
    const target = this.target();
    const { source } = state;
    this.finish();
    this.swallowUntil = performance.now() + 350;
    const editor = this.editor;
    if (!target) {
      const accepts = source.kind === "new" && acceptedBy(source.type);
      const label = BLOCKS[source.type]?.palette ?? source.type;
      if (accepts) editor.say(accepts === "value" ? "say.noValueHole" : "say.noConditionSocket", { label });
      else editor.say(source.kind === "new" ? "say.droppedOutsideNew" : "say.droppedOutside");
      return;
    }
    if (target.kind === "bin") editor.dropDelete(source.id);
    else if (target.kind === "socket") editor.dropIntoSocket(source, target.socket.dataset.sockId, target.socket.dataset.sockKey);
    else if (source.kind === "new") editor.dropNew(source.type, target.place ?? null);
    else if (!editor.dropMove(source.id, target.place)) editor.say("say.cannotInsideItself");
    else editor.say("say.moved");
  }

  /** Ends a drag without dropping. */
  cancel() {
    if (this.state?.active) this.editor.say("say.dragCancelled");
    this.finish();
  }

  finish() {
    const state = this.state;
    this.state = null;
    window.removeEventListener("pointermove", this.onMove);
    window.removeEventListener("pointerup", this.onUp);
    window.removeEventListener("pointercancel", this.onCancel);
    window.removeEventListener("keydown", this.onKey);
    if (this.frame) cancelAnimationFrame(this.frame);
    if (!state) return;
    clearTimeout(state.pressTimer);
    try { state.handle.releasePointerCapture(state.pointerId); } catch { /* already released */ }
    state.ghost?.remove();
    this.line?.remove();
    for (const node of state.sources ?? []) node.classList.remove("drag-source");
    for (const node of document.querySelectorAll(".drop-here")) node.classList.remove("drop-here");
    this.editor.paletteNode.classList.remove("bin", "bin-over");
    document.body.classList.remove("dragging-blocks");
  }
}

function nextSiblings(node) {
  const list = [];
  for (let next = node.nextElementSibling; next; next = next.nextElementSibling) if (next.classList.contains("block")) list.push(next);
  return list;
}

function inside(rect, x, y, margin = 0) {
  return x >= rect.left - margin && x <= rect.right + margin && y >= rect.top - margin && y <= rect.bottom + margin;
}

function centreY(node) {
  const rect = node.getBoundingClientRect();
  return rect.top + rect.height / 2;
}
