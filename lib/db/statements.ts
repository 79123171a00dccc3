import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";

// Counts the SQL statements a Prisma client sends, at its driver adapter, so
// the benchmark and the tests can say how many a turn costs. A transaction
// counts its BEGIN and COMMIT (or ROLLBACK) as two statements on both
// databases: the pg adapter sends them as statements, the PGlite adapter
// runs them inside its own transaction call, so they are counted where the
// transaction starts rather than where they are sent.

export type StatementCounter = {
  /** Statements sent since the counter was made or last reset. */
  readonly count: number;
  /** Their SQL, in order (a transaction's control statements as "BEGIN" and "COMMIT"), for a failing test to show. */
  readonly sql: readonly string[];
  reset: () => void;
};

const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i;

type Counting = { sql: string[] };

function countCalls<T extends object>(target: T, counting: Counting): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "queryRaw" || property === "executeRaw") {
        return (query: { sql: string }, ...rest: unknown[]) => {
          if (!TRANSACTION_CONTROL.test(query.sql)) counting.sql.push(query.sql);
          return value.call(object, query, ...rest);
        };
      }
      if (property === "startTransaction") {
        return async (...args: unknown[]) => {
          counting.sql.push("BEGIN");
          const transaction = countCalls(await value.apply(object, args), counting);
          return new Proxy(transaction, {
            get(tx, name, receiver) {
              const member = Reflect.get(tx, name, receiver);
              if ((name === "commit" || name === "rollback") && typeof member === "function") {
                return (...rest: unknown[]) => {
                  counting.sql.push(name === "commit" ? "COMMIT" : "ROLLBACK");
                  return member.apply(tx, rest);
                };
              }
              return member;
            },
          });
        };
      }
      return value.bind(object);
    },
  });
}

/** The same adapter factory, counting every statement its connections send. */
export function countStatements<F extends SqlDriverAdapterFactory>(factory: F): { factory: F; counter: StatementCounter } {
  const counting: Counting = { sql: [] };
  const wrapped = new Proxy(factory, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (property === "connect" && typeof value === "function") {
        return async () => countCalls(await value.call(object), counting);
      }
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
  return {
    factory: wrapped,
    counter: {
      get count() {
        return counting.sql.length;
      },
      get sql() {
        return counting.sql;
      },
      reset: () => {
        counting.sql = [];
      },
    },
  };
}
