/// MapLibre Native's offline database schema, version 6 (`offline_schema.sql`): the same tables,
/// columns, constraints and indices, written with the same text so `sqlite_master` matches a
/// database MapLibre created, and MapLibre apps open ours as their own.
enum OfflineSchema {
    /// `PRAGMA user_version` of the schema.
    static let userVersion = 6

    /// The statements, one per element (the text of each is what SQLite keeps in `sqlite_master`).
    static let statements: [String] = [
        """
        CREATE TABLE resources (
          id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
          url TEXT NOT NULL,
          kind INTEGER NOT NULL,
          expires INTEGER,
          modified INTEGER,
          etag TEXT,
          data BLOB,
          compressed INTEGER NOT NULL DEFAULT 0,
          accessed INTEGER NOT NULL,
          must_revalidate INTEGER NOT NULL DEFAULT 0,
          UNIQUE (url)
        )
        """,
        """
        CREATE TABLE tiles (
          id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
          url_template TEXT NOT NULL,
          pixel_ratio INTEGER NOT NULL,
          z INTEGER NOT NULL,
          x INTEGER NOT NULL,
          y INTEGER NOT NULL,
          expires INTEGER,
          modified INTEGER,
          etag TEXT,
          data BLOB,
          compressed INTEGER NOT NULL DEFAULT 0,
          accessed INTEGER NOT NULL,
          must_revalidate INTEGER NOT NULL DEFAULT 0,
          UNIQUE (url_template, pixel_ratio, z, x, y)
        )
        """,
        """
        CREATE TABLE regions (
          id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
          definition TEXT NOT NULL,
          description BLOB
        )
        """,
        """
        CREATE TABLE region_resources (
          region_id INTEGER NOT NULL REFERENCES regions(id) ON DELETE CASCADE,
          resource_id INTEGER NOT NULL REFERENCES resources(id),
          UNIQUE (region_id, resource_id)
        )
        """,
        """
        CREATE TABLE region_tiles (
          region_id INTEGER NOT NULL REFERENCES regions(id) ON DELETE CASCADE,
          tile_id INTEGER NOT NULL REFERENCES tiles(id),
          UNIQUE (region_id, tile_id)
        )
        """,
        "CREATE INDEX resources_accessed\nON resources (accessed)",
        "CREATE INDEX tiles_accessed\nON tiles (accessed)",
        "CREATE INDEX region_resources_resource_id\nON region_resources (resource_id)",
        "CREATE INDEX region_tiles_tile_id\nON region_tiles (tile_id)",
    ]

    /// The tables and indices by name, for checking a database's shape.
    static let objectNames = ["resources", "tiles", "regions", "region_resources", "region_tiles",
                              "resources_accessed", "tiles_accessed", "region_resources_resource_id", "region_tiles_tile_id"]
}
