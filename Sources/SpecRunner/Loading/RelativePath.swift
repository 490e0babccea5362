/// A path relative to a folder, with `..` where it lies outside: the report's `file`
/// property is "relative to the working directory" (runner.md) even for a file the
/// command line named by an absolute path elsewhere (`/tmp/a.feature` from `/work/x` is
/// `../../tmp/a.feature`).
enum RelativePath {
    /// `path` relative to the absolute `directory`; a relative `path` (already relative to
    /// it) is returned as it is, and so is an absolute one when `directory` is not absolute.
    static func of(_ path: String, from directory: String) -> String {
        guard path.hasPrefix("/"), directory.hasPrefix("/") else { return path }
        let target = components(path)
        let base = components(directory)
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let ups = Array(repeating: Substring(".."), count: base.count - common)
        let relative = ups + target[common...]
        return relative.isEmpty ? "." : relative.joined(separator: "/")
    }

    /// The names along an absolute path, without empty ones and `.`; `..` goes up.
    private static func components(_ path: String) -> [Substring] {
        var names: [Substring] = []
        for name in path.split(separator: "/") where name != "." {
            if name == ".." {
                _ = names.popLast()
            } else {
                names.append(name)
            }
        }
        return names
    }
}
