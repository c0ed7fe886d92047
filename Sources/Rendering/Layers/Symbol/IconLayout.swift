import Foundation

/// An icon's box and quads as MapLibre lays them out (`shapeIcon`, `fitIconToText`, `getIconQuads`):
/// the image's display box placed by anchor and offset, or stretched over the text; one quad for
/// the whole image, or up to nine when the image has stretchable zones (`stretchX`, `stretchY`).
struct IconLayout {
    /// The icon box in CSS pixels around the anchor, before `icon-size`.
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    /// The box of `image` with `icon-anchor` alignment (h, v) and `icon-offset`.
    init(image: StyleImage, alignment: (Double, Double), offset: (Double, Double)) {
        let (w, h) = image.displaySize
        left = offset.0 - w * alignment.0
        top = offset.1 - h * alignment.1
        right = left + w
        bottom = top + h
    }

    /// `icon-text-fit`: the box stretched over (or centred on) the text box (CSS pixels at the text size).
    mutating func fit(toText text: (left: Double, top: Double, right: Double, bottom: Double), width: Bool, height: Bool,
                      padding: [Double], offset: (Double, Double), image: StyleImage) {
        // in single precision, as Native's `fitIconToText` (see ``proportionalBox(image:content:)``)
        let p = (padding.count == 4 ? padding : [0, 0, 0, 0]).map { Float($0) }
        let (w, h) = (Float(image.displaySize.0), Float(image.displaySize.1))
        let (tl, tt, tr, tb) = (Float(text.left), Float(text.top), Float(text.right), Float(text.bottom))
        let (dx, dy) = (Float(offset.0), Float(offset.1))
        if width {
            left = Double(dx + tl - p[3])
            right = Double(dx + tr + p[1])
        } else {
            let l = dx + (tr + tl - w) / 2
            left = Double(l)
            right = Double(l + w)
        }
        if height {
            top = Double(dy + tt - p[0])
            bottom = Double(dy + tb + p[2])
        } else {
            let t = dy + (tb + tt - h) / 2
            top = Double(t)
            bottom = Double(t + h)
        }
    }

    /// The box under the image's `textFitWidth`/`textFitHeight` (MapLibre's `applyTextFit`): a
    /// proportional axis pushes the box back out to the content's aspect ratio, around the anchor.
    /// In single precision, as Native computes it: the rounding up of a size that is nearly whole
    /// depends on it (a pixel row more or less).
    func proportionalBox(image: StyleImage, content: (left: Double, top: Double, right: Double, bottom: Double))
        -> (left: Double, top: Double, width: Double, height: Double) {
        var left = Float(left), top = Float(top), width = Float(right) - Float(left), height = Float(bottom) - Float(top)
        let fitWidth = image.textFitWidth ?? .stretchOrShrink, fitHeight = image.textFitHeight ?? .stretchOrShrink
        let aspect = (Float(content.right) - Float(content.left)) / (Float(content.bottom) - Float(content.top))
        if fitHeight == .proportional {
            if (fitWidth == .stretchOnly && width / height < aspect) || fitWidth == .proportional {
                let newWidth = (height * aspect).rounded(.up)
                left *= newWidth / width
                width = newWidth
            }
        } else if fitWidth == .proportional {
            if fitHeight == .stretchOnly && aspect != 0 && width / height > aspect {
                let newHeight = (width / aspect).rounded(.up)
                top *= newHeight / height
                height = newHeight
            }
        }
        return (Double(left), Double(top), Double(width), Double(height))
    }

    /// The quads: corners in CSS pixels around the anchor at `size`, rotated by `rotation`, each with
    /// the image texels it shows (in the image framed by one transparent texel, so 0 is the frame).
    func quads(image: StyleImage, size: Double, rotation: Double, textFit: Bool) -> [SymbolLayer.IconQuad] {
        let imageWidth = Double(image.image.width), imageHeight = Double(image.image.height)
        let pixelRatio = image.pixelRatio
        let stretchX = image.stretchX.isEmpty ? [(0.0, imageWidth)] : image.stretchX
        let stretchY = image.stretchY.isEmpty ? [(0.0, imageHeight)] : image.stretchY
        let stretchWidth = stretchX.reduce(0) { $0 + $1.1 - $1.0 }
        let stretchHeight = stretchY.reduce(0) { $0 + $1.1 - $1.0 }
        let fixedWidth = imageWidth - stretchWidth, fixedHeight = imageHeight - stretchHeight
        var stretchOffsetX = 0.0, stretchContentWidth = stretchWidth, stretchOffsetY = 0.0, stretchContentHeight = stretchHeight
        var fixedOffsetX = 0.0, fixedContentWidth = fixedWidth, fixedOffsetY = 0.0, fixedContentHeight = fixedHeight
        var left = left, top = top, iconWidth = right - left, iconHeight = bottom - top
        if textFit, let content = image.content {
            if image.textFitWidth != nil || image.textFitHeight != nil {
                (left, top, iconWidth, iconHeight) = proportionalBox(image: image, content: content)
            }
            func within(_ zones: [(Double, Double)], _ lo: Double, _ hi: Double) -> Double {
                zones.reduce(0) { $0 + max(lo, min(hi, $1.1)) - max(lo, min(hi, $1.0)) }
            }
            stretchOffsetX = within(stretchX, 0, content.left)
            stretchOffsetY = within(stretchY, 0, content.top)
            stretchContentWidth = within(stretchX, content.left, content.right)
            stretchContentHeight = within(stretchY, content.top, content.bottom)
            fixedOffsetX = content.left - stretchOffsetX
            fixedOffsetY = content.top - stretchOffsetY
            fixedContentWidth = (content.right - content.left) - stretchContentWidth
            fixedContentHeight = (content.bottom - content.top) - stretchContentHeight
        }
        let c = cos(rotation), s = sin(rotation)
        // MapLibre's shader scales the stretched part at least enough for the fixed parts to fit
        // (`a_minFontScale`): an icon fitted to text narrower than its fixed zones grows instead.
        // Its vertex buffers hold that scale in 1/256 and the fixed parts' pixel offsets in 1/16 of a
        // pixel, both cut toward zero (`static_cast<int16_t>(v * 256)`, `(v * 16)`)
        func packed(_ v: Double, _ units: Double) -> Double { v.isFinite ? (v * units).rounded(.towardZero) / units : 0 }
        let scaleX = max(size, iconWidth > 0 ? packed(fixedContentWidth / pixelRatio / iconWidth, 256) : 0)
        let scaleY = max(size, iconHeight > 0 ? packed(fixedContentHeight / pixelRatio / iconHeight, 256) : 0)
        func em(_ stretch: Double, _ stretchSize: Double, _ iconSize: Double, _ iconOffset: Double) -> Double {
            stretchSize == 0 ? iconOffset : iconOffset + iconSize * stretch / stretchSize
        }
        func px(_ fixed: Double, _ fixedSize: Double, _ stretch: Double, _ stretchSize: Double) -> Double {
            stretchSize == 0 ? fixed : fixed - fixedSize * stretch / stretchSize
        }
        typealias Cut = (fixed: Double, stretch: Double)
        func box(_ l: Cut, _ t: Cut, _ r: Cut, _ b: Cut) -> SymbolLayer.IconQuad {
            let leftEm = em(l.stretch - stretchOffsetX, stretchContentWidth, iconWidth, left)
            let leftPx = px(l.fixed - fixedOffsetX, fixedContentWidth, l.stretch, stretchWidth)
            let topEm = em(t.stretch - stretchOffsetY, stretchContentHeight, iconHeight, top)
            let topPx = px(t.fixed - fixedOffsetY, fixedContentHeight, t.stretch, stretchHeight)
            let rightEm = em(r.stretch - stretchOffsetX, stretchContentWidth, iconWidth, left)
            let rightPx = px(r.fixed - fixedOffsetX, fixedContentWidth, r.stretch, stretchWidth)
            let bottomEm = em(b.stretch - stretchOffsetY, stretchContentHeight, iconHeight, top)
            let bottomPx = px(b.fixed - fixedOffsetY, fixedContentHeight, b.stretch, stretchHeight)
            // the em part scales with icon-size, the pixel part (fixed zones) does not; both rotate
            func corner(_ ex: Double, _ ey: Double, _ pxX: Double, _ pxY: Double) -> Point {
                let qx = (ex * 32).rounded() / 32 * scaleX, qy = (ey * 32).rounded() / 32 * scaleY
                let x = qx + packed(pxX / pixelRatio, 16), y = qy + packed(pxY / pixelRatio, 16)
                return rotation == 0 ? Point(x: x, y: y) : Point(x: c * x - s * y, y: s * x + c * y)
            }
            let x1 = l.stretch + l.fixed, x2 = r.stretch + r.fixed, y1 = t.stretch + t.fixed, y2 = b.stretch + b.fixed
            return SymbolLayer.IconQuad(topLeft: corner(leftEm, topEm, leftPx, topPx), topRight: corner(rightEm, topEm, rightPx, topPx),
                                        bottomLeft: corner(leftEm, bottomEm, leftPx, bottomPx),
                                        texels: (1 + x1, 1 + y1, 1 + x2, 1 + y2))
        }
        if !textFit || (image.stretchX.isEmpty && image.stretchY.isEmpty) {
            return [box((0, -1), (0, -1), (0, imageWidth + 1), (0, imageHeight + 1))]
        }
        func cuts(_ zones: [(Double, Double)], _ fixedSize: Double, _ stretchSize: Double) -> [Cut] {
            var out: [Cut] = [(-1, 0)]
            for (c1, c2) in zones {
                let last = out[out.count - 1].stretch
                out.append((c1 - last, last))
                out.append((c1 - last, last + (c2 - c1)))
            }
            out.append((fixedSize + 1, stretchSize))
            return out
        }
        let xCuts = cuts(stretchX, fixedWidth, stretchWidth), yCuts = cuts(stretchY, fixedHeight, stretchHeight)
        var quads: [SymbolLayer.IconQuad] = []
        for xi in 0..<(xCuts.count - 1) {
            for yi in 0..<(yCuts.count - 1) {
                quads.append(box(xCuts[xi], yCuts[yi], xCuts[xi + 1], yCuts[yi + 1]))
            }
        }
        return quads
    }
}
