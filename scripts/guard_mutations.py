#!/usr/bin/env python3
"""Shows that each abuse test of issue 41 guards something: for every guard, the guard is switched
off in the source (one small edit that restores the behaviour from before the fix), the tests are
built, the guard's own test is run and must FAIL; then the source is put back. A final run with
every guard in place must pass.

Usage (from the repository root, with a debug build present; takes about 2 minutes a guard):
    python3 scripts/guard_mutations.py [--only NAME]

It edits files under Sources/ and always restores them, also on Ctrl-C. Do not edit those files
while it runs.
"""
import argparse, pathlib, re, subprocess, sys, time

# name, file, the guard as written, the same line without the guard, the test that must fail
MUTATIONS = [
    ("streams per client", "Sources/TesseraServer/Core/Live/LiveUpdates.swift",
     "perClient[client, default: 0] < limits.perClient(client),", "true,",
     "FairShareTests/anAnonymousAddressGetsItsShareOfStreams"),
    ("a teacher's board outside the total", "Sources/TesseraServer/Core/Live/LiveUpdates.swift",
     "board || total < limits.total else {", "total < limits.total else {",
     "FairShareTests/aTeachersBoardIsNeverRefused"),
    ("a stream freed when its client hangs up", "Sources/TesseraServer/Core/Live/LiveUpdates.swift",
     "closed?.whenComplete { _ in continuation.finish() }", "_ = closed",
     "FairShareTests/aStreamsSlotIsFreeAsSoonAsItsClientHangsUp"),
    ("an import charged per stored level", "Sources/TesseraServer/Router/RouterRoutes.swift",
     "try RateLimitCharge.current?.take(levels.count - 1)", "_ = levels",
     "FairShareTests/anImportCostsOneCreationPerStoredLevel"),
    ("an import kept whole under the anonymous cap", "Sources/TesseraStore/Documents/StorageShares.swift",
     "try anonymous.checkRoom(for: Document.table, count: documents.count(where: \\.isAnonymous))", "_ = anonymous",
     "FairShareTests/anImportThatWouldPassTheAnonymousCapStoresNothing"),
    ("an account's storage quota", "Sources/TesseraStore/Documents/StorageShares.swift",
     "guard adding <= quotaBytes - kept else", "guard adding >= 0 || kept >= 0 else",
     "FairShareTests/anAccountsLevelsStopAtItsQuota"),
    ("connections per address", "Sources/TesseraServer/Core/Limits/ConnectionLimits.swift",
     "guard open[client, default: 0] < limit else { return false }", "guard limit > 0 else { return false }",
     "ConnectionLimitTests/oneAddressHoldingManySocketsLeavesTheServerToOthers"),
    ("no-store on private answers", "Sources/TesseraServer/Core/Middleware/PrivateAnswersMiddleware.swift",
     'if Self.isPrivate(request, context.caller) { response.headers[.cacheControl] = "no-store" }',
     "_ = Self.isPrivate(request, context.caller)",
     "ExposureTests/everyAnswerThatDependsOnTheCallerSaysNoStore"),
    ("/metrics from this machine or with the token", "Sources/TesseraServer/Core/Middleware/MetricsAccess.swift",
     "guard !Self.isLoopback(client) else { return }", "if !client.isEmpty { return }",
     "ExposureTests/metricsAnswerThisMachineOrATokenOnly"),
    ("control bytes in a path", "Sources/TesseraServer/Core/Middleware/PathGuardMiddleware.swift",
     "guard !Self.hasControlBytes(request.uri.path) else {", "guard !request.uri.path.isEmpty || true else {",
     "ExposureTests/controlBytesInAPathAre400"),
    ("only the allowed Host names on a wide bind", "Sources/TesseraServer/Core/Middleware/AllowedHosts.swift",
     "restricted = !names.isEmpty || Self.isLoopbackHost(bindHost)", "restricted = Self.isLoopbackHost(bindHost)",
     "SchoolNetworkTests/onAWideBindOnlyTheAllowedNamesAndLoopbackAreServed"),
    ("X-Forwarded-Proto only from a trusted proxy", "Sources/TesseraServer/Core/Middleware/HTTPSMiddleware.swift",
     "guard let peer = peer?.ipAddress.flatMap(RateLimitClients.canonicalAddress), trustedProxies.contains(peer),\n              let proto",
     "guard let proto",
     "SchoolNetworkTests/xForwardedProtoCountsOnlyFromATrustedProxy"),
    ("the origin's query limit as the contract states it", "Sources/TesseraServer/Posts/OriginCatalog.swift",
     "guard key.unicodeScalars.count <= Self.maxCharacters, value.unicodeScalars.count <= Self.maxCharacters else {",
     "guard key.utf8.count <= Self.maxCharacters, value.utf8.count <= Self.maxCharacters else {",
     "PostsOriginTests/badNumbersAreIgnoredAndOversizedQueriesRefused"),
]

TESTS = ".build/debug/TesseraPackageTests.xctest"


def build() -> bool:
    done = subprocess.run(["swift", "build", "--build-tests"], capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
    return done.returncode == 0


def run(test: str) -> tuple[bool, str]:
    """Whether `test` passed, and its first failed expectation (what a reader checks: that the
    test failed for the guard's reason, not another)."""
    done = subprocess.run([TESTS, "--testing-library", "swift-testing", "--filter", test],
                          capture_output=True, text=True, timeout=600)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout + done.stderr)
    first = next((line.split("recorded an issue at ", 1)[1] for line in plain.splitlines() if "recorded an issue at " in line), "")
    return done.returncode == 0, first[:300]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="run only the guard whose name contains this")
    args = parser.parse_args()
    chosen = [m for m in MUTATIONS if not args.only or args.only in m[0]]
    results = []
    for name, path, guard, unguarded, test in chosen:
        file = pathlib.Path(path)
        source = file.read_text()
        if source.count(guard) != 1:
            print(f"✗ {name}: the guard is not written once in {path}; update this script")
            return 2
        started = time.monotonic()
        try:
            file.write_text(source.replace(guard, unguarded))
            built = build()
            passed, why = run(test) if built else (False, "")
            failed = built and not passed
        finally:
            file.write_text(source)
        verdict = "FAILS without the guard" if failed else ("did not build" if not built else "PASSES without the guard")
        results.append((name, test, failed))
        print(f"{'✓' if failed else '✗'} {name}: {test} {verdict} ({time.monotonic() - started:.0f} s)", flush=True)
        if why:
            print(f"    {why}", flush=True)
    if not build():
        print("✗ the restored source does not build")
        return 2
    intact = [(m[0], run(m[4])[0]) for m in chosen]
    for name, passed in intact:
        print(f"{'✓' if passed else '✗'} {name}: passes with the guard in place" if passed else f"✗ {name}: fails with the guard in place")
    ok = all(failed for _, _, failed in results) and all(passed for _, passed in intact)
    print(f"{sum(f for _, _, f in results)} of {len(results)} tests fail without their guard; "
          f"{sum(p for _, p in intact)} of {len(intact)} pass with it")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
