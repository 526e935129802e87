extension Position {
    /// A typed move longer than this is not a move (and is not scanned).
    public static let maxMoveTextLength = 32

    /// A square as a person types it in a terminal:
    /// - a number 1–9 in keypad order (1 = top left), the number the terminal board shows in a free square;
    /// - a column letter a–c and a row number 1–3, as "b2" or "B 2" (the top row is 1);
    /// - a row and a column counted from 0, as "1 2", "1,2" or "(1, 2)".
    /// nil for anything else, a square off the board included.
    public init?(moveText: String) {
        guard moveText.utf8.count <= Self.maxMoveTextLength else { return nil }
        let text = moveText.trimmedWhitespace.lowercased()
        let compact = text.unicodeScalars.filter { !$0.isContractWhitespace }
        if compact.count == 2, let first = compact.first, let last = compact.last, let letter = Self.column(first),
           let row = Self.row(last) {
            self.init(row: row, col: letter)
            return
        }
        // Digits with spaces, commas or brackets between them, and nothing else ("-1 0" is no square).
        guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ",()".unicodeScalars.contains($0) || $0.isContractWhitespace })
        else { return nil }
        let numbers = text.split { !$0.isNumber }.map { Int($0) }
        // A number too long for an Int is not a square either.
        guard !numbers.contains(nil) else { return nil }
        let values = numbers.compactMap { $0 }
        let position: Position?
        switch values.count {
        case 1: position = Position(number: values[0])
        case 2: position = Position(row: values[0], col: values[1])
        default: position = nil
        }
        guard let position, position.isOnBoard else { return nil }
        self = position
    }

    private static func column(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "a": 0
        case "b": 1
        case "c": 2
        default: nil
        }
    }

    private static func row(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "1": 0
        case "2": 1
        case "3": 2
        default: nil
        }
    }
}
