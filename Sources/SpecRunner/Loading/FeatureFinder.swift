import Foundation

/// Expands the command line's paths into feature files, in a stable order.
public struct FeatureFinder: Sendable {
    /// The working directory relative paths are resolved against.
    public var currentDirectory: String

    public init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// One file to read, with the lines selected in it (empty: all).
    public struct Selection: Sendable, Equatable {
        /// The path as the user will see it (relative to the working directory when inside it).
        public var path: String
        public var lines: [Int]
    }

    /// Files for `paths`: folders are searched recursively for `*.feature` (sorted by
    /// path); a file named directly is taken whatever its extension. The same file named
    /// twice is read once, with the union of its lines (all lines if either names none).
    public func find(_ paths: [FeaturePath]) throws(UsageError) -> [Selection] {
        var order: [String] = []
        var lines: [String: [Int]?] = [:]
        let fileManager = FileManager.default
        for featurePath in paths {
            let absolute = self.absolute(featurePath.path)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw UsageError("\(featurePath.path): no such file or folder")
            }
            let files: [String]
            if isDirectory.boolValue {
                guard featurePath.lines.isEmpty else {
                    throw UsageError("\(featurePath.path): a folder cannot select lines")
                }
                files = try featureFiles(under: featurePath.path, absolute: absolute)
            } else {
                guard fileManager.isReadableFile(atPath: absolute) else {
                    throw UsageError("\(featurePath.path): cannot be read (permission denied)")
                }
                files = [display(featurePath.path)]
            }
            for file in files {
                if let existing = lines[file] {
                    if let existingLines = existing, !featurePath.lines.isEmpty {
                        lines[file] = .some(existingLines + featurePath.lines)
                    } else {
                        lines[file] = .some(nil)
                    }
                } else {
                    order.append(file)
                    lines[file] = .some(featurePath.lines.isEmpty ? nil : featurePath.lines)
                }
            }
        }
        return order.map { file in
            let selected = (lines[file] ?? nil) ?? []
            return Selection(path: file, lines: Array(Set(selected)).sorted())
        }
    }

    /// Reads one file's bytes; nil when it vanished or cannot be read.
    public func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: absolute(path)) else { return nil }
        return [UInt8](data)
    }

    private func featureFiles(under path: String, absolute: String) throws(UsageError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: absolute) else {
            throw UsageError("\(path): cannot be read")
        }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".feature") {
                found.append(display(join(path, relative)))
            }
        }
        return found.sorted()
    }

    private func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : join(currentDirectory, path)
    }

    /// `./features/a.feature` → `features/a.feature`; absolute paths inside the working
    /// directory become relative to it.
    private func display(_ path: String) -> String {
        var result = path
        while result.hasPrefix("./") { result.removeFirst(2) }
        let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        if result.hasPrefix(base) { result.removeFirst(base.count) }
        return result
    }
}
