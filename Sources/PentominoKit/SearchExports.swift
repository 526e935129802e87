// The solver core (pieces, boards, the placement table, the search, `SolveCommandLine`) lives in
// PentominoSearch, which needs no Foundation, so `tessera-pentomino` links only that. Re-exported
// here so every `import PentominoKit` still sees it; the puzzles, hints and the daily puzzle,
// which do use Foundation, stay in this target.
@_exported import PentominoSearch
