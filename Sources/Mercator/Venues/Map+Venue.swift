import GeoJSON
import MapStyle
public import Venues

extension Map {
    /// A map showing one floor of a venue: the venue's style for that floor (seed or styled
    /// look), centred as the options frame it, at `size`.
    ///
    /// Titles are drawn from the options' `glyphs` URL, or, with `glyphs` nil, from the installed font
    /// the font stack names (`VenueStyleOptions.bundledFontStack`: DejaVu Sans, no network needed).
    public convenience init(venue: Venue, floor: Floor, options: VenueStyleOptions, pixelRatio: Double = 1,
                            clientFonts: ClientFontOptions = ClientFontOptions()) throws {
        let json = venue.mapStyle(for: floor, options: options)
        let document = try StyleDocument(json: json)
        let camera = MapCamera(style: document, fallbackCenter: venue.center ?? Position(0, 0), fallbackZoom: 17)
        self.init(style: try Style(document: document), camera: camera,
                  size: MapSize(width: options.width, height: options.height, pixelRatio: pixelRatio), clientFonts: clientFonts)
    }
}
