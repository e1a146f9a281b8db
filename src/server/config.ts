/**
 * Server configuration, read once from the environment (see .env.example) through one valibot schema:
 * a value that cannot work (a port that is not a number, a malformed URL) stops the start with a message
 * naming the variable, instead of surfacing later as a confusing failure.
 */
import path from 'node:path';
import * as v from 'valibot';
import { dsnFromString } from '@sentry/core';
import { resolveKey } from './secret-key';

/** An S3-compatible bucket (FILE_STORE=s3://bucket/prefix) and how to reach it. */
export interface S3StoreConfig {
  kind: 's3';
  bucket: string;
  /** '' or a key prefix ending in '/'. */
  prefix: string;
  /** S3_ENDPOINT or AWS_ENDPOINT_URL_S3; unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the AWS SDK's own credential chain (profile, instance or container role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Bucket in the path (`host/bucket/key`) rather than the host name: what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** Where uploaded files live: a local folder (DATA_DIR/files by default) or an S3-compatible bucket. */
export type FileStoreConfig = { kind: 'local'; folder: string } | S3StoreConfig;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Signs the session tokens: `JWT_SECRET`, else a random key kept in DATA_DIR/jwt-secret.key. */
  jwtSecret: string;
  /** SEED_DEMO: true seeds any empty database, false none; unset seeds only an empty embedded one. */
  seedDemo: boolean | undefined;
  captchaEnabled: boolean;
  /** Signs the captcha challenges: `CAPTCHA_HMAC_KEY`, else a random key kept in DATA_DIR (never derived from another value). */
  captchaHmacKey: string;
  /** Key files this start created (logged once the logger exists). */
  createdKeyFiles: string[];
  smtpUrl: string | undefined;
  /** Sender of the portal's mail (`MAIL_FROM`); unset, "Scrap Portal" <no-reply@ the PUBLIC_URL host>. */
  mailFrom: string | undefined;
  publicUrl: string;
  distDir: string;
  jobsEnabled: boolean;
  /**
   * CHECK_RESPONSES: every JSON answer is checked against its route's declared schema, and one that does
   * not match answers 500 naming the fields (the tests turn it on; it costs a parse per answer).
   */
  checkResponses: boolean;
  logLevel: string;
  /** 'pretty' (readable lines, for a terminal in development) or 'json' (one JSON object a line). */
  logFormat: 'pretty' | 'json';
  loginRateLimit: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges, from TRUST_PROXY); empty: none,
   * so the client address is the peer's and a rotated header cannot dodge rate limits or the failure counter.
   */
  trustProxy: string[];
  firebaseCredentials: string | undefined;
  /** Local testing only: send firebase-admin's HTTPS traffic as plain HTTP to this address (an FCM stand-in). */
  fcmEndpoint: string | undefined;
  /** How often each process looks for undelivered events even without a nudge (seconds). */
  eventsPollSeconds: number;
  /** How long a stop (SIGTERM/SIGINT) may wait for requests, jobs and the database before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /**
   * How long one multipart upload may take to arrive whole (seconds); a body that trickles in longer is
   * cut, so slow senders cannot hold sockets and half-written files open without bound.
   */
  uploadTimeoutSeconds: number;
  /**
   * How long any other request body (JSON, a form) may take to arrive whole (seconds). They are at most
   * 1 MB and usually a few hundred bytes: a body still trickling in after this is a held socket, not a phone.
   */
  bodyTimeoutSeconds: number;
  /**
   * Open connections one client address may hold at once; past it a new connection is closed unanswered.
   * The proxies TRUST_PROXY names carry many users and are not limited.
   */
  connectionsPerClient: number;
  /** The Prometheus metrics' own port (plugins/metrics.ts); undefined: no metrics. 0 picks a free port. */
  metricsPort: number | undefined;
  /** Where the metrics port listens: this machine only by default. */
  metricsHost: string;
  /** ERROR_TRACKER_DSN: where failures are reported (services/error-tracker.ts); undefined: nowhere. */
  errorTrackerDsn: string | undefined;
  /** ERROR_TRACKER_ENVIRONMENT: the environment the reports name (production unless told). */
  errorTrackerEnvironment: string;
  fileStore: FileStoreConfig;
  oidc: {
    supplier: { issuer?: string; clientId?: string; clientSecret?: string };
    employee: { issuer?: string; clientId?: string; clientSecret?: string };
  };
}

/** A setting that cannot work; its message names every bad variable. */
export class ConfigError extends Error {}

// An unset variable and an empty one mean the same: the default.
const optional = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => (value === '' ? undefined : value)),
      v.optional(schema),
    ),
  );

const whole = (min: number, max: number, what: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be ${what}`),
    v.transform(Number),
    v.number(),
    v.minValue(min, `must be ${what}`),
    v.maxValue(max, `must be ${what}`),
  );

const flag = v.pipe(
  v.string(),
  v.transform((value) => value.toLowerCase()),
  v.picklist(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], 'must be true or false'),
  v.transform((value) => ['1', 'true', 'yes', 'on'].includes(value)),
);

const urlWith = (protocols: string[]) =>
  v.pipe(
    v.string(),
    v.url('must be a URL'),
    v.check(
      // A value that is no URL at all was already refused by v.url.
      (value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol),
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    ),
  );
const httpUrl = urlWith(['http:', 'https:']);
// A Sentry-style DSN: https://public-key@host/project-id.
const dsn = v.pipe(
  httpUrl,
  v.check((value) => dsnFromString(value) !== undefined, 'must be a DSN such as https://key@host/project-id'),
);

// A host name (letters, digits, dots, dashes) or an IPv4/IPv6 address.
const host = v.pipe(
  v.string(),
  v.check(
    (value) => /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(value) || /^[0-9a-f:.]+$/i.test(value),
    'must be a host name or an IP address',
  ),
);

/** An address (`no-reply@example.com`) or a name with one (`"Scrap Portal" <no-reply@example.com>`). */
const mailbox = v.pipe(
  v.string(),
  v.check(
    (value) => /^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(value.trim()),
    'must be an e-mail address, or a name and an address in <>',
  ),
);

// s3://bucket or s3://bucket/prefix, with S3's rules for bucket names; or a folder path.
const S3_ADDRESS = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/;
const fileStore = v.pipe(
  v.string(),
  v.check(
    (value) => S3_ADDRESS.test(value) || !value.includes('://'),
    'must be s3://bucket/prefix (a bucket name of 3 to 63 lowercase letters, digits, dots and dashes) or a folder',
  ),
);

export const EnvSchema = v.object({
  PORT: optional(whole(0, 65535, 'a port number from 0 to 65535')),
  HOST: optional(host),
  DATA_DIR: optional(v.string()),
  DATABASE_URL: optional(urlWith(['postgres:', 'postgresql:'])),
  JWT_SECRET: optional(v.string()),
  SEED_DEMO: optional(flag),
  CAPTCHA_ENABLED: optional(flag),
  CAPTCHA_HMAC_KEY: optional(v.string()),
  SMTP_URL: optional(urlWith(['smtp:', 'smtps:'])),
  MAIL_FROM: optional(mailbox),
  PUBLIC_URL: optional(httpUrl),
  DIST_DIR: optional(v.string()),
  JOBS_ENABLED: optional(flag),
  CHECK_RESPONSES: optional(flag),
  LOG_LEVEL: optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be error, warn, info or debug'),
  ),
  LOG_FORMAT: optional(v.picklist(['pretty', 'json'], 'must be pretty or json')),
  NODE_ENV: optional(v.string()),
  LOGIN_RATE_LIMIT: optional(whole(1, 1_000_000, 'a whole number of attempts, at least 1')),
  TRUST_PROXY: optional(v.string()),
  FIREBASE_CREDENTIALS: optional(v.string()),
  FCM_ENDPOINT: optional(httpUrl),
  EVENTS_POLL_SECONDS: optional(whole(1, 3600, 'a whole number of seconds from 1 to 3600')),
  SHUTDOWN_TIMEOUT_SECONDS: optional(whole(1, 3600, 'a whole number of seconds from 1 to 3600')),
  UPLOAD_TIMEOUT_SECONDS: optional(whole(1, 3600, 'a whole number of seconds from 1 to 3600')),
  BODY_TIMEOUT_SECONDS: optional(whole(1, 3600, 'a whole number of seconds from 1 to 3600')),
  CONNECTIONS_PER_CLIENT: optional(whole(1, 100_000, 'a whole number of connections, at least 1')),
  METRICS_PORT: optional(whole(0, 65_535, 'a port number from 0 to 65535')),
  METRICS_HOST: optional(v.string()),
  ERROR_TRACKER_DSN: optional(dsn),
  ERROR_TRACKER_ENVIRONMENT: optional(v.pipe(v.string(), v.maxLength(64, 'must be at most 64 characters'))),
  FILE_STORE: optional(fileStore),
  S3_ENDPOINT: optional(httpUrl),
  AWS_ENDPOINT_URL_S3: optional(httpUrl),
  AWS_REGION: optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1'))),
  AWS_ACCESS_KEY_ID: optional(v.string()),
  AWS_SECRET_ACCESS_KEY: optional(v.string()),
  S3_FORCE_PATH_STYLE: optional(flag),
  OIDC_SUPPLIER_ISSUER: optional(httpUrl),
  OIDC_SUPPLIER_CLIENT_ID: optional(v.string()),
  OIDC_SUPPLIER_CLIENT_SECRET: optional(v.string()),
  OIDC_EMPLOYEE_ISSUER: optional(httpUrl),
  OIDC_EMPLOYEE_CLIENT_ID: optional(v.string()),
  OIDC_EMPLOYEE_CLIENT_SECRET: optional(v.string()),
});

export type Env = v.InferOutput<typeof EnvSchema>;

/** Parses the environment; throws a ConfigError naming each bad variable and its value. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = v.safeParse(EnvSchema, env);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue) ?? 'configuration';
    const value = env[name];
    // Secrets are never echoed back.
    const shown = /SECRET|KEY|PASSWORD|CREDENTIALS/.test(name) ? '' : ` (got ${JSON.stringify(value)})`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(problems.join('; '));
}

/**
 * FILE_STORE: unset, the folder DATA_DIR/files; a path, that folder; s3://bucket/prefix, that bucket with
 * the endpoint, region and keys from the standard AWS variables. A bucket that cannot be addressed (no
 * region and no endpoint, one key without the other) stops the start here rather than at the first upload.
 */
function fileStoreOf(env: Env, dataDir: string): FileStoreConfig {
  const address = env.FILE_STORE ? S3_ADDRESS.exec(env.FILE_STORE) : null;
  if (!address) return { kind: 'local', folder: path.resolve(env.FILE_STORE ?? path.join(dataDir, 'files')) };
  const endpoint = env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3;
  const problems: string[] = [];
  if (!env.AWS_REGION && !endpoint) {
    problems.push('AWS_REGION must be set for FILE_STORE=s3://… on AWS (or S3_ENDPOINT for another S3 server)');
  }
  if (!env.AWS_ACCESS_KEY_ID !== !env.AWS_SECRET_ACCESS_KEY) {
    problems.push(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, to use the AWS credential chain)',
    );
  }
  if (problems.length) throw new ConfigError(problems.join('; '));
  const prefix = (address[2] ?? '').replace(/^\/+/, '');
  return {
    kind: 's3',
    bucket: address[1]!,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    endpoint,
    // Any S3-compatible server accepts the default region; AWS needs the bucket's own.
    region: env.AWS_REGION ?? 'us-east-1',
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
  };
}

/**
 * LOG_FORMAT when given; otherwise JSON in production or when the output is not a terminal (a log
 * collector, a test), readable lines in a development terminal.
 */
function logFormatOf(env: Env, terminal: boolean): Config['logFormat'] {
  if (env.LOG_FORMAT) return env.LOG_FORMAT;
  return env.NODE_ENV !== 'production' && terminal ? 'pretty' : 'json';
}

export function loadConfig(
  rawEnv: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  terminal: boolean = process.stdout.isTTY === true,
): Config {
  const env = parseEnv(rawEnv);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = env.PORT ?? 3000;
  // Token signing key: JWT_SECRET, else a random key kept in DATA_DIR; never a value from the source.
  const jwtKey =
    overrides.jwtSecret === undefined
      ? resolveKey('JWT_SECRET', env.JWT_SECRET, path.join(overrides.dataDir ?? dataDir, 'jwt-secret.key'))
      : { key: overrides.jwtSecret };
  const captchaKey =
    overrides.captchaHmacKey === undefined
      ? resolveKey(
          'CAPTCHA_HMAC_KEY',
          env.CAPTCHA_HMAC_KEY,
          path.join(overrides.dataDir ?? dataDir, 'captcha-hmac.key'),
        )
      : { key: overrides.captchaHmacKey };
  return {
    port,
    // Only this machine by default; HOST=0.0.0.0 (or an address) opens it to the network.
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: jwtKey.key,
    seedDemo: env.SEED_DEMO,
    captchaEnabled: env.CAPTCHA_ENABLED ?? true,
    captchaHmacKey: captchaKey.key,
    createdKeyFiles: [jwtKey.createdFile, captchaKey.createdFile].filter((file): file is string => !!file),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    jobsEnabled: env.JOBS_ENABLED ?? true,
    checkResponses: env.CHECK_RESPONSES ?? false,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatOf(env, terminal),
    loginRateLimit: env.LOGIN_RATE_LIMIT ?? 20,
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    firebaseCredentials: env.FIREBASE_CREDENTIALS,
    fcmEndpoint: env.FCM_ENDPOINT,
    eventsPollSeconds: env.EVENTS_POLL_SECONDS ?? 5,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS ?? 10,
    uploadTimeoutSeconds: env.UPLOAD_TIMEOUT_SECONDS ?? 120,
    bodyTimeoutSeconds: env.BODY_TIMEOUT_SECONDS ?? 30,
    connectionsPerClient: env.CONNECTIONS_PER_CLIENT ?? 256,
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    errorTrackerDsn: env.ERROR_TRACKER_DSN,
    errorTrackerEnvironment: env.ERROR_TRACKER_ENVIRONMENT ?? 'production',
    fileStore: fileStoreOf(env, overrides.dataDir ?? dataDir),
    oidc: {
      supplier: {
        issuer: env.OIDC_SUPPLIER_ISSUER,
        clientId: env.OIDC_SUPPLIER_CLIENT_ID,
        clientSecret: env.OIDC_SUPPLIER_CLIENT_SECRET,
      },
      employee: {
        issuer: env.OIDC_EMPLOYEE_ISSUER,
        clientId: env.OIDC_EMPLOYEE_CLIENT_ID,
        clientSecret: env.OIDC_EMPLOYEE_CLIENT_SECRET,
      },
    },
    ...overrides,
  };
}
