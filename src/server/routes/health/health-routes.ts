import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route';
import { pingDatabase } from '../../repositories/health';

export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app)({
    method: 'GET',
    url: '/health',
    access: 'public',
    tags: ['system'],
    summary: 'Liveness: answers once migrations ran',
    handler: async () => {
      await pingDatabase(app.db);
      return { status: 'ok' };
    },
  });
}
