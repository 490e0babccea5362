import Foundation
import Gherkin

/// A file (or a folder inside a searched folder) whose bytes could not be read, and why.
public struct UnreadableFile: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// `the file cannot be read (permission denied)`, `the folder cannot be read (…)`.
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Expands the command line's paths into feature files, in a stable order.
public struct FeatureFinder: Sendable {
    /// The working directory relative paths are resolved against.
    public var currentDirectory: String

    /// One file to read, with the lines selected in it (empty: all).
    public struct Selection: Sendable, Equatable {
        /// The path as the user will see it (relative to the working directory when inside it).
        public var path: String
        public var lines: [Int]
        /// Those of `lines` an `@FILE` list named (`FeaturePath.listed`).
        public var listedLines: [Int] = []
    }

    /// Files for `paths`: folders are searched recursively for `*.feature` (sorted by
    /// path); a file named directly is taken whatever its extension. The same file named
    /// twice is read once, with the union of its lines (all lines if either names none).
    /// With them, the files under its folders that look meant as feature files but are not
    /// read (`b.feature.txt`, as an editor saves it; `c.Feature`), found in the same walk: a
    /// test its author thinks exists would otherwise never run, without a word.
    public func search(_ paths: [FeaturePath]) throws(UsageError) -> (files: [Selection], misnamed: [String]) {
        var misnamed: [String] = []
        // The files in the order found, with the lines each selects (none: every line). One
        // file reached two ways (a linked folder, a link to a file) is read once, under the
        // name it was first found by: its position, by its real path.
        var selections: [Selection] = []
        var positions: [String: Int] = [:]
        let fileManager = FileManager.default
        for featurePath in paths {
            let absolute = self.absolute(featurePath.path)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw UsageError(missing(featurePath.path, absolute: absolute))
            }
            let files: [String]
            if isDirectory.boolValue {
                guard featurePath.lines.isEmpty else {
                    throw UsageError("\(featurePath.path): a folder cannot select lines")
                }
                files = try featureFiles(under: featurePath.path, absolute: absolute, misnamed: &misnamed)
            } else {
                guard fileManager.isReadableFile(atPath: absolute) else {
                    throw UsageError("\(featurePath.path): cannot be read (permission denied)")
                }
                files = [display(featurePath.path)]
            }
            for name in files {
                let real = self.real(name)
                let listed = featurePath.listed ? featurePath.lines : []
                guard let position = positions[real] else {
                    positions[real] = selections.count
                    selections.append(Selection(path: name, lines: featurePath.lines, listedLines: listed))
                    continue
                }
                let existing = selections[position].lines
                selections[position].lines =
                    existing.isEmpty || featurePath.lines.isEmpty ? [] : existing + featurePath.lines
                selections[position].listedLines += listed
            }
        }
        let files = selections.map { selection in
            let lines = Array(Set(selection.lines)).sorted()
            return Selection(
                path: selection.path, lines: lines, listedLines: lines.filter(Set(selection.listedLines).contains))
        }
        return (files, Array(Set(misnamed)).sorted())
    }

    /// Why a path that was given is not there: a link that leads nowhere (to nothing, or
    /// round a loop of links), or no such file, with what it may have been meant as.
    private func missing(_ path: String, absolute: String) -> String {
        var status = stat()
        if lstat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) ?? ""
            let loop = stat(absolute, &status) != 0 && errno == ELOOP
            return "\(path): \(loop ? "a link in a loop of links" : "a link to nothing") (it leads to '\(target)')"
        }
        if errno == ENAMETOOLONG { return "\(path): \(Self.tooLong)" }
        return "\(path): no such file or folder" + lineHint(path) + tagHint(path) + caseHint(path) + commandHint(path)
    }

    /// ` (did you mean the command 'spec-run steps'?)` when the missing path is a word
    /// a letter or two from a command's name (`spec-run stpes`); `help` is `--help`.
    private func commandHint(_ path: String) -> String {
        guard !path.contains("/"), !path.contains("."), path.count > 2 else { return "" }
        if ["help", "-help", "usage"].contains(path.lowercased()) { return " (did you mean 'spec-run --help'?)" }
        let word = Array(path.lowercased())
        guard let command = Usage.commands.first(where: { EditDistance.between(word, Array($0), limit: 2) <= 2 }) else {
            return ""
        }
        return " (did you mean the command 'spec-run \(command)'?)"
    }

    /// ` (a tag expression of several words is one argument: …)` when the missing path is
    /// a word of one (`and`, `@wip`, `(`): `--tags @smoke and @fast` without its quotes
    /// leaves `and @fast` as paths.
    private func tagHint(_ path: String) -> String {
        let word = path.lowercased()
        if word.hasPrefix("@"), word.contains(".") || word.contains("/") {
            return " (@FILE runs the paths a file lists, and there is no file '\(path.dropFirst())')"
        }
        guard ["and", "or", "not"].contains(word) || word.hasPrefix("@") || word.hasPrefix("(") || word.hasSuffix(")")
        else { return "" }
        return " (a tag expression of several words is one argument: quote it, --tags '@smoke and @fast')"
    }

    /// ` (there is 'Features')` when the missing path exists in another letter case: a
    /// folder made on a Mac or Windows, where `features` and `Features` are one name.
    private func caseHint(_ path: String) -> String {
        let url = URL(fileURLWithPath: absolute(path))
        let name = url.lastPathComponent.lowercased()
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
            let other = names.first(where: { $0.lowercased() == name })
        else { return "" }
        let shown = path.contains("/") ? String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]) + other : other
        return " (there is '\(shown)': names differ in letter case here)"
    }

    /// ` (a line after ':' is a number: …)` when the missing path is an existing file
    /// followed by something that is no line number (`a.feature:abc`, `a.feature:12:`).
    private func lineHint(_ path: String) -> String {
        guard let colon = path.firstIndex(of: ":"), colon > path.startIndex,
            FileManager.default.fileExists(atPath: absolute(String(path[..<colon])))
        else { return "" }
        return " (the file is '\(path[..<colon])'; what follows ':' must be line numbers, as in '\(path[..<colon]):12')"
    }

    /// Reads one file's bytes, or says why it cannot be read, in QA's words (`permission
    /// denied`, `a link to nothing`, `a folder`, `a named pipe`, above the size limit):
    /// at most `FeatureFileReader.maximumFileSize` bytes, and never from a pipe or a
    /// device, which would keep the run waiting or reading without end.
    public func read(_ path: String) -> Result<[UInt8], UnreadableFile> {
        let absolute = self.absolute(path)
        return FeatureFileReader.readFile(atPath: absolute).mapError { refusal in
            switch refusal {
            case .tooLarge, .notRegularFile(kind: "a named pipe"), .notRegularFile(kind: "a device"),
                .notRegularFile(kind: "a socket"):
                UnreadableFile(path: path, reason: Self.notRead(refusal))
            default: UnreadableFile(path: path, reason: Self.whyUnreadable(absolute))
            }
        }
    }

    /// What a run and the editor say of a file refused before it is read.
    static func notRead(_ refusal: FeatureFileReader.ReadRefusal) -> String { "the file is not read (\(refusal))" }

    /// A path the system refuses to open: a folder nested deeper than its path limit.
    static let tooLong = "the path is longer than the system allows (\(PATH_MAX) bytes): move it nearer the top"

    /// Why `absolute` gives no bytes: what `stat` and `access` say about it.
    static func whyUnreadable(_ absolute: String) -> String {
        var status = stat()
        if lstat(absolute, &status) != 0 {
            return errno == ENAMETOOLONG ? tooLong : "the file cannot be read (it is no longer there)"
        }
        if status.st_mode & S_IFMT == S_IFLNK, stat(absolute, &status) != 0 {
            return "the file cannot be read (\(errno == ELOOP ? "a link in a loop of links" : "a link to nothing"))"
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            // A folder inside a searched one that could not be listed, or a link named
            // `*.feature` to a folder.
            return access(absolute, R_OK | X_OK) != 0
                ? "the folder cannot be read (permission denied)" : "it is a folder, not a feature file"
        }
        if access(absolute, R_OK) != 0 { return "the file cannot be read (permission denied)" }
        return "the file cannot be read (not a regular file)"
    }

    /// The `*.feature` files under a folder (through links to files and to folders, each
    /// folder searched once however many links lead to it, so a loop of links ends),
    /// sorted by path. A folder inside that cannot be listed is returned too, as a file:
    /// reading it then fails and the run reports it with the reason, and goes on. Hidden
    /// files and folders (`.git/`, an editor's `.#cart.feature`) are not searched, as a
    /// shell's `features/**/*.feature` does not; named on the command line, they run.
    private func featureFiles(
        under path: String, absolute: String, misnamed: inout [String]
    ) throws(UsageError) -> [String] {
        let fileManager = FileManager.default
        guard let top = try? fileManager.contentsOfDirectory(atPath: absolute) else {
            let why = access(absolute, R_OK | X_OK) != 0 ? "permission denied" : "it cannot be listed"
            throw UsageError("\(path): the folder cannot be read (\(why))")
        }
        var found: [String] = []
        // Each folder searched, by device and inode (a path may be too long to resolve).
        var folder = stat()
        var searched: Set<[UInt64]> =
            stat(absolute, &folder) == 0 ? [[UInt64(folder.st_dev), UInt64(folder.st_ino)]] : []
        var pending = top.filter { !$0.hasPrefix(".") }.map { (relative: $0, absolute: join(absolute, $0)) }
        while let entry = pending.popLast() {
            var status = stat()
            guard lstat(entry.absolute, &status) == 0 else {
                // Listed, so there: too deep to open, it is reported, not left out.
                if errno == ENAMETOOLONG { found.append(display(join(path, entry.relative))) }
                continue
            }
            // A link to a folder is searched as the folder; each folder once.
            if status.st_mode & S_IFMT == S_IFLNK { _ = stat(entry.absolute, &status) }
            if status.st_mode & S_IFMT == S_IFDIR {
                guard searched.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { continue }
                guard let names = try? fileManager.contentsOfDirectory(atPath: entry.absolute) else {
                    found.append(display(join(path, entry.relative)))
                    continue
                }
                pending += names.filter { !$0.hasPrefix(".") }.map {
                    (join(entry.relative, $0), join(entry.absolute, $0))
                }
            } else if entry.relative.hasSuffix(".feature") {
                found.append(display(join(path, entry.relative)))
            } else if [".feature", ".feature.txt", ".feature.md"].contains(where: entry.relative.lowercased().hasSuffix)
            {
                misnamed.append(display(join(path, entry.relative)))
            }
        }
        return found.sorted()
    }

    private func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// The file's path with every link resolved, or the path as given when it cannot be.
    private func real(_ path: String) -> String {
        guard let resolved = realpath(absolute(path), nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : join(currentDirectory, path)
    }

    /// `./features/a.feature` → `features/a.feature`, `f/./a.feature` and `f/../f/a.feature`
    /// → `f/a.feature` (so that one file named two ways is read once, as Cucumber resolves
    /// paths before comparing them); absolute paths inside the working directory become
    /// relative to it.
    private func display(_ path: String) -> String {
        var result = RelativePath.normalized(path)
        let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        if result.hasPrefix(base) { result.removeFirst(base.count) }
        return result
    }
}
