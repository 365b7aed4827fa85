import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What wlog writes at a path it is given or beside the journal (issue 20, items 4 and 9):
/// `--output` replaces only a regular file, atomically, keeping its mode; every file beside the
/// journal takes the journal's mode and owner; new folders are 0700.
@Suite struct FilePermissionTests {
    static func mode(_ path: String) -> mode_t? {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode : nil
    }

    static func journal() async throws -> WlogProcess {
        let wlog = try WlogProcess()
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        try #require(try await wlog.run(["append", "set", "bench", "100x5"]).status == 0)
        return wlog
    }

    @Test func exportRefusesAFIFOAndASymlink() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let fifo = wlog.directory.appendingPathComponent("out.fifo").path
        try #require(mkfifo(fifo, 0o644) == 0)
        let refused = try await wlog.run(["export", "sets", "--output", fifo])
        #expect(refused.status == 64 && refused.stderr.contains("is a FIFO (named pipe), not a regular file"), "\(refused.stderr)")
        #expect(Self.mode(fifo).map { $0 & S_IFMT == S_IFIFO } == true)
        let target = wlog.directory.appendingPathComponent("target.csv").path
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: target))
        let link = wlog.directory.appendingPathComponent("link.csv").path
        try #require(symlink(target, link) == 0)
        let linked = try await wlog.run(["export", "sets", "--output", link])
        #expect(linked.status == 64 && linked.stderr.contains("is a symbolic link"), "\(linked.stderr)")
        #expect(Self.mode(link).map { $0 & S_IFMT == S_IFLNK } == true)
        #expect(FileManager.default.contents(atPath: target) == Data("keep\n".utf8))
        // A device is refused the same way (never replaced by a regular file): a null device made
        // in the scratch folder (as root), never the system's /dev/null, which a wlog that has the
        // bug would replace.
        let device = wlog.directory.appendingPathComponent("null").path
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { return }  // major 1, minor 3
        let refusedDevice = try await wlog.run(["export", "sets", "--output", device])
        #expect(refusedDevice.status == 64 && refusedDevice.stderr.contains("is a device"))
        #expect(Self.mode(device).map { $0 & S_IFMT == S_IFCHR } == true)
    }

    @Test func exportKeepsTheModeOfTheFileItReplaces() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let out = wlog.directory.appendingPathComponent("sets.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: out))
        try #require(chmod(out, 0o600) == 0)
        let result = try await wlog.run(["export", "sets", "--output", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.mode(out).map { $0 & 0o777 } == 0o600)
        #expect(FileManager.default.contents(atPath: out).map { String(decoding: $0, as: UTF8.self).hasPrefix("set_id") } == true)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: wlog.directory.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func filesBesideTheJournalTakeItsMode() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        try #require(chmod(wlog.journal, 0o600) == 0)
        try #require(try await wlog.run(["prs"], environment: ["WLOG_SNAPSHOT_EVENTS": "0"]).status == 0)
        #expect(Self.mode(wlog.journal + ".snap").map { $0 & 0o777 } == 0o600)
        // A torn tail: the next append moves it to the quarantine folder.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: wlog.journal))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x04, 0x22, 0x4D, 0x18, 0x64, 0x40]))
        try handle.close()
        let append = try await wlog.run(["append", "set", "bench", "105x5"])
        #expect(append.status == 0, "\(append.stderr)")
        #expect(Self.mode(wlog.journal + ".lock").map { $0 & 0o777 } == 0o600)
        let quarantine = wlog.journal + ".quarantine"
        #expect(Self.mode(quarantine).map { $0 & 0o777 } == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: quarantine)
        #expect(!files.isEmpty)
        for file in files { #expect(Self.mode(quarantine + "/" + file).map { $0 & 0o777 } == 0o600, "\(file)") }
        #expect(try await wlog.run(["compact"]).status == 0)
        #expect(Self.mode(wlog.journal).map { $0 & 0o777 } == 0o600)
    }

    @Test func compactingAsRootKeepsTheJournalsOwner() async throws {
        guard geteuid() == 0 else { return }
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        try #require(chown(wlog.journal, 65_534, 65_534) == 0)
        #expect(try await wlog.run(["compact"]).status == 0)
        var st = stat()
        try #require(stat(wlog.journal, &st) == 0)
        #expect(st.st_uid == 65_534 && st.st_gid == 65_534)
        try #require(try await wlog.run(["prs"], environment: ["WLOG_SNAPSHOT_EVENTS": "0"]).status == 0)
        try #require(stat(wlog.journal + ".snap", &st) == 0)
        #expect(st.st_uid == 65_534)
    }

    @Test func initMakesNewFoldersPrivate() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        let nested = wlog.directory.appendingPathComponent("a/b/journal.wlog").path
        #expect(try await wlog.run(["init", "--journal", nested]).status == 0)
        #expect(Self.mode(wlog.directory.appendingPathComponent("a").path).map { $0 & 0o777 } == 0o700)
        #expect(Self.mode(wlog.directory.appendingPathComponent("a/b").path).map { $0 & 0o777 } == 0o700)
    }
}
