import Testing
@testable import MercatorServer
