import Foundation

/// The installable web app's files (docs/WEB.md, "The app"), compiled into the binary from
/// `Sources/WlogServer/Resources/app/` (`.embedInCode`, as the OpenAPI document): the name each
/// is served under at `/app/NAME`, its bytes and its media type. No build step: the files are
/// served exactly as written.
enum AppAssets {
    struct File: Sendable {
        let bytes: [UInt8]
        let type: String
    }

    /// Every file of the app by its URL name; the service worker caches all of them as the shell.
    static let files: [String: File] = [
        "index.html": File(bytes: PackageResources.index_html, type: "text/html; charset=utf-8"),
        "app.css": File(bytes: PackageResources.app_css, type: "text/css; charset=utf-8"),
        "manifest.webmanifest": File(bytes: PackageResources.manifest_webmanifest, type: "application/manifest+json"),
        "sw.js": File(bytes: PackageResources.sw_js, type: javaScript),
        "main.js": File(bytes: PackageResources.main_js, type: javaScript),
        "api.js": File(bytes: PackageResources.api_js, type: javaScript),
        "db.js": File(bytes: PackageResources.db_js, type: javaScript),
        "queue.js": File(bytes: PackageResources.queue_js, type: javaScript),
        "ui.js": File(bytes: PackageResources.ui_js, type: javaScript),
        "auth.js": File(bytes: PackageResources.auth_js, type: javaScript),
        "today.js": File(bytes: PackageResources.today_js, type: javaScript),
        "workout.js": File(bytes: PackageResources.workout_js, type: javaScript),
        "timer.js": File(bytes: PackageResources.timer_js, type: javaScript),
        "summary.js": File(bytes: PackageResources.summary_js, type: javaScript),
        "picker.js": File(bytes: PackageResources.picker_js, type: javaScript),
        "events.js": File(bytes: PackageResources.events_js, type: javaScript),
        "exercises.js": File(bytes: PackageResources.exercises_js, type: javaScript),
        "history.js": File(bytes: PackageResources.history_js, type: javaScript),
        "bodyweight.js": File(bytes: PackageResources.bodyweight_js, type: javaScript),
        "settings.js": File(bytes: PackageResources.settings_js, type: javaScript),
        "planner.js": File(bytes: PackageResources.planner_js, type: javaScript),
        "icon.svg": File(bytes: PackageResources.icon_svg, type: "image/svg+xml"),
        "icon-192.png": File(bytes: PackageResources.icon_192_png, type: "image/png"),
        "icon-512.png": File(bytes: PackageResources.icon_512_png, type: "image/png"),
    ]

    static let javaScript = "text/javascript; charset=utf-8"

    /// A version of the shell that changes whenever any file does (FNV-1a over every name and
    /// byte, in name order): the service worker's cache name, so a new binary replaces the cache.
    static let version: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in files.keys.sorted() {
            for byte in Array(name.utf8) + (files[name]?.bytes ?? []) {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }()
}
