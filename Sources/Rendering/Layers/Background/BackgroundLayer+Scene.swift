extension BackgroundLayer: SceneLayer {
    public var featureCount: Int { 0 }
    public func validate(layerIndex: Int) throws(RenderError) {}
    public func paint(in context: inout PaintContext) {
        if let pattern {
            context.fillClip(pattern: pattern, opacity: Float(max(0, min(1, opacity))))
        } else {
            context.fillClip(color.premultiplied(opacity: Float(opacity)))
        }
    }
    public func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }
}
