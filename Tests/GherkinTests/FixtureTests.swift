import Foundation
import Testing

/// Our own fixtures for what the shared sample does not cover (Japanese, a Rule with its
/// Background, CRLF, tabs, escaped delimiters, every error kind, …). Their expected files
/// were produced by the reference implementation with `Fixtures/generate-expected.py`.
@Suite("Gherkin fixtures (reference-generated)")
struct FixtureTests {
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let folder = ReferenceFolder(
        good: root.appendingPathComponent("good"), bad: root.appendingPathComponent("bad")
    )
    static let goodFiles = ReferenceFolder.featureNames(in: folder.good)
    static let badFiles = ReferenceFolder.featureNames(in: folder.bad)

    @Test("the fixture folders are present")
    func foldersArePresent() {
        #expect(Self.goodFiles.count >= 10)
        #expect(Self.badFiles.count >= 10)
    }

    @Test("tokens match the reference", arguments: goodFiles)
    func tokens(name: String) throws { try Self.folder.checkTokens(name) }

    @Test("the AST matches the reference", arguments: goodFiles)
    func ast(name: String) throws { try Self.folder.checkAST(name) }

    @Test("the pickles match the reference", arguments: goodFiles)
    func pickles(name: String) throws { try Self.folder.checkPickles(name) }

    @Test("the source envelope matches the reference", arguments: goodFiles)
    func source(name: String) throws { try Self.folder.checkSource(name) }

    @Test("the errors match the reference", arguments: badFiles)
    func errors(name: String) throws { try Self.folder.checkErrors(name) }
}
