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
///   withheld, so the socket is not read until responses go out.
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

    init(limits: Limits, stats: ConnectionStats, logger: Logger) {
        self.limits = limits
        self.stats = stats
        self.logger = logger
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
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, !readingBody { becomeIdle(context) }
            if heldRead, unanswered < limits.maxPipelined {
                heldRead = false
                context.read()
            }
        }
        context.write(data, promise: promise)
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

/// The first handler of a connection: tells ``ConnectionGuard`` that bytes arrived (the decoder only
/// passes on whole heads) and counts them.
final class ByteArrivalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    private let stats: ConnectionStats

    init(stats: ConnectionStats) { self.stats = stats }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        stats.bytesRead(unwrapInboundIn(data).readableBytes)
        context.fireUserInboundEventTriggered(BytesArrived())
        context.fireChannelRead(data)
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

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionGuard.Limits, stats: ConnectionStats, logger: Logger) {
        self.stats = stats
        http = HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, stats: stats, logger: logger)]))
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let stats = self.stats, http = self.http
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteArrivalHandler(stats: stats), position: .first)
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
