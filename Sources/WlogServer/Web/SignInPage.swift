/// `/sign-in`: email and password (the server's accounts, docs/ACCOUNTS.md), links to sign up and
/// to reset a password, and — as the advanced option — one field for a bearer token (what
/// `wlog serve token` prints, or a Supabase access token); an error names what is wrong, never
/// echoes a password or a token.
enum SignInPage {
    static func render(error: String? = nil, notice: String? = nil) -> String {
        var body = "<h1>Sign in to wlog</h1>"
        if let error { body += "<p class=\"error\" role=\"alert\">" + HTML.escape(error) + "</p>" }
        if let notice { body += "<p class=\"notice\" role=\"status\">" + HTML.escape(notice) + "</p>" }
        body += AccountPages.passwordForm(action: "/sign-in/password", button: "Sign in", formClass: "sign-in-password")
            + "<form method=\"post\" action=\"/sign-in/link\" class=\"sign-in-link\"><label for=\"link-email\">Or get a link by mail</label>"
            + "<input id=\"link-email\" name=\"email\" type=\"email\" required autocomplete=\"email\"><button type=\"submit\">Email me a link</button></form>"
            + "<p><a href=\"/sign-up\">Create an account</a> · <a href=\"/reset\">Forgot your password?</a></p>"
            + "<h2>Advanced: paste a token</h2>"
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
