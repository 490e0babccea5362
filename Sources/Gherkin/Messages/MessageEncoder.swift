import Wire

/// Writes Cucumber Messages envelopes (`source`, `gherkinDocument`, `pickle`,
/// `parseError`) as NDJSON: one compact JSON object per line.
public enum MessageEncoder {
    /// The media type of plain Gherkin sources.
    public static let gherkinMediaType = "text/x.cucumber.gherkin+plain"

    /// The envelopes of one parsed file, in the reference's order: the source, then either
    /// the document and its pickles or the parse errors; each envelope on its own line.
    public static func write(
        _ file: ParsedFeatureFile, into json: inout JSONWriter, includeSource: Bool = true,
        includeDocument: Bool = true, includePickles: Bool = true
    ) {
        if includeSource, let source = file.source {  // `source` is built on each read
            json.object { json in
                json.key("source")
                json.object { json in
                    json.member("data", source)
                    json.member("mediaType", gherkinMediaType)
                    json.member("uri", file.uri)
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
            writeParseError(error.message, uri: error.uri, at: error.location, into: &json)
        }
    }

    /// One `parseError` envelope: `message` about the file `uri`, at `location` when it is
    /// about a place in it.
    public static func writeParseError(
        _ message: String, uri: String, at location: Location?, into json: inout JSONWriter
    ) {
        json.object { json in
            json.key("parseError")
            json.object { json in
                json.member("message", message)
                json.key("source")
                json.object { json in
                    if let location {
                        json.key("location")
                        json.location(location)
                    }
                    json.member("uri", uri)
                }
            }
        }
        json.newline()
    }

    /// The envelopes of one parsed file as NDJSON bytes (see `write(_:into:...)`).
    public static func envelopes(
        for file: ParsedFeatureFile, includeSource: Bool = true, includeDocument: Bool = true,
        includePickles: Bool = true
    ) -> [UInt8] {
        var json = JSONWriter(capacity: 1 << 16)
        write(
            file, into: &json, includeSource: includeSource, includeDocument: includeDocument,
            includePickles: includePickles
        )
        return json.bytes
    }
}

extension JSONWriter {
    mutating func pickle(_ pickle: Pickle) {
        object { json in
            json.key("astNodeIds")
            json.array(pickle.astNodeIds) { json, id in json.string(id) }
            json.member("id", pickle.id)
            json.member("language", pickle.language)
            json.key("location")
            json.location(pickle.location)
            json.member("name", pickle.name)
            json.key("steps")
            json.array(pickle.steps) { json, step in json.pickleStep(step) }
            json.key("tags")
            json.array(pickle.tags) { json, tag in
                json.object { json in
                    json.member("astNodeId", tag.astNodeId)
                    json.member("name", tag.name)
                }
            }
            json.member("uri", pickle.uri)
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
                            json.member("argumentIndex", ifPresent: table.argumentIndex)
                            json.key("rows")
                            json.array(table.rows) { json, row in
                                json.object { json in
                                    json.key("cells")
                                    json.array(row.cells) { json, cell in
                                        json.object { json in json.member("value", cell.value) }
                                    }
                                }
                            }
                        }
                    }
                    if let docString = step.docString {
                        json.key("docString")
                        json.object { json in
                            json.member("argumentIndex", ifPresent: docString.argumentIndex)
                            json.member("content", docString.content)
                            json.member("mediaType", ifPresent: docString.mediaType)
                        }
                    }
                }
            }
            json.key("astNodeIds")
            json.array(step.astNodeIds) { json, id in json.string(id) }
            json.member("id", step.id)
            json.member("text", step.text)
            json.member("type", ifPresent: step.type?.rawValue)
        }
    }
}
