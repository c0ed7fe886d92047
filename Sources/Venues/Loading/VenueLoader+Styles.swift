import GeoJSON

/// Reading `styles.json`, with a diagnostic for every colour, opacity or width replaced by a default.
extension VenueLoader {
    mutating func loadStyles() throws(VenueError) -> VenueStyleSheet {
        let path = "styles.json"
        guard let value = try json(path) else {
            note(.warning, path, "missing: everything is drawn in the default colours")
            return VenueStyleSheet()
        }
        guard let object = value.object else {
            note(.warning, path, "not an object; everything is drawn in the default colours")
            return VenueStyleSheet()
        }
        var entries: [VenueStyle] = []
        for (name, item) in object {
            guard let o = item.object else {
                note(.warning, path, "style '\(name)' is not an object; ignored")
                continue
            }
            let text = Self.string(o["color"])
            var color = VenueColor.defaultFill
            if let text, let parsed = VenueColor(parsing: text) {
                color = parsed
            } else {
                let shown = text.map { "'\($0)'" } ?? "missing"
                note(.warning, path, "style '\(name)': colour \(shown) is not #RRGGBB, #RGB or 0xRRGGBB; using \(VenueColor.defaultFill.hex)")
            }
            var opacity = o["opacity"]?.number ?? 1
            if !(0...1).contains(opacity) {
                note(.warning, path, "style '\(name)': opacity \(opacity) is outside 0...1; clamped")
                opacity = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
            }
            var width = o["width"]?.number
            if let w = width, !(w.isFinite && w >= 0) {
                note(.warning, path, "style '\(name)': width \(w) is not a length in metres; ignored")
                width = nil
            }
            entries.append(VenueStyle(
                name: name, color: color, colorText: text, opacity: opacity, altitude: o["altitude"]?.number ?? 0,
                height: o["height"]?.number ?? 0, width: width, polygons: Self.strings(o["polygons"]),
                lineStrings: Self.strings(o["lineStrings"])))
        }
        return VenueStyleSheet(entries)
    }
}
