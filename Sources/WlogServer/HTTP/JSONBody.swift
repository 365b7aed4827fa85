import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// JSON in and out: request bodies decoded with every fault named by field, responses encoded
/// in seed 004's envelope.
enum JSONBody {
    /// Shared coders (both are safe to use from many threads once configured).
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()
    static let decoder = JSONDecoder()

    /// The headers of every JSON answer.
    static let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]

    /// `{"success": true, "data": …, "meta": …}` with `status`.
    static func envelope<Data: Encodable>(_ data: Data, meta: PageMeta? = nil, status: HTTPResponse.Status = .ok) throws -> Response {
        try response(Envelope(data: data, meta: meta), status: status)
    }

    /// The same envelope, written by the models themselves (the same bytes, see `JSONWritable`).
    static func envelope<Data: JSONWritable>(_ data: Data, meta: PageMeta? = nil, status: HTTPResponse.Status = .ok) throws -> Response {
        try response(Envelope(data: data, meta: meta), status: status)
    }

    static func response(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        try encoded(value, status: status)
    }

    /// `value` through `encoder`.
    static func encoded(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        let bytes = try encoder.encode(value)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(data: bytes)))
    }

    /// `value` as it writes itself; through `encoder` when it holds a number JSON cannot (which
    /// `encoder` refuses, as for any other value).
    static func response(_ value: some JSONWritable, status: HTTPResponse.Status) throws -> Response {
        var json = JSONWriter()
        value.writeJSON(to: &json)
        guard json.isRepresentable else {
            return try encoded(value, status: status)
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: json.buffer))
    }

    /// Decodes the request's JSON body as `T`; an absent or empty body decodes as `{}` when `T`
    /// allows it. 415 for a body that is not `application/json`, 413 past the size limit, 400
    /// naming the field for malformed JSON or a wrong type.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: LifterRequestContext) async throws -> T {
        let buffer: ByteBuffer
        // A declared length past the limit is refused before any of the body is read (the
        // connection is then closed: ConnectionGuard), so a client cannot hold it open by never sending it.
        if let declared = request.headers.value(of: .contentLength).flatMap(Int.init), declared > context.maxUploadSize {
            throw WriteLimits.bodyTooLarge(limit: context.maxUploadSize, size: declared)
        }
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch where (error as? HTTPError)?.status == .contentTooLarge || error is NIOTooManyBytesError {
            // `collect(upTo:)` throws NIO's own error past the limit.
            throw WriteLimits.bodyTooLarge(limit: context.maxUploadSize, size: nil)
        }
        var bytes = Data(buffer.readableBytesView)
        let contentType = request.headers.value(of: .contentType)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            bytes = Data("{}".utf8)
        } else if let type = contentType, !isJSON(type) {
            throw APIError(.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE",
                           message: "Content-Type \(type) is not accepted; send application/json")
        } else if contentType == nil {
            throw APIError(.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE",
                           message: "a body needs Content-Type: application/json")
        }
        // The plain shape apps send, read without JSONDecoder; anything else (and every fault) is its.
        if let plain = T.self as? any PlainJSONBody.Type,
           let value = bytes.withUnsafeBytes({ PlainJSONObject($0) }).flatMap({ plain.init(plain: $0) }) as? T {
            return value
        }
        do {
            return try decoder.decode(T.self, from: bytes)
        } catch let error as DecodingError {
            if case .dataCorrupted(let corrupted) = error, corrupted.codingPath.isEmpty, let field = numberField(bytes, as: T.self) {
                throw APIError.validation(field: field, "must be a whole number within range")
            }
            if case .dataCorrupted(let corrupted) = error, corrupted.codingPath.isEmpty, let huge = JSONNumberScan.outOfRange(bytes) {
                throw APIError.validation(field: huge.field, JSONNumberScan.problem(huge.literal))
            }
            throw describe(error)
        } catch let error as APIError {
            throw error
        }
    }

    /// The field of a number that does not fit it (`"reps": 8.5`), which Foundation reports with
    /// no path: the top-level key whose fractional or huge number, made whole, lets `T` decode
    /// past it. Nil when there is none (the body is not JSON at all).
    static func numberField<T: Decodable>(_ bytes: Data, as type: T.Type) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any] else { return nil }
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let number = (value as? NSNumber)?.doubleValue, number != number.rounded() || abs(number) > 9e15 else { continue }
            var whole = object
            whole[key] = 0
            guard let data = try? JSONSerialization.data(withJSONObject: whole) else { continue }
            do {
                _ = try decoder.decode(T.self, from: data)
                return key
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                continue
            } catch {
                return key
            }
        }
        return nil
    }

    static func isJSON(_ contentType: String) -> Bool {
        // The usual header as it comes, compared as bytes: trimming and lower-casing through
        // Foundation was 2 % of a POST's CPU.
        if contentType.utf8.elementsEqual("application/json".utf8) { return true }
        let media = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    /// A decoding failure as a 400 naming the field.
    static func describe(_ error: DecodingError) -> APIError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .validation(field: path(context.codingPath).nonEmpty ?? "body", "must be \(jsonName(type))")
        case .valueNotFound(let type, let context):
            return .validation(field: path(context.codingPath).nonEmpty ?? "body", "must be \(jsonName(type)), not null")
        case .keyNotFound(let key, let context):
            return .validation(field: path(context.codingPath + [key]), "is required")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return .validation(field: "body", "is not valid JSON")
            }
            return .validation(field: path(context.codingPath), context.debugDescription)
        @unknown default:
            return .validation(field: "body", "cannot be read")
        }
    }

    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        default: "an object or array of the documented shape"
        }
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

/// `{"success": true, "data": …, "meta": …}` (`meta` only on paged lists).
struct Envelope<Data: Encodable>: Encodable {
    var success = true
    var data: Data
    var meta: PageMeta?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(success, forKey: .success)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(meta, forKey: .meta)
    }

    enum Keys: String, CodingKey { case success, data, meta }
}

extension Envelope: JSONWritable where Data: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("data", data)
        json.fieldIfPresent("meta", meta)
        json.field("success", success)
        json.endObject()
    }
}
