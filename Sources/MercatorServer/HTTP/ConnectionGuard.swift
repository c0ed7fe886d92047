import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Per-connection time limits and pipelining backpressure, between the HTTP decoder and
/// Hummingbird's request handling (one instance per connection, on its event loop).
///
/// - Idle: a connection with no byte of a new request for ``Limits/idle`` after it opened or after its
///   last response ended is closed.
/// - Head: once a byte of a new request arrived, its whole head must have arrived within
///   ``Limits/head`` of that same moment (the opening or the previous response's end), however slowly the bytes trickle.
/// - Body: a request's body must be complete within ``Limits/body`` of its head.
/// - Send: a connection that stays unwritable (the client does not read) for ``Limits/send`` is closed.
/// - Pipelining: with ``Limits/maxPipelined`` requests received and not yet answered, `read` is
///   withheld, so the socket is not read until responses go out, and the ``ConnectionGate`` is
///   closed, so the bytes already read wait undecoded (compact) instead of becoming request parts.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The limits, from ``ServerOptions``.
    struct Limits: Sendable {
        var idle: TimeAmount
        var head: TimeAmount
        var body: TimeAmount
        var send: TimeAmount
        var maxPipelined: Int

        init(_ options: ServerOptions) {
            func amount(_ seconds: Double) -> TimeAmount { .nanoseconds(Int64(max(0.001, min(seconds, 86_400)) * 1e9)) }
            idle = amount(options.idleTimeout)
            head = amount(options.headerTimeout)
            body = amount(options.bodyTimeout)
            send = amount(options.sendTimeout)
            maxPipelined = max(1, options.maxPipelinedRequests)
        }
    }

    private let limits: Limits
    private let stats: ConnectionStats
    private let logger: Logger
    /// Requests whose head arrived and whose response has not ended.
    private var unanswered = 0
    /// Whether the latest request's body is still arriving.
    private var readingBody = false
    /// When the connection last had nothing to do (opened, or its last response ended).
    private var idleSince = NIODeadline.now()
    /// Whether bytes of a new request arrived since `idleSince`.
    private var bytesWhileIdle = false
    /// Whether a `read` was withheld for too many unanswered requests.
    private var heldRead = false
    private var timer: Scheduled<Void>?
    private var sendTimer: Scheduled<Void>?
    private let gate: ConnectionGate

    init(limits: Limits, stats: ConnectionStats, logger: Logger, gate: ConnectionGate) {
        self.limits = limits
        self.stats = stats
        self.logger = logger
        self.gate = gate
    }

    func handlerAdded(context: ChannelHandlerContext) {
        becomeIdle(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimers()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimers()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is BytesArrived {
            if unanswered == 0, !readingBody, !bytesWhileIdle {
                bytesWhileIdle = true
                schedule(context, at: idleSince + limits.head, reason: .head)
            }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            stats.requestReceived(unanswered: unanswered)
            readingBody = true
            bytesWhileIdle = false
            schedule(context, at: .now() + limits.body, reason: .body)
        case .body:
            break
        case .end:
            readingBody = false
            timer?.cancel()
            timer = nil
            // Only whole requests count against the cap: a request's own body is never held back.
            if unanswered >= limits.maxPipelined { gate.paused = true }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        unanswered = max(0, unanswered - 1)
        if unanswered == 0, !readingBody { becomeIdle(context) }
        context.write(data, promise: promise)
        if unanswered < limits.maxPipelined {
            if gate.paused {
                gate.paused = false
                gate.resume?()  // decodes the bytes held back (and may close the gate again)
            }
            if heldRead, unanswered < limits.maxPipelined {
                heldRead = false
                context.read()
            }
        }
    }

    func read(context: ChannelHandlerContext) {
        if unanswered >= limits.maxPipelined, !readingBody {
            heldRead = true
            return
        }
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        sendTimer?.cancel()
        sendTimer = nil
        if !context.channel.isWritable {
            let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
            sendTimer = loop.scheduleTask(in: limits.send) { [self] in
                stats.closed(.send)
                logger.debug("closing a connection whose client does not read its responses")
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    // MARK: Timers

    private func becomeIdle(_ context: ChannelHandlerContext) {
        idleSince = .now()
        bytesWhileIdle = false
        schedule(context, at: idleSince + limits.idle, reason: .idle)
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline, reason: ConnectionStats.CloseReason) {
        timer?.cancel()
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        timer = loop.scheduleTask(deadline: deadline) { [self] in
            timer = nil
            stats.closed(reason)
            logger.debug("closing a connection: \(reason.rawValue) timeout")
            context.close(promise: nil)
        }
    }

    private func cancelTimers() {
        timer?.cancel()
        timer = nil
        sendTimer?.cancel()
        sendTimer = nil
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

/// Sent up the pipeline by ``ByteArrivalHandler`` before each read's bytes reach the HTTP decoder.
struct BytesArrived: Sendable {}

/// Shared by one connection's ``ByteArrivalHandler`` and ``ConnectionGuard``, on its event loop:
/// while `paused`, bytes read wait before the HTTP decoder; `resume` feeds them on.
final class ConnectionGate: @unchecked Sendable {
    var paused = false
    var resume: (() -> Void)?
}

/// The first handler of a connection: tells ``ConnectionGuard`` that bytes arrived (the decoder only
/// passes on whole heads), counts them, and feeds them to the decoder in slices of at most 1 KB,
/// holding them back while the ``ConnectionGate`` is paused (too many requests unanswered): a
/// pipelining client's bytes then wait as bytes (one read, at most 64 KB), not as parsed requests.
final class ByteArrivalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    private let stats: ConnectionStats
    private let gate: ConnectionGate
    private var held: [ByteBuffer] = []
    static let slice = 1024

    init(stats: ConnectionStats, gate: ConnectionGate) {
        self.stats = stats
        self.gate = gate
    }

    func handlerAdded(context: ChannelHandlerContext) {
        gate.resume = { [unowned self] in
            self.feed(context)
            context.fireChannelReadComplete()
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        gate.resume = nil
        held.removeAll()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        stats.bytesRead(buffer.readableBytes)
        context.fireUserInboundEventTriggered(BytesArrived())
        held.append(buffer)
        feed(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        held.removeAll()
        context.fireChannelInactive()
    }

    /// Passes held bytes on, a slice at a time, until the gate pauses or none are left.
    private func feed(_ context: ChannelHandlerContext) {
        while !gate.paused, !held.isEmpty {
            if held[0].readableBytes <= Self.slice {
                let buffer = held.removeFirst()
                context.fireChannelRead(wrapInboundOut(buffer))
            } else if let slice = held[0].readSlice(length: Self.slice) {
                context.fireChannelRead(wrapInboundOut(slice))
            }
        }
    }
}

@available(*, unavailable)
extension ByteArrivalHandler: Sendable {}

/// Hummingbird's HTTP/1 channel with ``ByteArrivalHandler`` first and ``ConnectionGuard`` after the
/// decoder.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let http: HTTP1Channel
    let stats: ConnectionStats
    let limits: ConnectionGuard.Limits
    let logger: Logger

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionGuard.Limits, stats: ConnectionStats, logger: Logger) {
        self.stats = stats
        self.limits = limits
        self.logger = logger
        http = HTTP1Channel(responder: responder)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let stats = self.stats, limits = self.limits, guardLogger = self.logger
        let gate = ConnectionGate()
        let http = HTTP1Channel(responder: self.http.responder,
                                configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, stats: stats, logger: guardLogger, gate: gate)]))
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteArrivalHandler(stats: stats, gate: gate), position: .first)
        }.flatMap {
            http.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http.handle(value: value, logger: logger)
    }
}

/// Caps open connections (Hummingbird stops accepting at ``limit``) and counts them in ``ConnectionStats``.
struct ConnectionCap: AvailableConnectionsDelegate {
    let limit: Int
    let stats: ConnectionStats

    mutating func connectionOpened() { stats.opened() }
    mutating func connectionClosed() { stats.closedConnection() }
    func isAcceptingNewConnections() -> Bool { stats.open < limit }
}
