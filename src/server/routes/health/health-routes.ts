import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { tags: ['system'], summary: 'Liveness: answers once migrations ran' } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
