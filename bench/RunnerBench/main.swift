import Foundation
import SpecRunner

/// The runner with a no-op step library: one catch-all regular-expression step, so a
/// benchmark measures parsing, matching, running and reporting — not the steps.
/// Same command line as `spec-run` (see bench/runner/README.md).
///
/// It takes every text but the corpus's description prose (`gen_corpus.py`'s
/// `DESCRIPTIONS`: `As a cashier`, …): a description line whose words after its first are
/// a step of the library is planned as a lost step (`As` for `And`, docs/runner.md), so a
/// step that took the prose too would make those scenarios undefined.
func noOpRegistry() -> StepRegistry {
    var registry = StepRegistry()
    let prose = [
        "a cashier", "want the register to do the arithmetic", "customers are charged correctly",
        "exclude the consumption tax\\.", "common edge cases\\.", "manual, chapter 4\\.", "担当者として", "レジに任せたい",
        "請求するために", "消費税抜きである。", "異常系を扱う。", "第4章を参照。",
    ]
    registry.step(regex: "^(?!.*(?:\(prose.joined(separator: "|")))$).*", group: "bench") { _ in }
    return registry
}

exit(SpecRun.main(arguments: Array(CommandLine.arguments.dropFirst()), registry: noOpRegistry))
