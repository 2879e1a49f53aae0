/// The exit statuses of `widget-host`, documented in docs/cli.md.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Success (for `run` without `--once`: stopped by SIGINT or SIGTERM).
  case success = 0
  /// An unexpected failure (a bug in widget-host, or an I/O error).
  case failure = 1
  /// The command line is wrong: unknown command or option, missing or bad value.
  case usage = 2
  /// A bundle is invalid: manifest, library, ABI, manifest/library disagreement, duplicate kind,
  /// or a `--kind`/`--family` selection that matches nothing.
  case bundle = 3
  /// `run --once`: at least one instance got no timeline (it showed its placeholder or nothing).
  case providerFailed = 4
  /// `validate`: at least one conformance check failed.
  case validationFailed = 5
}
