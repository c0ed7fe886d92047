import Foundation
import Hummingbird
import Mercator
import MercatorCompression

/// Building responses: bodies with `ETag` and `Cache-Control`, 304 for a matching
/// `If-None-Match`, gzip as the client accepts, and errors as plain text.
enum Responses {
    /// A body with its type, cache policy and an ETag; 304 when the client has it already.
    static func body(_ data: Data, type: String, request: Request, cacheControl: String, encoding: String? = nil, etagSuffix: String = "") -> Response {
        let etag = "\"\(String(fnv1a(data), radix: 16))\(etagSuffix)\""
        var headers: HTTPFields = [.contentType: type, .cacheControl: cacheControl, .eTag: etag]
        if let encoding { headers[.contentEncoding] = encoding }
        if encoding != nil || etagSuffix == "-gz" || etagSuffix == "-id" { headers[.vary] = "Accept-Encoding" }
        if let tags = request.headers[.ifNoneMatch], tags.split(separator: ",").contains(where: {
            let t = $0.trimmingCharacters(in: .whitespaces)
            return t == etag || t == "*" || t == "W/\(etag)"
        }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(data.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A JSON body.
    static func json(_ text: String, request: Request, cacheControl: String = "no-cache") -> Response {
        body(Data(text.utf8), type: "application/json; charset=utf-8", request: request, cacheControl: cacheControl)
    }

    /// A vector tile, gzip-compressed when the client accepts it (whatever the store keeps).
    static func vectorTile(_ data: Data, request: Request) -> Response {
        let bytes = ContiguousArray(data)
        let acceptsGzip = request.headers[values: .acceptEncoding].contains { $0.lowercased().contains("gzip") }
        let stored = Gzip.isCompressed(bytes)
        if acceptsGzip {
            let gz = stored ? data : Data(Gzip.deflate(bytes))
            return body(gz, type: "application/x-protobuf", request: request, cacheControl: tileCache, encoding: "gzip", etagSuffix: "-gz")
        }
        let plain = stored ? ((try? Data(Gzip.inflate(bytes, limit: 64 << 20))) ?? data) : data
        return body(plain, type: "application/x-protobuf", request: request, cacheControl: tileCache, etagSuffix: "-id")
    }

    static let tileCache = "public, max-age=3600"
    static let styleCache = "public, max-age=60, must-revalidate"

    /// The plain-text response for an error.
    static func error(_ error: any Error) -> Response {
        let e: ServerError
        switch error {
        case let s as ServerError: e = s
        case is CancellationError: e = ServerError(.serviceUnavailable, "the request was cancelled", headers: [.retryAfter: "1"])
        case let h as Hummingbird.HTTPError: e = ServerError(h.status, h.body ?? h.status.reasonPhrase)
        // a render budget (label characters, canvas bytes): what was asked is too large, not a server fault
        case let l as LimitExceeded: e = ServerError(.contentTooLarge, l.description)
        default: e = ServerError(.internalServerError, "\(error)")
        }
        var headers = e.headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: e.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: e.message + "\n")))
    }

    /// FNV-1a, 64 bits: a cheap content hash for ETags.
    static func fnv1a(_ data: Data) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            for b in raw { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        return h
    }
}
