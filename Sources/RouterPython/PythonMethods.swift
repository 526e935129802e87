import Foundation
import RouterKit

// PythonRuntime's calls by name: the built-in functions, a list's methods, and the van's methods
// (the same ones, with the same meaning, as the block compiler's; see PythonCompiler's header).

extension PythonRuntime {
    mutating func builtin(_ name: String, _ arguments: [PyValue]) throws(Stopped) -> PyValue {
        func count(_ range: ClosedRange<Int>) throws(Stopped) {
            guard range.contains(arguments.count) else {
                let wanted: Words = range.lowerBound != range.upperBound
                    ? .say("program.python.valuesBetween", ["low": .code(range.lowerBound), "high": .code(range.upperBound)])
                    : .say("program.python.values", ["count": .number(range.lowerBound)])
                throw fail(.say("program.python.takesInBrackets", ["name": .code(name), "wanted": wanted, "count": .code(arguments.count)]))
            }
        }
        switch name {
        case "print":
            let text = arguments.map(\.text).joined(separator: " ")
            try charge(text.utf8.count)
            try made(characters: min(text.unicodeScalars.count, PythonLimits.maxTextLength))
            output.write(text)
            return .none
        case "len":
            try count(1...1)
            switch arguments[0] {
            case .list(let list): return .int(list.items.count)
            case .tuple(let items): return .int(items.count)
            case .str(let text):
                try charge(text.utf8.count)
                return .int(text.unicodeScalars.count)
            case .range(let a, let b, let c): return .int(PyValue.rangeCount(a, b, c))
            default: throw fail(.say("program.python.lenKind", ["kind": arguments[0].typeName]))
            }
        case "str":
            try count(0...1)
            let text = arguments.first?.text ?? ""
            try made(characters: text.unicodeScalars.count)
            return .str(text)
        case "bool":
            try count(0...1)
            return .bool(arguments.first?.truthy ?? false)
        case "int":
            try count(0...1)
            guard let value = arguments.first else { return .int(0) }
            if let n = value.number { return .int(n) }
            if case .str(let text) = value {
                let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
                if let n = Int(trimmed) { return .int(n) }
                throw fail(.say("program.python.intText", ["text": .code(text.prefix(40))]))
            }
            throw fail(.say("program.python.intKind", ["kind": value.typeName]))
        case "abs":
            try count(1...1)
            guard let n = arguments[0].number else { throw fail(.say("program.python.absKind", ["kind": arguments[0].typeName])) }
            return n < 0 ? try binary("-", .int(0), .int(n)) : .int(n)
        case "range":
            try count(1...3)
            var numbers: [Int] = []
            for argument in arguments {
                guard let n = argument.number else { throw fail(.say("program.python.rangeKind", ["kind": argument.typeName])) }
                numbers.append(n)
            }
            let (start, stop, step) = numbers.count == 1 ? (0, numbers[0], 1) : (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 1)
            guard step != 0 else { throw fail(.say("program.python.rangeStepZero")) }
            return .range(start, stop, step)
        case "list":
            try count(0...1)
            guard let value = arguments.first else { return .list(PyList([])) }
            let items = try self.items(of: value, for: "list")
            try made(cells: items.count)
            return .list(PyList(items))
        case "min", "max", "sum":
            let items = arguments.count == 1 ? try self.items(of: arguments[0], for: name) : arguments
            if name == "sum" {
                var total: PyValue = .int(0)
                for item in items { total = try binary("+", total, item) }
                return total
            }
            guard var best = items.first else { throw fail(.say("program.python.needsAValue", ["name": .code(name)])) }
            for item in items.dropFirst() where try compare(name == "min" ? "<" : ">", item, best) { best = item }
            return best
        default: throw fail(PythonWords.refusal(name, advice: nil))
        }
    }

    /// The items of a list, a pair, a range (at most `maxListItems`) or text (its characters).
    mutating func items(of value: PyValue, for name: String) throws(Stopped) -> [PyValue] {
        try charge(value.size)
        switch value {
        case .list(let list): return list.items
        case .tuple(let items): return items
        case .str(let text): return text.unicodeScalars.map { .str(String($0)) }
        case .range(let start, let stop, let step):
            let count = PyValue.rangeCount(start, stop, step)
            guard count <= PythonLimits.maxListItems else { throw fail(Self.listTooLong) }
            return (0..<count).map { .int(PyValue.rangeItem(start, step, $0)) }
        default: throw fail(.say("program.python.needsSequence", ["name": .code(name), "kind": value.typeName]))
        }
    }

    mutating func callMethod(_ method: String, on target: PyValue, _ arguments: [PyValue], named name: String) throws(Stopped) -> PyValue {
        switch target {
        case .van: return try van(method, arguments, named: name)
        case .vanModule where method == "Van":
            guard arguments.isEmpty else { throw fail(.say("program.python.makeVanFromModule")) }
            return .van
        case .list(let list):
            switch (method, arguments.count) {
            case ("append", 1):
                guard list.items.count < PythonLimits.maxListItems else { throw fail(Self.listTooLong) }
                try made(cells: 1)
                list.items.append(arguments[0])
                return .none
            case ("pop", 0...1):
                try charge(arguments.isEmpty ? 1 : list.items.count)
                let at = try arguments.first.map { v throws(Stopped) in try position(v, count: list.items.count, of: name) }
                guard !list.items.isEmpty else { throw fail(.say("program.python.popEmpty", ["name": .code(name)])) }
                return list.items.remove(at: at ?? list.items.count - 1)
            case ("append", _): throw fail(.say("program.python.appendOne", ["name": .code(name)]))
            default: throw fail(.say("program.python.listMethods", ["method": .code(method)]))
            }
        default:
            throw fail(.say("program.python.noMethod", ["name": .code(name), "kind": target.typeName, "method": .code(method)]))
        }
    }

    /// The van's actions, questions and coordinates, on the line being run.
    mutating func van(_ method: String, _ arguments: [PyValue], named name: String) throws(Stopped) -> PyValue {
        func noArguments() throws(Stopped) {
            guard arguments.isEmpty else { throw fail(PythonCompiler.noArguments("\(name).\(method)")) }
        }
        if let action = PythonCompiler.actions[method] {
            try noArguments()
            guard simulation.perform(action, block: .line(line)) else { throw Stopped() }
            return .none
        }
        if let coordinate = PythonCompiler.coordinates[method] {
            try noArguments()
            let place = coordinate ? simulation.currentCoordinate : simulation.previousCoordinate
            return .tuple([.int(place.x), .int(place.y)])
        }
        if method == "at_traffic_light" || method == "is_road" {
            let choices = method == "is_road" ? ["FORWARD", "LEFT", "RIGHT"] : ["RED", "GREEN"]
            guard arguments.count == 1, case .str(let text) = arguments[0], choices.contains(text.uppercased()) else {
                throw fail(PythonCompiler.writeChoice(method, choices))
            }
            if method == "is_road" { return .bool(simulation.roadExists(RelativeDirection(rawValue: text.uppercased()) ?? .forward)) }
            return .bool(simulation.trafficLight(text.uppercased() == "RED" ? .red : .green))
        }
        try noArguments()
        switch method {
        case "at_dead_end": return .bool(simulation.atDeadEnd)
        case "at_destination": return .bool(simulation.atDestination)
        case "at_red_traffic_light": return .bool(simulation.trafficLight(.red))
        case "at_green_traffic_light": return .bool(simulation.trafficLight(.green))
        case "is_road_forward": return .bool(simulation.roadExists(.forward))
        case "is_road_left": return .bool(simulation.roadExists(.left))
        case "is_road_right": return .bool(simulation.roadExists(.right))
        case "is_animal_crossing": return .bool(simulation.cowCrossing)
        default:
            throw fail(PythonCompiler.noSuchMethod("\(name).\(method)()", method))
        }
    }
}
