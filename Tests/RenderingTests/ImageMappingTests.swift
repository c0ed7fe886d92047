import Testing
@testable import Rendering

/// An image source's corners to texture coordinates: the flat map's two affine triangles, and on the globe GL JS's
/// bilinear warp onto the four corners (globe-raster/image-non-parallelogram in the GL JS suite).
@Suite struct ImageMappingTests {
    /// Top left, top right, bottom right, bottom left: no two sides parallel.
    static let quad = [Point(x: 0.16, y: 0.22), Point(x: 0.66, y: 0.27), Point(x: 0.71, y: 0.60), Point(x: 0.12, y: 0.53)]

    static func bilinear(_ c: [Point], _ u: Double, _ v: Double) -> Point {
        let top = c[0] + (c[1] - c[0]) * u, bottom = c[3] + (c[2] - c[3]) * u
        return top + (bottom - top) * v
    }

    @Test("the bilinear warp's inverse gives back every point's texture coordinates")
    func bilinearInverse() throws {
        let mapping = try #require(ImageMapping(Self.quad))
        for i in 0..<20 {
            for j in 0..<20 {
                let (u, v) = ((Double(i) + 0.5) / 20, (Double(j) + 0.5) / 20)
                let (a, b) = try #require(mapping.bilinearTextureCoordinates(Self.bilinear(Self.quad, u, v)))
                #expect(abs(a - u) < 1e-9 && abs(b - v) < 1e-9, "\(u), \(v) -> \(a), \(b)")
            }
        }
        // off the quad: nothing
        #expect(mapping.bilinearTextureCoordinates(Point(x: 0.05, y: 0.4)) == nil)
        #expect(mapping.bilinearTextureCoordinates(Point(x: 0.4, y: 0.7)) == nil)
    }

    @Test("it differs from the two affine triangles inside a quad that is no parallelogram, and not for a parallelogram")
    func differsFromTheTriangles() throws {
        let mapping = try #require(ImageMapping(Self.quad))
        let p = Self.bilinear(Self.quad, 0.7, 0.3)
        let (u, v) = try #require(mapping.textureCoordinates(p))
        #expect(abs(u - 0.7) + abs(v - 0.3) > 0.005)
        let parallelogram = [Point(x: 0.1, y: 0.2), Point(x: 0.5, y: 0.3), Point(x: 0.6, y: 0.7), Point(x: 0.2, y: 0.6)]
        let flat = try #require(ImageMapping(parallelogram))
        for (u, v) in [(0.2, 0.7), (0.7, 0.3), (0.5, 0.5)] {
            let q = Self.bilinear(parallelogram, u, v)
            let (a, b) = try #require(flat.bilinearTextureCoordinates(q)), (c, d) = try #require(flat.textureCoordinates(q))
            #expect(abs(a - c) < 1e-9 && abs(b - d) < 1e-9)
        }
    }
}
