import Foundation

/// A TCP port on 127.0.0.1 that takes connections and never answers: the
/// kernel completes each handshake into the listen queue, and nothing ever
/// reads or writes. A database that accepts but does not answer yet, or a
/// collector whose packets go nowhere.
final class SilentListener: Sendable {
    let port: Int
    private let socket: Int32

    init() throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerFailure("no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let socket = socket
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && listen(socket, 1024) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard listening else {
            close(socket)
            throw ServerFailure("cannot listen on 127.0.0.1")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
