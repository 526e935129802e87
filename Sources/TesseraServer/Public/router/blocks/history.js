// Undo and redo for the block editor: snapshots of the program tree as JSON text (small, and two
// equal programs compare equal), at most `limit` steps back.
export class History {
  constructor(limit = 100) {
    this.limit = limit;
    this.clear();
  }

  clear() {
    this.past = [];
    this.future = [];
  }

  get canUndo() { return this.past.length > 0; }
  get canRedo() { return this.future.length > 0; }

  /** Records the state before a change; a new change forgets what could be redone. */
  record(before) {
    this.past.push(before);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  /** The state to go back to from `current`, or null. */
  undo(current) {
    if (!this.past.length) return null;
    this.future.push(current);
    return this.past.pop();
  }

  redo(current) {
    if (!this.future.length) return null;
    this.past.push(current);
    return this.future.pop();
  }
}
