import pg from 'pg';

/**
 * With TEST_DATABASE_URL, each test server gets its own PostgreSQL schema (search_path), so test
 * files running in parallel never see each other's rows; returns the URL to use and a cleanup.
 */
export async function isolatedPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      await client.end();
    },
  };
}
