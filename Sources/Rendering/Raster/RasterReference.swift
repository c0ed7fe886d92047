/// Whose rasterizer Mercator's pixels are made to match where correct renderers legitimately differ: which
/// polygon owns a pixel centre lying exactly on an edge, and the arithmetic of the GPU's shaders.
///
/// Mercator draws as MapLibre Native's reference pictures are drawn (``mapLibreNative``, the default). MapLibre
/// GL JS's pictures in Mercator's comparison suite come from headless Chromium, whose WebGL runs on SwiftShader
/// through a framebuffer whose rows are read back turned over (a centre on a horizontal edge goes to the polygon
/// above it) and whose `sin` and `cos` are a fifth-order polynomial (`GlobeSine.swiftShader`): the suite's
/// runner asks for ``glJSSwiftShader`` to compare like with like. The globe is drawn with GL's ties in both
/// (GL JS draws it, MapLibre Native does not); only the sine differs there.
package enum RasterReference: Sendable, Hashable {
    /// MapLibre Native's pictures: ties to the polygon below, exact sines.
    case mapLibreNative
    /// GL JS's pictures drawn by SwiftShader in headless Chromium: ties to the polygon above, SwiftShader's sines.
    case glJSSwiftShader

    /// Which polygon owns a pixel centre on a horizontal edge of a flat map's fill.
    var flatTies: PixelCenterScanner.HorizontalTie { self == .glJSSwiftShader ? .above : .below }
}
