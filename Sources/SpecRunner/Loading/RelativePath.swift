/// A path relative to a folder, with `..` where it lies outside: the report's `file`
/// property is "relative to the working directory" (runner.md) even for a file the
/// command line named by an absolute path elsewhere (`/tmp/a.feature` from `/work/x` is
/// `../../tmp/a.feature`).
enum RelativePath {
    /// `path` relative to the absolute `directory`, where a relative `path` is taken from
    /// `directory`: `features/a.feature`, `./features/a.feature`,
    /// `features/../features/a.feature` and `/abs/dir/features/a.feature` all give
    /// `features/a.feature`. With a `directory` that is not absolute, `path` normalized.
    static func of(_ path: String, from directory: String) -> String {
        guard directory.hasPrefix("/") else { return normalized(path) }
        // The names along each absolute path, without empty ones and `.`; `..` goes up.
        let target = normalized(path.hasPrefix("/") ? path : directory + "/" + path).split(separator: "/")
        let base = normalized(directory).split(separator: "/")
        let common = zip(target, base).prefix { $0 == $1 }.count
        let ups = Array(repeating: Substring(".."), count: base.count - common)
        let relative = ups + target[common...]
        return relative.isEmpty ? "." : relative.joined(separator: "/")
    }

    /// `path` without `.` components, empty ones, and a `..` after a name (they cancel;
    /// above the root of an absolute path it stays at the root): `f/./a.feature` and
    /// `f/../f/a.feature` are `f/a.feature`, `../x` stays.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part != ".." {
                parts.append(part)
            } else if let last = parts.last, last != ".." {
                parts.removeLast()
            } else if !path.hasPrefix("/") {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
