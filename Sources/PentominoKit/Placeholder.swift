// placeholder: filled in by the PentominoKit work
