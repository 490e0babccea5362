import Foundation
import TestSupport
import Testing

/// A real editor: headless Neovim opens a feature file with mistakes through its built-in
/// LSP client, waits for the diagnostics, asks for completion, and writes what it
/// received to a file this test reads.
@Suite("spec-run lsp in Neovim (headless)")
struct NeovimTests {
    /// Neovim's side: start `spec-run lsp` for the buffer (`vim.lsp.start`, or its older
    /// form on Neovim 0.7), wait up to 15 s for diagnostics, complete on the last line.
    static let script = """
        local out = os.getenv('LSP_OUT')
        vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('FEATURE')))
        local buf = vim.api.nvim_get_current_buf()
        local config = { name = 'spec-run', cmd = { os.getenv('SPEC_RUN'), 'lsp' }, root_dir = vim.fn.getcwd() }
        if vim.lsp.start then
          vim.lsp.start(config)
        else
          vim.lsp.buf_attach_client(buf, vim.lsp.start_client(config))
        end
        local lines = {}
        local arrived = vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
        table.insert(lines, 'arrived ' .. tostring(arrived))
        for _, d in ipairs(vim.diagnostic.get(buf)) do
          local message = d.message:gsub('\\n', ' | ')
          table.insert(lines, string.format('diagnostic %d:%d-%d:%d %s', d.lnum, d.col, d.end_lnum, d.end_col, message))
        end
        local last = vim.api.nvim_buf_line_count(buf) - 1
        local text = vim.api.nvim_buf_get_lines(buf, last, last + 1, false)[1]
        local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = last, character = #text } }
        local responses = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, 10000) or {}
        for _, response in pairs(responses) do
          local result = response.result or {}
          for _, item in ipairs(result.items or result) do
            table.insert(lines, 'completion ' .. item.label)
          end
        end
        vim.fn.writefile(lines, out)
        vim.cmd('qa!')
        """

    @Test("Neovim receives the diagnostics, in its byte columns, and the step completions", .requires(.neovim))
    func neovim() async throws {
        let folder = try BuiltBinary.temporaryDirectory("lsp-neovim")
        let feature = folder.appendingPathComponent("cart.feature")
        try
            ("""
        # language: ja
        機能: カート
          シナリオ: 追加
            もし カートに「ラテ」を追加すろ
        """ + "\n    ならば ").write(to: feature, atomically: true, encoding: .utf8)
        let initFile = folder.appendingPathComponent("init.lua")
        try Self.script.write(to: initFile, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("received.txt")
        let editor = try Child(
            "/bin/sh", ["-c", "exec nvim --headless -n -i NONE -u \"$INIT\""],
            environment: [
                "INIT": initFile.path, "FEATURE": feature.path, "LSP_OUT": out.path, "SPEC_RUN": BuiltBinary.path,
                "XDG_STATE_HOME": folder.path, "XDG_DATA_HOME": folder.path,
            ],
            currentDirectory: folder, stdin: .null, stdout: .null, stderr: .null)
        // On a thread of its own: the editor's session takes seconds, which a pool thread
        // would spend waiting.
        let ending = try await offPool { editor.wait(within: .seconds(60)) }
        if ending == nil { editor.signal(SIGKILL) }
        #expect(ending?.status == 0, "Neovim did not end within 60 s, or failed: \(String(describing: ending))")
        let received = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(received.first == "arrived true", "\(received)")
        // Neovim's columns are bytes: 4 spaces, then `もし カートに「ラテ」を追加すろ` (3 × 15 + 1).
        let diagnostic = received.first { $0.hasPrefix("diagnostic 3:") }
        #expect(diagnostic?.hasPrefix("diagnostic 3:4-3:50 未定義のステップ: カートに「ラテ」を追加すろ | もしかして:") == true, "\(received)")
        #expect(received.contains("completion カートに{string}を追加する"), "\(received)")
        #expect(!received.contains("completion I add {string} to the cart"), "\(received)")
    }
}
