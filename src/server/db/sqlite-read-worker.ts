// The program of a SQLite read worker (sqlite-read-pool.ts), as source text: the pool starts it
// with `new Worker(source, { eval: true })`, so the same code runs from the esbuild bundle, under
// tsx and under Vitest without a separate file to build or find. Plain CommonJS, no imports of
// ours: it only runs SQL the main thread compiled, with bound parameters.
//
// workerData: { driver: path of better-sqlite3, file: the database, stop: SharedArrayBuffer(4) }.
// Message in: { queries: [{ sql, parameters }] }. Message out: { ok: true, results: rows[][] } or
// { ok: false, stopped, message, code }.

/** Name of the SQL function the pool puts first in every WHERE clause (see `rowCheck`). */
export const ROW_CHECK_FUNCTION = 'tb_read_on';

/** Prepared statements a worker keeps (list and count of the filters seen most recently). */
const STATEMENT_CACHE = 200;

export const READ_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const stop = new Int32Array(workerData.stop);
// SQLite gives no way to interrupt a statement from JavaScript, but it calls this for every row a
// read visits: once the main thread has set the stop flag, the statement ends at the next row.
db.function('${ROW_CHECK_FUNCTION}', { deterministic: false }, () => {
  if (Atomics.load(stop, 0) !== 0) throw new Error('stopped at the time limit');
  return 1;
});
const statements = new Map();
function prepared(text) {
  let statement = statements.get(text);
  if (statement) statements.delete(text);
  else {
    statement = db.prepare(text);
    if (statements.size >= ${STATEMENT_CACHE}) statements.delete(statements.keys().next().value);
  }
  statements.set(text, statement);
  return statement;
}
parentPort.on('message', (job) => {
  try {
    // One snapshot for the page and its count.
    db.exec('BEGIN');
    let results;
    try {
      results = job.queries.map((query) => prepared(query.sql).all(query.parameters));
    } finally {
      db.exec('COMMIT');
    }
    parentPort.postMessage({ ok: true, results });
  } catch (error) {
    parentPort.postMessage({
      ok: false,
      stopped: Atomics.load(stop, 0) !== 0,
      message: String(error && error.message),
      code: error && typeof error.code === 'string' ? error.code : undefined,
    });
  }
});
`;
