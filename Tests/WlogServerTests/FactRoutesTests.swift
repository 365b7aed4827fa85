import Foundation
import Testing
import WlogStore

/// `pain.reported` (issue 35's event added in 6 source files) through every way in: the CLI's
/// command and `wlog append fact`, `POST /api/v1/facts/{type}`, the MCP tool `record_pain_reported`
/// and `wlog sync`; the projection (`wlog pain`) reads them all. Refused input names the field and
/// appends nothing, on each way in.
@Suite struct FactRoutesTests {
    static let lifter = "9a9a9a9a-9a9a-4a9a-8a9a-9a9a9a9a9a9a"

    @Test(arguments: StoreBackend.available)
    func aPainReportThroughEveryWayInAndSynced(_ backend: StoreBackend) async throws {
        try await SyncTests.withLaptop(backend, lifter: Self.lifter) { _, api, laptop, token in
            // The CLI: its own command and the generic one.
            let yesterday = try await ServerHarness.wlog(["--journal", laptop, "pain", "left knee", "3", "--note", "sharp on the way down"],
                                                         environment: ["WLOG_TOKEN": token, "WLOG_NOW": "2026-01-14T09:30:00Z"])
            #expect(yesterday.status == 0, "\(yesterday.stderr)")
            _ = try await SyncTests.wlog(laptop, ["append", "fact", "pain.reported", "location=Left Knee", "pain=2"], token: token)
            // The API and MCP.
            let recorded = try await api.post("facts/pain.reported", #"{"location":"lower back","pain":4,"note":"deadlifts"}"#).success(.created)
            #expect(recorded["type"] == "pain.reported")
            #expect(recorded["event"]?.string?.hasSuffix(#""actor":"api","location":"lower back","pain":4,"note":"deadlifts"}"#) == true,
                    "\(recorded)")
            let tool = try await api.tool("record_pain_reported", #"{"location":"right shoulder","pain":1}"#)
            #expect(!tool.isError, "\(tool.text)")

            // Refused on each way in, naming the field; nothing appended.
            let feed = try await api.get("events").body
            for (type, body, field) in [("pain.reported", #"{"location":" ","pain":3}"#, "location"),
                                        ("pain.reported", #"{"location":"knee","pain":7}"#, "pain"),
                                        ("pain.reported", #"{"location":"knee","pain":"three"}"#, "pain"),
                                        ("pain.reported", #"{"location":"knee"}"#, "pain"),
                                        ("pain.reported", #"{"where":"knee","pain":2}"#, "where"),
                                        ("soreness.recorded", #"{"group":"Cardio","soreness":3}"#, "group"),
                                        ("bodyweight.recorded", #"{"weight":"80"}"#, "type")] {
                try await api.post("facts/" + type, body).failure(.badRequest, "VALIDATION_ERROR", field: field)
            }
            let refusedTool = try await api.tool("record_pain_reported", #"{"location":"knee","pain":9}"#)
            #expect(refusedTool.isError && refusedTool.text.contains(#""field":"pain""#), "\(refusedTool.text)")
            #expect(try await api.get("events").body == feed)
            let refusedCLI = try await ServerHarness.wlog(["--journal", laptop, "append", "fact", "pain.reported", "location=knee", "pain=0"],
                                                          environment: ["WLOG_TOKEN": token])
            #expect(refusedCLI.status == 65 && refusedCLI.stderr.contains("pain: 0"), "\(refusedCLI.status): \(refusedCLI.stderr)")

            // Sync carries them both ways; the projection reads every report.
            #expect(try await SyncTests.wlog(laptop, ["sync"], token: token)
                == "origin: pushed 3 event(s) (0 already there), pulled 2 event(s) (0 already here)\n")
            #expect(try await SyncTests.wlog(laptop, ["pain", "--format", "csv"], token: token) == """
                location,pain,felt_at,reports,note
                lower back,4,2026-01-15T09:30:00+00:00,1,deadlifts
                Left Knee,2,2026-01-15T09:30:00+00:00,2,
                right shoulder,1,2026-01-15T09:30:00+00:00,1,

                """)
        }
    }
}
