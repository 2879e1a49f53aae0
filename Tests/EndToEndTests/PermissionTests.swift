import Foundation
import TestSupport
import Testing

/// Issue #25, findings 4 and 8: nobody but the user gets in. The other user is uid 65534
/// (`nobody`), reached with util-linux's `setpriv` and Perl's core `Socket` module (both in
/// every Debian system) since the tests run as root on CI.
@Suite(.serialized) struct PermissionTests {
  static let other: UInt32 = 65534
  static let library = TestSupport.product("libWishes.so").path

  /// `arguments` run as the other user.
  static func asOtherUser(_ arguments: [String]) -> [String] {
    ["--reuid=\(other)", "--regid=\(other)", "--clear-groups", "--"] + arguments
  }

  static func startHost(_ sink: String, environment: [String: String]) throws -> LiveProcess {
    let host = try LiveProcess(
      Products.widgetHost,
      ["run", library, "--family", "systemMedium", "--format", "json", "--sink", sink],
      environment: environment)
    #expect(
      host.waitFor(timeout: 30) { $0.contains { $0.contains(#""source":"timeline""#) } },
      "\(host.errors)")
    return host
  }

  @Test func theDefaultSocketFolderMustBeTheUsersWithMode700() throws {
    #expect(getuid() == 0, "these tests change owners: they run as root, like CI")
    var environment = Products.environment
    let runtime = TestSupport.shortTemporaryPath("wh-perm")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    environment["XDG_RUNTIME_DIR"] = runtime
    let folder = runtime + "/widget-host"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)

    // Another user made the folder first, as in /tmp/widget-host-$UID.
    chown(folder, Self.other, Self.other)
    chmod(folder, 0o700)
    let taken = try TestSupport.run(
      Products.widgetHost.path, ["run", Self.library, "--once", "--sink", "socket"],
      environment: environment)
    #expect(taken.status == 1)
    #expect(
      taken.errors.contains(
        "refusing to listen in \(folder): it belongs to uid 65534, not to you (uid 0)"),
      "\(taken.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/widget-host.sock"))

    chown(folder, 0, 0)
    chmod(folder, 0o755)
    let open = try TestSupport.run(
      Products.widgetHost.path, ["run", Self.library, "--once", "--sink", "socket"],
      environment: environment)
    #expect(open.status == 1)
    #expect(
      open.errors.contains(
        "refusing to listen in \(folder): its mode is 755, not 700 (chmod 700 it, or remove it)"),
      "\(open.errors)")

    // A folder the host creates itself is 0700.
    try FileManager.default.removeItem(atPath: folder)
    let created = try TestSupport.run(
      Products.widgetHost.path, ["run", Self.library, "--once", "--sink", "socket"],
      environment: environment)
    #expect(created.status == 0, "\(created.errors)")
    let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    #expect(mode == 0o700)

    // socket:PATH in a folder others may write to, without the sticky bit, is refused too.
    let shared = runtime + "/shared"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    chmod(shared, 0o777)
    let loose = try TestSupport.run(
      Products.widgetHost.path,
      ["run", Self.library, "--once", "--sink", "socket:\(shared)/h.sock"],
      environment: environment)
    #expect(loose.status == 1)
    #expect(
      loose.errors.contains(
        "refusing to listen in \(shared): others may write in it (mode 777, not sticky)"),
      "\(loose.errors)")
  }

  @Test func theHostTalksOnlyToItsOwnUser() throws {
    let folder = TestSupport.shortTemporaryPath("wh-peer")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o1777)
    let path = folder + "/h.sock"
    let host = try Self.startHost("socket:\(path)", environment: Products.environment)
    defer { host.interrupt() }
    // Even with the socket file opened to everyone, the other user's connection is closed
    // before it is read: the kernel's peer credentials, not the file's mode, decide.
    chmod(path, 0o666)
    let perl = """
      use Socket; $SIG{PIPE} = "IGNORE"; socket(my $s, PF_UNIX, SOCK_STREAM, 0) or die "socket: $!";
      connect($s, pack_sockaddr_un($ARGV[0])) or die "connect: $!";
      syswrite($s, qq({"id":1,"request":"list"}\\n)); my $line = <$s>;
      print defined $line ? "reply: $line" : "closed\\n";
      """
    let intruder = try TestSupport.run(
      "/usr/bin/setpriv", Self.asOtherUser(["/usr/bin/perl", "-e", perl, path]))
    #expect(intruder.status == 0, "\(intruder.errors)")
    #expect(intruder.output == "closed\n", "the other user got: \(intruder.output)")
    #expect(
      host.waitForErrors(timeout: 5) {
        $0.contains(
          "widget-host: warning: refused a connection from another user (uid 65534) on \(path)")
      }, "\(host.errors)")
    let owner = try TestSupport.run("/usr/bin/perl", ["-e", perl, path])
    #expect(owner.output.hasPrefix("reply: "), "\(owner.output) \(owner.errors)")
  }

  @Test func clientsRefuseAHostOfAnotherUser() throws {
    // The other user listens where the user's client looks (a socket it swapped in).
    let folder = TestSupport.shortTemporaryPath("wh-fake")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o1777)
    let path = folder + "/h.sock"
    let perl = """
      use Socket; socket(my $s, PF_UNIX, SOCK_STREAM, 0) or die "socket: $!";
      bind($s, pack_sockaddr_un($ARGV[0])) or die "bind: $!"; chmod 0666, $ARGV[0];
      listen($s, 5) or die "listen: $!"; print "ready\\n"; $| = 1;
      while (accept(my $c, $s)) { syswrite($c, qq({"id":1,"result":{}}\\n)); }
      """
    let impostor = try LiveProcess(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      Self.asOtherUser(["/usr/bin/perl", "-e", perl, path]))
    defer { impostor.interrupt(SIGKILL) }
    #expect(impostor.waitFor(timeout: 10) { $0.contains("ready") }, "\(impostor.errors)")
    let reload = try TestSupport.run(
      Products.widgetHost.path, ["reload", "--socket", path], environment: Products.environment)
    #expect(reload.status == 1)
    #expect(
      reload.errors
        == "widget-host: \(path) is served by another user (uid 65534), not by yours (uid 0): "
        + "refused\n", "\(reload.errors)")
  }

  @Test func newStateIsPrivate() throws {
    let state = TestSupport.temporaryDirectory("private").appendingPathComponent("new/state").path
    // In worker mode, which makes the bundle's container too.
    let run = try Products.runInWorkers(["run", Self.library, "--once", "--state-dir", state])
    #expect(run.status == 0, "\(run.errors)")
    let manager = FileManager.default
    for folder in [state, (state as NSString).deletingLastPathComponent] {
      #expect(
        try manager.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700,
        "\(folder)")
    }
    // What the host made. Below a container's own folders are the bundle's files (its HOME's
    // caches), whose modes are the bundle's: the 0700 container keeps them private.
    let files = try manager.subpathsOfDirectory(atPath: state).filter {
      !$0.hasPrefix("containers/") || $0.split(separator: "/").count <= 3
    }
    #expect(files.contains("state.sqlite3"))
    #expect(files.contains("containers/libWishes.so"))
    for file in files {
      let attributes = try manager.attributesOfItem(atPath: state + "/" + file)
      let mode = attributes[.posixPermissions] as? Int ?? -1
      let expected = attributes[.type] as? FileAttributeType == .typeDirectory ? 0o700 : 0o600
      #expect(mode == expected, "\(file) has mode \(String(mode, radix: 8))")
    }
  }
}
