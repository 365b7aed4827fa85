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
//   (the store's `GroupFlush`: `syncfs` and a trailing `fdatasync`, a group commit across files,
//   as PostgreSQL shares a WAL flush among the commits waiting for it).
import Dispatch
import Foundation
import Hummingbird
import WlogStore

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

// Mode `group` flushes with the store's own `GroupFlush`, the one `--flush group` runs.
let shared: GroupFlush?
if mode == .group {
    guard let flush = GroupFlush.syncingFilesystem(of: folder) else {
        FileHandle.standardError.write(Data("wlog-server-floor: group needs syncfs(2) reporting errors (Linux 5.8 and later)\n".utf8))
        exit(69)
    }
    shared = flush
} else {
    shared = nil
}
let router = Router()
router.post("/api/v1/workouts/:workout/exercises/:exercise/sets") { request, context -> EditedResponse<SetAnswer> in
    let body = try await request.decode(as: SetBody.self, context: context)
    var hash: UInt32 = 2_166_136_261
    for byte in (context.parameters.get("workout") ?? "").utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let file = files[Int(hash % UInt32(files.count))]
    if let shared {
        _ = line.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        let round = shared.round()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            shared.whenDone(round) { _ in continuation.resume() }
        }
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
