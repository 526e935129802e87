public enum TesseraServerPlaceholder {}
