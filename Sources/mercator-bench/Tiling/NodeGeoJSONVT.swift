import Foundation
import Mercator

/// The reference JavaScript tiler (`geojson-vt`, run by node) on the same file, in the same run.
/// `$MERCATOR_GEOJSONVT_JS` names a folder holding geojson-vt's `src/index.js` (its repository or
/// package); nothing is installed here. Without it the bench falls back to the figures recorded for
/// issue 8.
enum NodeGeoJSONVT {
    /// The folder with geojson-vt's sources, or `nil` with the reason.
    static func folder() -> (URL?, String) {
        guard let path = ProcessInfo.processInfo.environment["MERCATOR_GEOJSONVT_JS"] else {
            return (nil, "node measured earlier (issue 8): set MERCATOR_GEOJSONVT_JS to geojson-vt's folder to time it in this run")
        }
        let dir = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("src/index.js").path) else {
            return (nil, "node measured earlier: \(dir.path)/src/index.js is missing")
        }
        return (dir, "")
    }

    static let script = #"""
    import {readFileSync} from 'fs';
    const dir = process.argv[2];
    const {default: geojsonvt} = await import(dir + '/src/index.js');
    const data = JSON.parse(readFileSync(process.argv[3], 'utf8'));
    const runs = +process.argv[4];
    const options = {maxZoom: 14, indexMaxZoom: 5, tolerance: 3, extent: 4096, buffer: 64};
    for (let w = 0; w < 2; w++) geojsonvt(data, options);
    const times = [];
    for (let k = 0; k < runs; k++) {
        const t0 = process.hrtime.bigint();
        geojsonvt(data, options);
        times.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    console.log(JSON.stringify({times}));
    """#

    /// geojson-vt's index build time for `file`, seconds per run (with geojson-vt's defaults as the bench uses them).
    static func indexTimes(folder: URL, file: URL, runs: Int) throws -> [Double] {
        let data = try NodeScript.run(script, nodeOptions: ["--max-old-space-size=8192"],
                                      arguments: [folder.path, file.path, String(runs)])
        guard let v = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)), let t = v["times"]?.array else {
            throw BenchError("node printed no times")
        }
        return t.compactMap(\.number)
    }
}
