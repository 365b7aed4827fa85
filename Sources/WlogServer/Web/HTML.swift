import HTTPTypes
import Hummingbird
import WlogCore

/// Hand-written HTML: every text that did not come from this file goes through `escape`, and
/// every page leaves as `response` (UTF-8, no caching, a strict Content-Security-Policy that
/// allows only this server's own style sheet and script).
enum HTML {
    /// Text safe inside an element or a double- or single-quoted attribute: `& < > " '` escaped,
    /// and each character of `HiddenCharacters` (controls, bidi overrides, zero-width ones) shown
    /// as its `\uXXXX` escape, as the CLI shows it: never raw in a page.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _ where HiddenCharacters.isHidden(c.value): out += String(decoding: HiddenCharacters.escape(c.value), as: UTF8.self)
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A percent-encoded path segment (exercise ids are slugs; this keeps any other text inert).
    static func pathSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// The engine's SVG chart (`SVGChart`) without its XML prolog, to sit inside a page.
    static func chart(_ chart: Chart, id: String) -> String {
        var svg = SVGChart.render(chart)
        if svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") { svg = String(svg[svg.index(after: end)...]) }
        return "<figure class=\"chart\" id=\"\(escape(id))\">" + svg + "</figure>"
    }

    static let securityPolicy = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        + "form-action 'self'; frame-ancestors 'none'"

    /// A page (or fragment) with `status`, never cached (it shows one lifter's data).
    static func response(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = securityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// 303 to `location` (after a form post, or to the sign-in page).
    static func redirect(_ location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
