// placeholder: filled in by the MazeKit work
