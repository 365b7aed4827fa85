import Hummingbird

/// The pages' two static files, served by the server itself (no build step, no CDN): the style
/// sheet (light and dark by `prefers-color-scheme`, phone to TV widths, the monitor always dark
/// with type sized by the viewport) and the monitor's script (EventSource and two clocks).
enum WebAssets {
    static func response(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "public, max-age=300"
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static let style = """
    :root { color-scheme: light dark; --bg: #fff; --fg: #111; --muted: #555; --line: #ccc; --accent: #0b5cad; --pr: #8a5a00; --card: #f4f5f7; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #111; --fg: #eee; --muted: #aaa; --line: #444; --accent: #7cb7ff; --pr: #ffc857; --card: #1d1f23; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    a { color: var(--accent); }
    .skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    header.top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem;
      padding: .5rem 1rem; border-bottom: 1px solid var(--line); }
    header.top ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
    header.top a[aria-current] { font-weight: 700; color: var(--fg); text-decoration: none; }
    button { font: inherit; padding: .4rem .9rem; border-radius: .4rem; border: 1px solid var(--line); background: var(--card); color: var(--fg); cursor: pointer; }
    main { padding: 1rem; max-width: 72rem; margin: 0 auto; }
    h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
    .muted, .meta, .label { color: var(--muted); }
    .empty { color: var(--muted); font-style: italic; }
    .error { color: #c62828; font-weight: 600; }
    .badge { display: inline-block; font-size: .8em; padding: 0 .4em; border-radius: .3em; border: 1px solid var(--line); }
    .badge.pr { color: var(--pr); border-color: var(--pr); }
    .badge.live { color: #2e7d32; border-color: #2e7d32; }
    .note { color: var(--muted); white-space: pre-wrap; }
    article.workout { background: var(--card); border-radius: .5rem; padding: .5rem 1rem; margin: .5rem 0; }
    article.workout h3 { margin: .25rem 0; font-size: 1.1rem; }
    dl.numbers { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; margin: .25rem 0; }
    dl.numbers div { min-width: 5rem; } dl.numbers dt { font-size: .8rem; color: var(--muted); } dl.numbers dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
    ol.sets { padding-left: 1.5rem; } ol.sets li.warmup { color: var(--muted); }
    table { border-collapse: collapse; width: 100%; margin: 1rem 0; display: block; overflow-x: auto; }
    caption { text-align: left; font-weight: 700; padding: .25rem 0; }
    th, td { text-align: left; padding: .3rem .75rem .3rem 0; border-bottom: 1px solid var(--line); }
    td.num, time { white-space: nowrap; }
    td.num { font-variant-numeric: tabular-nums; }
    figure.chart { margin: 1rem 0; } figure.chart svg { width: 100%; height: auto; max-width: 50rem; border-radius: .4rem; }
    .rep-filter ul { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; padding: 0; }
    .rep-filter a { display: inline-block; padding: .3rem .8rem; border: 1px solid var(--line); border-radius: 1rem; text-decoration: none; }
    .rep-filter a[aria-current] { background: var(--accent); color: var(--bg); border-color: var(--accent); }
    .big-pr .value { font-size: 2rem; }
    .pager { display: flex; gap: 1rem; align-items: center; margin: 1rem 0; }
    form.sign-in { display: grid; gap: .5rem; max-width: 40rem; }
    form.sign-in textarea { font: .9rem ui-monospace, monospace; width: 100%; background: var(--card); color: var(--fg); border: 1px solid var(--line); }
    @media (min-width: 1600px) { body { font-size: 1.25rem; } main { max-width: 110rem; } figure.chart svg { max-width: 70rem; } }
    body.monitor { --bg: #000; --fg: #f5f5f5; --muted: #b8b8b8; --line: #333; --card: #111; --pr: #ffc857; --accent: #7cb7ff;
      background: var(--bg); color: var(--fg); font-size: clamp(1.1rem, 2.6vw, 3.2rem); }
    body.monitor main { max-width: none; }
    .monitor header.top { font-size: max(1rem, .45em); }
    .monitor .workout-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 0 1em; }
    .monitor h2 { font-size: 1.6em; margin: 0; }
    .monitor .clock { font-variant-numeric: tabular-nums; font-weight: 700; font-size: 1.4em; }
    .monitor .clock-line { margin: .2em 0; }
    .monitor .rest .clock { color: #7cf07c; }
    .monitor .current-name { font-size: 2em; font-weight: 800; margin: .2em 0 0; line-height: 1.1; }
    .monitor .previous { color: var(--muted); margin: .2em 0; }
    .monitor .so-far { display: grid; grid-template-columns: repeat(auto-fit, minmax(12em, 1fr)); gap: 0 1.5em; }
    .monitor .so-far h3 { margin: .5em 0 0; font-size: 1em; color: var(--muted); }
    .monitor ol.sets { margin: .2em 0; padding-left: 2.2em; font-variant-numeric: tabular-nums; }
    .monitor .idle { font-size: 1.5em; color: var(--muted); }
    .monitor .link { position: fixed; right: .5em; bottom: .3em; margin: 0; font-size: .5em; color: var(--muted); }
    .monitor .link[data-state="down"] { color: #ff6b6b; }
    """

    static let monitorScript = """
    // wlog monitor: swaps in each workout fragment the server pushes (Server-Sent Events; the
    // browser reconnects by itself) and ticks the elapsed and rest clocks once a second.
    (function () {
      "use strict";
      var live = document.getElementById("live"), link = document.getElementById("link");
      var skew = 0;
      function adopt() {
        var fragment = live.querySelector(".fragment");
        if (fragment) { skew = Number(fragment.getAttribute("data-now")) - Date.now(); }
        tick();
      }
      function clock(ms) {
        var s = Math.max(0, Math.round(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
        return (h > 0 ? h + ":" + (m < 10 ? "0" : "") + m : String(m)) + ":" + (sec < 10 ? "0" : "") + sec;
      }
      function tick() {
        var clocks = live.querySelectorAll(".clock[data-since]");
        for (var i = 0; i < clocks.length; i++) {
          clocks[i].textContent = clock(Date.now() + skew - Number(clocks[i].getAttribute("data-since")));
        }
      }
      adopt();
      setInterval(tick, 1000);
      if (!window.EventSource) { return; }
      var source = new EventSource("/monitor/events");
      source.addEventListener("open", function () { link.setAttribute("data-state", "live"); link.textContent = "live"; });
      source.addEventListener("error", function () { link.setAttribute("data-state", "down"); link.textContent = "reconnecting…"; });
      source.addEventListener("fragment", function (event) {
        live.innerHTML = event.data;
        live.setAttribute("data-updated", String(Date.now()));
        adopt();
      });
    })();
    """
}
