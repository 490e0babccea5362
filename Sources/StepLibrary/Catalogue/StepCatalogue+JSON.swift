import Wire

/// `spec-run steps --format json`: the catalogue for other tools.
extension StepCatalogue {
    /// The steps of `language` (nil: both) that `words` find (all when there are none), as
    /// one JSON object: `steps`, each with its `pattern` (the Cucumber Expression),
    /// `kind` (`setup`, `action`, `try`, `check`), `language`, `group`, `description`,
    /// `example` (a step line, keyword included), `table` (its header row, when it takes
    /// one), `optionalColumns` (those of its columns a table may leave out, when any),
    /// `alsoWritten` (its other wordings) and `step` (the same number for the entry of the
    /// other language); then `rejectionCodes`, each with its `area`, and its meaning in
    /// English (`en`) and Japanese (`ja`).
    public static func json(_ language: StepLanguage?, matching words: [String] = []) -> String {
        let entries = matching(words, language)
        var writer = JSONWriter(capacity: 64 * 1024)
        writer.object { json in
            json.array("steps", entries) { json, entry in
                json.object { json in
                    json.member("pattern", entry.expression)
                    json.member("kind", entry.kind.rawValue)
                    json.member("language", entry.language.rawValue)
                    json.member("group", entry.group.rawValue)
                    json.member("description", entry.description)
                    json.member("example", entry.example)
                    json.member("table", ifPresent: entry.table)
                    if !entry.optionalColumns.isEmpty {
                        json.array("optionalColumns", entry.optionalColumns) { json, name in json.string(name) }
                    }
                    json.array("alsoWritten", entry.alsoWritten) { json, wording in json.string(wording) }
                    json.member("step", entry.step)
                }
            }
            let codes = RejectionCodeGloss.areas.flatMap { area in area.entries.map { (area.key, $0) } }
            json.array("rejectionCodes", codes) { json, code in
                json.object { json in
                    json.member("code", code.1.code)
                    json.member("area", code.0)
                    json.member("en", code.1.english)
                    json.member("ja", code.1.japanese)
                }
            }
        }
        return writer.text + "\n"
    }
}
