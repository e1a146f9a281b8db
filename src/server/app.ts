/** Builds the Fastify instance: plugins, then the API routes under /api, then the built app. */
import type { Writable } from 'node:stream';
import path from 'node:path';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import { loadConfig, type Config } from './config';
import type { Database } from './db/database';
import { FIRST_LIST_SCRIPT_SOURCE, routePageOf, routePages, sendRoutePage } from './http/route-pages';
import { ERROR_CODES } from '../shared/errors';
import { HttpError } from './http/errors';
import { authPlugin } from './plugins/auth';
import { eventsPlugin } from './plugins/events';
import { idempotencyPlugin } from './plugins/idempotency';
import { pushPlugin } from './plugins/push';
import { databasePlugin } from './plugins/database';
import { errorTrackerPlugin } from './plugins/error-tracker';
import { fileStorePlugin } from './plugins/file-store';
import { jobsPlugin } from './plugins/jobs';
import { metricsPlugin } from './plugins/metrics';
import { accountingRoutes } from './routes/accounting/accounting-routes';
import { appErrorRoutes } from './routes/app-errors/app-error-routes';
import { authRoutes } from './routes/auth/auth-routes';
import { documentationRoutes } from './routes/documentation/documentation-routes';
import { eventRoutes } from './routes/events/event-routes';
import { evoucherRoutes } from './routes/evouchers/evoucher-routes';
import { fileRoutes } from './routes/files/file-routes';
import { invoiceRoutes } from './routes/invoices/invoice-routes';
import { purchaseOrderRoutes } from './routes/purchase-orders/purchase-order-routes';
import { healthRoutes } from './routes/health/health-routes';
import { compressAnswers } from './http/compression';
import { guardConnections } from './http/connection-guard';
import { requestIdOf, serializeRequest, withoutQueryParameters } from './http/request-log';
import { masterRoutes } from './routes/masters/master-routes';
import { masterAdminRoutes } from './routes/masters/master-admin-routes';
import { contractRoutes } from './routes/contracts/contract-routes';
import { vehicleRoutes } from './routes/vehicles/vehicle-routes';
import { ticketRoutes } from './routes/tickets/ticket-routes';
import { userRoutes } from './routes/users/user-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** What firebase/messaging's getToken calls from the page: Firebase Installations and FCM registrations. */
export const FIREBASE_WEB_HOSTS = [
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
];

export interface BuildOptions {
  config?: Partial<Config>;
  /** An already open database, closed by its owner (tests share one per file; the start script seeds it first). */
  database?: Database;
  logger?: boolean;
  /** Where the log's JSON lines go instead of the standard output (tests read them). */
  logStream?: Writable;
}

const OUT_OF_SPACE = 'The server has no storage space left. Nothing was saved; try again later.';

/**
 * A full disk (ENOSPC, EDQUOT: the file store or the embedded database) or a full PostgreSQL (SQLSTATE
 * 53100), anywhere in the error's causes. Nothing partial is written either way (files are removed on a
 * failed upload, rows roll back), so the answer can say so.
 */
function isOutOfSpace(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 8; depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === '53100') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(process.env, options.config);
  const app = Fastify({
    logger: options.logStream
      ? { level: config.logLevel, stream: options.logStream, serializers: { req: serializeRequest } }
      : (options.logger ?? {
          level: config.logLevel,
          serializers: { req: serializeRequest },
          // pino-pretty runs in a worker thread, off the request path.
          ...(config.logFormat === 'pretty'
            ? {
                transport: {
                  target: 'pino-pretty',
                  options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
                },
              }
            : {}),
        }),
    // Request ids (http/request-log.ts): the caller's X-Request-Id or a new UUID, echoed below.
    genReqId: requestIdOf,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // A backstop behind the per-body deadlines of http/connection-guard.ts: Node cuts any request not
    // received whole by then (checked every 30 s), whatever hook may have been bypassed.
    requestTimeout: (Math.max(config.uploadTimeoutSeconds, config.bodyTimeoutSeconds) + 30) * 1000,
    // Validation is done by valibot in preValidation; the JSON Schemas only document the routes.
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  for (const file of config.createdKeyFiles) app.log.info({ file }, 'made a new random key on first start');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.decorate('config', config);
  guardConnections(app);
  // Set by the start script on SIGTERM: readiness answers 503 from then on (routes/health).
  app.decorate('draining', false);
  await app.register(errorTrackerPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(fileStorePlugin);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.toBody());
    if (isOutOfSpace(error)) {
      // Named for the operator, and told to the user as what it is: nothing was saved, retry later.
      // A full PostgreSQL fails a query: its parameters stay out of the log as for any other failure.
      const failure = withoutQueryParameters(error);
      request.log.error({ err: failure }, 'out of storage space: the disk or the database is full');
      app.errorTracker.captureServerError(failure, { request });
      return reply
        .status(507)
        .send(new HttpError(507, OUT_OF_SPACE, undefined, { code: ERROR_CODES.insufficientStorage }).toBody());
    }
    const status = error.statusCode ?? 500;
    // A client that went away mid-upload (a phone losing its signal) is not a server fault.
    if (request.raw.aborted || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
      request.log.info({ err: error }, 'client aborted the request');
    } else if (status >= 500) {
      const failure = withoutQueryParameters(error);
      request.log.error({ err: failure }, 'request failed');
      app.errorTracker.captureServerError(failure, { request });
    }
    const message = status >= 500 ? 'Internal Server Error' : error.message;
    return reply.status(status).send(new HttpError(status, message).toBody());
  });

  // The security headers, from helmet's middleware built once at start: the Fastify plugin built it again
  // on every request, parsing the policy each time, for headers that never change.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: a home page asking for its first list before the app has loaded.
        scriptSrc: ["'self'", FIRST_LIST_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Firebase's web SDK registers the device for push with these two, and only when push is on.
        connectSrc: ["'self'", ...(config.firebaseCredentials ? FIREBASE_WEB_HOSTS : [])],
        // The captcha widget's proof-of-work worker is a same-origin file (altcha/external), so 'self' covers it.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        // The reviewers' viewer shows a fetched PDF in a frame from a blob: URL (its request carries the
        // token, which a frame's own request could not).
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  await app.register(pushPlugin);
  await app.register(jobsPlugin);
  await app.register(eventsPlugin);
  await app.register(metricsPlugin);
  // After idempotency's onSend, which stores the JSON as written (http/compression.ts).
  compressAnswers(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Scrap logistics portal API', version: '1.0.0' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(appErrorRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(ticketRoutes);
      await api.register(masterRoutes);
      await api.register(masterAdminRoutes);
      await api.register(contractRoutes);
      await api.register(vehicleRoutes);
      // Uploads: each route streams its files to the store under its own exact
      // limit; these bound the parser (largest upload: the 10 MB purchase-order import).
      await api.register(multipart, {
        limits: {
          fileSize: 10 * 1024 * 1024 + 1,
          files: 12,
          fields: 10,
          parts: 24,
          fieldSize: 256 * 1024,
          headerPairs: 100,
        },
      });
      await api.register(documentationRoutes);
      await api.register(invoiceRoutes);
      await api.register(fileRoutes);
      await api.register(purchaseOrderRoutes);
      await api.register(eventRoutes);
      await api.register(accountingRoutes);
      await api.register(evoucherRoutes);
      api.setNotFoundHandler((_request, reply) => reply.status(404).send(new HttpError(404, 'Not found').toBody()));
    },
    { prefix: '/api' },
  );

  await registerAppShell(app, config.distDir);
  return app;
}

/** Serves the built PWA; client routes fall back to index.html. */
async function registerAppShell(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).type('text/plain').send('The app is not built: run `npm run build`.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes brotli and gzip copies beside each text file (`x.js.br`, `x.js.gz`): the one the
    // browser accepts is sent with its Content-Encoding and `Vary: Accept-Encoding`, else the plain file.
    preCompressed: true,
    setHeaders(res, filePath) {
      const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  // A home path's page also names its screen's files, so a cold start downloads them at once.
  const pages = routePages(distDir);
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.status(404).send(new HttpError(404, 'Not found').toBody());
    reply.header('Cache-Control', 'no-cache');
    const page = routePageOf(pages, request.url, request.headers['accept-language']);
    if (page) return sendRoutePage(reply, page, request.headers['accept-encoding']);
    return reply.sendFile('index.html');
  });
}
