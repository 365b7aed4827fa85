import Hummingbird

/// The frame of every page: the document head (viewport, color scheme, the style sheet), the
/// navigation with the current page marked, the sign-out button, and `main`.
enum WebLayout {
    enum Section: String, CaseIterable {
        case monitor = "Monitor", history = "History", exercises = "Exercises", bodyweight = "Body weight"

        var path: String {
            switch self {
            case .monitor: "/monitor"
            case .history: "/history"
            case .exercises: "/exercises"
            case .bodyweight: "/bodyweight"
            }
        }
    }

    /// A whole page: `title` (escaped here), `body` (already HTML), `scripts` (paths of this server's scripts).
    static func page(title: String, section: Section?, body: String, bodyClass: String = "", scripts: [String] = []) -> String {
        var out = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        out += "<meta name=\"color-scheme\" content=\"light dark\">"
        out += "<title>" + HTML.escape(title) + " · wlog</title>"
        out += "<link rel=\"stylesheet\" href=\"/web/style.css\">"
        for script in scripts { out += "<script src=\"" + HTML.escape(script) + "\" defer></script>" }
        out += "</head>\n<body" + (bodyClass.isEmpty ? "" : " class=\"" + HTML.escape(bodyClass) + "\"") + ">"
        out += "<a class=\"skip\" href=\"#main\">Skip to content</a>"
        if let section {
            out += "<header class=\"top\"><nav aria-label=\"Pages\"><ul>"
            for item in Section.allCases {
                let current = item == section ? " aria-current=\"page\"" : ""
                out += "<li><a href=\"" + item.path + "\"" + current + ">" + item.rawValue + "</a></li>"
            }
            out += "</ul></nav><form method=\"post\" action=\"/sign-out\"><button type=\"submit\">Sign out</button></form></header>"
        }
        out += "\n<main id=\"main\">" + body + "</main>\n</body></html>\n"
        return out
    }

    /// The page of an error (404 for anything the lifter cannot see, 429, 503 …), never JSON.
    static func errorPage(_ error: APIError) -> Response {
        let title = error.status == .notFound ? "Not found" : error.status.reasonPhrase
        let body = "<h1>" + HTML.escape(title) + "</h1><p>" + HTML.escape(error.message) + "</p>"
            + "<p><a href=\"/history\">Back to your history</a></p>"
        var response = HTML.response(page(title: title, section: nil, body: body), status: error.status)
        response.headers.append(contentsOf: error.headers.filter { $0.name != .wwwAuthenticate })
        return response
    }
}
