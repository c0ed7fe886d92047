import Foundation
import Rendering

/// PNG encoder buffers kept between a map's snapshots; a snapshot encoding while another does
/// gets fresh buffers.
final class PNGBufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var spare: PNGScratch?

    func take() -> PNGScratch {
        lock.lock()
        defer { lock.unlock() }
        let s = spare ?? PNGScratch()
        spare = nil
        return s
    }

    func put(_ scratch: PNGScratch) {
        // buffers of an image larger than RenderSession keeps are dropped, not held between snapshots
        guard scratch.byteCount <= RenderSession.retainedCanvasBytes else { return }
        lock.lock()
        spare = scratch
        lock.unlock()
    }
}
