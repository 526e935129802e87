// The words a run ends with, in Spanish (tú, for children 7–11), saying the same as the English
// in RunMessages.swift: what happened, counted in moves, and where in road squares ("casillas")
// from the house. The words match the player page's own (Public/router/shared/messages/es.json): furgoneta, casa,
// casilla, semáforo, bocina, combustible, el bloque Inicio.

extension RunWords {
    static func spanish(_ message: RunMessage) -> String {
        typealias S = SpanishRun
        switch message {
        case .standard(let failure): return S.standard(failure)
        case .crash(let action, let movesDone): return S.crash(action: action, movesDone: movesDone)
        case .cow(let kind, let movesDone):
            return kind == .pigeon
                ? "¡La furgoneta se ha topado con unas palomas \(S.when(movesDone))! Toca la bocina para que salgan volando."
                : "¡La furgoneta se ha chocado con una vaca \(S.when(movesDone))! Toca la bocina para que se aparte de la carretera."
        case .fuel(let movesDone, let idle, let distance, let electric):
            return S.fuel(movesDone: movesDone, idle: idle, distance: distance, electric: electric)
        case .redLight(let movesDone):
            return "¡La furgoneta se ha saltado un semáforo en rojo \(S.when(movesDone))! Espera a que se ponga verde y luego sigue."
        case .deliver(let again, let distance): return S.deliver(again: again, distance: distance)
        case .end(let movesDone, let distance, let passed): return S.end(movesDone: movesDone, distance: distance, passed: passed)
        case .undelivered(let waiting, let total, let passed, let distance):
            return S.undelivered(waiting: waiting, of: total, passed: passed, distance: distance)
        case .delivered(let houses):
            return houses == 1 ? "¡Entregado! La furgoneta ha parado en la casa." : "¡Entregado! Las \(houses) casas tienen su paquete."
        }
    }
}

enum SpanishRun {
    static func standard(_ failure: RunFailure) -> String {
        switch failure {
        case .crash: "La furgoneta se ha chocado: no había carretera por donde intentó ir."
        case .collisionWithCow: "¡La furgoneta se ha chocado con una vaca! Toca la bocina para que se aparte de la carretera."
        case .outOfFuel: "La furgoneta se ha quedado sin combustible. Intenta encontrar un camino más corto."
        case .throughRedLight: "¡La furgoneta se ha saltado un semáforo en rojo! Espera al verde antes de seguir."
        case .deliverAtNonDestination: "Aquí no hay ninguna casa a la que entregar."
        case .outOfInstructions: "El programa se acabó antes de que la furgoneta llegara a la casa. Añade más movimientos para terminar el viaje."
        case .undeliveredDestinations: "Todavía hay casas esperando su paquete. Visita cada una y entrega allí."
        case .queryInfiniteLoop: "Tu programa ha estado funcionando mucho rato sin terminar. Revisa tus bucles."
        case .compileError: "¡Vaya! Hay algo en tu programa que arreglar antes de que la furgoneta pueda arrancar."
        case .detachedBlocks: "Asegúrate de que todos tus bloques están unidos al bloque Inicio."
        }
    }

    static func count(_ n: Int, _ one: String, _ many: String) -> String { n == 1 ? "1 \(one)" : "\(n) \(many)" }
    static func moves(_ n: Int) -> String { count(n, "movimiento", "movimientos") }
    static func squares(_ n: Int) -> String { count(n, "casilla", "casillas") }

    /// "después de 3 movimientos"; before any move, `start`.
    static func when(_ movesDone: Int, start: String = "nada más empezar") -> String {
        movesDone <= 0 ? start : "después de \(moves(movesDone))"
    }

    /// "a 2 casillas de la casa", "a 3 casillas de una casa que todavía espera", …
    static func place(_ distance: HouseDistance) -> String {
        let one = distance.waiting == 1
        if distance.squares == 0 { return one ? "justo en la casa" : "justo en una casa que todavía espera" }
        let far = squares(distance.squares)
        if distance.onTheWay { return "a \(far) de \(one ? "la casa" : "una casa que todavía espera")" }
        return "a \(far) de \(one ? "la casa" : "la casa más cercana que todavía espera"), en sentido contrario"
    }

    static func crash(action: VanAction, movesDone: Int) -> String {
        let way = switch action {
        case .turnLeft: "a su izquierda"
        case .turnRight: "a su derecha"
        case .turnAround: "detrás de ella"
        case .moveForwards, .wait, .deliver, .soundHorn: "delante de ella"
        }
        return "La furgoneta se ha salido de la carretera y se ha chocado \(when(movesDone, start: "en su primer movimiento")):"
            + " ahí no hay carretera \(way)."
            + " Sigue la carretera en el mapa para ver hacia dónde va."
    }

    static func fuel(movesDone: Int, idle: Int, distance: HouseDistance?, electric: Bool) -> String {
        let ran = electric ? "La batería de la furgoneta se ha quedado sin carga" : "La furgoneta se ha quedado sin combustible"
        let when = movesDone <= 0 ? "antes de moverse" : "después de \(moves(movesDone))"
        let where_ = movesDone <= 0 ? "" : distance.map { ", \(place($0))" } ?? ""
        let advice = idle > 0 ? "Esperar y tocar la bocina también gastan combustible: espera solo cuando haga falta."
            : "Intenta encontrar un camino más corto."
        return "\(ran) \(when)\(where_). \(advice)"
    }

    static func deliver(again: Bool, distance: HouseDistance?) -> String {
        if again { return "Esta casa ya tiene su paquete. Entrega solo una vez en cada casa." }
        guard let distance else { return "Aquí no hay ninguna casa a la que entregar. Entrega cuando la furgoneta esté en una casa." }
        return "La furgoneta intentó entregar \(place(distance)), pero ahí no hay ninguna casa. Entrega cuando la furgoneta esté en una casa."
    }

    static func end(movesDone: Int, distance: HouseDistance?, passed: Bool) -> String {
        guard let distance else { return standard(.outOfInstructions) }
        let far = squares(distance.squares)
        if passed {
            return distance.onTheWay
                ? "La furgoneta ha pasado por delante de la casa sin parar. Haz que pare en la casa."
                : "La furgoneta se ha pasado \(far) de la casa. Haz que pare en la casa."
        }
        if movesDone == 0 { return "¡La furgoneta no se ha movido! La casa está a \(far): añade movimientos para llevarla hasta allí." }
        return distance.onTheWay
            ? "La furgoneta se ha parado a \(far) de la casa. Añade más movimientos para terminar el viaje."
            : "La furgoneta ha ido por el camino equivocado: se ha parado a \(far) de la casa. Busca la carretera que lleva a la casa."
    }

    static func undelivered(waiting: Int, of total: Int, passed: Int, distance: HouseDistance?) -> String {
        let head = if waiting == total {
            total == 2 ? "Las dos casas siguen esperando su paquete." : "Las \(total) casas siguen esperando su paquete."
        } else {
            waiting == 1 ? "1 casa sigue esperando su paquete." : "\(waiting) casas siguen esperando su paquete."
        }
        if let distance, distance.squares == 0 {
            return head + (waiting == 1 ? " La furgoneta está ahora en esa casa: ¡entrega ahí!" : " La furgoneta está ahora en una de ellas: ¡entrega ahí!")
        }
        let middle: String
        if passed > 0 {
            let which = passed < waiting ? (passed == 1 ? "por una de ellas" : "por \(passed) de ellas")
                : waiting == 1 ? "por ella" : waiting == 2 ? "por las dos" : "por todas"
            middle = " La furgoneta ha pasado \(which) sin entregar."
        } else if let distance {
            middle = " La más cercana está a \(squares(distance.squares))."
        } else {
            middle = ""
        }
        return head + middle + " Para en cada casa y entrega allí."
    }
}
