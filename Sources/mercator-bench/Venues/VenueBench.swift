import Foundation
import MercatorTestSupport
import Venues

/// `mercator-bench venue` (open half): opens `venues/harbourfront-galleria.zip` repeatedly and prints
/// the median open time — from the zip file, from zip data in memory, and from already-inflated files
/// (the JSON half alone) — and style generation per floor (the input of the lead's render half).
func runVenueBench(json: Bool, iterations: Int = 30) throws {
    guard let url = SharedFixtures.url("venues/harbourfront-galleria.zip") else {
        throw CocoaError(.fileNoSuchFile)
    }
    let data = try Data(contentsOf: url)
    func median(_ samples: [Double]) -> Double {
        let s = samples.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
    var venue = try Venue.open(contentsOf: url)  // warm up
    let inflated = try Venue.inflatedFiles(zipData: data)
    var openFile: [Double] = [], openData: [Double] = [], openFiles: [Double] = []
    for _ in 0..<iterations {
        openFile.append(try time { venue = try Venue.open(contentsOf: url) })
        openData.append(try time { _ = try Venue.open(zipData: data) })
        openFiles.append(try time { _ = try Venue.open(files: inflated) })
    }
    var styleTimes: [(Int, Double)] = []
    for floor in venue.floors {
        var samples: [Double] = []
        for _ in 0..<iterations {
            samples.append(time { _ = venue.mapStyle(for: floor, options: VenueStyleOptions(look: .styled)).serialized() })
        }
        styleTimes.append((floor.elevation, median(samples)))
    }
    let features = venue.floors.reduce(0) { $0 + $1.featureCount }
    let jsonBytes = inflated.values.reduce(0) { $0 + $1.count }
    let f = { (v: Double) in String(format: "%.3f", v) }
    if json {
        let styles = styleTimes.map { "\"\($0.0)\": \(f($0.1))" }.joined(separator: ", ")
        print("{\"bench\": \"venue\", \"bundle_bytes\": \(data.count), \"json_bytes\": \(jsonBytes), \"features\": \(features), "
              + "\"open_file_ms\": \(f(median(openFile))), \"open_data_ms\": \(f(median(openData))), "
              + "\"open_inflated_ms\": \(f(median(openFiles))), \"style_ms\": {\(styles)}}")
    } else {
        print("venue: harbourfront-galleria.zip (\(data.count) bytes zipped, \(jsonBytes) bytes of JSON, \(venue.floors.count) floors, \(features) features)")
        print("  open from zip file        median \(f(median(openFile))) ms over \(iterations) runs")
        print("  open from zip data        median \(f(median(openData))) ms")
        print("  open from inflated files  median \(f(median(openFiles))) ms (JSON parse + model)")
        for (elevation, ms) in styleTimes {
            print("  style floor \(elevation) (styled look, serialised) median \(f(ms)) ms")
        }
    }
}
