import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList } from "@prisma/schema-engine-wasm";

// Migrations run through Prisma's WASM schema engine and a driver adapter, so
// they work offline and on both PGlite and PostgreSQL with no native binary.

const prismaDir = path.join(process.cwd(), /*turbopackIgnore: true*/ "prisma");
const migrationsDir = path.join(prismaDir, "migrations");
const schemaPath = path.join(prismaDir, "schema.prisma");
const noFilters = { externalTables: [], externalEnums: [] };

async function migrationNames(): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

async function migrationList(): Promise<MigrationList> {
  const names = await migrationNames();
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: await readFile(lockPath, "utf8").catch(() => null) },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8").then(
            (sql) => ({ tag: "ok" as const, value: sql }),
            (error: Error) => ({ tag: "error" as const, value: error.message }),
          ),
        },
      })),
    ),
  };
}

type PgAdapter = SqlDriverAdapter & { underlyingDriver(): { query(text: string): Promise<unknown> }; onError(error: unknown): never };

/**
 * The pg adapter runs a migration script by splitting it at every ';', inside
 * a function body or a comment too, so a migration that defines a trigger
 * function would fail on PostgreSQL (PGlite's adapter runs it whole). Its
 * connections here send a script whole instead: the simple query protocol
 * runs it as one implicit transaction, so a migration applies entirely or not at all.
 */
function wholeScripts(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  const wrap = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    if (adapter.adapterName !== "@prisma/adapter-pg") return adapter;
    const pg = adapter as PgAdapter;
    return new Proxy(adapter, {
      get(target, property, receiver) {
        if (property === "executeScript") {
          return async (script: string) => {
            try {
              await pg.underlyingDriver().query(script);
            } catch (error) {
              pg.onError(error);
            }
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(factory, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if ((property === "connect" || property === "connectToShadowDb") && typeof value === "function") {
        return async () => wrap(await value.call(target));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function openEngine(adapterFactory: SqlMigrationAwareDriverAdapterFactory) {
  const { SchemaEngine } = await import("@prisma/schema-engine-wasm");
  const schema = await readFile(schemaPath, "utf8");
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(wholeScripts(adapterFactory)),
  );
  return { engine, schema };
}

const noArgs = { args: [], argTypes: [] };

/**
 * The migrations under prisma/migrations this database has not finished
 * applying (a failed one included): all of them on a new database. Read with
 * two queries, so a start with nothing to apply never loads the schema engine.
 */
export async function unappliedMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const names = await migrationNames();
  const adapter = await adapterFactory.connect();
  try {
    const table = await adapter.queryRaw({ sql: "SELECT to_regclass('_prisma_migrations')::text", ...noArgs });
    if (table.rows[0]?.[0] == null) return names;
    const finished = await adapter.queryRaw({
      sql: "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
      ...noArgs,
    });
    const applied = new Set(finished.rows.map(([name]) => String(name)));
    return names.filter((name) => !applied.has(name));
  } finally {
    await adapter.dispose();
  }
}

/** Applies every pending migration under prisma/migrations, like `prisma migrate deploy`. */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  if ((await unappliedMigrations(adapterFactory)).length === 0) return [];
  const { engine } = await openEngine(adapterFactory);
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: await migrationList(),
      filters: noFilters,
    });
    return appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** The SQL that takes a database at the committed migrations to the current schema ("" when none is needed). */
export async function pendingSchemaChange(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const { engine, schema } = await openEngine(adapterFactory);
  try {
    const list = await migrationList();
    const from = list.migrationDirectories.length > 0 ? { tag: "migrations" as const, ...list } : { tag: "empty" as const };
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    const sql = result.stdout ?? "";
    return /^\s*(--.*\s*)*$/.test(sql) ? "" : sql;
  } finally {
    engine.free();
  }
}

export { migrationsDir };
