/// Writes Cucumber Messages envelopes (`source`, `gherkinDocument`, `pickle`,
/// `parseError`) as NDJSON: one compact JSON object per line.
public enum MessageEncoder {
    /// The media type of plain Gherkin sources.
    public static let gherkinMediaType = "text/x.cucumber.gherkin+plain"

    /// The envelopes of one parsed file, in the reference's order: the source, then either
    /// the document and its pickles or the parse errors.
    public static func envelopes(
        for file: ParsedFeatureFile, includeSource: Bool = true, includeDocument: Bool = true,
        includePickles: Bool = true
    ) -> [UInt8] {
        let source = file.source  // built on each read: read once
        var json = JSONWriter(reservingCapacity: (source?.utf8.count ?? 0) * 6 + 256)
        if includeSource, let source {
            json.object { json in
                json.key("source")
                json.object { json in
                    json.field("data", source)
                    json.field("mediaType", gherkinMediaType)
                    json.field("uri", file.uri)
                }
            }
            json.newline()
        }
        if file.errors.isEmpty {
            if includeDocument, let document = file.document {
                json.object { json in
                    json.key("gherkinDocument")
                    json.document(document, uri: file.uri)
                }
                json.newline()
            }
            if includePickles {
                for pickle in file.pickles {
                    json.object { json in
                        json.key("pickle")
                        json.pickle(pickle)
                    }
                    json.newline()
                }
            }
        }
        for error in file.errors {
            json.object { json in
                json.key("parseError")
                json.object { json in
                    json.field("message", error.message)
                    json.key("source")
                    json.object { json in
                        json.key("location")
                        json.location(error.location)
                        json.field("uri", error.uri)
                    }
                }
            }
            json.newline()
        }
        return json.bytes
    }
}

extension JSONWriter {
    mutating func pickle(_ pickle: Pickle) {
        object { json in
            json.key("astNodeIds")
            json.array(pickle.astNodeIds) { json, id in json.string(id) }
            json.field("id", pickle.id)
            json.field("language", pickle.language)
            json.key("location")
            json.location(pickle.location)
            json.field("name", pickle.name)
            json.key("steps")
            json.array(pickle.steps) { json, step in json.pickleStep(step) }
            json.key("tags")
            json.array(pickle.tags) { json, tag in
                json.object { json in
                    json.field("astNodeId", tag.astNodeId)
                    json.field("name", tag.name)
                }
            }
            json.field("uri", pickle.uri)
        }
    }

    private mutating func pickleStep(_ step: PickleStep) {
        object { json in
            if step.docString != nil || step.dataTable != nil {
                json.key("argument")
                json.object { json in
                    if let table = step.dataTable {
                        json.key("dataTable")
                        json.object { json in
                            json.optionalField("argumentIndex", table.argumentIndex)
                            json.key("rows")
                            json.array(table.rows) { json, row in
                                json.object { json in
                                    json.key("cells")
                                    json.array(row.cells) { json, cell in
                                        json.object { json in json.field("value", cell.value) }
                                    }
                                }
                            }
                        }
                    }
                    if let docString = step.docString {
                        json.key("docString")
                        json.object { json in
                            json.optionalField("argumentIndex", docString.argumentIndex)
                            json.field("content", docString.content)
                            json.optionalField("mediaType", docString.mediaType)
                        }
                    }
                }
            }
            json.key("astNodeIds")
            json.array(step.astNodeIds) { json, id in json.string(id) }
            json.field("id", step.id)
            json.field("text", step.text)
            json.optionalField("type", step.type?.rawValue)
        }
    }
}
