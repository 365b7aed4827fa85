import HTTPTypes

extension HTTPFields {
    /// What `self[name]` answers, without its cost when the field is given once, as it nearly
    /// always is: `self[name]` joins the values into a new string even when there is one (a
    /// bearer token's 300 bytes copied; 1 % of a POST's CPU over the seven fields a request is
    /// asked for). The only field's value; several joined as `self[name]` joins them; nil for none.
    package func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            if found != nil { return self[name] }
            found = field.value
        }
        return found
    }
}
