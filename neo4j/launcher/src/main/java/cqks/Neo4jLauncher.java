package cqks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Starts a Neo4j Community server in this JVM with Bolt on 127.0.0.1 (the port the OS picks, or
 * NEO4J_PORT), data under the directory given as the first argument, authentication off (it
 * listens on loopback only, for development and tests). Prints one line `NEO4J_READY bolt://…`
 * once it answers, then runs until Ctrl-C / SIGTERM or until its standard input ends (the
 * process that started it is gone), and shuts the database down cleanly either way.
 */
public final class Neo4jLauncher {
  private Neo4jLauncher() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: Neo4jLauncher <data directory>");
      System.exit(2);
    }
    Path home = Path.of(args[0]).toAbsolutePath();
    Files.createDirectories(home);
    int port = Integer.parseInt(System.getenv().getOrDefault("NEO4J_PORT", "0"));
    long txMemoryMb = Long.parseLong(System.getenv().getOrDefault("NEO4J_TRANSACTION_MEMORY_MB", "512"));

    DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
        .setConfig(BoltConnector.enabled, true)
        .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
        .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
        .setConfig(GraphDatabaseSettings.auth_enabled, false)
        // What one query may take: beyond it Neo4j refuses the transaction (the service answers 422).
        .setConfig(GraphDatabaseSettings.memory_transaction_max_size, ByteUnit.mebiBytes(txMemoryMb))
        .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(5))
        .build();
    Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown, "neo4j-shutdown"));

    GraphDatabaseAPI db = (GraphDatabaseAPI) dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
    int bolt = db.getDependencyResolver().resolveDependency(ConnectorPortRegister.class).getLocalAddress(ConnectorType.BOLT).getPort();
    System.out.println("NEO4J_READY bolt://127.0.0.1:" + bolt);
    System.out.flush();

    // Standard input ending means whoever started us is gone: stop with it.
    while (System.in.read() != -1) {
      // ignore what is typed
    }
    System.exit(0);
  }
}
