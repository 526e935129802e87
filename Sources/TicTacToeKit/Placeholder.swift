// placeholder: filled in by the TicTacToeKit work
