import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { defineRoute } from '../../http/route';

export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app)({
    method: 'GET',
    url: '/health',
    access: 'public',
    tags: ['system'],
    summary: 'Liveness: answers once migrations ran',
    handler: async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' };
    },
  });
}
