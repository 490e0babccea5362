import Foundation
import TestSupport
import Testing

/// Walks Cucumber's conformance data in `../shared/testdata/gherkin` and checks every file's
/// tokens, AST, pickles, source and errors against the reference's expected output.
@Suite("Gherkin conformance (shared testdata)")
struct ConformanceTests {
    static let folder = ReferenceFolder(
        good: SharedTestdata.url("testdata/gherkin/good"), bad: SharedTestdata.url("testdata/gherkin/bad")
    )
    static let goodFiles = ReferenceFolder.featureNames(in: folder.good)
    static let badFiles = ReferenceFolder.featureNames(in: folder.bad)

    @Test("the conformance folders are present and not empty", .requires(.sharedFolder))
    func foldersArePresent() {
        #expect(Self.goodFiles.count > 30)
        #expect(Self.badFiles.count > 5)
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
