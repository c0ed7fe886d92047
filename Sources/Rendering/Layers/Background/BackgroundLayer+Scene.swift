extension BackgroundLayer: SceneLayer {
    package var featureCount: Int { 0 }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func paint(in context: inout PaintContext) {
        if let pattern {
            context.fillClip(pattern: pattern, opacity: Float(max(0, min(1, opacity))))
        } else {
            context.fillClip(color.premultiplied(opacity: Float(opacity)))
        }
    }
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }
}
