// swift-tools-version:6.1
//
// wlog — an event-sourced workout engine. Module layout: ../shared/design/architecture.md
// (here: docs/ARCHITECTURE.md). Dependency direction:
//   wlog → WlogInterop → WlogCore → CPrefetch, WlogMacros (swift-syntax, so the CLI's build compiles
//   it too: docs/ARCHITECTURE.md, "Decisions": `@PublicInit`);  wlog → WlogJournal → CLZ4.
//   wlog-server → WlogServer → WlogStore → WlogCore, WlogJournal. The server and its heavy stack
//   (Hummingbird, jwt-kit) are their own product: `swift build --product wlog` never builds them,
//   and `wlog serve` runs the `wlog-server` executable found beside `wlog`.
//   wlog-server → WlogPostgres → WlogStore, postgres-nio: the PostgreSQL store, likewise never in the CLI's build.
//   wlog-sync: `wlog sync`/`wlog remote` (Foundation's URLSession), run by `wlog` as `wlog serve` runs wlog-server, so
//   the CLI never loads an HTTP client; it reads and writes the journal through `wlog` itself.

import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "wlog",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "wlog", targets: ["wlog"]),
        .library(name: "WlogCore", targets: ["WlogCore"]),
        .library(name: "WlogJournal", targets: ["WlogJournal"]),
        .library(name: "WlogInterop", targets: ["WlogInterop"]),
        // Many lifters' journals behind one small protocol (no network code): the server's store.
        .library(name: "WlogStore", targets: ["WlogStore"]),
        // `wlog serve`: the Treoir REST API v1 over the lifters' journals (Hummingbird 2, jwt-kit).
        .executable(name: "wlog-server", targets: ["wlog-server"]),
        // `wlog sync` / `wlog remote`: the journal's events exchanged with a server's change feed.
        .executable(name: "wlog-sync", targets: ["wlog-sync"]),
        // `wlog mcp`: the lifter's journal as Model Context Protocol tools for an AI assistant (stdio;
        // `wlog serve` offers the same tools over HTTP at /mcp).
        .executable(name: "wlog-mcp", targets: ["wlog-mcp"]),
        // The Foundation JSONDecoder baseline of measure-replay and the Benchmarks package.
        .library(name: "WlogBaselines", targets: ["WlogBaselines"]),
        // The seeded history generators of wlog-generate, for measure-replay and the Benchmarks package.
        .library(name: "WlogGenerator", targets: ["WlogGenerator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // The server only. swift-configuration support is left out (traits: FullFoundation only).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        // The server only: `--jwks-url` fetches the issuer's signing keys (Hummingbird's tests bring it too).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // The server's accounts only: bcrypt for their passwords (HummingbirdBcrypt, a C bcrypt, no other dependency).
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        // The server only: Supabase Realtime's WebSocket at /realtime/v1/websocket.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Imported by the server directly (Hummingbird brings them too; a module imported is declared).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The PostgreSQL store of the server only (`wlog serve --store postgres://…`).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // `wlog mcp` only: the official Swift SDK of the Model Context Protocol.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
        // The macros: `@PublicInit` (WlogMacros) for WlogCore's public structs, so the CLI's build compiles it too
        // (docs/ARCHITECTURE.md, "Decisions": `@PublicInit`); `@JSONObject` (WlogServerMacros) for the server's response models.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLZ4",
            pkgConfig: "liblz4",
            providers: [.apt(["liblz4-dev"])]
        ),
        .target(
            name: "WlogJournal",
            dependencies: [
                "CLZ4",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // One inline C function: a cache prefetch hint for the event-id table (Swift has none).
        .target(name: "CPrefetch"),
        .target(name: "WlogCore", dependencies: ["CPrefetch", "WlogMacros"]),
        // `@PublicInit`: a public struct's memberwise `public init`, said once (declared in WlogCore).
        .macro(
            name: "WlogMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "WlogInterop", dependencies: ["WlogCore"]),
        // The projection snapshot beside a journal, read, proven and written one way for the CLI and the embedded store.
        .target(name: "WlogSnapshotFile", dependencies: ["WlogCore", "WlogJournal"]),
        .target(name: "WlogStore", dependencies: ["WlogCore", "WlogJournal", "WlogInterop", "WlogSnapshotFile"]),
        .target(
            name: "WlogServer",
            dependencies: [
                "WlogCore", "WlogStore", "WlogMCPTools", "WlogInterop", "WlogServerMacros",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The accounts' mail: the SMTP relay's connection and its STARTTLS (postgres-nio brings swift-nio-ssl too).
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The OpenAPI document compiled into the binary (`PackageResources.openapi_json`): no
            // bundle to ship beside a statically linked server, no generated copy to keep in step.
            // The web app's files likewise (`/app/`, docs/WEB.md; AppAssets names each).
            resources: [.embedInCode("Resources/openapi.json")] + [
                "index.html", "app.css", "manifest.webmanifest", "sw.js", "main.js", "api.js", "db.js", "queue.js", "ui.js",
                "auth.js", "today.js", "workout.js", "timer.js", "summary.js", "picker.js", "events.js", "exercises.js", "history.js", "bodyweight.js", "settings.js", "planner.js",
                "icon.svg", "icon-192.png", "icon-512.png",
            ].map { .embedInCode("Resources/app/" + $0) }
        ),
        // `@JSONObject`: a response model's JSONWritable conformance from its stored properties (the server's build only).
        .macro(
            name: "WlogServerMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // The lifters' event streams in one PostgreSQL table (LISTEN/NOTIFY between servers), and
        // `wlog serve migrate` between it and the journals.
        .target(
            name: "WlogPostgres",
            dependencies: [
                "WlogCore", "WlogStore", "WlogJournal", "WlogInterop", "WlogSnapshotFile",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the test targets share (child processes, the built executables, scratch folders, the
        // test database's URL, a seal a kill interrupted): Foundation and the journal, depended on
        // by test targets only.
        .target(name: "WlogTestSupport", dependencies: ["WlogJournal"], path: "Tests/WlogTestSupport"),
        .testTarget(
            name: "WlogPostgresTests",
            dependencies: [
                "WlogPostgres", "WlogStore", "WlogCore", "WlogJournal", "WlogTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "wlog-server",
            dependencies: [
                "WlogServer", "WlogStore", "WlogPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/wlog-server"
        ),
        // The floor under a durable POST: Hummingbird and the sync alone (the store's GroupFlush
        // for its group mode), none of the engine (scripts/perf/server-bench.sh; not shipped).
        .executableTarget(name: "wlog-server-floor", dependencies: ["WlogStore", .product(name: "Hummingbird", package: "hummingbird")],
                          path: "Sources/wlog-server-floor"),
        .testTarget(
            name: "WlogServerTests",
            dependencies: [
                "WlogServer", "WlogStore", "WlogCore", "WlogJournal", "WlogPostgres", "WlogGenerator", "WlogTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        .target(name: "WlogBaselines", dependencies: ["WlogCore"]),
        .target(name: "WlogGenerator", dependencies: ["WlogCore"]),
        .executableTarget(
            name: "wlog",
            dependencies: [
                "WlogCore", "WlogJournal", "WlogInterop", "WlogSnapshotFile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "WlogJournalTests",
            dependencies: [
                "WlogJournal", "wlog-journal-torture", "WlogTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The `wlog` beside an executable, run as a child: how wlog-sync and wlog-mcp reach a journal.
        .target(name: "WlogSibling"),
        .executableTarget(name: "wlog-sync", dependencies: ["WlogSibling", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/wlog-sync"),
        // The tools' signatures (typed inputs, JSON schema, checking) both MCP faces share: `wlog mcp` and `/mcp`.
        .target(name: "WlogMCPTools", dependencies: ["WlogCore", .product(name: "MCP", package: "swift-sdk")]),
        .executableTarget(name: "wlog-mcp", dependencies: ["WlogSibling", "WlogMCPTools", "WlogCore", .product(name: "MCP", package: "swift-sdk")],
                          path: "Sources/wlog-mcp"),
        .executableTarget(name: "wlog-journal-torture", dependencies: ["WlogJournal"], path: "Sources/wlog-journal-torture"),
        .executableTarget(name: "wlog-generate", dependencies: ["WlogCore", "WlogJournal", "WlogBaselines", "WlogGenerator"],
                          path: "Sources/wlog-generate"),
        .testTarget(
            name: "WlogCoreTests",
            dependencies: ["WlogCore", "WlogGenerator", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "WlogInteropTests",
            dependencies: ["WlogInterop", "WlogCore"]
        ),
        .testTarget(
            name: "wlogTests",
            dependencies: [
                "wlog", "WlogCore", "WlogJournal", "WlogTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Golden"]
        ),
    ]
)
