/// An image drawn inline in formatted text (`["image", name]` in `format`): shaping needs only its size;
/// the renderer's image type (`Rendering.StyleImage`) conforms and reads its pixels back when it paints.
package protocol InlineImage: Sendable {
    /// Width and height in CSS pixels.
    var displaySize: (Double, Double) { get }
}
