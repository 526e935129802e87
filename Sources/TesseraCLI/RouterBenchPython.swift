/// The bench's Python program: about 200 lines of what a Python Den child writes (functions with
/// parameters and `return`, lists built with `append`, `for` over lists and `range`, `while` with
/// `break`, text and `print`), then a drive of four squares to the bench level's house.
enum BenchPython {
    static let program: String = {
        var lines = ["from van import Van", "my_van = Van()", ""]
        // Ten groups of helpers, 18 lines each.
        for n in 0..<10 {
            lines += [
                "def total_\(n)(numbers):",
                "    result = 0",
                "    for number in numbers:",
                "        if number % 2 == 0:",
                "            result += number",
                "        else:",
                "            result -= 1",
                "    return result",
                "",
                "def squares_\(n)(count):",
                "    found = []",
                "    i = 0",
                "    while True:",
                "        if i >= count:",
                "            break",
                "        found.append(i * i + \(n))",
                "        i += 1",
                "    return found",
            ]
        }
        lines += [
            "",
            "def drive(squares):",
            "    for step in range(squares):",
            "        my_van.move_forwards()",
            "",
            "report = []",
        ]
        for n in 0..<10 {
            lines.append("report.append('group \(n): ' + str(total_\(n)(squares_\(n)(12))))")
        }
        lines += [
            "if len(report) == 10 and 'group 0: ' in report[0]:",
            "    print(report[-1])",
            "drive(4)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }()
}
