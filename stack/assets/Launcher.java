// Launcher runs Neo4j Community embedded with a Bolt connector on loopback for
// the persistmemory local stack (package stack). Usage:
//
//   java -cp '<lib>/*' Launcher <home> <port> <password|-> [<ready-file>]
//
// It loads <home>/neo4j.conf if present, listens for Bolt on 127.0.0.1:<port>,
// sets the neo4j user's password when auth is on (password != "-"), runs
// RETURN 1, prints a ready line, writes its pid to <ready-file> atomically,
// and then waits until the JVM is told to stop (SIGTERM runs the shutdown hook).
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;

public class Launcher {
  public static void main(String[] args) {
    try {
      run(args);
    } catch (Throwable t) {
      // Neo4j's threads would keep the JVM alive: exit so the stack sees the failure.
      t.printStackTrace();
      System.exit(1);
    }
  }

  static void run(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: Launcher <home> <port> <password|-> [<ready-file>]");
      System.exit(2);
    }
    Path home = Paths.get(args[0]).toAbsolutePath();
    int port = Integer.parseInt(args[1]);
    String pw = args[2];
    boolean auth = !pw.equals("-");
    Path ready = args.length > 3 ? Paths.get(args[3]).toAbsolutePath() : null;
    if (ready != null) Files.deleteIfExists(ready);

    DatabaseManagementServiceBuilder b = new DatabaseManagementServiceBuilder(home);
    Path conf = home.resolve("neo4j.conf");
    if (Files.exists(conf)) b.loadPropertiesFromFile(conf);
    b.setConfig(BoltConnector.enabled, true)
     .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
     .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
     .setConfig(GraphDatabaseSettings.auth_enabled, auth);
    DatabaseManagementService dbms = b.build();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.println("persistmemory-neo4j stopping");
      System.out.flush();
      dbms.shutdown();
    }));
    if (auth) {
      setPassword(dbms.database("system"), home.resolve("persistmemory-password.sha256"), pw);
    }
    GraphDatabaseService db = dbms.database("neo4j");
    db.executeTransactionally("RETURN 1");
    System.out.println("persistmemory-neo4j ready bolt://127.0.0.1:" + port);
    System.out.flush();
    if (ready != null) {
      Path tmp = ready.resolveSibling(ready.getFileName() + ".tmp");
      Files.write(tmp, (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII));
      Files.move(tmp, ready, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
    Thread.currentThread().join();
  }

  // setPassword gives the neo4j user the password pw, once: on a fresh
  // database (the initial password must change) or when pw differs from the
  // one this launcher set last (recorded as a SHA-256 in stamp). ALTER USER
  // with an unchanged password fails, so a restart must not repeat it.
  static void setPassword(GraphDatabaseService sys, Path stamp, String pw) throws Exception {
    String want = sha256(pw);
    String have = Files.exists(stamp) ? Files.readString(stamp, StandardCharsets.US_ASCII).trim() : null;
    boolean changeRequired = sys.executeTransactionally(
        "SHOW USERS YIELD user, passwordChangeRequired WHERE user = 'neo4j' RETURN passwordChangeRequired",
        Map.of(), r -> r.hasNext() && Boolean.TRUE.equals(r.next().get("passwordChangeRequired")));
    if (!changeRequired && (have == null || have.equals(want))) {
      return;
    }
    sys.executeTransactionally("ALTER USER neo4j SET PASSWORD $pw CHANGE NOT REQUIRED", Map.of("pw", pw));
    Path tmp = stamp.resolveSibling(stamp.getFileName() + ".tmp");
    Files.writeString(tmp, want + "\n", StandardCharsets.US_ASCII);
    Files.move(tmp, stamp, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  static String sha256(String s) throws Exception {
    byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    StringBuilder b = new StringBuilder();
    for (byte x : d) b.append(String.format("%02x", x));
    return b.toString();
  }
}
