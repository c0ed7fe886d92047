import Foundation
import Hummingbird
import Mercator

/// tileserver-gl's lists and pages: `/index.json`, `/rendered.json`, `/data.json`, `/fonts.json`,
/// `/styles/{id}/wmts.xml`, `/files/…` and the front page.
extension MercatorServer {
    /// The raster TileJSON of `style` for `tileSize`-point tiles (`/styles/{id}.json`, `/styles/{tileSize}/{id}.json`):
    /// the style's `tilejson` from the configuration written over it, and one tile URL per `options.domains` host.
    func renderedTileJSON(_ style: ServedStyle, tileSize: Int?, request: Request) -> JSONValue {
        let base = base(request)
        var o: JSONObject = ["tilejson": "3.0.0", "name": .string(style.name), "id": .string(style.id), "format": "png",
                             "scheme": "xyz", "minzoom": 0, "maxzoom": .int(Int64(options.maxZoom)), "tileSize": .int(Int64(tileSize ?? 256)),
                             "bounds": [.double(-180), .double(-WebMercator.maximumLatitude), .double(180), .double(WebMercator.maximumLatitude)],
                             "center": [.double(style.camera.center.longitude), .double(style.camera.center.latitude), .double(style.camera.zoom.rounded())]]
        for (key, value) in style.tileJSONOverrides where key != "tiles" { o[key] = value }
        var format = o["format"]?.string ?? "png"
        if !["png", "jpg", "jpeg", "webp"].contains(format) { format = "png" }
        let size = tileSize.map { "/\($0)" } ?? ""
        o["tiles"] = .array(tileBases(base, request: request).map { .string("\($0)/styles/\(style.id)\(size)/{z}/{x}/{y}.\(format)") })
        return .object(o)
    }

    /// The data TileJSON of `set`, its tile URLs on every `options.domains` host, with `pbfAlias` when `aliased`.
    func dataTileJSON(_ set: ServedData, request: Request, aliased: Bool) -> JSONValue {
        guard var o = set.tileJSON(base: base(request)).object else { return set.tileJSON(base: base(request)) }
        var ext = set.format
        if aliased, set.isVector, let alias = catalog.config.pbfAlias { ext = alias }
        o["tiles"] = .array(tileBases(base(request), request: request).map { .string("\($0)/data/\(set.id)/{z}/{x}/{y}.\(ext)") })
        return .object(o)
    }

    /// The addresses tile URLs start with: with `options.domains` (and no public URL), one per domain on the
    /// request's scheme (tileserver-gl's load balancing across hosts); otherwise `base`.
    func tileBases(_ base: String, request: Request) -> [String] {
        guard options.publicURL == nil, !catalog.config.tileDomains.isEmpty else { return [base] }
        let scheme = base.hasPrefix("https://") ? "https" : "http"
        let host = request.headers.value(named: "x-forwarded-host") ?? request.head.authority ?? ""
        var bases: [String] = []
        for domain in catalog.config.tileDomains {
            if domain.contains("*") {
                // tileserver-gl's `*.example.com`: the request host's first label put in the star.
                // Only a host the server trusts lends its label: a forged Host never reaches a body.
                let labels = host.split(separator: ".")
                guard labels.count > 1, !host.allSatisfy({ $0.isNumber || $0 == "." || $0 == ":" }),
                      PublicAddress(options: options, port: boundPort.get() ?? options.port).isKnown(host) else { continue }
                bases.append("\(scheme)://\(domain.replacingOccurrences(of: "*", with: labels[0]))")
            } else {
                bases.append("\(scheme)://\(domain)")
            }
        }
        return bases.isEmpty ? [base] : bases
    }

    /// `/rendered.json`, `/{tileSize}/rendered.json`: the raster TileJSON of every style served rendered.
    func renderedList(_ request: Request, tileSize: Int?) -> [JSONValue] {
        catalog.styles.filter(\.serveRendered).map { renderedTileJSON($0, tileSize: tileSize, request: request) }
    }

    /// `/data.json`: the TileJSON of every data set.
    func dataList(_ request: Request) -> [JSONValue] {
        catalog.data.map { dataTileJSON($0, request: request, aliased: true) }
    }

    /// `{tileSize}` of `/256/index.json` as a number (nil without one).
    func listTileSize(_ raw: String?) throws(ServerError) -> Int? {
        guard let raw else { return nil }
        guard raw == "256" || raw == "512" else { throw .notFound("no such route: the tile size is 256 or 512 (found \(raw))") }
        return Int(raw)
    }


    /// `/files/{path}`: a file of `options.paths.files` (no `..`, no hidden files, symbolic links resolved inside it).
    func file(_ request: Request, _ parts: [Substring]) throws -> Response {
        guard let folder = catalog.config.filesDirectory?.standardizedFileURL.resolvingSymlinksInPath() else {
            throw ServerError.notFound("this server publishes no files (options.paths.files)")
        }
        var url = folder
        for part in parts {
            guard let name = RequestParsing.component(part), !name.hasPrefix(".") else { throw ServerError.notFound("no file \(parts.joined(separator: "/"))") }
            url.appendPathComponent(name)
        }
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard resolved.path.hasPrefix(folder.path + "/"), FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory),
              !isDirectory.boolValue, let data = FileManager.default.contents(atPath: resolved.path) else {
            throw ServerError.notFound("no file \(parts.joined(separator: "/")) in the files folder")
        }
        let types = ["json": "application/json", "geojson": "application/geo+json", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
                     "webp": "image/webp", "svg": "image/svg+xml", "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
                     "js": "text/javascript; charset=utf-8", "txt": "text/plain; charset=utf-8", "pbf": "application/x-protobuf",
                     "pmtiles": "application/octet-stream", "xml": "application/xml"]
        return Responses.body(data, type: types[resolved.pathExtension.lowercased()] ?? "application/octet-stream", request: request,
                              cacheControl: Responses.styleCache)
    }

    /// `/styles/{id}/wmts.xml`: WMTS 1.0 capabilities for the raster tiles, 256- and 512-point layers in
    /// GoogleMapsCompatible tile matrix sets (zooms 0 to the server's deepest).
    func wmts(_ style: ServedStyle, request: Request) -> Response {
        let base = base(request)
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let id = escape(style.id), name = escape(style.name), root = escape(base)
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gml="http://www.opengis.net/gml" \
            xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" version="1.0.0">
              <ows:ServiceIdentification>
                <ows:Title>Mercator</ows:Title>
                <ows:ServiceType>OGC WMTS</ows:ServiceType>
                <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
              </ows:ServiceIdentification>
              <ows:OperationsMetadata>

            """
        for operation in ["GetCapabilities", "GetTile"] {
            xml += """
                    <ows:Operation name="\(operation)"><ows:DCP><ows:HTTP><ows:Get xlink:href="\(root)/styles/\(id)/wmts.xml">\
                <ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>RESTful</ows:Value></ows:AllowedValues></ows:Constraint>\
                </ows:Get></ows:HTTP></ows:DCP></ows:Operation>

                """
        }
        xml += "  </ows:OperationsMetadata>\n  <Contents>\n"
        for size in [256, 512] {
            xml += """
                    <Layer>
                      <ows:Title>\(name)-\(size)</ows:Title>
                      <ows:Identifier>\(id)-\(size)</ows:Identifier>
                      <ows:WGS84BoundingBox crs="urn:ogc:def:crs:OGC:2:84">
                        <ows:LowerCorner>-180 -85.051128779807</ows:LowerCorner>
                        <ows:UpperCorner>180 85.051128779807</ows:UpperCorner>
                      </ows:WGS84BoundingBox>
                      <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>
                      <Format>image/png</Format>
                      <TileMatrixSetLink><TileMatrixSet>GoogleMapsCompatible_\(size)</TileMatrixSet></TileMatrixSetLink>
                      <ResourceURL format="image/png" resourceType="tile" template="\(root)/styles/\(id)/\(size)/{TileMatrix}/{TileCol}/{TileRow}.png"/>
                    </Layer>

                """
        }
        for size in [256, 512] {
            xml += """
                    <TileMatrixSet>
                      <ows:Title>GoogleMapsCompatible_\(size)</ows:Title>
                      <ows:Abstract>GoogleMapsCompatible_\(size) EPSG:3857</ows:Abstract>
                      <ows:Identifier>GoogleMapsCompatible_\(size)</ows:Identifier>
                      <ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>

                """
            for z in 0...options.maxZoom {
                // OGC's standardized rendering pixel is 0.28 mm: the scale denominator is metres per pixel / 0.00028.
                let metresPerPixel = 2 * WebMercator.originShift / Double(size << z)
                xml += """
                          <TileMatrix><ows:Identifier>\(z)</ows:Identifier><ScaleDenominator>\(metresPerPixel / 0.00028)</ScaleDenominator>\
                    <TopLeftCorner>-20037508.342789244 20037508.342789244</TopLeftCorner><TileWidth>\(size)</TileWidth><TileHeight>\(size)</TileHeight>\
                    <MatrixWidth>\(1 << z)</MatrixWidth><MatrixHeight>\(1 << z)</MatrixHeight></TileMatrix>

                    """
            }
            xml += "    </TileMatrixSet>\n"
        }
        xml += "  </Contents>\n  <ServiceMetadataURL xlink:href=\"\(root)/styles/\(id)/wmts.xml\"/>\n</Capabilities>\n"
        return varying(Responses.body(Data(xml.utf8), type: "text/xml; charset=utf-8", request: request, cacheControl: Responses.styleCache))
    }
}
