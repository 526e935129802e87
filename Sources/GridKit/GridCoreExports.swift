// `Square`, `Direction` and `Grid` live in GridCore, which needs no Foundation, so the small
// `tessera-pentomino` executable can use them without linking it. Re-exported here so every
// `import GridKit` still sees them under the same names.
@_exported import GridCore
