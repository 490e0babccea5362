extension JSONWriter {
    mutating func location(_ location: Location) {
        object { json in
            json.optionalField("column", location.column)
            json.field("line", location.line)
        }
    }

    mutating func document(_ document: GherkinDocument, uri: String) {
        object { json in
            json.key("comments")
            json.array(document.comments) { json, comment in
                json.object { json in
                    json.key("location")
                    json.location(comment.location)
                    json.field("text", comment.text)
                }
            }
            if let feature = document.feature {
                json.key("feature")
                json.feature(feature)
            }
            json.field("uri", uri)
        }
    }

    private mutating func feature(_ feature: Feature) {
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
            json.field("description", feature.description)
            json.field("keyword", feature.keyword)
            json.field("language", feature.language)
            json.key("location")
            json.location(feature.location)
            json.field("name", feature.name)
            json.tags(feature.tags)
        }
    }

    private mutating func rule(_ rule: Rule) {
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
            json.field("description", rule.description)
            json.field("id", rule.id)
            json.field("keyword", rule.keyword)
            json.key("location")
            json.location(rule.location)
            json.field("name", rule.name)
            json.tags(rule.tags)
        }
    }

    private mutating func background(_ background: Background) {
        object { json in
            json.field("description", background.description)
            json.field("id", background.id)
            json.field("keyword", background.keyword)
            json.key("location")
            json.location(background.location)
            json.field("name", background.name)
            json.steps(background.steps)
        }
    }

    private mutating func scenario(_ scenario: Scenario) {
        object { json in
            json.field("description", scenario.description)
            json.key("examples")
            json.array(scenario.examples) { json, examples in json.examples(examples) }
            json.field("id", scenario.id)
            json.field("keyword", scenario.keyword)
            json.key("location")
            json.location(scenario.location)
            json.field("name", scenario.name)
            json.steps(scenario.steps)
            json.tags(scenario.tags)
        }
    }

    private mutating func examples(_ examples: Examples) {
        object { json in
            json.field("description", examples.description)
            json.field("id", examples.id)
            json.field("keyword", examples.keyword)
            json.key("location")
            json.location(examples.location)
            json.field("name", examples.name)
            json.key("tableBody")
            json.array(examples.tableBody) { json, row in json.tableRow(row) }
            if let header = examples.tableHeader {
                json.key("tableHeader")
                json.tableRow(header)
            }
            json.tags(examples.tags)
        }
    }

    private mutating func steps(_ steps: [Step]) {
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
                        json.field("content", docString.content)
                        json.field("delimiter", docString.delimiter)
                        json.key("location")
                        json.location(docString.location)
                        json.optionalField("mediaType", docString.mediaType)
                    }
                }
                json.field("id", step.id)
                json.field("keyword", step.keyword)
                json.optionalField("keywordType", step.keywordType?.rawValue)
                json.key("location")
                json.location(step.location)
                json.field("text", step.text)
            }
        }
    }

    private mutating func tableRow(_ row: TableRow) {
        object { json in
            json.key("cells")
            json.array(row.cells) { json, cell in
                json.object { json in
                    json.key("location")
                    json.location(cell.location)
                    json.field("value", cell.value)
                }
            }
            json.field("id", row.id)
            json.key("location")
            json.location(row.location)
        }
    }

    private mutating func tags(_ tags: [Tag]) {
        key("tags")
        array(tags) { json, tag in
            json.object { json in
                json.field("id", tag.id)
                json.key("location")
                json.location(tag.location)
                json.field("name", tag.name)
            }
        }
    }
}
