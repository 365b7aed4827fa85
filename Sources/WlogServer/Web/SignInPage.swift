/// `/sign-in`: one field for a bearer token (what `wlog serve token` prints, or a Supabase
/// access token); an error names what is wrong with the token, never echoes it.
enum SignInPage {
    static func render(error: String? = nil) -> String {
        var body = "<h1>Sign in to wlog</h1>"
        if let error { body += "<p class=\"error\" role=\"alert\">" + HTML.escape(error) + "</p>" }
        body += "<form method=\"post\" action=\"/sign-in\" class=\"sign-in\">"
            + "<label for=\"token\">Access token</label>"
            + "<textarea id=\"token\" name=\"token\" rows=\"5\" required autocomplete=\"off\" spellcheck=\"false\" "
            + "aria-describedby=\"token-help\"></textarea>"
            + "<p id=\"token-help\" class=\"muted\">Paste the token from <code>wlog serve token --user YOU</code> "
            + "(or your app's access token). It is kept in a cookie this browser cannot read from scripts; "
            + "sign out removes it.</p><button type=\"submit\">Sign in</button></form>"
        return WebLayout.page(title: "Sign in", section: nil, body: body)
    }
}
