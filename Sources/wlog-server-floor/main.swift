// The floor under a durable `POST …/sets` on this machine (scripts/perf/server-bench.sh, issue 14):
// Hummingbird 2 with none of the engine. A JSON body in, one 300-byte append to one of 1,000 files
// (picked by the workout id, so one lifter's file), made durable, a JSON body out — no token, no
// journal format, no decide, no fold. What the server does on top of this can only cost more.
//
//   wlog-server-floor PORT FOLDER [sync|nosync|group]
//
// - sync (the default): `fdatasync` of the file before the answer, on one of 64 serial queues, as
//   the embedded store does (a lifter's commit on its own journal);
// - nosync: the append alone, never synced (the framework's and the append's cost);
// - group: the append, then one shared flush of the whole filesystem for every append waiting
//   (`syncfs` and a trailing `fdatasync`: a group commit across files, as PostgreSQL shares a WAL
//   flush among the commits waiting for it).
import Dispatch
import Foundation
import Hummingbird

struct SetBody: Decodable {
    var reps: Int
    var weightKg: Double
    var rpe: Double?
}

struct SetAnswer: ResponseEncodable {
    var id: String
    var reps: Int
    var weightKg: Double
    var rpe: Double?
    var setType = "working"
    var isCompleted = true
}

enum Mode: String { case sync, nosync, group }

let arguments = CommandLine.arguments
guard arguments.count >= 3, let port = Int(arguments[1]), let mode = Mode(rawValue: arguments.count > 3 ? arguments[3] : "sync") else {
    FileHandle.standardError.write(Data("usage: wlog-server-floor PORT FOLDER [sync|nosync|group]\n".utf8))
    exit(64)
}
let folder = arguments[2]
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let files: [Int32] = (0..<1000).map { open("\(folder)/f\($0)", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600) }
guard !files.contains(where: { $0 < 0 }) else {
    FileHandle.standardError.write(Data("wlog-server-floor: cannot open the files in \(folder)\n".utf8))
    exit(73)
}
let queues = (0..<64).map { DispatchQueue(label: "floor.\($0)") }
let line = [UInt8](repeating: UInt8(ascii: "x"), count: 300)

/// Appends waiting for the next shared flush, and the flushing thread (mode `group`).
final class SharedFlush: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let flush: () -> Void

    init(folder: String) {
        // Glibc declares `syncfs` only under _GNU_SOURCE, which Swift's Glibc module leaves out.
        typealias SyncFS = @convention(c) (Int32) -> Int32
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0, let symbol = dlsym(dlopen(nil, RTLD_NOW), "syncfs") else {
            FileHandle.standardError.write(Data("wlog-server-floor: group needs syncfs(2) (Linux) and \(folder)\n".utf8))
            exit(69)
        }
        let syncfs = unsafeBitCast(symbol, to: SyncFS.self)
        flush = { _ = syncfs(fd); _ = fdatasync(fd) }
        Thread.detachNewThread { self.run() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            condition.lock()
            waiting.append(continuation)
            condition.signal()
            condition.unlock()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while waiting.isEmpty { condition.wait() }
            let round = waiting
            waiting = []
            condition.unlock()
            flush()
            for continuation in round { continuation.resume() }
        }
    }
}

let shared = mode == .group ? SharedFlush(folder: folder) : nil
let router = Router()
router.post("/api/v1/workouts/:workout/exercises/:exercise/sets") { request, context -> EditedResponse<SetAnswer> in
    let body = try await request.decode(as: SetBody.self, context: context)
    var hash: UInt32 = 2_166_136_261
    for byte in (context.parameters.get("workout") ?? "").utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let file = files[Int(hash % UInt32(files.count))]
    if let shared {
        _ = line.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        await shared.wait()
    } else {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queues[Int(hash % UInt32(queues.count))].async {
                _ = line.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                if mode == .sync { _ = fdatasync(file) }
                continuation.resume()
            }
        }
    }
    let answer = SetAnswer(id: UUID().uuidString.lowercased(), reps: body.reps, weightKg: body.weightKg, rpe: body.rpe)
    return EditedResponse(status: .created, response: answer)
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "wlog-floor"))
try await app.runService()
