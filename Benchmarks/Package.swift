// swift-tools-version:6.1
//
// Benchmarks of wlog, a package of its own so the library's build never pulls in the benchmark
// tooling. Run: `cd Benchmarks && swift package benchmark` (or `make bench` from the root).

import PackageDescription

let package = Package(
    name: "wlog-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "wlog", path: "../"),
    ],
    targets: [
        .executableTarget(
            name: "JournalBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WlogJournal", package: "wlog"),
            ],
            path: "Benchmarks/JournalBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WlogCore", package: "wlog"),
                .product(name: "WlogBaselines", package: "wlog"),
                .product(name: "WlogGenerator", package: "wlog"),
            ],
            path: "Benchmarks/ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Baselines beside wlog in the same run: JSONDecoder (WlogBaselines), SQLite (loaded with dlopen:
        // no headers needed to build; its SQL is scripts/perf/prs.sql), sizes in scripts/perf/run.sh.
        // Fixtures: wlog-generate (docs/PERFORMANCE.md).
        .executableTarget(
            name: "PerfBaselines",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WlogCore", package: "wlog"),
                .product(name: "WlogJournal", package: "wlog"),
                .product(name: "WlogBaselines", package: "wlog"),
            ],
            path: "Benchmarks/PerfBaselines",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
