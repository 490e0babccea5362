import Wire

/// The gherkinDocument envelope's body. Each node's writer stays a function of its own
/// (`@inline(never)`): inlined into one another, they make one function large enough for
/// the optimizer to spend seconds of every release build on it, and the NDJSON is written
/// as fast either way (docs/performance.md, "The release build").
extension JSONWriter {
    mutating func location(_ location: Location) {
        object { json in
            json.member("column", ifPresent: location.column)
            json.member("line", location.line)
        }
    }

    mutating func document(_ document: GherkinDocument, uri: String) {
        object { json in
            json.key("comments")
            json.array(document.comments) { json, comment in
                json.object { json in
                    json.key("location")
                    json.location(comment.location)
                    json.member("text", comment.text)
                }
            }
            if let feature = document.feature {
                json.key("feature")
                json.feature(feature)
            }
            json.member("uri", uri)
        }
    }

    @inline(never) private mutating func feature(_ feature: Feature) {
        object { json in
            json.key("children")
            json.array(feature.children) { json, child in
                json.object { json in
                    switch child {
                    case .background(let background):
                        json.key("background")
                        json.background(background)
                    case .scenario(let scenario):
                        json.key("scenario")
                        json.scenario(scenario)
                    case .rule(let rule):
                        json.key("rule")
                        json.rule(rule)
                    }
                }
            }
            json.member("description", feature.description)
            json.member("keyword", feature.keyword)
            json.member("language", feature.language)
            json.key("location")
            json.location(feature.location)
            json.member("name", feature.name)
            json.tags(feature.tags)
        }
    }

    @inline(never) private mutating func rule(_ rule: Rule) {
        object { json in
            json.key("children")
            json.array(rule.children) { json, child in
                json.object { json in
                    switch child {
                    case .background(let background):
                        json.key("background")
                        json.background(background)
                    case .scenario(let scenario):
                        json.key("scenario")
                        json.scenario(scenario)
                    }
                }
            }
            json.member("description", rule.description)
            json.member("id", rule.id)
            json.member("keyword", rule.keyword)
            json.key("location")
            json.location(rule.location)
            json.member("name", rule.name)
            json.tags(rule.tags)
        }
    }

    @inline(never) private mutating func background(_ background: Background) {
        object { json in
            json.member("description", background.description)
            json.member("id", background.id)
            json.member("keyword", background.keyword)
            json.key("location")
            json.location(background.location)
            json.member("name", background.name)
            json.steps(background.steps)
        }
    }

    @inline(never) private mutating func scenario(_ scenario: Scenario) {
        object { json in
            json.member("description", scenario.description)
            json.key("examples")
            json.array(scenario.examples) { json, examples in json.examples(examples) }
            json.member("id", scenario.id)
            json.member("keyword", scenario.keyword)
            json.key("location")
            json.location(scenario.location)
            json.member("name", scenario.name)
            json.steps(scenario.steps)
            json.tags(scenario.tags)
        }
    }

    @inline(never) private mutating func examples(_ examples: Examples) {
        object { json in
            json.member("description", examples.description)
            json.member("id", examples.id)
            json.member("keyword", examples.keyword)
            json.key("location")
            json.location(examples.location)
            json.member("name", examples.name)
            json.key("tableBody")
            json.array(examples.tableBody) { json, row in json.tableRow(row) }
            if let header = examples.tableHeader {
                json.key("tableHeader")
                json.tableRow(header)
            }
            json.tags(examples.tags)
        }
    }

    @inline(never) private mutating func steps(_ steps: [Step]) {
        key("steps")
        array(steps) { json, step in
            json.object { json in
                if let table = step.dataTable {
                    json.key("dataTable")
                    json.object { json in
                        json.key("location")
                        json.location(table.location)
                        json.key("rows")
                        json.array(table.rows) { json, row in json.tableRow(row) }
                    }
                }
                if let docString = step.docString {
                    json.key("docString")
                    json.object { json in
                        json.member("content", docString.content)
                        json.member("delimiter", docString.delimiter)
                        json.key("location")
                        json.location(docString.location)
                        json.member("mediaType", ifPresent: docString.mediaType)
                    }
                }
                json.member("id", step.id)
                json.member("keyword", step.keyword)
                json.member("keywordType", ifPresent: step.keywordType?.rawValue)
                json.key("location")
                json.location(step.location)
                json.member("text", step.text)
            }
        }
    }

    @inline(never) private mutating func tableRow(_ row: TableRow) {
        object { json in
            json.key("cells")
            json.array(row.cells) { json, cell in
                json.object { json in
                    json.key("location")
                    json.location(cell.location)
                    json.member("value", cell.value)
                }
            }
            json.member("id", row.id)
            json.key("location")
            json.location(row.location)
        }
    }

    @inline(never) private mutating func tags(_ tags: [Tag]) {
        key("tags")
        array(tags) { json, tag in
            json.object { json in
                json.member("id", tag.id)
                json.key("location")
                json.location(tag.location)
                json.member("name", tag.name)
            }
        }
    }
}
